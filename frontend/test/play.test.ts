import { describe, expect, it } from "vitest";
import type { BoardDocument } from "../src/board/types";
import { backoff } from "../src/play/connection";
import { checkMove, completions, loose } from "../src/play/notation";
import { replayButtons, replayCaption, replayStep, replayTarget } from "../src/play/replay";
import { PlayState } from "../src/play/state";
import type { UpdateMessage, View } from "../src/play/types";
import { Viewport } from "../src/play/viewport";

const MOVES = [
  { move: "2->13", path: [2, 13] },
  { move: "2->3", path: [2, 3] },
  { move: "12->13", path: [12, 13] },
  { move: "pass", path: [] },
];

describe("the move box's notation", () => {
  it("completes what is typed: starts first, then contains, spaces and case ignored", () => {
    expect(completions(MOVES, "2")).toEqual(["2->13", "2->3", "12->13"]);
    expect(completions(MOVES, "2 ->1")).toEqual(["2->13", "12->13"]); // starts, then contains
    expect(completions(MOVES, "->13")).toEqual(["2->13", "12->13"]);
    expect(completions(MOVES, "PA")).toEqual(["pass"]);
    expect(completions(MOVES, "", 2)).toEqual(["2->13", "2->3"]);
    expect(loose(" A 1 ")).toBe("a1");
  });

  it("takes a legal move as the game writes it, and refuses others with an example", () => {
    const doc: BoardDocument = { kind: "hex", moves: MOVES };
    expect(checkMove(doc, " 2 -> 13 ")).toEqual({ move: "2->13" });
    expect(checkMove(doc, "PASS")).toEqual({ move: "pass" });
    expect(checkMove(doc, "")).toEqual({ error: "type a move first" });
    expect(checkMove(doc, "9->9")).toEqual({
      error: "9->9 is not a legal move here: legal moves look like 2->13, 2->3, 12->13",
    });
    // a document that leaves moves out sends what it does not list: the server decides
    expect(checkMove({ ...doc, more: 10 }, "9->9")).toEqual({ move: "9->9" });
  });
});

describe("the replay model", () => {
  it("clamps, steps and goes live at the last move", () => {
    expect(replayTarget(3, 9)).toBe(3);
    expect(replayTarget(-2, 9)).toBe(0);
    expect(replayTarget(9, 9)).toBeNull();
    expect(replayTarget(12, 9)).toBeNull();
    expect(replayStep(null, 9, -1)).toBe(8);
    expect(replayStep(8, 9, 1)).toBeNull();
    expect(replayStep(0, 9, -1)).toBe(0);
    expect(replayButtons(null, 9)).toEqual({ prev: true, next: false });
    expect(replayButtons(0, 9)).toEqual({ prev: false, next: true });
    expect(replayButtons(null, 0)).toEqual({ prev: false, next: false });
  });

  it("captions the move shown", () => {
    expect(replayCaption(null, 0)).toBe("");
    expect(replayCaption(null, 4)).toBe("move 4 of 4");
    expect(replayCaption(2, 4, { player: 1, text: "3->4" })).toBe(
      "replay: move 2 of 4: player 1 3->4",
    );
    expect(replayCaption(3, 4, { player: -1, text: "roll", note: "rolled 5" })).toBe(
      "replay: move 3 of 4: rolled 5",
    );
  });
});

function view(more: Partial<View> = {}): View {
  return {
    id: "g",
    version: 1,
    epoch: 0,
    game: "dice-of-doom",
    options: {},
    players: 2,
    seats: [{ kind: "human" }, { kind: "ai", name: "ai", label: "1 s a move" }],
    taken: [null, null],
    to_move: 0,
    over: false,
    winners: [],
    board: {
      kind: "hex",
      rows: 1,
      cols: 2,
      cells: [
        { row: 0, col: 0, owner: 0, label: "3" },
        { row: 0, col: 1, owner: 1, label: "1" },
      ],
      moves: [{ move: "0->1", path: [0, 1] }],
    },
    moves_made: 0,
    turn: 1,
    last_turn: [],
    log: [],
    thinking: false,
    can_stop: false,
    progress: null,
    last_search: null,
    error: null,
    waiting: false,
    can_undo: false,
    can_redo: false,
    delay: 0,
    ...more,
  };
}

function update(v: View, more: Partial<UpdateMessage> = {}): UpdateMessage {
  return { type: "update", from: 0, ply: v.moves_made, moves: [], view: v, ...more };
}

