/**
 * Where a board's cells are drawn (board units) and which cell is at a point: pointy-top
 * hexagons in offset rows (kind "hex") or squares (kind "grid"), and the cursor's moves
 * between neighbouring cells.
 */
import type { CellBoard } from "./types";

/** A hexagon's radius. */
export const R = 20;
/** A hexagon's width. */
export const HW = Math.sqrt(3) * R;
/** The height of a row of hexagons. */
export const HH = 1.5 * R;
/** A grid square's side. */
export const S = 48;

/** A point (board units). */
export type Point = readonly [number, number];

/** Where each cell is drawn (its centre), the drawing's size, and the grid's margins. */
export interface Geometry {
  centres: Point[];
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The centres of `doc`'s cells and the size of its drawing. */
export function geometry(doc: CellBoard): Geometry {
  const coords = doc.coords ?? {};
  if (doc.kind === "hex") {
    const offsets = doc.offsets ?? [];
    const centres = doc.cells.map(
      (c): Point => [
        c.col * HW + ((offsets[c.row] ?? 0) * HW) / 2 + HW / 2 + 4,
        c.row * HH + R + 4,
      ],
    );
    const shift = Math.max(0, ...offsets);
    return {
      centres,
      left: 4,
      top: 4,
      width: (doc.cols + shift / 2) * HW + 8,
      height: (doc.rows - 1) * HH + 2 * R + 8,
    };
  }
  const left = coords.rows ? 20 : 4;
  const top = coords.cols ? 20 : 4;
  const centres = doc.cells.map((c): Point => [left + c.col * S + S / 2, top + c.row * S + S / 2]);
  return { centres, left, top, width: left + doc.cols * S + 4, height: top + doc.rows * S + 4 };
}

/** Which cell is at each (row, col): index row * cols + col, -1 for none. */
export function cellIndex(doc: CellBoard): Int32Array {
  const at = new Int32Array(doc.rows * doc.cols).fill(-1);
  doc.cells.forEach((c, i) => {
    if (c.row >= 0 && c.col >= 0 && c.row < doc.rows && c.col < doc.cols) {
      at[c.row * doc.cols + c.col] = i;
    }
  });
  return at;
}

/** The cell at (row, col), or null. */
export function cellAtRowCol(
  doc: CellBoard,
  at: Int32Array,
  row: number,
  col: number,
): number | null {
  if (row < 0 || col < 0 || row >= doc.rows || col >= doc.cols) return null;
  const i = at[row * doc.cols + col] ?? -1;
  return i < 0 ? null : i;
}

/** The outline of a hexagon of radius r around (0, 0) as relative SVG path text. */
export function hexagon(r: number): string {
  const pts: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  const f = (n: number) => n.toFixed(2);
  let d = `m${f(pts[0]?.[0] ?? 0)},${f(pts[0]?.[1] ?? 0)}`;
  for (let i = 1; i < 6; i++) {
    const [x, y] = pts[i] as Point;
    const [px, py] = pts[i - 1] as Point;
    d += `l${f(x - px)},${f(y - py)}`;
  }
  return `${d}z`;
}

/**
 * The cell at board point (x, y), or null: hexagons by their shape (pointy-top, rows
 * shifted by `offsets` half cells), squares by their row and column.
 */
export function cellAtPoint(
  doc: CellBoard,
  geo: Geometry,
  at: Int32Array,
  x: number,
  y: number,
): number | null {
  if (doc.kind === "grid") {
    const col = Math.floor((x - geo.left) / S);
    const row = Math.floor((y - geo.top) / S);
    return cellAtRowCol(doc, at, row, col);
  }
  const offsets = doc.offsets ?? [];
  const r0 = Math.round((y - R - 4) / HH);
  let best: number | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (let row = r0 - 1; row <= r0 + 1; row++) {
    if (row < 0) continue;
    const c0 = Math.round((x - 4 - HW / 2 - ((offsets[row] ?? 0) * HW) / 2) / HW);
    for (let col = c0 - 1; col <= c0 + 1; col++) {
      const i = cellAtRowCol(doc, at, row, col);
      if (i === null) continue;
      const [cx, cy] = geo.centres[i] as Point;
      const d = (x - cx) ** 2 + (y - cy) ** 2;
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    }
  }
  if (best === null) return null;
  const [bx, by] = geo.centres[best] as Point;
  const dx = Math.abs(x - bx);
  const dy = Math.abs(y - by);
  return dx <= HW / 2 && dy <= R - dx / Math.sqrt(3) ? best : null;
}

/** A direction the cursor moves in (the arrow keys). */
export type Direction = "left" | "right" | "up" | "down";

/**
 * The cell the cursor goes to from cell `i` in `direction`, or `i` at the board's edge.
 *
 * Left and right: the next cell of the row (holes skipped). Up and down on a grid: the
 * next cell of the column. Up and down on a hex board: of the row above (below), the cell
 * whose centre is nearest to `anchorX` (the x where the vertical moves began; ties go
 * left), so Up, Up zigzags between the two upper neighbours and stays in its column.
 * Rows with no cell within a hexagon's width are skipped.
 */
export function step(
  doc: CellBoard,
  geo: Geometry,
  at: Int32Array,
  i: number,
  direction: Direction,
  anchorX?: number,
): number {
  const cell = doc.cells[i];
  if (!cell) return i;
  if (direction === "left" || direction === "right") {
    const d = direction === "left" ? -1 : 1;
    for (let col = cell.col + d; col >= 0 && col < doc.cols; col += d) {
      const j = cellAtRowCol(doc, at, cell.row, col);
      if (j !== null) return j;
    }
    return i;
  }
  const d = direction === "up" ? -1 : 1;
  if (doc.kind === "grid") {
    for (let row = cell.row + d; row >= 0 && row < doc.rows; row += d) {
      const j = cellAtRowCol(doc, at, row, cell.col);
      if (j !== null) return j;
    }
    return i;
  }
  const x = anchorX ?? (geo.centres[i] as Point)[0];
  for (let row = cell.row + d; row >= 0 && row < doc.rows; row += d) {
    let best: number | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (let col = 0; col < doc.cols; col++) {
      const j = cellAtRowCol(doc, at, row, col);
      if (j === null) continue;
      const dx = Math.abs((geo.centres[j] as Point)[0] - x);
      if (dx < bestD - 1e-6) {
        best = j;
        bestD = dx;
      }
    }
    if (best !== null && bestD <= HW) return best;
  }
  return i;
}

/** A hexagon cell's outline (relative path text, from its centre). */
export const HEX_OUTLINE = hexagon(R);
/** A square cell's outline (relative path text, from its centre). */
export const SQUARE_OUTLINE = `m${-S / 2},${-S / 2}h${S}v${S}h${-S}z`;

/** A rectangle of the board (units): left, top, right, bottom. */
export type Box = readonly [x0: number, y0: number, x1: number, y1: number];

/**
 * The cells whose extent (a `hx` x `hy` half-size rectangle around each centre) meets
 * one of `boxes`, in index order: the reference, one test per cell and box.
 */
export function cellsMeeting(
  centres: readonly Point[],
  boxes: readonly Box[],
  hx: number,
  hy: number,
): number[] {
  const out: number[] = [];
  centres.forEach(([x, y], i) => {
    if (
      boxes.some(([x0, y0, x1, y1]) => x + hx >= x0 && x - hx <= x1 && y + hy >= y0 && y - hy <= y1)
    )
      out.push(i);
  });
  return out;
}

/**
 * Cells' centres bucketed in square tiles, to find the cells near a few boxes without
 * testing every cell: `meeting(boxes, hx, hy)` answers what {@link cellsMeeting} does.
 */
export class CentreIndex {
  private readonly tiles: Map<number, number[]> = new Map();
  private readonly columns: number;

