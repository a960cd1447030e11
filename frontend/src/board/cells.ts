/**
 * A live board's cells, without a canvas: the document shown, where its cells are (board
 * units), their marks, the last turn's arrows, the cursor and the hovered cell, and which
 * cell is at a point (hit-testing). `Board` (canvas.ts) draws them.
 */
import {
  type ClickResult,
  cellClass as classOf,
  clickCell,
  hasMark,
  type MarkOptions,
  type Marks,
  marksOf,
} from "./document";
import {
  CentreIndex,
  cellAtPoint,
  cellAtRowCol,
  cellIndex,
  type Geometry,
  geometry,
  halfSize,
  type Point,
} from "./geometry";
import { outlineAt } from "./paint";
import type { BoardDocument, CellBoard } from "./types";
import { hasCells } from "./types";

/** What makes two documents the same board (kind, size, offsets, cells). */
export function shapeKey(doc: BoardDocument): string {
  return `${doc.kind}/${doc.rows}/${doc.cols}/${(doc.offsets ?? []).join(",")}/${doc.cells?.length}`;
}

/** The cells of the hex or grid board shown, and which cell is where. */
export class BoardCells {
  key: string | null = null;
  doc: CellBoard | null = null;
  geo: Geometry | null = null;
  /** The board's size in board units (0: nothing drawn yet). */
  width = 0;
  height = 0;
  cursor: number | null = null;
  hover: number | null = null;
  arrows: [number, number][] = [];
  marks: Marks = new Map();
  /** A grid's cells' outlines (path text), for its fills and edges. */
  protected squares: string[] = [];
  private at: Int32Array = new Int32Array(0);
  private centreIndex: CentreIndex | null = null;

  /** What makes two documents the same board (kind, size, offsets, cells). */
  shapeKey(doc: BoardDocument): string {
    return shapeKey(doc);
  }

  /** Show `doc` with the marks, cursor and last turn's arrows `options` give. */
  protected apply(doc: BoardDocument, options: MarkOptions): void {
    if (!hasCells(doc)) throw new Error("a live Board draws hex and grid boards");
    this.doc = doc;
    if (this.key !== shapeKey(doc)) this.build(doc);
    this.marks = marksOf(doc, options);
    this.cursor = options.cursor ?? null;
    if (this.hover !== null && !this.clickable(this.hover)) this.hover = null;
    this.arrows = [];
    for (const path of options.last ?? []) {
      for (let k = 1; k < path.length; k++) {
        this.arrows.push([path[k - 1] as number, path[k] as number]);
      }
    }
  }

  /** Get ready for a board of a new shape. */
  protected build(doc: CellBoard): void {
    this.key = shapeKey(doc);
    this.geo = geometry(doc);
    this.centreIndex = null;
    this.width = this.geo.width;
    this.height = this.geo.height;
    this.hover = null;
    this.squares = doc.kind === "grid" ? this.geo.centres.map((c) => outlineAt("grid", c)) : [];
    this.at = cellIndex(doc);
  }

  /** The classes the SVG picture gives cell i (its owner, its marks): a test hook. */
  cellClass(i: number): string | null {
    const cell = this.doc?.cells[i];
    return this.doc && cell ? classOf(this.doc, cell, this.marks.get(i)) : null;
  }

  /** Cell i's outline as path text (board units). */
  outline(i: number): string {
    return outlineAt(this.doc?.kind ?? "grid", this.centre(i));
  }

  /** Cell i's centre (board units). */
  protected centre(i: number): Point {
    return this.geo?.centres[i] ?? [0, 0];
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

  /** The index of the cells' centres (made once for a board's shape). */
  protected near(): CentreIndex {
    if (!this.centreIndex) {
      const [hx, hy] = halfSize(this.doc?.kind ?? "grid");
      this.centreIndex = new CentreIndex(this.geo?.centres ?? [], 2 * Math.max(hx, hy));
    }
    return this.centreIndex;
  }
}
