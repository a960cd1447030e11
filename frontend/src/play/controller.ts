/**
 * The play page's board controller: what a click, a key or the focus does to the game's
 * state (the selection, the keyboard's cursor, a move sent), without the DOM. The page
 * (page.ts) turns events into these calls and draws what `PageActions` ask.
 */
import type { BoardCells } from "../board/cells";
import { type Direction, step } from "../board/geometry";
import type { BoardDocument } from "../board/types";
import { hasCells } from "../board/types";
import type { PlayState } from "./state";

const KEYS: Record<string, Direction> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};
/** How much a zoom key zooms (the view's size is divided or multiplied by it). */
const ZOOM = 1.4;

/** What the controller asks of the page. */
export interface PageActions {
  /** Draw the board's marks again (the selection, the cursor). */
  redrawMarks(): void;
  /** Say what is under the cursor, or `text` instead. */
  describeCursor(text?: string): void;
  /** The selection changed (at time `started`, or by the keyboard's Escape): show it. */
  showSelection(started: number | null): void;
  /** Send `move` (chosen at time `started`); false if it could not be sent. */
  sendMove(move: string, started: number): boolean;
  /** Pan so the cursor's cell is on screen. */
  revealCursor(): void;
  /** Zoom the view by `factor` about the cursor's cell (below 1: in). */
  zoom(factor: number): void;
  /** Show the whole board. */
  fit(): void;
}

/** The board the controller reads: where cells are, and what a click on one does. */
export type Cells = Pick<BoardCells, "geo" | "index" | "click">;

/** The board's clicks, keys and focus, acting on a `PlayState`. */
export class BoardController {
  /** The keyboard has the board: the cursor shows. */
  focused = false;
  /** The column (board units) the up and down keys keep to. */
  private anchorX: number | undefined;
  readonly state: PlayState;
  private readonly cells: Cells;
  private readonly page: PageActions;

  /** The controller of the board of `state`, whose cells are `cells`, on `page`. */
  constructor(state: PlayState, cells: Cells, page: PageActions) {
    this.state = state;
    this.cells = cells;
    this.page = page;
  }

  /** A click (or tap) on cell `c` at time `started`: the cursor goes there, and it acts. */
  click(c: number, started: number): void {
    this.state.cursor = c;
    if (!this.state.isHumanTurn()) {
      this.page.redrawMarks();
      this.page.describeCursor();
      return;
    }
    this.act(c, started);
  }

  /** Cell `c` chosen (a click, Enter): select it, or play the move it ends. */
  act(c: number, started: number): void {
    const s = this.state;
    if (!s.view || !s.isHumanTurn()) return;
    const what = this.cells.click(c, s.selected);
    if ("move" in what) {
      this.page.sendMove(what.move, started);
      return;
    }
    s.selected = what.select;
    this.page.redrawMarks();
    this.page.showSelection(started);
  }

  /** The board took the focus; `byKeyboard`: the keyboard brought it (the cursor shows). */
  focus(byKeyboard: boolean): void {
    this.focused = byKeyboard;
    const doc = this.state.view?.board;
    if (doc && hasCells(doc) && this.state.cursor === null)
      this.state.cursor = this.firstCursor(doc);
    if (this.focused) this.page.redrawMarks();
    this.page.describeCursor();
  }

  /** The board lost the focus. */
  blur(): void {
    if (!this.focused) return;
    this.focused = false;
    this.page.redrawMarks();
  }

  /** Key `key` pressed at time `started`; true if the page should not do its default. */
  key(key: string, started: number): boolean {
    if (!this.focused && key !== "Tab") {
      this.focused = true; // the keyboard took over after a click: show the cursor
      this.page.redrawMarks();
    }
    const s = this.state;
    const direction = KEYS[key];
    if (direction) {
      this.moveCursor(direction);
      return true;
    }
    if (key === "Enter" || key === " ") {
      this.enter(started);
      return true;
    }
    if (key === "Escape") {
      if (s.selected === null) return false;
      s.selected = null;
      this.page.redrawMarks();
      this.page.showSelection(null);
      return true;
    }
    if (key === "+" || key === "=") this.page.zoom(1 / ZOOM);
    else if (key === "-") this.page.zoom(ZOOM);
    else if (key === "0") this.page.fit();
    return false;
  }

  /** Enter or space: act on the cursor's cell (or put the cursor on the board first). */
  private enter(started: number): void {
    const s = this.state;
    const doc = s.view?.board;
    if (!doc || !hasCells(doc)) return;
    if (s.cursor === null) {
      this.moveCursor("left");
    } else if (!s.isHumanTurn()) {
      this.page.describeCursor(s.view?.over ? "The game is over." : "It is not your turn.");
    } else {
      this.act(s.cursor, started);
    }
  }

  /** Where the cursor starts: the selection, else the first cell a move starts from. */
  firstCursor(doc: BoardDocument): number {
    const s = this.state;
    if (s.selected !== null) return s.selected;
    const start = doc.moves.find((m) => m.path.length > 0);
    return start ? (start.path[0] as number) : 0;
  }

  /** Move the cursor one cell towards `direction` (onto the board if it is not on it). */
  moveCursor(direction: Direction): void {
    const s = this.state;
    const doc = s.view?.board;
    const geo = this.cells.geo;
    if (!doc || !hasCells(doc) || !geo) return;
    const from = s.cursor ?? this.firstCursor(doc);
    const vertical = direction === "up" || direction === "down";
    if (!vertical || this.anchorX === undefined) this.anchorX = geo.centres[from]?.[0];
    s.cursor =
      s.cursor === null ? from : step(doc, geo, this.cells.index, from, direction, this.anchorX);
    if (!vertical) this.anchorX = undefined;
    this.page.revealCursor();
    this.page.redrawMarks();
    this.page.describeCursor();
  }
}
