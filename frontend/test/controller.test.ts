import { describe, expect, it } from "vitest";
import { BoardCells } from "../src/board/cells";
import type { CellBoard } from "../src/board/types";
import { BoardController, type PageActions } from "../src/play/controller";
import { PlayState } from "../src/play/state";
import type { View } from "../src/play/types";

/** One row of three hexagons: moves 0->1, 2->1, and a pass. */
const DOC: CellBoard = {
  kind: "hex",
  rows: 1,
  cols: 3,
  cells: [
    { row: 0, col: 0, owner: 0, label: "3" },
    { row: 0, col: 1, owner: 1, label: "1" },
    { row: 0, col: 2, owner: 0, label: "2" },
  ],
  moves: [
    { move: "0->1", path: [0, 1] },
    { move: "2->1", path: [2, 1] },
    { move: "pass", path: [] },
  ],
};

/** The board's cells as a canvas-free `Board` holds them. */
class Cells extends BoardCells {
  constructor(doc: CellBoard) {
    super();
    this.apply(doc, {});
  }
}

/** What the controller asked of the page, in order. */
class Page implements PageActions {
  calls: string[] = [];
  sent: string[] = [];
  send = true;
  redrawMarks(): void {
    this.calls.push("redraw");
  }
  describeCursor(text?: string): void {
    this.calls.push(text === undefined ? "describe" : `say ${text}`);
  }
  showSelection(started: number | null): void {
    this.calls.push(`selection ${started}`);
  }
  sendMove(move: string, started: number): boolean {
    this.sent.push(`${move}@${started}`);
    return this.send;
  }
  revealCursor(): void {
    this.calls.push("reveal");
  }
  zoom(factor: number): void {
    this.calls.push(`zoom ${factor.toFixed(3)}`);
  }
  fit(): void {
    this.calls.push("fit");
  }
}

/** A controller over a game of DOC in which player 0 (this page, the host) is `more`. */
function setUp(more: Partial<View> = {}) {
  const state = new PlayState();
  state.you = { role: "host", seat: null };
  state.view = {
    seats: [{ kind: "human" }, { kind: "ai" }],
    taken: [null, null],
    to_move: 0,
    over: false,
    thinking: false,
    board: DOC,
    ...more,
  } as View;
  const page = new Page();
  return { state, page, controller: new BoardController(state, new Cells(DOC), page) };
}

describe("the play page's board controller", () => {
  it("selects a cell a move starts from, then plays the move a click ends", () => {
    const { state, page, controller } = setUp();
    controller.click(0, 10);
    expect(state.selected).toBe(0);
    expect(state.cursor).toBe(0);
    expect(page.calls).toEqual(["redraw", "selection 10"]);
    expect(page.sent).toEqual([]);
    controller.click(1, 20);
    expect(page.sent).toEqual(["0->1@20"]);
    controller.click(0, 30); // the selected cell again: no selection
    expect(state.selected).toBeNull();
  });

  it("only moves the cursor on a click when it is not this page's turn", () => {
    const { state, page, controller } = setUp({ to_move: 1 });
    controller.click(2, 5);
    expect(state.cursor).toBe(2);
    expect(state.selected).toBeNull();
    expect(page.calls).toEqual(["redraw", "describe"]);
    expect(page.sent).toEqual([]);
  });

  it("shows the cursor once a key is pressed, and steps it with the arrows", () => {
    const { state, page, controller } = setUp();
    expect(controller.key("Tab", 0)).toBe(false);
    expect(controller.focused).toBe(false);
    expect(controller.key("ArrowRight", 1)).toBe(true);
    expect(controller.focused).toBe(true);
    expect(state.cursor).toBe(0); // first onto the board: where the first move starts
    expect(page.calls).toEqual(["redraw", "reveal", "redraw", "describe"]);
    controller.key("ArrowRight", 2);
    expect(state.cursor).toBe(1);
    controller.key("ArrowRight", 3);
    controller.key("ArrowRight", 4); // the board's edge: it stays
    expect(state.cursor).toBe(2);
    controller.key("ArrowLeft", 5);
    expect(state.cursor).toBe(1);
  });

  it("acts on the cursor's cell with Enter and drops the selection with Escape", () => {
    const { state, page, controller } = setUp();
    expect(controller.key("Enter", 1)).toBe(true); // no cursor yet: it comes on the board
    expect(state.cursor).toBe(0);
    expect(state.selected).toBeNull();
    controller.key("ArrowRight", 2);
    controller.key("ArrowRight", 3);
    expect(controller.key(" ", 4)).toBe(true);
    expect(state.selected).toBe(2);
    page.calls = [];
    expect(controller.key("Escape", 5)).toBe(true);
    expect(state.selected).toBeNull();
    expect(page.calls).toEqual(["redraw", "selection null"]);
    expect(controller.key("Escape", 6)).toBe(false); // nothing selected: the page's Escape
    controller.key("Enter", 7);
    expect(state.selected).toBe(2);
    controller.key("ArrowLeft", 8);
    controller.key("Enter", 9);
    expect(page.sent).toEqual(["2->1@9"]);
  });

  it("says why Enter does nothing when it is not this page's turn", () => {
    const { page, controller } = setUp({ to_move: 1 });
    controller.key("ArrowLeft", 0);
    controller.key("Enter", 1);
    expect(page.calls.at(-1)).toBe("say It is not your turn.");
    const over = setUp({ over: true });
    over.controller.key("ArrowLeft", 0);
    over.controller.key("Enter", 1);
    expect(over.page.calls.at(-1)).toBe("say The game is over.");
    expect(over.page.sent).toEqual([]);
  });

  it("zooms and fits from the keyboard without taking the keys from the page", () => {
    const { page, controller } = setUp();
    controller.focused = true;
    expect([controller.key("+", 0), controller.key("-", 0), controller.key("0", 0)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(page.calls).toEqual(["zoom 0.714", "zoom 1.400", "fit"]);
  });

  it("puts the cursor on the board when it takes the focus, shown for the keyboard only", () => {
    const { state, page, controller } = setUp();
    state.selected = 2;
    controller.focus(false);
    expect(state.cursor).toBe(2); // the selection first
    expect(controller.focused).toBe(false);
    expect(page.calls).toEqual(["describe"]);
    controller.blur();
    expect(page.calls).toEqual(["describe"]);
    controller.focus(true);
    controller.blur();
    expect(controller.focused).toBe(false);
    expect(page.calls).toEqual(["describe", "redraw", "describe", "redraw"]);
  });
});
