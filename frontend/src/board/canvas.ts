/**
 * The live board (the play page): one `<canvas>` draws every cell of a hex or grid board.
 *
 * A 40x40 board is 1,600 hexagons: as SVG its first draw took 2.6 times as long as on this
 * canvas (docs/boards.md). The look is the SVG pictures' (boards.css); the players'
 * colours are read from its custom properties `--player-0` ... `--player-7` when the board
 * first draws, and every owned cell also shows its owner's letter, a cue besides the colour.
 *
 * Zoom and pan: like an `<svg>`, the canvas honours a `viewBox="x y w h"` attribute (board
 * units, scaled to fit and centred); without one it shows the whole board. While a finger
 * or the mouse drags, `preview()` moves the drawn picture with a CSS transform (no redraw);
 * the next draw clears it.
 *
 * The parts: look.ts (colours and strokes), viewport.ts (viewBox, pixels and units),
 * geometry.ts (cells' places and hit-testing), sprites.ts (hexagons), paint.ts (paths,
 * labels, arrows); this module holds the board's state and decides what to draw when.
 *
 * Drawing: `render()` draws everything; `update()` redraws only the cells that changed
 * (the cells of an update's delta, and those whose marks or arrows changed), clipped to
 * them, when the view and the board's shape are the same and they are few (at most a
 * sixteenth of the cells in view; their neighbours are found in a `CentreIndex`).
 *
 * Test hooks (no per-cell DOM): the canvas element's `lazytreeBoard` is its Board;
 * `cellCenter(i)` is where cell i is on screen (client pixels), `cellClass(i)` the classes
 * the SVG would give it, `arrows` the arrows drawn, `hover` the cell under the pointer,
 * `lastDrawn` the cells the last draw drew (null: all). Each render() and update() ends
 * with performance.mark("lazytree:board-drawn") once the frame is painted.
 */

import { BoardCells } from "./cells";
import type { MarkOptions } from "./document";
import { type Box, cellsIn, halfSize, type Point } from "./geometry";
import { Colours, FONT, GRID_LOOK, HEX_LOOK } from "./look";
import {
  clearAndClip,
  makePaths,
  type Paths,
  paintArrows,
  paintCoords,
  paintCursor,
  paintLabels,
  paintPaths,
} from "./paint";
import { HexSprites } from "./sprites";
import type { BoardDocument, CellBoard } from "./types";
import {
  previewTransform,
  seenBox,
  toBoard,
  toClient,
  type View,
  viewKey,
  viewOf,
} from "./viewport";

export { readPalette } from "./look";
export type { View } from "./viewport";

/** How far (board units) a cell's strokes reach past its outline. */
const MARGIN = 6;
/** A partial redraw draws at most one cell in this many of those in view (else all). */
const PATCH_SHARE = 16;

interface CanvasHolder extends HTMLCanvasElement {
  lazytreeBoard?: Board;
}