  constructor(
    readonly centres: readonly Point[],
    /** A tile's side (board units). */
    readonly pitch: number,
  ) {
    let right = 0;
    for (const [x] of centres) right = Math.max(right, x);
    this.columns = Math.floor(right / pitch) + 1;
    centres.forEach(([x, y], i) => {
      const key = this.key(x, y);
      const tile = this.tiles.get(key);
      if (tile) tile.push(i);
      else this.tiles.set(key, [i]);
    });
  }

  private key(x: number, y: number): number {
    const col = Math.min(this.columns - 1, Math.max(0, Math.floor(x / this.pitch)));
    return Math.floor(y / this.pitch) * this.columns + col;
  }

  /** The cells whose extent (half-size `hx` x `hy`) meets one of `boxes`, in index order. */
  meeting(boxes: readonly Box[], hx: number, hy: number): number[] {
    const found = new Set<number>();
    const p = this.pitch;
    for (const [x0, y0, x1, y1] of boxes) {
      // a cell meets the box when its centre is within (hx, hy) of it
      const c0 = Math.max(0, Math.floor((x0 - hx) / p));
      const c1 = Math.min(this.columns - 1, Math.floor((x1 + hx) / p));
      const r0 = Math.floor((y0 - hy) / p);
      const r1 = Math.floor((y1 + hy) / p);
      for (let row = r0; row <= r1; row++) {
        for (let col = c0; col <= c1; col++) {
          for (const i of this.tiles.get(row * this.columns + col) ?? []) {
            if (found.has(i)) continue;
            const [x, y] = this.centres[i] as Point;
            if (x + hx >= x0 && x - hx <= x1 && y + hy >= y0 && y - hy <= y1) found.add(i);
          }
        }
      }
    }
    return [...found].sort((a, b) => a - b);
  }
}

/** Half a cell's width and height (board units) on a board of `kind`. */
export function halfSize(kind: CellBoard["kind"]): [number, number] {
  return kind === "hex" ? [HW / 2, R] : [S / 2, S / 2];
}

/** The cells whose centres are in `box`. */
export function cellsIn(centres: readonly Point[], [x0, y0, x1, y1]: Box): number[] {
  const shown: number[] = [];
  for (let i = 0; i < centres.length; i++) {
    const c = centres[i] as Point;
    if (c[0] >= x0 && c[0] <= x1 && c[1] >= y0 && c[1] <= y1) shown.push(i);
  }
  return shown;
}
