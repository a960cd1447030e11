/**
 * The board document's logic, without drawing: a position unpacked from the explorer's
 * packed form, an update's changes applied, the marks and classes of cells, what a click
 * on a cell does, and each cell's name for a screen reader.
 */
import type { BoardDocument, Cell, CellBoard, Delta, PackedMoves } from "./types";
import { hasCells } from "./types";

/** The `schema` of every board document. */
export const SCHEMA = "lazytree-board/1";

/** A layout (`lazytree.boards.board_layout`): a document's shape, its cells' places. */
export type Layout = Omit<BoardDocument, "moves" | "cells"> & {
  cells?: Omit<Cell, "owner" | "label">[];
};

/**
 * The whole document of a position packed by `lazytree.boards.pack` (owners as letters,
 * then the labels) put back into `layout`'s cells; the generic view's packed form is its
 * text.
 */
export function unpack(layout: Layout, packed: string | [string, string[]]): BoardDocument {
  if (layout.kind === "text" || !layout.cells) {
    return { ...layout, text: String(packed), moves: [] } as BoardDocument;
  }
  let owners: string;
  let labels: string[];
  if (Array.isArray(packed)) [owners, labels] = packed;
  else {
    const n = layout.cells.length;
    owners = packed.slice(0, n);
    labels =
      packed[n] === ":"
        ? Array.from(packed.slice(n + 1), (c) => (c === " " ? "" : c))
        : packed.slice(n + 1).split("|");
  }
  const cells = layout.cells.map(
    (cell, i): Cell => ({
      ...cell,
      owner: owners[i] === "." ? -1 : owners.charCodeAt(i) - 65,
      label: labels[i] ?? "",
    }),
  );
  return { ...layout, cells, moves: [] } as BoardDocument;
}

/**
 * `board` with an update's `delta` applied (a new document; `board` is unchanged), and
 * the cells that changed.
 */
export function withDelta(
  board: BoardDocument,
  delta: Delta,
): { board: BoardDocument; changed: number[] } {
  const next: BoardDocument = { ...board, ...delta.set };
  const loose = next as unknown as Record<string, unknown>;
  for (const key of delta.unset) delete loose[key];
  if (delta.lines) {
    const [count, lines] = delta.lines;
    const text = (board.text ?? "").split("\n");
    text.length = Math.min(text.length, count);
    for (const [i, line] of lines) {
      if (!(i >= 0 && i < count)) throw new RangeError(`the update changes line ${i}`);
      text[i] = line;
    }
    next.text = Array.from(text, (line) => line ?? "").join("\n");
  }
  if (delta.moves) next.moves = unpackMoves(delta.moves);
  const changed: number[] = [];
  if (board.cells) {
    const cells = board.cells.slice();
    for (const [i, cell] of delta.cells) {
      if (i < 0 || i >= cells.length) throw new RangeError(`the update changes cell ${i}`);
      cells[i] = cell;
      changed.push(i);
    }
    next.cells = cells;
  }
  return { board: next, changed };
}

/** The moves `lazytree.boards.pack_moves` packed (see `PackedMoves`). */
export function unpackMoves(runs: PackedMoves): BoardDocument["moves"] {
  const moves: BoardDocument["moves"] = [];
  let first = 0;
  for (const [template, length, numbers] of runs) {
    if (length === 0) {
      for (let k = 0; k < (numbers[0] ?? 0); k++) moves.push({ move: template, path: [] });
      continue;
    }
    const parts = template.split(/(\{\{|\}\}|\{[0-9]+\})/);
    for (let at = 0; at + length <= numbers.length; at += length) {
      first += numbers[at] as number;
      const path = [first];
      for (let j = 1; j < length; j++) path.push(first + (numbers[at + j] as number));
      let move = "";
      for (const part of parts) {
        if (part === "{{") move += "{";
        else if (part === "}}") move += "}";
        else if (part.length > 2 && part[0] === "{")
          move += String(path[Number(part.slice(1, -1))]);
        else move += part;
      }
      moves.push({ move, path });
    }
  }
  return moves;
}

/** What a cell is marked with: a start of a move (can), selected, a target, last turn. */
export type Mark = "can" | "last" | "target" | "sel" | "hl" | "cursor";

/** The marks the cells get, as space-separated names by cell. */
export type Marks = Map<number, string>;

/** The options of a drawing: the selection, last turn's paths, whose turn, the cursor. */
export interface MarkOptions {
  selected?: number | null;
  last?: readonly (readonly number[])[];
  interactive?: boolean;
  cursor?: number | null;
}

/**
 * The marks of `doc`'s cells: when `interactive`, each move's start ("can"), the selected
 * cell ("sel") and its moves' ends ("target"); the cells of `last` ("last"); the cursor.
 */
