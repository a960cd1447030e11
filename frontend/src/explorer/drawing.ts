/**
 * The explorer's drawing: the tree (the nodes shown, laid out left to right, or top down
 * and fitted to the screen in presentation mode) into its <svg>, scrolling to a node, and
 * the selected node's panel with its board.
 */
import { Board } from "../board/canvas";
import { geometry } from "../board/geometry";
import type { CellBoard } from "../board/types";
import { unpack } from "../boards";
import {
  allItems,
  buildItems,
  COLUMN,
  type Layout,
  layout,
  layoutDown,
  placeAs,
  STEP_COLUMN,
  type View,
} from "./layout";
import type { Model } from "./model";
import { infoMarkup, treeMarkup } from "./render";
import { required } from "./shell";

/** Presentation mode: the least and the most a drawing unit may be on the screen. */
const MIN_SCALE = 0.7;
const MAX_SCALE = 2.2;

type Point = [number, number];

/**
 * Where to scroll so that a node at `at` (screen pixels in the tree) is seen in a box
 * `width` x `height`: in presentation mode centred (between it and `child`, the child
 * whose value just backed up, where there is one); stepping through a search, two thirds
 * across (the root stays in view as long as it fits); else a third across.
 */
export function scrollTarget(
  at: Point,
  child: Point | null,
  width: number,
  height: number,
  mode: { present?: boolean; stepping?: boolean },
): { left: number; top: number } {
  if (mode.present) {
    const x = child ? (at[0] + child[0]) / 2 : at[0];
    const y = child ? (at[1] + child[1]) / 2 : at[1];
    return { left: Math.max(0, x - width / 2), top: Math.max(0, y - height / 2) };
  }
  const left = mode.stepping ? (2 * width) / 3 : width / 3;
  return { left: Math.max(0, at[0] - left), top: Math.max(0, at[1] - height / 2) };
}

/** The tree and the panel of one explorer. */
export class TreeDrawing {
  private readonly svg: SVGSVGElement;
  private readonly info: HTMLElement;
  private readonly scroller: HTMLElement;
  /** node -> where it was last drawn (screen pixels) */
  private positions = new Map<number, Point>();
  /** presentation mode: the whole tree, laid out once */
  private whole: Layout | null = null;

  constructor(
    element: HTMLElement,
    private readonly live: boolean,
  ) {
    this.svg = required<SVGSVGElement>(element, "[data-tree]");
    this.info = required<HTMLElement>(element, "[data-info]");
    this.scroller = required<HTMLElement>(element, ".lt-tree");
  }

  /** A new document: the whole tree is laid out again when next presented. */
  forget(): void {
    this.whole = null;
  }

  /** Draw the nodes `view` shows. */
  render(model: Model, view: View): void {
    const { svg, scroller } = this;
    const shown = buildItems(model, view);
    let laid: Layout;
    let scale = 1; // drawing units to screen pixels
    if (view.present) {
      this.whole ??= layoutDown(allItems(model));
      laid = placeAs(shown, this.whole);
      // fitted to the tree's box, but never so small that the type cannot be read
      const fit = Math.min(scroller.clientWidth / laid.width, scroller.clientHeight / laid.height);
      scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit));
    } else laid = layout(shown, view.steps ? STEP_COLUMN : COLUMN);
    const size = (n: number) => String(view.present ? Math.floor(n * scale) : n);
    svg.setAttribute("viewBox", `0 0 ${laid.width} ${laid.height}`); // (print scales it)
    svg.setAttribute("width", size(laid.width));
    svg.setAttribute("height", size(laid.height));
    this.positions = new Map();
    for (const d of laid.placed)
      if (d.item.kind === "node") this.positions.set(d.item.i, [d.x * scale, d.y * scale]);
    const current = view.replay ? model.creation().bySerial[view.replay.step] : -1;
    svg.innerHTML = treeMarkup(model, view, laid, this.live, current);
  }

  /** Scroll the tree to node i, where it was last drawn. */
  scrollTo(view: View, i: number): void {
    const at = this.positions.get(i);
    if (!at) return;
    const backup = view.steps && view.steps.backup >= 0 ? view.steps.backup : -1;
    const child = this.positions.get(backup) ?? null;
    const { scroller } = this;
    const mode = { present: view.present, stepping: Boolean(view.steps) };
    const to = scrollTarget(at, child, scroller.clientWidth, scroller.clientHeight, mode);
    scroller.scrollLeft = to.left;
    scroller.scrollTop = to.top;
  }

  /** Fill the panel with the selected node's details and board. */
  showInfo(model: Model, view: View): void {
    this.info.innerHTML = infoMarkup(model, view.selected, this.live, view.steps ?? null);
    const canvas = this.info.querySelector<HTMLCanvasElement>("canvas[data-board-canvas]");
    if (canvas) drawBig(canvas, model, Number(canvas.dataset.boardCanvas));
  }
}

/**
 * Draw node i's board on `canvas` (a board too big for SVG, render.ts's CANVAS_CELLS) with
 * the play page's canvas renderer, the move into it drawn as the last move.
 */
function drawBig(canvas: HTMLCanvasElement, model: Model, i: number): void {
  const doc = unpack(model.data.board, model.position(i)) as unknown as CellBoard;
  const geo = geometry(doc);
  canvas.style.width = "100%";
  canvas.style.aspectRatio = `${geo.width} / ${geo.height}`;
  const hl = model.data.hl[i] ?? [];
  new Board(canvas).render(doc, { last: hl.length ? [hl] : [] });
}
