/**
 * The step-through of a traced search (`lazytree.teach`): what the search knew at each
 * step — which nodes it had reached, the window (alpha, beta) of each node on its path,
 * the value each node had then (a leaf's evaluation, a value so far, a final value or
 * bound), where it had cut — computed from the document's `steps`.
 */
import { fmt } from "./format";
import type { Model } from "./model";

/** The document's `steps` (lazytree.explorer.model): one entry per step, in columns. */
export interface StepsData {
  node: number[];
  /** one character per step: e enter, l leaf, u update, c cut-off, x exit */
  event: string;
  /** null: -infinity */
  alpha: (number | null)[];
  /** null: +infinity */
  beta: (number | null)[];
  value: (number | null)[];
  /** a chance node's [probability, value] pairs, per step (null: none) */
  terms: (number[][] | null)[] | null;
  /** one character per step: = exact, < upper bound, > lower bound, - none (exit, chance cut-off) */
  bound?: string | null;
  /** the steps whose last term is the outcomes Star1 did not search, at their bound */
  assumed?: number[] | null;
  /** the steps past the depth limit: quiescence, noisy moves only */
  quiescence?: number[] | null;
  truncated: boolean;
}

/** The sign a step's bound character gives a value: ≤ an upper bound, ≥ a lower one. */
function boundSign(c: string | undefined): "" | "≥" | "≤" | null {
  if (c === "<") return "≤";
  if (c === ">") return "≥";
  if (c === "=") return "";
  return null;
}

/** A value as known at a step: `sign` ≥ or ≤ for a bound, `final` once the node is done. */
export interface Known {
  value: number;
  sign: "" | "≥" | "≤" | "Σ";
  final: boolean;
}

/** The search at one step. */
export interface StepState {
  k: number;
  /** the node of this step, and its event character */
  node: number;
  event: string;
  /** every node reached so far */
  seen: Set<number>;
  /** nodes entered and not yet left: the current path */
  active: Set<number>;
  /** each reached node's latest window [alpha, beta] */
  window: Map<number, [number, number]>;
  known: Map<number, Known>;
  /** nodes where a cut-off happened */
  cut: Set<number>;
  /** for an update: the child whose value just backed up (-1 otherwise) */
  backup: number;
}

const NAMES: Record<string, string> = {
  e: "enter",
  l: "leaf",
  u: "update",
  c: "cutoff",
  x: "exit",
};

/** The event's name (enter, leaf, update, cutoff, exit). */
export function eventName(c: string): string {
  return NAMES[c] ?? c;
}

/** How many steps the document holds (0 without a trace). */
export function stepCount(steps: StepsData | null): number {
  return steps ? steps.node.length : 0;
}

function alphaOf(steps: StepsData, k: number): number {
  return steps.alpha[k] ?? Number.NEGATIVE_INFINITY;
}

function betaOf(steps: StepsData, k: number): number {
  return steps.beta[k] ?? Number.POSITIVE_INFINITY;
}

/** Whether node i maximises the search's values (the rating player moves there). */
export function maximizing(model: Model, i: number): boolean {
  return model.data.player[i] === (model.data.summary.player ?? 0);
}

/** The search after steps 0..k (k clamped into the trace). */
export function stepState(model: Model, steps: StepsData, k: number): StepState {
  const n = stepCount(steps);
  const last = Math.max(0, Math.min(n - 1, k));
  const seen = new Set<number>([0]);
  const active = new Set<number>();
  const window = new Map<number, [number, number]>();
  const entered = new Map<number, [number, number]>();
  const known = new Map<number, Known>();
  const cut = new Set<number>();
  for (let s = 0; s <= last && s < n; s++) {
    const i = steps.node[s];
    const a = alphaOf(steps, s);
    const b = betaOf(steps, s);
    const v = steps.value[s];
    seen.add(i);
    window.set(i, [a, b]);
    switch (steps.event[s]) {
      case "e":
        active.add(i);
        entered.set(i, [a, b]);
        known.delete(i);
        break;
      case "l":
        active.delete(i);
        if (v !== null) known.set(i, { value: v, sign: "", final: true });
        break;
      case "u":
      case "c":
        if (v !== null) {
          const chance = model.data.player[i] < 0;
          const cutSign = steps.event[s] === "c" ? boundSign(steps.bound?.[s]) : null;
          const sign = cutSign ?? (chance ? "Σ" : maximizing(model, i) ? "≥" : "≤");
          known.set(i, { value: v, sign, final: false });
        }
        if (steps.event[s] === "c") cut.add(i);
        break;
      case "x": {
        active.delete(i);
        const [a0, b0] = entered.get(i) ?? [a, b];
        if (v !== null) {
          const sign = boundSign(steps.bound?.[s]) ?? (v <= a0 ? "≤" : v >= b0 ? "≥" : "");
          known.set(i, { value: v, sign, final: true });
        }
        break;
      }
    }
  }
  const node = n ? steps.node[last] : 0;
  const event = n ? steps.event[last] : "";
  let backup = -1;
  if (event === "u" && last > 0) {
    const child = steps.node[last - 1];
    if (model.data.parent[child] === node) backup = child;
  }
  return { k: last, node, event, seen, active, window, known, cut, backup };
}

