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
