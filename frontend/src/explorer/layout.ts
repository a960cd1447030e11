/**
 * What the tree shows and where: the open part of the tree as items (nodes and stubs),
 * laid out as a tidy tree by d3-hierarchy, left to right; or, in presentation mode, top
 * down as the textbooks draw it, every node at the place it has in the whole tree.
 */
import { hierarchy, tree } from "d3-hierarchy";
import { fmt } from "./format";
import type { Edge, Model } from "./model";
import type { ReplayState } from "./replay";
import type { StepState } from "./steps";

/** More moves generated but never forced than this are one "N moves" stub. */
export const UNFORCED_FEW = 2;
/** Children shown when a node is opened (best first); the rest behind "+N more". */
export const BEST_FEW = 3;
/** Vertical distance between siblings. */
export const ROW = 22;
/** Horizontal distance between depths. */
export const COLUMN = 190;
/** Horizontal distance between depths when stepping through a search (labels carry windows). */
export const STEP_COLUMN = 250;
/** The margin around the drawing. */
export const MARGIN = 16;

/** One thing drawn in the tree: a position, or a stub standing for moves. */
export type Item =
  | { kind: "node"; i: number; children: Item[] }
  | { kind: "more"; i: number; count: number }
  | { kind: "link"; i: number; c: number; m: number }
  | { kind: "unforcedGroup"; i: number; count: number }
  | { kind: "unforced"; i: number; m: number; k: number }
  | { kind: "never"; i: number; count: number };

/** What the reader opened: the view state the tree is drawn from. */
export interface View {
  /** the positions whose children the reader opened (drawn) */
  open: Set<number>;
  showAll: Set<number>;
  showUnforced: Set<number>;
  selected: number;
  matchSet: Set<number>;
  replay: ReplayState | null;
  /** the step-through of a traced search at its current step (null or absent: off) */
  steps?: StepState | null;
  /** practice: the whole tree open, the leaves the student marked as never evaluated */
  practice?: { marked: Set<number> } | null;
  /** presentation mode: top down, large type, each node where it is in the whole tree */
  present?: boolean;
}

/** Whether node i is drawn open. */
export function isOpen(view: View, i: number): boolean {
  if (view.practice) return true;
  if (view.steps) return view.steps.seen.has(i);
  return view.replay ? view.replay.open.has(i) : view.open.has(i);
}

/**
 * The children a node shows when open, always in generation order (left to right as the
 * search met them): stepping through a search, the ones it reached so far; in replay, the
 * created ones; otherwise the best few (and any on the PV, matched, open or selected), or
 * all of them after "+N more".
 */
export function visibleKids(model: Model, view: View, i: number): Edge[] {
  const steps = view.steps;
  if (view.practice) return model.kids[i];
  if (steps) return model.kids[i].filter((e) => steps.seen.has(e.c));
  if (view.replay) {
    const { rankOf } = model.creation();
    const step = view.replay.step;
    return model.kids[i].filter((e) => rankOf[e.c] <= step);
  }
  const best = model.best(i);
  if (view.showAll.has(i) || best.length <= BEST_FEW + 1) return model.kids[i];
  const out = best.slice(0, BEST_FEW);
  for (const e of best.slice(BEST_FEW))
    if (
      model.pvSet.has(e.c) ||
      view.matchSet.has(e.c) ||
      view.open.has(e.c) ||
      e.c === view.selected
    )
      out.push(e);
  return out.sort((a, b) => a.k - b.k);
}

/** The items drawn from node i down. */
export function buildItems(model: Model, view: View, i = 0): Item {
  const children: Item[] = [];
  const item: Item = { kind: "node", i, children };
  if (!isOpen(view, i)) return item;
  const kids = visibleKids(model, view, i);
  for (const e of kids) children.push(buildItems(model, view, e.c));
  if (view.steps) {
    const never = model.data.never[i];
    if (view.steps.cut.has(i) && never > 0) children.push({ kind: "never", i, count: never });
    return item;
  }
  if (view.replay) return item;
  const hidden = model.kids[i].length - kids.length;
  if (hidden > 0) children.push({ kind: "more", i, count: hidden });
  for (const e of model.links[i]) children.push({ kind: "link", i, c: e.c, m: e.m });
  const unforced = model.unforced[i];
  if (unforced.length > UNFORCED_FEW && !view.showUnforced.has(i))
    children.push({ kind: "unforcedGroup", i, count: unforced.length });
  else for (const e of unforced) children.push({ kind: "unforced", i, m: e.m, k: e.k });
  const never = model.data.never[i];
  if (never > 0) children.push({ kind: "never", i, count: never });
  return item;
}

/** An item at its place in the drawing (x grows with depth). */
export interface Placed {
  item: Item;
  x: number;
  y: number;
  parent: Placed | null;
}

/** The laid-out tree: items breadth first (parents first), and the drawing's size. */
export interface Layout {
  placed: Placed[];
  width: number;
  height: number;
}

