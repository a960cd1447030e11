import { describe, expect, it } from "vitest";
import { unpack } from "../src/boards";
import { type CellDelta, type ExplorerData, KEPT_BOARDS, Model } from "../src/explorer/model";
import { findLine } from "../src/explorer/search";
import { dag } from "./documents";
import fixture from "./fixtures/deltas.json";

describe("Model decodes the document", () => {
  const model = new Model(dag());

  it("splits each node's edges into children, transpositions and moves never forced", () => {
    expect(model.n).toBe(4);
    expect(model.kids[0]).toEqual([
      { c: 1, m: 0, k: 0 },
      { c: 2, m: 1, k: 1 },
    ]);
    expect(model.unforced[0]).toEqual([{ m: 2, k: 2 }]);
    expect(model.links[0]).toEqual([]);
    expect(model.kids[1]).toEqual([{ c: 3, m: 3, k: 0 }]);
    // node 3's parent is 1: the edge from 2 is a transposition
    expect(model.kids[2]).toEqual([]);
    expect(model.links[2]).toEqual([{ c: 3, m: 4, k: 0 }]);
  });

  it("counts parents, depths and the move into each node", () => {
    expect([...model.parents]).toEqual([0, 1, 1, 2]);
    expect([...model.depth]).toEqual([0, 1, 1, 2]);
    expect([...model.inMove]).toEqual([-1, 0, 1, 3]);
    expect(model.move(0)).toBe("");
    expect(model.move(3)).toBe("d");
    expect(model.path(3)).toEqual([0, 1, 3]);
    expect(model.line(3)).toEqual(["a", "d"]);
    expect(model.line(0)).toEqual([]);
  });

  it("names players, and chance", () => {
    expect(model.playerName(1)).toBe("O");
    expect(model.playerName(5)).toBe("player 5");
    expect(model.playerName(-1)).toBe("chance");
  });

  it("spells out the position book column", () => {
    const booked = new Model(dag({ positionBook: "h-mo" }));
    expect([0, 1, 2, 3].map((i) => booked.positionBook(i))).toEqual(["hit", "", "miss", "off"]);
    expect(model.positionBook(0)).toBe("");
  });
});

describe("children best first", () => {
  it("orders by the value for the player to move at the parent", () => {
    // X (player 0) moves at the root; values are X's: b (5) before a (2)
    const model = new Model(dag());
    expect(model.score(0, 1)).toBe(2);
    expect(model.best(0).map((e) => e.c)).toEqual([2, 1]);
    // values stored from O's point of view: X prefers the lower one, a (2)
    const fromO = new Model(dag({ rplayer: [-1, 1, 1, 1] }));
    expect(fromO.score(0, 2)).toBe(-5);
    expect(fromO.best(0).map((e) => e.c)).toEqual([1, 2]);
  });

  it("puts the principal variation's child first", () => {
    const model = new Model(dag({ pv: [0, 1, 3] }));
    expect(model.best(0).map((e) => e.c)).toEqual([1, 2]);
  });

  it("puts unrated children last, in generation order", () => {
    const model = new Model(dag({ value: [null, null, null, null] }));
    expect(model.score(0, 1)).toBe(Number.NEGATIVE_INFINITY);
    expect(model.best(0).map((e) => e.c)).toEqual([1, 2]);
  });

  it("orders MCTS children by visits, read from the primary parent's edges", () => {
    const model = new Model(dag({ visits: [[10, 30, 0], [5], [7], []], value: [0, 9, 1, 0] }));
    expect(model.visitsIn && [...model.visitsIn]).toEqual([0, 10, 30, 5]);
    expect(model.best(0).map((e) => e.c)).toEqual([2, 1]);
  });
});

describe("finding a line of moves", () => {
  const model = new Model(dag());
  it("finds the nodes a line ends at, whatever the case", () => {
    expect(findLine(model, "a d")).toEqual([3]);
    expect(findLine(model, "  D ")).toEqual([3]);
    expect(findLine(model, "B")).toEqual([2]);
  });
  it("finds nothing for an unknown move or an empty line", () => {
    expect(findLine(model, "a x")).toEqual([]);
    expect(findLine(model, "b d")).toEqual([]); // 3 is under a, not b, as a primary child
    expect(findLine(model, "   ")).toEqual([]);
  });
});

describe("positions written as deltas", () => {
  // a 10x10 Dice of Doom search (tests/explorer/test_positions.py writes it): the
  // document, and every position's whole board to compare with
  const { document: written, whole } = fixture as unknown as {
    document: ExplorerData;
    whole: unknown[];
  };

  it("rebuilds every position's board from the root's and the deltas", () => {
    const model = new Model(written);
    expect(model.n).toBe(whole.length);
    expect(written.pos.filter((p) => p !== null).length).toBe(1);
    for (let i = 0; i < model.n; i++) {
      const doc = unpack(written.board, model.position(i));
      const expected = unpack(written.board, whole[i]);
      expect(doc.cells).toEqual(expected.cells);
    }
  });

  it("rebuilds a position shown alone from its nearest kept ancestor", () => {
    const model = new Model(written);
    const deep = model.n - 1;
    const path = model.path(deep);
    expect(path.length).toBeGreaterThan(2);
    expect(unpack(written.board, model.position(deep)).cells).toEqual(
      unpack(written.board, whole[deep]).cells,
    );
    const before = model.rebuilt;
    model.position(deep); // kept: not rebuilt again
    expect(model.rebuilt).toBe(before);
    // its parent is rebuilt from the root; a child of the deep node from the deep one
    for (let i = 0; i < model.n; i++) model.position(i);
    expect(model.rebuilt).toBeGreaterThan(before);
  });

  it("keeps only a few rebuilt boards", () => {
    const model = new Model(written);
    for (let i = 1; i < model.n; i++) model.position(i);
    const kept = (model as unknown as { boards: Map<number, unknown> }).boards;
    expect(kept.size).toBe(KEPT_BOARDS);
  });

  const spoilt: [string, (d: ExplorerData) => void, RegExp][] = [
    ["a cell off the board", (d) => (d.delta as CellDelta[])[1].splice(0, 1, 100000), /cell/],
    ["a negative cell", (d) => (d.delta as CellDelta[])[1].splice(0, 1, -1), /cell/],
    ["an owner not a player", (d) => (d.delta as CellDelta[])[1].splice(1, 1, 9), /owner/],
    ["a cell not a number", (d) => (d.delta as CellDelta[])[1].splice(0, 1, "1"), /cell/],
    ["a long label", (d) => (d.delta as CellDelta[])[1].splice(2, 1, "x".repeat(500)), /label/],
    ["a delta not in triples", (d) => (d.delta as CellDelta[])[1].pop(), /triples/],
    ["a parent after its child", (d) => d.parent.splice(1, 1, 7), /parent/],
    ["no root board", (d) => d.pos.splice(0, 1, null), /parent/],
    ["a short column", (d) => (d.delta as CellDelta[]).pop(), /delta/],
  ];
  for (const [what, spoil, says] of spoilt) {
    it(`refuses a document with ${what}`, () => {
      const d = JSON.parse(JSON.stringify(written)) as ExplorerData;
      spoil(d);
      expect(() => new Model(d)).toThrow(says);
    });
  }
});