/** A hex or grid board drawn on a canvas. */
export class Board extends BoardCells {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** Called when the drawn selection changes. */
  onSelect: ((cell: number | null) => void) | null;
  selected: number | null = null;
  /** The cells the last draw drew (null: all of them). */
  lastDrawn: number[] | null = null;
  private readonly colours: Colours;
  private readonly sprites: HexSprites;
  private pointer: { clientX: number; clientY: number } | null = null;
  private frame = 0;
  private markPending = false;
  private drawnSize = "";
  private drawnView = "";
  private paths: Paths | null = null;
  /** The canvas's box before a preview's transform moved it. */
  private untransformed: DOMRect | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    options: { onSelect?: ((cell: number | null) => void) | null } = {},
  ) {
    const ctx = canvas.getContext?.("2d");
    if (!ctx) throw new Error("a live Board draws on a <canvas> element");
    super();
    this.canvas = canvas;
    this.ctx = ctx;
    this.colours = new Colours(ctx);
    this.sprites = new HexSprites(this.colours);
    this.onSelect = options.onSelect ?? null;
    canvas.classList.add("lt-board");
    (canvas as CanvasHolder).lazytreeBoard = this;
    const remember = (e: PointerEvent) => {
      this.pointer = { clientX: e.clientX, clientY: e.clientY };
    };
    canvas.addEventListener("pointerdown", remember);
    canvas.addEventListener("pointerup", remember);
    canvas.addEventListener("pointermove", (e) => this.hoverAt(e));
    canvas.addEventListener("pointerleave", () => this.setHover(null));
    new MutationObserver((records) => {
      if (records.some((r) => r.attributeName?.toLowerCase() === "viewbox") && this.geo) {
        if (viewKey(this.view()) !== this.drawnView) this.later();
      }
    }).observe(canvas, { attributes: true });
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(() => {
        if (!this.doc) this.prepare();
        else if (this.sizeKey() !== this.drawnSize) this.later();
      }).observe(canvas);
    }
  }

  /**
   * Get ready for the first position while it is on its way: the canvas's pixels
   * allocated at the element's size, the palette read, the labels' font loaded.
   */
  prepare(): void {
    if (this.colours.ready) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(this.canvas.clientWidth * dpr);
    const h = Math.round(this.canvas.clientHeight * dpr);
    if (!w || !h) return; // not shown yet
    this.colours.read(this.canvas);
    this.canvas.width = w;
    this.canvas.height = h;
    this.ctx.font = FONT(HEX_LOOK.smallFont);
    this.ctx.measureText("0123456789");
    this.ctx.clearRect(0, 0, w, h);
  }

  /** Draw `doc` whole, with the selection, last turn's paths and cursor marked. */
  render(doc: BoardDocument, options: MarkOptions = {}): void {
    this.apply(doc, options);
    this.draw();
    this.afterPaint();
    this.tellSelection(options);
  }

  /**
   * Draw `doc`, the next position of the board drawn, redrawing only `changed` cells and
   * those whose marks or arrows changed when it can (the same board, view and size);
   * else the whole board.
   */
  update(doc: BoardDocument, options: MarkOptions = {}, changed: Iterable<number> = []): void {
    const before = this.marks;
    const arrowsBefore = this.arrows;
    const hoverBefore = this.hover;
    const same = this.doc !== null && this.key === this.shapeKey(doc) && this.canPatch();
    this.apply(doc, options);
    if (!same) {
      this.draw();
    } else {
      const dirty = new Set<number>(changed);
      for (const [i, m] of before) if (this.marks.get(i) !== m) dirty.add(i);
      for (const [i, m] of this.marks) if (before.get(i) !== m) dirty.add(i);
      for (const [a, b] of arrowsBefore) dirty.add(a).add(b);
      for (const [a, b] of this.arrows) dirty.add(a).add(b);
      if (hoverBefore !== null) dirty.add(hoverBefore);
      if (this.hover !== null) dirty.add(this.hover);
      this.draw(dirty);
    }
    this.afterPaint();
    this.tellSelection(options);
  }

  protected override apply(doc: BoardDocument, options: MarkOptions): void {
    super.apply(doc, options);
    this.paths = null;
  }

  private tellSelection(options: MarkOptions): void {
    const was = this.selected;
    this.selected = options.interactive ? (options.selected ?? null) : null;
    if (this.onSelect && was !== this.selected) this.onSelect(this.selected);
  }

  private canPatch(): boolean {
    if (!this.geo || this.frame) return false;
    return viewKey(this.view()) === this.drawnView && this.sizeKey() === this.drawnSize;
  }

  protected override build(doc: CellBoard): void {
    super.build(doc);
    if (!this.colours.ready) this.colours.read(this.canvas);
  }

  /** Which board units the canvas shows (its viewBox, else the board), and how. */
  view(): View {
    return viewOf(this.canvas, this.width, this.height);
  }

  /** Where cell i's centre is on screen, in client pixels (for a click), or null. */
  cellCenter(i: number): { x: number; y: number } | null {
    const c = this.geo?.centres[i];
    if (!c) return null;
    return toClient(this.view(), c);
  }

  /** The board point (units) at client pixel (x, y). */
  boardPoint(clientX: number, clientY: number): Point {
    return toBoard(this.view(), clientX, clientY);
  }

  /**
   * The cell under a pointer: an event (or {clientX, clientY}); else the cell under the
   * last pointer press. Null if none.
   */
  cellAt(where?: { clientX: number; clientY: number } | EventTarget | null): number | null {
    const p = where && "clientX" in where ? where : this.pointer;
    if (!p || !this.geo) return null;
    const [x, y] = this.boardPoint(p.clientX, p.clientY);
    return this.cellAtPoint(x, y);
  }

  private hoverAt(e: PointerEvent): void {
    if (!this.doc || e.buttons || e.pointerType === "touch") return;
    this.setHover(this.cellAt(e));
  }

  /** Light up cell i under the pointer (when a click there does something). */
  setHover(i: number | null): void {
    const cell = i !== null && this.clickable(i) ? i : null;
    this.canvas.style.cursor = cell === null ? "" : "pointer";
    if (cell === this.hover) return;
    const was = this.hover;
    this.hover = cell;
    if (!this.doc) return;
    if (this.canPatch()) {
      const dirty = new Set<number>();
      if (was !== null) dirty.add(was);
      if (cell !== null) dirty.add(cell);
      this.draw(dirty);
    } else {
      this.later();
    }
  }

  /**
   * Show the drawn picture moved by (dx, dy) pixels and scaled by `scale` around client
   * point (cx, cy), without drawing (a drag or a pinch in progress); the next draw undoes it.
   */
  preview(dx: number, dy: number, scale = 1, cx = 0, cy = 0): void {
    const style = this.canvas.style;
    const tx = style.transform;
    // where the canvas is without the transform (it moves the bounding box)
    if (!tx || !this.untransformed) this.untransformed = this.canvas.getBoundingClientRect();
    if (!tx) style.transformOrigin = "0 0";
    style.transform = previewTransform(this.untransformed, dx, dy, scale, cx, cy);
  }

  /** Draw again at the next frame (zoom, pan, resize), once however often asked. */
  later(): void {
    if (this.frame || !this.doc) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private sizeKey(): string {
    return `${this.canvas.clientWidth}x${this.canvas.clientHeight}@${window.devicePixelRatio || 1}`;
  }

  /**
   * Draw the board: all of it, or only the cells `only` (and what overlaps them). Cells of
   * `only` out of view are skipped; when more than a sixteenth of the cells in view are to
   * be drawn again, the whole board is (that is faster than clipping to each of them).
   */
  draw(only?: ReadonlySet<number>): void {
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    const { canvas, ctx, doc, geo } = this;
    const dpr = window.devicePixelRatio || 1;
    const cw = canvas.clientWidth;
    const ch = canvas.clientHeight;
    const v = cw && ch && geo && doc ? this.view() : null;
    // the part of the board in view (units)
    const seen: Box | null = v && seenBox(v, cw, ch);
    let dirty: number[] | null = null;
    if (only && seen && geo) {
      dirty = [];
      for (const i of only) {
        const c = geo.centres[i];
        if (c && c[0] >= seen[0] && c[0] <= seen[2] && c[1] >= seen[1] && c[1] <= seen[3])
          dirty.push(i);
      }
      if (dirty.length * PATCH_SHARE > cellsIn(geo.centres, seen).length) dirty = null;
    }
    if (!dirty) {
      if (canvas.style.transform) canvas.style.transform = "";
      this.drawnSize = this.sizeKey();
      if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
        canvas.width = Math.round(cw * dpr);
        canvas.height = Math.round(ch * dpr);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
    }
    if (!v || !seen || !geo || !doc) return;
    if (!this.colours.ready) this.colours.read(this.canvas);
    this.drawnView = viewKey(v);
    const look = doc.kind === "hex" ? HEX_LOOK : GRID_LOOK;
    this.paths ??= makePaths(
      doc,
      look,
      this.colours,
      geo.centres,
      this.squares,
      this.marks,
      this.cursor,
    );
    const s = v.k * dpr; // device pixels a board unit
    const ox = dpr * (v.ox - v.x * v.k);
    const oy = dpr * (v.oy - v.y * v.k);
    const [hx, hy] = halfSize(doc.kind);
    const margin = Math.max(MARGIN, 6 / v.k); // the cursor's ring reaches 4.5 px out
    let shown: number[];
    ctx.save();
    if (dirty) {
      // the dirty cells' boxes (and what their strokes reach), cleared and clipped to
      const boxes = dirty.map((i): Box => {
        const [x, y] = this.centre(i);
        return [x - hx - margin, y - hy - margin, x + hx + margin, y + hy + margin];
      });
      clearAndClip(ctx, boxes, s, ox, oy);
      shown = this.near().meeting(boxes, hx, hy);
      this.lastDrawn = shown;
    } else {
      shown = cellsIn(geo.centres, seen); // zoomed in, most cells are not in view
      this.lastDrawn = null;
    }
    if (doc.kind === "hex") {
      const place = { k: v.k, s, ox, oy };
      this.sprites.draw(
        ctx,
        doc,
        look,
        this.marks,
        geo.centres,
        shown,
        [this.width, this.height],
        place,
      );
    }
    ctx.setTransform(s, 0, 0, s, ox, oy);
    const hover = this.hover === null ? null : this.outline(this.hover);
    paintPaths(ctx, look, this.paths, hover, v.k);
    if (doc.kind === "grid") {
      paintLabels(ctx, doc, look, this.colours, geo.centres, shown, v.k);
      if (!only) paintCoords(ctx, doc, look, geo);
    }
    paintArrows(ctx, geo.centres, this.arrows);
    paintCursor(ctx, this.paths, v.k);
    ctx.restore();
  }

  /** performance.mark("lazytree:board-drawn") once the frame showing the drawing is painted. */
  private afterPaint(): void {
    if (this.markPending) return;
    this.markPending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.markPending = false;
        performance.mark("lazytree:board-drawn");
      }, 0),
    );
  }
}
