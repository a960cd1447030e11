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
import {
  type ClickResult,
  cellClass as classOf,
  clickCell,
  hasMark,
  letterCue,
  type MarkOptions,
  type Marks,
  marksOf,
} from "./document";
import {
  type Box,
  CentreIndex,
  cellAtPoint,
  cellAtRowCol,
  cellIndex,
  type Geometry,
  geometry,
  HEX_OUTLINE,
  HW,
  hexagon,
  type Point,
  R,
  S,
  SQUARE_OUTLINE,
} from "./geometry";
import type { BoardDocument, CellBoard } from "./types";
import { hasCells } from "./types";

type Stroke = readonly [colour: string, width: number, dash?: readonly number[]];

interface Look {
  fill: string;
  dark: string;
  edge: string;
  edgeWidth: number;
  label: string;
  font: number;
  smallFont: number;
  free: string;
  darkFree: string;
  freeFont: number;
  coord: string;
  coordFont: number;
  name: string;
  darkName: string;
  nameFont: number;
  letter: string;
  letterFont: number;
  marks: Record<string, Stroke>;
  brightness: Record<string, number>;
  hover: string;
}

const HEX_LOOK: Look = {
  fill: "#ccc",
  dark: "#ccc",
  edge: "#fff",
  edgeWidth: 1.5,
  label: "#fff",
  font: 15,
  smallFont: 13,
  free: "#999",
  darkFree: "#999",
  freeFont: 15,
  coord: "#888",
  coordFont: 12,
  name: "#fff",
  darkName: "#fff",
  nameFont: 8,
  letter: "rgba(255,255,255,0.9)",
  letterFont: 8,
  marks: {
    can: ["#222", 2.5],
    last: ["#ffd400", 3],
    target: ["#000", 3, [4, 2]],
    sel: ["#000", 4],
    hl: ["#111", 4],
  },
  brightness: { sel: 1.2, target: 0.75 },
  hover: "rgba(255,255,255,0.35)",
};

const GRID_LOOK: Look = {
  fill: "#f7f2e6",
  dark: "#b58863",
  edge: "#999",
  edgeWidth: 1,
  label: "#222",
  font: 30,
  smallFont: 30,
  free: "#999",
  darkFree: "#f3e6d3",
  freeFont: 18,
  coord: "#888",
  coordFont: 12,
  name: "#8a7a66",
  darkName: "#f3e6d3",
  nameFont: 10,
  letter: "#555",
  letterFont: 10,
  marks: {
    can: ["#555", 2],
    last: ["#e0b400", 3],
    target: ["#000", 3, [5, 3]],
    sel: ["#000", 5],
    hl: ["#111", 4],
  },
  brightness: {},
  hover: "rgba(0,0,0,0.12)",
};

const ARROW = { colour: "rgba(34,34,34,0.75)", width: 3, head: 10 };
/**
 * The cursor (the keyboard's cell): a white ring edged in black on both sides, widths in
 * pixels, so it shows on every player's colour, on grey and on a dark page alike.
 */
const CURSOR: readonly Stroke[] = [
  ["#000", 9],
  ["#fff", 5],
];
const MARK_ORDER = ["can", "last", "target", "sel", "hl"] as const; // later ones on top
const FONT = (size: number) => `bold ${size}px system-ui, sans-serif`;
/** How far (board units) a cell's strokes reach past its outline. */
const MARGIN = 6;
/** A partial redraw draws at most one cell in this many of those in view (else all). */
const PATCH_SHARE = 16;
/** The players the palette names (--player-0 ... --player-7). */
const PALETTE_SIZE = 8;

/** The part of the board a canvas shows, and how: k pixels a unit, the drawing's offset. */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
  k: number;
  ox: number;
  oy: number;
  rect: DOMRect;
}