describe("the page's state", () => {
  it("takes the whole board first, then deltas, and announces the moves", () => {
    const s = new PlayState();
    const first = s.apply(update(view(), { you: { role: "host", seat: null } }));
    expect(first).toMatchObject({ moved: false, changed: true, cells: null, fresh: [] });
    expect(s.isHumanTurn()).toBe(true);
    s.selected = 0;
    const { board: _board, ...rest } = view({ version: 2, moves_made: 2, to_move: 0 });
    const applied = s.apply({
      type: "update",
      from: 0,
      ply: 2,
      moves: [
        { ply: 0, player: 0, text: "0->1" },
        { ply: 1, player: 1, text: "pass" },
      ],
      view: rest,
      delta: { cells: [[1, { row: 0, col: 1, owner: 0, label: "2" }]], set: {}, unset: [] },
    });
    expect(applied).toMatchObject({ moved: true, changed: true, cells: [1], reshaped: false });
    expect(s.view?.board.cells?.[1]?.owner).toBe(0);
    expect(s.selected).toBeNull(); // a move clears the selection
    expect(s.moveTexts).toEqual(["0->1", "pass"]);
    expect(s.announcement(applied)).toBe(
      "Player 0 (you): 0->1. Player 1 (AI): pass. Your turn, player 0.",
    );
  });

  it("refuses a delta without a board, and sees an undo", () => {
    const s = new PlayState();
    const { board: _b, ...rest } = view();
    expect(() =>
      s.apply({
        type: "update",
        from: 0,
        ply: 0,
        moves: [],
        view: rest,
        delta: { cells: [], set: {}, unset: [] },
      }),
    ).toThrow();
    s.apply(
      update(view({ moves_made: 2 }), {
        moves: [
          { ply: 0, player: 0, text: "a" },
          { ply: 1, player: 1, text: "b" },
        ],
      }),
    );
    const undone = s.apply(
      update(view({ moves_made: 1, version: 3 }), { moves: [{ ply: 0, player: 0, text: "a" }] }),
    );
    expect(undone.rewound).toBe(true);
    expect(s.moveTexts).toEqual(["a"]);
    expect(s.announcement(undone)).toContain("went back to move 1");
  });

  it("lets a seat move only for itself, the host for the seats nobody took", () => {
    const s = new PlayState();
    s.apply(update(view({ seats: [{ kind: "human" }, { kind: "human" }], taken: [null, "seat"] })));
    s.you = { role: "host", seat: null };
    expect([s.mayMove(0), s.mayMove(1)]).toEqual([true, false]);
    s.you = { role: "seat", seat: 1 };
    expect([s.mayMove(0), s.mayMove(1)]).toEqual([false, true]);
    s.you = { role: "watcher", seat: null };
    expect(s.isHumanTurn()).toBe(false);
  });
});

describe("the viewport", () => {
  it("zooms about a point, keeping it where it is, within bounds", () => {
    const v = new Viewport();
    v.fit(400, 300);
    v.zoomAt(0.5, 100, 100);
    expect([v.x, v.y, v.w, v.h]).toEqual([50, 50, 200, 150]);
    v.zoomAt(0.01);
    expect(v.w).toBe(60); // the closest zoom
    v.fit(400, 300);
    v.zoomAt(100);
    expect(v.w).toBe(1600); // the farthest
    expect(v.toString()).toBe(`${v.x} ${v.y} 1600 1200`);
  });

  it("pans just enough to reveal a point", () => {
    const v = new Viewport();
    v.fit(1000, 1000);
    const shown = { x: 0, y: 0, w: 100, h: 100 };
    expect(v.reveal(50, 50, shown, 10)).toBe(false);
    expect(v.reveal(150, 50, shown, 10)).toBe(true);
    expect([v.x, v.y]).toEqual([60, 0]);
  });

  it("never pans past the board's edges to reveal a cell on them", () => {
    const v = new Viewport();
    v.fit(400, 300);
    const whole = { x: 0, y: 0, w: 400, h: 300 };
    // the board in view: a cell on its bottom row or right edge moves nothing
    expect(v.reveal(390, 295, whole, 30)).toBe(false);
    expect(v.reveal(5, 5, whole, 30)).toBe(false);
    // zoomed in: pan to the edge, not past it
    expect(v.reveal(390, 295, { x: 0, y: 0, w: 100, h: 100 }, 30)).toBe(true);
    expect([v.x, v.y]).toEqual([300, 200]);
  });
});

describe("reconnecting", () => {
  it("waits longer each time, up to 10 s", () => {
    expect(backoff(0, 0.5)).toBe(300);
    expect(backoff(1, 0.5)).toBe(600);
    expect(backoff(20, 0.5)).toBe(10000);
    expect(backoff(0, 0)).toBe(225);
  });
});
