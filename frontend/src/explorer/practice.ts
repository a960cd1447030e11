/**
 * Practice mode (`lazytree explore practice`): the page asks for the root's value and the
 * leaves textbook alpha-beta never evaluates (marked by clicking them in the tree), checks
 * the answer against the document's `practice` entry and explains it, then steps through
 * the search to show why.
 *
 * Hooks for tests: [data-answer] the root value's input, [data-check] and [data-explain]
 * the buttons, [data-verdict] the verdict ("right" or "wrong" in data-result),
 * [data-explanation] its lines.
 */
import { esc } from "../boards";
import type { Explorer } from "./explorer";
import { fmt, plural } from "./format";

/** The document's `practice` entry (lazytree.explorer.practice). */
export interface PracticeData {
  /** the root's value */
  value: number;
  /** the leaves alpha-beta evaluates, in order, and those it never evaluates (paths) */
  evaluated: string[];
  pruned: string[];
  /** each node's path ("root", "0", "0.1", ...) */
  paths: string[];
  depth: number;
}

/** A checked answer: right or not, and why, line by line. */
export interface Verdict {
  right: boolean;
  lines: string[];
}

/** Read a typed root value: a number, or null for nothing (or not a number). */
export function parseValue(text: string): number | null {
  const t = text.trim().replace("−", "-");
  if (t === "" || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** Check an answer: the root value typed, the leaves marked (node indices). */
export function checkAnswer(p: PracticeData, value: number | null, marked: number[]): Verdict {
  const lines: string[] = [];
  const valueRight = value !== null && value === p.value;
  if (value === null) lines.push(`No root value given: it is ${fmt(p.value)}.`);
  else if (valueRight) lines.push(`The root's value is ${fmt(p.value)}: right.`);
  else lines.push(`The root's value is ${fmt(p.value)}, not ${fmt(value)}.`);
  const pruned = new Set(p.pruned);
  const chosen = marked.map((i) => p.paths[i]);
  const extra = chosen.filter((path) => !pruned.has(path));
  const chosenSet = new Set(chosen);
  const missing = p.pruned.filter((path) => !chosenSet.has(path));
  if (!extra.length && !missing.length)
    lines.push(
      p.pruned.length
        ? `${p.pruned.length === 1 ? "The leaf" : `The ${p.pruned.length} leaves`} never evaluated: right (${p.pruned.join(", ")}).`
        : "Alpha-beta evaluates every leaf of this tree, and you marked none: right.",
    );
  if (extra.length)
    lines.push(
      `Alpha-beta does evaluate ${extra.join(", ")}: no cut-off comes before ${extra.length === 1 ? "it" : "them"}.`,
    );
  if (missing.length)
    lines.push(
      `Alpha-beta never evaluates ${missing.join(", ")}: a cut-off above ${missing.length === 1 ? "it" : "them"} stopped the search first.`,
    );
  return { right: valueRight && !extra.length && !missing.length, lines };
}

/** Draw the question into `panel` and wire it to the explorer. */
export function mountPractice(panel: HTMLElement, explorer: Explorer, p: PracticeData): void {
  panel.classList.add("lt-practice");
  panel.innerHTML = `
    <p data-question>Alpha-beta as in the lectures (children left to right, the root searched
    with the full window) searches this tree ${plural(p.depth, "ply", "plies")} deep, MAX to
    move at the root. What is the root's value? Which leaves does it never evaluate? Click
    those leaves in the tree to mark them (click again to unmark).</p>
    <div class="lt-practice-row">
      <label>root value <input data-answer type="text" inputmode="decimal" size="6"></label>
      <button data-check>Check</button>
      <span data-marked-count>0 leaves marked</span>
      <button data-explain hidden>Explain: step through the search</button>
    </div>
    <div data-verdict></div>
    <ul data-explanation></ul>`;
  const input = panel.querySelector<HTMLInputElement>("[data-answer]");
  const check = panel.querySelector<HTMLButtonElement>("[data-check]");
  const explain = panel.querySelector<HTMLButtonElement>("[data-explain]");
  const verdict = panel.querySelector<HTMLElement>("[data-verdict]");
  const list = panel.querySelector<HTMLElement>("[data-explanation]");
  if (!input || !check || !explain || !verdict || !list) return;
  const run = () => {
    const result = checkAnswer(p, parseValue(input.value), explorer.marked());
    verdict.dataset.result = result.right ? "right" : "wrong";
    verdict.textContent = result.right
      ? "Right: that is what alpha-beta finds."
      : "Not quite. Step through the search to see why:";
    list.innerHTML = result.lines.map((line) => `<li>${esc(line)}</li>`).join("");
    explain.hidden = false;
  };
  check.addEventListener("click", run);
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") run();
  });
  explain.addEventListener("click", () => explorer.stepThrough());
}

/** Update the count of marked leaves shown beside the buttons. */
export function showMarked(panel: HTMLElement, marked: number[]): void {
  const count = panel.querySelector("[data-marked-count]");
  if (count) count.textContent = `${plural(marked.length, "leaf", "leaves")} marked`;
}