/** The players' colours from the palette (boards.css's custom properties), in order. */
export function readPalette(element: Element): string[] {
  const style = getComputedStyle(element);
  const fallback = style.getPropertyValue("--player-chance").trim() || "gray";
  const colours: string[] = [];
  for (let p = 0; p < PALETTE_SIZE; p++) {
    colours.push(style.getPropertyValue(`--player-${p}`).trim() || fallback);
  }
  return colours;
}

const HEX_FILL_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 0.75)}`);
const HEX_CAN_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 2)}`);

interface Paths {
  fills: [string, Path2D][];
  edges: Path2D | null;
  marks: [string, Path2D][];
  cursor: Path2D | null;
}

interface CanvasHolder extends HTMLCanvasElement {
  lazytreeBoard?: Board;
}

/** A hex or grid board drawn on a canvas. */
export class Board {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** Called when the drawn selection changes. */
  onSelect: ((cell: number | null) => void) | null;
  key: string | null = null;
  doc: CellBoard | null = null;
  geo: Geometry | null = null;
  /** The board's size in board units (0: nothing drawn yet). */
  width = 0;
  height = 0;
  selected: number | null = null;
  cursor: number | null = null;
  hover: number | null = null;
  arrows: [number, number][] = [];
  marks: Marks = new Map();
  /** The cells the last draw drew (null: all of them). */
  lastDrawn: number[] | null = null;
  private at: Int32Array = new Int32Array(0);
  private players: string[] | null = null;
  /** The colour between hexagons (`--board-gap`, e.g. a dark page's panel), or "". */
  private gap = "";
  private pointer: { clientX: number; clientY: number } | null = null;
  private frame = 0;
  private markPending = false;
  private drawnSize = "";
  private drawnView = "";
  private paths: Paths | null = null;
  private fillPath: string[] = [];
  private shades = new Map<string, string>();
  private sprites = new Map<string | number, HTMLCanvasElement>();
  private labelIds = new Map<string, number>();
  private centreIndex: CentreIndex | null = null;
  private spriteScale = 0;
  /** The canvas's box before a preview's transform moved it. */
  private untransformed: DOMRect | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    options: { onSelect?: ((cell: number | null) => void) | null } = {},
  ) {
    const ctx = canvas.getContext?.("2d");
    if (!ctx) throw new Error("a live Board draws on a <canvas> element");
    this.canvas = canvas;
    this.ctx = ctx;
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
        const v = this.view();
        if (`${v.x} ${v.y} ${v.w} ${v.h}` !== this.drawnView) this.later();
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
    if (this.players) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(this.canvas.clientWidth * dpr);
    const h = Math.round(this.canvas.clientHeight * dpr);
    if (!w || !h) return; // not shown yet
    this.readLook();
    this.canvas.width = w;
    this.canvas.height = h;
    this.ctx.font = FONT(HEX_LOOK.smallFont);
    this.ctx.measureText("0123456789");
    this.ctx.clearRect(0, 0, w, h);
  }

  /** The palette and the gap colour, from the canvas's custom properties. */
  private readLook(): void {
    this.players = readPalette(this.canvas);
    this.gap = getComputedStyle(this.canvas).getPropertyValue("--board-gap").trim();
  }

  /** What makes two documents the same board (kind, size, offsets, cells). */
  shapeKey(doc: BoardDocument): string {
    return `${doc.kind}/${doc.rows}/${doc.cols}/${(doc.offsets ?? []).join(",")}/${doc.cells?.length}`;
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

  private apply(doc: BoardDocument, options: MarkOptions): void {
    if (!hasCells(doc)) throw new Error("a live Board draws hex and grid boards");
    this.doc = doc;
    if (this.key !== this.shapeKey(doc)) this.build(doc);
    this.marks = marksOf(doc, options);
    this.cursor = options.cursor ?? null;
    this.paths = null;
    if (this.hover !== null && !this.clickable(this.hover)) this.hover = null;
    this.arrows = [];
    for (const path of options.last ?? []) {
      for (let k = 1; k < path.length; k++) {
        this.arrows.push([path[k - 1] as number, path[k] as number]);
      }
    }
  }

  private tellSelection(options: MarkOptions): void {
    const was = this.selected;
    this.selected = options.interactive ? (options.selected ?? null) : null;
    if (this.onSelect && was !== this.selected) this.onSelect(this.selected);
  }

  private canPatch(): boolean {
    if (!this.geo || this.frame) return false;
    const v = this.view();
    return `${v.x} ${v.y} ${v.w} ${v.h}` === this.drawnView && this.sizeKey() === this.drawnSize;
  }

  private build(doc: CellBoard): void {
    this.key = this.shapeKey(doc);
    this.geo = geometry(doc);
    this.centreIndex = null;
    this.width = this.geo.width;
    this.height = this.geo.height;
    this.hover = null;
    this.fillPath =
      doc.kind === "grid" ? this.geo.centres.map(([x, y]) => `M${x},${y}${SQUARE_OUTLINE}`) : [];
    this.at = cellIndex(doc);
    if (!this.players) this.readLook();
  }

  /** The classes the SVG picture gives cell i (its owner, its marks): a test hook. */
  cellClass(i: number): string | null {
    const cell = this.doc?.cells[i];
    return this.doc && cell ? classOf(this.doc, cell, this.marks.get(i)) : null;
  }

  /** Cell i's outline as path text (board units). */
  outline(i: number): string {
    const [x, y] = this.centre(i);
    return `M${x},${y}${this.doc?.kind === "hex" ? HEX_OUTLINE : SQUARE_OUTLINE}`;
  }

  private centre(i: number): Point {
    return this.geo?.centres[i] ?? [0, 0];
  }

  /** Which board units the canvas shows (its viewBox, else the board), and how. */
  view(): View {
    const r = this.canvas.getBoundingClientRect();
    const box = (this.canvas.getAttribute("viewBox") ?? "")
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [x, y, w, h] =
      box.length === 4 &&
      box.every(Number.isFinite) &&
      (box[2] as number) > 0 &&
      (box[3] as number) > 0
        ? (box as [number, number, number, number])
        : [0, 0, this.width, this.height];
    const width = this.canvas.clientWidth || r.width;
    const height = this.canvas.clientHeight || r.height;
    const k = Math.min(width / w, height / h);
    return { x, y, w, h, k, ox: (width - w * k) / 2, oy: (height - h * k) / 2, rect: r };
  }

  /** Where cell i's centre is on screen, in client pixels (for a click), or null. */
  cellCenter(i: number): { x: number; y: number } | null {
    const c = this.geo?.centres[i];
    if (!c) return null;
    const v = this.view();
    return {
      x: v.rect.left + v.ox + (c[0] - v.x) * v.k,
      y: v.rect.top + v.oy + (c[1] - v.y) * v.k,
    };
  }

  /** The board point (units) at client pixel (x, y). */
  boardPoint(clientX: number, clientY: number): Point {
    const v = this.view();
    return [v.x + (clientX - v.rect.left - v.ox) / v.k, v.y + (clientY - v.rect.top - v.oy) / v.k];
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

  /** The cell at board point (x, y), or null. */
  cellAtPoint(x: number, y: number): number | null {
    if (!this.doc || !this.geo) return null;
    return cellAtPoint(this.doc, this.geo, this.at, x, y);
  }

  /** The cell at (row, col), or null. */
  cellAtRowCol(row: number, col: number): number | null {
    return this.doc ? cellAtRowCol(this.doc, this.at, row, col) : null;
  }

  /** The index of cells by (row, col), for the cursor's moves. */
  get index(): Int32Array {
    return this.at;
  }

  /** Can a click on cell i do something (start or end a move)? */
  clickable(i: number): boolean {
    const m = this.marks.get(i);
    return hasMark(m, "can") || hasMark(m, "target") || hasMark(m, "sel");
  }

  /** What a click on cell i does with `selected` the selection. */
  click(i: number, selected: number | null): ClickResult {
    return this.doc ? clickCell(this.doc, i, selected) : { select: null };
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
    const tx = this.canvas.style.transform;
    // where the canvas is without the transform (it moves the bounding box)
    if (!tx || !this.untransformed) this.untransformed = this.canvas.getBoundingClientRect();
    const r = this.untransformed;
    const ox = cx - r.left;
    const oy = cy - r.top;
    if (!tx) style.transformOrigin = "0 0";
    // a point p (element pixels) is shown at (p - o) * scale + o + d
    style.transform = `translate(${ox + dx - ox * scale}px, ${oy + dy - oy * scale}px) scale(${scale})`;
  }

  /** Draw again at the next frame (zoom, pan, resize), once however often asked. */
  later(): void {
    if (this.frame || !this.doc) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Half a cell's width and height (board units). */
  private halfSize(): [number, number] {
    return this.doc?.kind === "hex" ? [HW / 2, R] : [S / 2, S / 2];
  }

  /** The cells whose centres are in `box`. */
  private cellsIn([x0, y0, x1, y1]: Box): number[] {
    const shown: number[] = [];
    const centres = this.geo?.centres ?? [];
    for (let i = 0; i < centres.length; i++) {
      const c = centres[i] as Point;
      if (c[0] >= x0 && c[0] <= x1 && c[1] >= y0 && c[1] <= y1) shown.push(i);
    }
    return shown;
  }

  /** The index of the cells' centres (made once for a board's shape). */
  private near(): CentreIndex {
    if (!this.centreIndex) {
      const [hx, hy] = this.halfSize();
      this.centreIndex = new CentreIndex(this.geo?.centres ?? [], 2 * Math.max(hx, hy));
    }
    return this.centreIndex;
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
    const seen: Box | null = v && [
      v.x - v.ox / v.k - S,
      v.y - v.oy / v.k - S,
      v.x + (cw - v.ox) / v.k + S,
      v.y + (ch - v.oy) / v.k + S,
    ];
    let dirty: number[] | null = null;
    if (only && seen && geo) {
      dirty = [];
      for (const i of only) {
        const c = geo.centres[i];
        if (c && c[0] >= seen[0] && c[0] <= seen[2] && c[1] >= seen[1] && c[1] <= seen[3])
          dirty.push(i);
      }
      if (dirty.length * PATCH_SHARE > this.cellsIn(seen).length) dirty = null;
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
    if (!this.players) this.readLook();
    this.drawnView = `${v.x} ${v.y} ${v.w} ${v.h}`;
    const look = doc.kind === "hex" ? HEX_LOOK : GRID_LOOK;
    if (!this.paths) this.paths = this.makePaths(doc, look);
    const s = v.k * dpr; // device pixels a board unit
    const ox = dpr * (v.ox - v.x * v.k);
    const oy = dpr * (v.oy - v.y * v.k);
    const [hx, hy] = this.halfSize();
    const margin = Math.max(MARGIN, 6 / v.k); // the cursor's ring reaches 4.5 px out
    let shown: number[];
    ctx.save();
    if (dirty) {
      // the dirty cells' boxes (and what their strokes reach), cleared and clipped to
      const boxes = dirty.map((i): Box => {
        const [x, y] = this.centre(i);
        return [x - hx - margin, y - hy - margin, x + hx + margin, y + hy + margin];
      });
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      for (const [x0, y0, x1, y1] of boxes) {
        const left = Math.floor(ox + x0 * s);
        const top = Math.floor(oy + y0 * s);
        ctx.rect(left, top, Math.ceil(ox + x1 * s) - left, Math.ceil(oy + y1 * s) - top);
      }
      ctx.clip();
      for (const [x0, y0, x1, y1] of boxes) {
        ctx.clearRect(
          Math.floor(ox + x0 * s),
          Math.floor(oy + y0 * s),
          Math.ceil((x1 - x0) * s) + 2,
          Math.ceil((y1 - y0) * s) + 2,
        );
      }
      shown = this.near().meeting(boxes, hx, hy);
      this.lastDrawn = shown;
    } else {
      shown = this.cellsIn(seen); // zoomed in, most cells are not in view
      this.lastDrawn = null;
    }
    if (doc.kind === "hex") this.drawHexagons(doc, look, shown, v.k, s, ox, oy);
    ctx.setTransform(s, 0, 0, s, ox, oy);
    const { fills, edges, marks, cursor } = this.paths;
    for (const [colour, path] of fills) {
      ctx.fillStyle = colour;
      ctx.fill(path);
    }
    if (this.hover !== null) {
      ctx.fillStyle = look.hover;
      ctx.fill(new Path2D(this.outline(this.hover)));
    }
    if (edges) {
      ctx.strokeStyle = look.edge;
      ctx.lineWidth = look.edgeWidth / v.k;
      ctx.stroke(edges);
    }
    for (const [mark, path] of marks) {
      const [colour, width, dash] = look.marks[mark] as Stroke;
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(dash ?? []);
      ctx.stroke(path);
    }
    ctx.setLineDash([]);
    if (doc.kind === "grid") {
      this.drawLabels(doc, look, shown, v.k);
      if (!only) this.drawCoords(doc, look);
    }
    this.drawArrows();
    if (cursor) {
      for (const [colour, width] of CURSOR) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = width / v.k;
        ctx.stroke(cursor);
      }
    }
    ctx.restore();
  }

  /**
   * Hexagons as sprites: each look a cell can have (fill, label, letter, whether a move
   * starts there) is drawn once into a small canvas at the current scale, then copied to
   * each cell at whole device pixels.
   */
  private drawHexagons(
    doc: CellBoard,
    look: Look,
    shown: number[],
    k: number,
    s: number,
    ox: number,
    oy: number,
  ): void {
    const ctx = this.ctx;
    if (this.spriteScale !== s) {
      this.sprites = new Map();
      this.labelIds = new Map();
      this.spriteScale = s;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // the edges between hexagons: the background, where the (smaller) fills leave it
    ctx.fillStyle = this.gap || look.edge;
    ctx.fillRect(ox, oy, this.width * s, this.height * s);
    const w = Math.ceil(HW * s) + 2;
    const h = Math.ceil(2 * R * s) + 2;
    const labels = this.labelIds;
    const centres = (this.geo as Geometry).centres;
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell) continue;
      let label = labels.get(cell.label);
      if (label === undefined) {
        label = labels.size;
        labels.set(cell.label, label);
      }
      const mark = this.marks.get(i);
      const key =
        mark === undefined
          ? (cell.owner + 1) * 4096 + label
          : `${cell.owner}|${cell.label}|${mark}`;
      let sprite = this.sprites.get(key);
      if (!sprite) {
        sprite = this.hexSprite(doc, look, i, hasMark(mark, "can"), s, w, h, k);
        this.sprites.set(key, sprite);
      }
      const c = centres[i] as Point;
      ctx.drawImage(sprite, Math.round(ox + c[0] * s - w / 2), Math.round(oy + c[1] * s - h / 2));
    }
  }

  private hexSprite(
    doc: CellBoard,
    look: Look,
    i: number,
    can: boolean,
    s: number,
    w: number,
    h: number,
    k: number,
  ): HTMLCanvasElement {
    const cell = doc.cells[i] as CellBoard["cells"][number];
    const sprite = document.createElement("canvas");
    sprite.width = w;
    sprite.height = h;
    const ctx = sprite.getContext("2d") as CanvasRenderingContext2D;
    ctx.setTransform(s, 0, 0, s, w / 2, h / 2);
    ctx.fillStyle = this.fillOf(doc, i, look);
    if (HEX_FILL_PATH) ctx.fill(HEX_FILL_PATH);
    if (can && HEX_CAN_PATH) {
      const [colour, width] = look.marks.can as Stroke;
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.stroke(HEX_CAN_PATH);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (cell.label) {
      const [colour, size] = this.labelStyle(doc, look, cell.owner, false, k);
      if (size * k >= 5) {
        // else too small to read: the colours tell the owners
        ctx.fillStyle = colour;
        ctx.font = FONT(size);
        ctx.fillText(cell.label, 0, size * 0.06);
      }
    }
    const cue = letterCue(doc, cell);
    if (cue && look.letterFont * k >= 6) {
      ctx.fillStyle = look.letter;
      ctx.font = FONT(look.letterFont);
      ctx.fillText(cue, 0, R * 0.68);
    }
    return sprite;
  }

  /** The position's paths: a grid's fills by colour and edges, and each mark's outlines. */
  private makePaths(doc: CellBoard, look: Look): Paths {
    const fills: [string, Path2D][] = [];
    if (doc.kind === "grid") {
      const groups = new Map<string, string[]>();
      doc.cells.forEach((_, i) => {
        const colour = this.fillOf(doc, i, look);
        let group = groups.get(colour);
        if (!group) {
          group = [];
          groups.set(colour, group);
        }
        group.push(this.fillPath[i] as string);
      });
      for (const [colour, parts] of groups) fills.push([colour, new Path2D(parts.join(""))]);
    }
    const edges = doc.kind === "grid" ? new Path2D(this.fillPath.join("")) : null;
    const marks: [string, Path2D][] = [];
    for (const mark of MARK_ORDER) {
      if (mark === "can" && doc.kind === "hex") continue;
      const parts: string[] = [];
      for (const [i, m] of this.marks) if (hasMark(m, mark)) parts.push(this.outline(i));
      if (parts.length) marks.push([mark, new Path2D(parts.join(""))]);
    }
    const cursor =
      this.cursor === null || !doc.cells[this.cursor]
        ? null
        : new Path2D(this.outline(this.cursor));
    return { fills, edges, marks, cursor };
  }

  private fillOf(doc: CellBoard, i: number, look: Look): string {
    const cell = doc.cells[i] as CellBoard["cells"][number];
    const players = this.players ?? [];
    let colour =
      doc.kind === "hex"
        ? cell.owner >= 0
          ? (players[cell.owner % players.length] ?? look.fill)
          : look.fill
        : cell.shade === "dark"
          ? look.dark
          : look.fill;
    const mark = this.marks.get(i);
    if (mark) {
      for (const [name, k] of Object.entries(look.brightness)) {
        if (` ${mark} `.includes(` ${name} `)) colour = this.shade(colour, k);
      }
    }
    return colour;
  }

  /** `colour` k times as bright (CSS filter: brightness(k)). */
  private shade(colour: string, k: number): string {
    const key = `${colour}*${k}`;
    let out = this.shades.get(key);
    if (out === undefined) {
      this.ctx.fillStyle = colour;
      const hex = String(this.ctx.fillStyle);
      out = colour;
      if (/^#[0-9a-f]{6}$/i.test(hex)) {
        const c = [1, 3, 5].map((j) =>
          Math.min(255, Math.round(Number.parseInt(hex.slice(j, j + 2), 16) * k)),
        );
        out = `rgb(${c.join(",")})`;
      }
      this.shades.set(key, out);
    }
    return out;
  }

  /**
   * A label's colour and size (board units) for a cell of `owner` (a free grid cell's on a
   * `dark` square or a light one): at least 10 px high on screen where the cell has room.
   */
  private labelStyle(
    doc: CellBoard,
    look: Look,
    owner: number,
    dark: boolean,
    k: number,
  ): [string, number] {
    const players = this.players ?? [];
    const own = doc.colours && owner >= 0 ? doc.colours[owner] : null;
    let colour: string;
    let size: number;
    if (doc.kind === "hex") {
      colour = own ?? look.label;
      size = doc.cols > 20 ? look.smallFont : look.font;
    } else if (owner >= 0) {
      colour = own ?? players[owner % players.length] ?? look.label;
      size = look.font;
    } else {
      colour = dark ? look.darkFree : look.free;
      size = look.freeFont;
    }
    const room = doc.kind === "hex" ? R * 1.05 : S * 0.8;
    return [colour, Math.min(Math.max(size, 10 / k), room)];
  }

  /** A grid's labels (pieces) grouped by style, names and owners' letters in the corners. */
  private drawLabels(doc: CellBoard, look: Look, shown: number[], k: number): void {
    const ctx = this.ctx;
    const groups = new Map<number, number[]>();
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell?.label) continue;
      const key = cell.owner >= 0 ? cell.owner : cell.shade === "dark" ? -2 : -1;
      let group = groups.get(key);
      if (!group) {
        group = [];
        groups.set(key, group);
      }
      group.push(i);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [key, cells] of groups) {
      const [colour, size] = this.labelStyle(doc, look, key === -2 ? -1 : key, key === -2, k);
      if (size * k < 5) continue; // too small to read: the colours tell the owners
      ctx.fillStyle = colour;
      ctx.font = FONT(size);
      const dy = size * 0.06;
      for (const i of cells) {
        const [x, y] = this.centre(i);
        ctx.fillText(doc.cells[i]?.label ?? "", x, y + dy);
      }
    }
    if (look.nameFont * k < 6) return;
    ctx.font = `${look.nameFont}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell?.name) continue;
      const [x, y] = this.centre(i);
      ctx.fillStyle = cell.shade === "dark" ? look.darkName : look.name;
      ctx.fillText(cell.name, x - S / 2 + 3, y - S / 2 + 2);
    }
    ctx.font = FONT(look.letterFont);
    ctx.textAlign = "right";
    ctx.textBaseline = "bottom";
    for (const i of shown) {
      const cell = doc.cells[i];
      const cue = cell ? letterCue(doc, cell) : "";
      if (!cue || !cell) continue;
      const [x, y] = this.centre(i);
      ctx.fillStyle = cell.shade === "dark" ? look.darkName : look.letter;
      ctx.fillText(cue, x + S / 2 - 3, y + S / 2 - 2);
    }
  }

  private drawCoords(doc: CellBoard, look: Look): void {
    const ctx = this.ctx;
    const coords = doc.coords ?? {};
    const geo = this.geo as Geometry;
    ctx.fillStyle = look.coord;
    ctx.font = `${look.coordFont}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    (coords.cols ?? []).forEach((t, c) => {
      ctx.fillText(t, geo.left + c * S + S / 2, 10);
    });
    (coords.rows ?? []).forEach((t, r) => {
      ctx.fillText(t, 10, geo.top + r * S + S / 2);
    });
  }

  /** The last turn's moves: an arrow from each cell of a path to the next, 70% of the way. */
  private drawArrows(): void {
    const ctx = this.ctx;
    ctx.strokeStyle = ARROW.colour;
    ctx.fillStyle = ARROW.colour;
    ctx.lineWidth = ARROW.width;
    const head = ARROW.head;
    for (const [from, to] of this.arrows) {
      const [x1, y1] = this.centre(from);
      const [x2, y2] = this.centre(to);
      const x = x1 + (x2 - x1) * 0.7;
      const y = y1 + (y2 - y1) * 0.7;
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const bx = x - Math.cos(angle) * head;
      const by = y - Math.sin(angle) * head;
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(bx - (Math.sin(angle) * head) / 2, by + (Math.cos(angle) * head) / 2);
      ctx.lineTo(bx + (Math.sin(angle) * head) / 2, by - (Math.cos(angle) * head) / 2);
      ctx.closePath();
      ctx.fill();
    }
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