/** A bound of a window as text: −∞ and ∞ for the open ends. */
export function bound(v: number): string {
  if (v === Number.NEGATIVE_INFINITY) return "−∞";
  if (v === Number.POSITIVE_INFINITY) return "∞";
  return fmt(v);
}

/** A window as text: "α=3 β=∞". */
export function windowText(w: [number, number] | undefined): string {
  return w ? `α=${bound(w[0])} β=${bound(w[1])}` : "";
}

/** A value as known at a step, as text: "≥5", "3", "Σ2.5". */
export function knownText(k: Known | undefined): string {
  return k ? `${k.sign}${fmt(k.value)}` : "";
}

/** The weighted sum of a chance node's terms: "0.5×4 + 0.5×1 = 2.5"; with `assumed`,
 * the last term is the outcomes not searched, at their best (`sign` ≤: the sum is an
 * upper bound) or worst (≥). */
export function sumText(
  terms: number[][] | null,
  total: number | null,
  assumed = false,
  sign = "",
): string {
  if (!terms?.length) return "";
  const parts = terms.map(([p, v]) => `${fmt(p)}×${fmt(v)}`);
  if (assumed) {
    const [p, v] = terms[terms.length - 1];
    const at = sign === "≥" ? "worst" : "best";
    parts[parts.length - 1] = `${fmt(p)}×${fmt(v)} (not searched: at their ${at}, ${fmt(v)})`;
  }
  return `${parts.join(" + ")}${total === null ? "" : ` = ${fmt(total)}`}`;
}

/** Whether step k's last term is the outcomes Star1 did not search. */
export function isAssumed(steps: StepsData, k: number): boolean {
  return steps.assumed?.includes(k) ?? false;
}

/** What step k did, in words (the step bar's line). */
export function describeStep(model: Model, steps: StepsData, state: StepState): string {
  const k = state.k;
  const i = state.node;
  const where = i === 0 ? "root" : model.line(i).join(" ");
  const kind = model.data.player[i] < 0 ? "chance" : maximizing(model, i) ? "MAX" : "MIN";
  const w = windowText(state.window.get(i));
  const v = steps.value[k];
  const cut = steps.truncated && k === stepCount(steps) - 1 ? " (the recording stops here)" : "";
  const quiet = steps.quiescence?.includes(k) ?? false;
  const head = `step ${k + 1} of ${stepCount(steps)}${cut}: ${quiet ? "quiescence: " : ""}`;
  const terms = steps.terms ? steps.terms[k] : null;
  switch (state.event) {
    case "e":
      return `${head}enter ${where} (${kind}) with ${w}`;
    case "l":
      return `${head}leaf ${where} evaluated: ${fmt(v)} (${w})`;
    case "u": {
      const from =
        state.backup >= 0
          ? ` (${fmt(state.known.get(state.backup)?.value)} backed up from ${model.move(state.backup)})`
          : quiet
            ? " (standing pat: its own evaluation; a noisy move must beat it)"
            : "";
      if (terms) return `${head}${where} (chance): ${sumText(terms, null)} so far${from}`;
      return `${head}${where} (${kind}) value so far ${knownText(state.known.get(i))}${from}; now ${w}`;
    }
    case "c": {
      const never = model.data.never[i];
      const rest = never > 0 ? `: ${never} move${never === 1 ? "" : "s"} never generated` : "";
      const [a, b] = state.window.get(i) ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
      if (terms) {
        // Star1: the outcomes seen, and the rest at their best (worst), cannot reach the window
        const sign = state.known.get(i)?.sign ?? "≤";
        const test = sign === "≥" ? `≥ β=${bound(b)}` : `≤ α=${bound(a)}`;
        const sum = sumText(terms, v, isAssumed(steps, k), sign);
        return `${head}cut-off at ${where} (chance, Star1): ${sum} ${test}, so ${where} is worth ${sign === "≥" ? "at least" : "at most"} ${fmt(v)}${rest}`;
      }
      const test = kind === "MAX" ? `≥ β=${bound(b)}` : `≤ α=${bound(a)}`;
      return `${head}cut-off at ${where} (${kind}): value ${fmt(v)} ${test} (${w})${rest}`;
    }
    case "x": {
      const known = state.known.get(i);
      const text = knownText(known);
      const what =
        known?.sign === "≤"
          ? " (at most: it failed low)"
          : known?.sign === "≥"
            ? " (at least: it failed high)"
            : "";
      if (terms) {
        const sum = sumText(terms, v, isAssumed(steps, k), known?.sign ?? "");
        return `${head}leave ${where} (chance): ${sum}${what}`;
      }
      return `${head}leave ${where} (${kind}) with value ${text}${what}`;
    }
  }
  return head;
}