/**
 * Lay the items out as a tidy tree: depths COLUMN apart left to right, siblings ROW apart
 * (cousins 1.3 rows), the topmost item MARGIN from the top, the root MARGIN from the left.
 */
export function layout(root: Item, column = COLUMN): Layout {
  const h = hierarchy<Item>(root, (d) => (d.kind === "node" ? d.children : undefined));
  const laid = tree<Item>()
    .nodeSize([ROW, column])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.3))(h);
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = 0;
  laid.each((d) => {
    minX = Math.min(minX, d.x);
    maxX = Math.max(maxX, d.x);
    maxY = Math.max(maxY, d.y);
  });
  const oy = -minX + MARGIN;
  const placed: Placed[] = [];
  const byNode = new Map<unknown, Placed>();
  laid.each((d) => {
    const p: Placed = {
      item: d.data,
      x: d.y + MARGIN,
      y: d.x + oy,
      parent: d.parent ? (byNode.get(d.parent) ?? null) : null,
    };
    byNode.set(d, p);
    placed.push(p);
  });
  return { placed, width: maxY + column + 40, height: maxX - minX + 40 };
}

/** About how wide an item's label is drawn (12px text; the value in 11px): links leave
 * a node after its label, so they never cross it. */
export function labelWidth(model: Model, it: Item, view?: View): number {
  if (it.kind !== "node") return 5;
  const i = it.i;
  const steps = view?.steps;
  if (steps) {
    const move = (i === 0 ? "root" : model.move(i)).length * 7.2;
    const known = steps.known.get(i);
    const value = known ? 6 + (fmt(known.value).length + 2) * 6.4 : 0;
    const w = steps.active.has(i) || i === steps.node ? 90 : 0;
    return Math.min(STEP_COLUMN - 30, 14 + move + value + w);
  }
  const v = model.data.value[i];
  const text = (i === 0 ? "root" : model.move(i)).length * 7.2;
  const visitsIn = model.visitsIn;
  const visits = visitsIn && visitsIn[i] > 0 ? 8 + String(visitsIn[i]).length * 6 : 0;
  return Math.min(
    COLUMN - 30,
    14 + text + visits + (v === null ? 0 : 6 + (fmt(v).length + 1) * 6.4),
  );
}

/** Presentation mode: the distance between neighbouring leaves. */
export const SPREAD = 56;
/** Presentation mode: the distance between depths (room for a value and a window). */
export const LEVEL = 100;

/** Every node the document holds (and each cut's "never generated" stub), in generation
 * order: what presentation mode lays out once, so no node moves from step to step. */
export function allItems(model: Model, i = 0): Item {
  const children: Item[] = model.kids[i].map((e) => allItems(model, e.c));
  const never = model.data.never[i];
  if (never > 0) children.push({ kind: "never", i, count: never });
  return { kind: "node", i, children };
}

/**
 * Lay the items out top down, as the textbooks draw a game tree: the root at the top,
 * depths LEVEL apart, leaves SPREAD apart (cousins 1.2 apart), MARGIN around.
 */
export function layoutDown(root: Item): Layout {
  const h = hierarchy<Item>(root, (d) => (d.kind === "node" ? d.children : undefined));
  const laid = tree<Item>()
    .nodeSize([SPREAD, LEVEL])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.2))(h);
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = 0;
  laid.each((d) => {
    minX = Math.min(minX, d.x);
    maxX = Math.max(maxX, d.x);
    maxY = Math.max(maxY, d.y);
  });
  const placed: Placed[] = [];
  const byNode = new Map<unknown, Placed>();
  const ox = -minX + MARGIN + SPREAD;
  laid.each((d) => {
    const p: Placed = {
      item: d.data,
      x: d.x + ox,
      y: d.y + MARGIN + 12,
      parent: d.parent ? (byNode.get(d.parent) ?? null) : null,
    };
    byNode.set(d, p);
    placed.push(p);
  });
  const width = maxX - minX + 2 * (MARGIN + SPREAD);
  return { placed, width, height: maxY + MARGIN + 12 + 70 };
}

function itemKey(it: Item): string {
  return `${it.kind}:${it.i}`;
}

/** The items of `shown` where `whole` placed them (a node, or a node's cut stub), parents
 * first; an item `whole` does not hold is left out. */
export function placeAs(shown: Item, whole: Layout): Layout {
  const at = new Map<string, Placed>();
  for (const p of whole.placed) at.set(itemKey(p.item), p);
  const placed: Placed[] = [];
  const stack: [Item, Placed | null][] = [[shown, null]];
  while (stack.length) {
    const [it, parent] = stack.pop() as [Item, Placed | null];
    const found = at.get(itemKey(it));
    if (!found) continue;
    const p: Placed = { item: it, x: found.x, y: found.y, parent };
    placed.push(p);
    if (it.kind === "node") for (const c of it.children) stack.push([c, p]);
  }
  return { placed, width: whole.width, height: whole.height };
}