export function marksOf(doc: BoardDocument, options: MarkOptions = {}): Marks {
  const { selected = null, last = [], interactive = false, cursor = null } = options;
  const marks: Marks = new Map();
  const add = (i: number, c: Mark) => {
    const had = marks.get(i);
    marks.set(i, had ? `${had} ${c}` : c);
  };
  if (interactive) {
    const starts = new Set<number>();
    for (const m of doc.moves) if (m.path.length) starts.add(m.path[0] as number);
    for (const i of starts) add(i, "can");
    if (selected !== null) {
      add(selected, "sel");
      for (const m of doc.moves) {
        if (m.path.length > 1 && m.path[0] === selected)
          add(m.path[m.path.length - 1] as number, "target");
      }
    }
  }
  for (const path of last) for (const i of path) add(i, "last");
  if (cursor !== null) add(cursor, "cursor");
  return marks;
}

/** Whether a mark list (space-separated) holds `mark`. */
export function hasMark(marks: string | undefined, mark: Mark): boolean {
  return marks !== undefined && ` ${marks} `.includes(` ${mark} `);
}

/** The classes the SVG picture gives a cell ("lt-cell t p0 can sel"). */
export function cellClass(doc: BoardDocument, cell: Cell, mark?: string): string {
  let c = `lt-cell ${doc.kind === "hex" ? "t" : "cell"}`;
  if (cell.owner >= 0) c += ` p${cell.owner}`;
  else if (cell.label) c += " free";
  if (cell.shade === "dark") c += " dark";
  return mark ? `${c} ${mark}` : c;
}

/** What a click on a cell does: play a move, or change the selection (null: none). */
export type ClickResult = { move: string } | { select: number | null };

/**
 * What a click on cell `i` does when `selected` is selected: play the move from the
 * selection to `i`, or the move made by clicking `i` alone; else select `i` if moves start
 * there (a click on the selection deselects it).
 */
export function clickCell(doc: BoardDocument, i: number, selected: number | null): ClickResult {
  const moves = doc.moves;
  if (selected !== null && selected !== i) {
    const m = moves.find(
      (m) => m.path.length > 1 && m.path[0] === selected && m.path[m.path.length - 1] === i,
    );
    if (m) return { move: m.move };
  }
  const single = moves.find((m) => m.path.length === 1 && m.path[0] === i);
  if (single) return { move: single.move };
  const starts = moves.some((m) => m.path.length > 1 && m.path[0] === i);
  return { select: starts && i !== selected ? i : null };
}

/** The moves made from cell `i` (their paths start there). */
export function movesFrom(doc: BoardDocument, i: number): BoardDocument["moves"] {
  return doc.moves.filter((m) => m.path.length > 0 && m.path[0] === i);
}

/** A player's letter: the document's name for them when it is one character, else A, B... */
export function playerLetter(doc: BoardDocument, player: number): string {
  const name = doc.players?.[player];
  return name && [...name].length === 1 ? name : String.fromCharCode(65 + (player % 26));
}

/**
 * The letter cue a cell carries besides its owner's colour: the owner's letter, or "" for
 * an unowned cell or one whose label already is that letter (a tic-tac-toe X).
 */
export function letterCue(doc: BoardDocument, cell: Cell): string {
  if (cell.owner < 0) return "";
  const letter = playerLetter(doc, cell.owner);
  return cell.label.trim().toUpperCase() === letter.toUpperCase() ? "" : letter;
}

/** A cell's place as the game writes it: its name, else its coordinates, else its number. */
export function cellPlace(doc: CellBoard, i: number): string {
  const cell = doc.cells[i] as Cell;
  if (doc.kind === "hex") return `territory ${i}`;
  if (cell.name) return `square ${cell.name}`;
  const col = doc.coords?.cols?.[cell.col];
  const row = doc.coords?.rows?.[cell.row];
  if (col !== undefined && row !== undefined) return `square ${col}${row}`;
  return `square ${i} (row ${cell.row + 1}, column ${cell.col + 1})`;
}

/**
 * A cell's name for a screen reader: "territory 12, player 1 (B), 3", or "square c3,
 * empty"; with what a click there would do when `marks` say.
 */
export function describeCell(doc: BoardDocument, i: number, marks?: string): string {
  if (!hasCells(doc) || !doc.cells[i]) return "";
  const cell = doc.cells[i] as Cell;
  const parts = [cellPlace(doc, i)];
  parts.push(cell.owner >= 0 ? `player ${cell.owner} (${playerLetter(doc, cell.owner)})` : "empty");
  const label = cell.label.trim();
  if (label) parts.push(label);
  if (hasMark(marks, "sel")) parts.push("selected");
  else if (hasMark(marks, "target")) parts.push("a move ends here");
  else if (hasMark(marks, "can")) parts.push("moves start here");
  if (hasMark(marks, "last")) parts.push("in the last turn");
  return parts.join(", ");
}
