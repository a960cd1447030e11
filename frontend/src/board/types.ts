/**
 * The board document (`lazytree-board/1`, lazytree/static/board.schema.json) as the pages
 * read it: a hex or grid board of cells, or the generic view (kind "text").
 */

/** One cell of a hex or grid board. */
export interface Cell {
  row: number;
  col: number;
  /** The player who owns it (-1: nobody). */
  owner: number;
  /** What is drawn in it (dice, a piece), "" for nothing. */
  label: string;
  /** "dark" for a dark square. */
  shade?: string;
  /** The cell's name in the game's notation (a checkers square's number). */
  name?: string;
}

/** A legal move: its text in the game's notation and the cells a click goes through. */
export interface Move {
  move: string;
  path: number[];
}

/** A board document. */
export interface BoardDocument {
  schema?: string;
  kind: "hex" | "grid" | "text";
  players?: string[];
  toMove?: number;
  text?: string;
  moves: Move[];
  /** How many legal moves the document leaves out. */
  more?: number;
  rows?: number;
  cols?: number;
  cells?: Cell[];
  /** Each row's shift in half cells (hex boards). */
  offsets?: number[];
  coords?: { rows?: string[]; cols?: string[] };
  /** A colour per player for the labels, overriding the palette. */
  colours?: (string | null)[];
  notes?: string[];
  score?: { name: string; values: number[] };
}

/** A hex or grid board: one with cells. */
export interface CellBoard extends BoardDocument {
  kind: "hex" | "grid";
  rows: number;
  cols: number;
  cells: Cell[];
}

/** Whether `doc` draws cells (hex or grid), not the generic view's text. */
export function hasCells(doc: BoardDocument): doc is CellBoard {
  return doc.kind !== "text" && Array.isArray(doc.cells);
}

/**
 * Moves packed (lazytree.boards.pack_moves): runs of `[template, length, numbers]`, the
 * template the notation with the path's cells as {0}, {1}...; `numbers` each move's first
 * cell as the difference from the move before's, its other cells as differences from its
 * first; a run of moves without a path has length 0 and numbers [count].
 */
export type PackedMoves = [template: string, length: number, numbers: number[]][];

/**
 * What changed from one board to the next (lazytree/server/live.py): the cells that
 * changed, the other fields set, and the fields gone; the text's changed lines
 * (`[line count, [[line, text], ...]]`) and the moves, packed, when they changed.
 */
export interface Delta {
  cells: [number, Cell][];
  set: Partial<BoardDocument>;
  unset: string[];
  lines?: [number, [number, string][]];
  moves?: PackedMoves;
}
