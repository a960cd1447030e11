/**
 * What the reader opened and selected in the explorer's tree (the `View` of layout.ts),
 * and how a click, "PV only" or a new document of the same tree change it. No DOM.
 */
import type { View } from "./layout";
import type { Model } from "./model";

/** The view of a fresh explorer: the principal variation open, the root selected. */
export function newView(model: Model, practice: boolean): View {
  return {
    open: new Set(model.pv),
    showAll: new Set(),
    showUnforced: new Set(),
    selected: 0,
    matchSet: new Set(),
    replay: null,
    practice: practice ? { marked: new Set() } : null,
  };
}

/**
 * Carry what was open and selected in `old` over to `model`, a new document of the same
 * tree: nodes are matched by their serial (a node's index may change between documents);
 * a node the new document lacks is dropped (the selection goes back to the root).
 */
export function carryView(view: View, old: Model, model: Model): void {
  const bySerial = new Map<number, number>();
  for (let i = 0; i < model.n; i++) bySerial.set(model.data.serial[i], i);
  const carry = (set: Set<number>) => {
    const out = new Set<number>();
    for (const i of set) {
      const j = bySerial.get(old.data.serial[i]);
      if (j !== undefined) out.add(j);
    }
    return out;
  };
  view.open = carry(view.open);
  view.showAll = carry(view.showAll);
  view.showUnforced = carry(view.showUnforced);
  view.selected = bySerial.get(old.data.serial[view.selected]) ?? 0;
}

/** Open every node on the path to node i (i itself stays as it is). */
export function openPath(view: View, model: Model, i: number): void {
  for (const j of model.path(i)) if (j !== i) view.open.add(j);
}

/** Back to the principal variation alone: nothing else open, shown or matched. */
export function onlyPv(view: View, model: Model): void {
  view.open = new Set(model.pv);
  view.showAll = new Set();
  view.showUnforced = new Set();
  view.matchSet = new Set();
}

/** Practice: the leaves marked as never evaluated, in node order. */
export function markedLeaves(view: View): number[] {
  return [...(view.practice?.marked ?? [])].sort((a, b) => a - b);
}

/**
 * A click on node i: in practice (not stepping) a leaf is marked or unmarked, and the
 * marked leaves are returned (else null); the node opens, or closes where it was
 * selected already. The caller then selects it.
 */
export function clickNode(view: View, model: Model, i: number): number[] | null {
  let marked: number[] | null = null;
  const practice = view.practice;
  if (practice && !view.steps && model.data.status[i] === "t") {
    if (practice.marked.has(i)) practice.marked.delete(i);
    else practice.marked.add(i);
    marked = markedLeaves(view);
  }
  const set = view.replay ? view.replay.open : view.open;
  if (i === view.selected || !set.has(i)) {
    if (set.has(i)) set.delete(i);
    else set.add(i);
  }
  return marked;
}
