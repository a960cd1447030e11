import { describe, expect, it } from "vitest";
import {
  cellClass,
  clickCell,
  describeCell,
  letterCue,
  marksOf,
  movesFrom,
  playerLetter,
  unpack,
  unpackMoves,
  withDelta,
} from "../src/board/document";
import {
  type Box,
  CentreIndex,
  cellAtPoint,
  cellIndex,
  cellsMeeting,
  geometry,
  HH,
  HW,
  R,
  S,
  step,
} from "../src/board/geometry";
import { boardSvg, esc, moveButtons } from "../src/board/svg";
import type { BoardDocument, CellBoard } from "../src/board/types";

/** A hex board `n` x `n` as Dice of Doom draws it: even rows shifted half a hexagon. */
function hexBoard(n: number): CellBoard {
  const cells = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) cells.push({ row, col, owner: (row + col) % 2, label: "3" });
  }
  return {
    kind: "hex",
    rows: n,
    cols: n,
    offsets: Array.from({ length: n }, (_, r) => (r % 2 === 0 ? 1 : 0)),
    cells,
    players: ["A", "B"],
    moves: [
      { move: "0->1", path: [0, 1] },
      { move: "0->3", path: [0, 3] },
      { move: "2->1", path: [2, 1] },
      { move: "pass", path: [] },
    ],
  };
}

/** A 3x3 grid with coordinates, one hole (no cell at row 1, col 1). */
function gridBoard(): CellBoard {
  const cells = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      if (row === 1 && col === 1) continue;
      cells.push({ row, col, owner: -1, label: "" });
    }
  }
  return {
    kind: "grid",
    rows: 3,
    cols: 3,
    cells,
    coords: { cols: ["a", "b", "c"], rows: ["1", "2", "3"] },
    moves: [{ move: "a1", path: [0] }],
  };
}

describe("hex geometry and hit-testing", () => {
  const doc = hexBoard(4);
  const geo = geometry(doc);
  const at = cellIndex(doc);

  it("puts rows HH apart and shifts even rows half a hexagon", () => {
    const [x0, y0] = geo.centres[0] ?? [0, 0];
    const [x4, y4] = geo.centres[4] ?? [0, 0]; // row 1, col 0: not shifted
    expect(y4 - y0).toBeCloseTo(HH);
    expect(x0 - x4).toBeCloseTo(HW / 2);
    expect(geo.width).toBeCloseTo((4 + 0.5) * HW + 8);
    expect(geo.height).toBeCloseTo(3 * HH + 2 * R + 8);
  });

  it("finds every cell at its centre and near its corners, and nothing outside", () => {
    doc.cells.forEach((_, i) => {
      const [x, y] = geo.centres[i] ?? [0, 0];
      expect(cellAtPoint(doc, geo, at, x, y)).toBe(i);
      expect(cellAtPoint(doc, geo, at, x, y - R + 1)).toBe(i); // the top point
      expect(cellAtPoint(doc, geo, at, x + HW / 2 - 1, y)).toBe(i); // the right edge
    });
    expect(cellAtPoint(doc, geo, at, -50, -50)).toBeNull();
    expect(cellAtPoint(doc, geo, at, 1, 1)).toBeNull(); // row 0 is shifted right
  });

  it("splits the point between two rows by the hexagons' slanted edges", () => {
    // just below the lower-left slant of cell 0 is cell 4 (row 1, col 0)
    const [x, y] = geo.centres[0] ?? [0, 0];
    expect(cellAtPoint(doc, geo, at, x - HW / 4, y + R * 0.8)).toBe(4);
    expect(cellAtPoint(doc, geo, at, x + HW / 4, y + R * 0.8)).toBe(5);
  });

  it("moves the cursor to hex neighbours, zigzagging up and down a column", () => {
    // cell 5 is row 1, col 1 (not shifted); row 0 is shifted right: its upper neighbours
    // are cells 0 (up-left) and 1 (up-right); ties go left
    expect(step(doc, geo, at, 5, "left")).toBe(4);
    expect(step(doc, geo, at, 5, "right")).toBe(6);
    expect(step(doc, geo, at, 5, "up")).toBe(0);
    const anchor = geo.centres[9]?.[0]; // row 2, col 1 (shifted)
    const up = step(doc, geo, at, 9, "up", anchor);
    expect([4, 5]).toContain(up);
    expect(step(doc, geo, at, up, "up", anchor)).toBe(1); // back above 9's column
    expect(step(doc, geo, at, 0, "up")).toBe(0); // the edge: stays
    expect(step(doc, geo, at, 3, "right")).toBe(3);
  });
});

describe("the cells near a few boxes (a partial redraw's)", () => {
  it("finds what testing every cell finds, on hex and grid boards, holes and edges", () => {
    let seed = 12345; // a fixed sequence: the same boxes every run
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const doc of [hexBoard(30), gridBoard(), hexBoard(1)]) {
      const geo = geometry(doc);
      const half: [number, number] = doc.kind === "hex" ? [HW / 2, R] : [S / 2, S / 2];
      const index = new CentreIndex(geo.centres, 2 * Math.max(...half));
      for (let round = 0; round < 50; round++) {
        const boxes: Box[] = [];
        for (let b = 0; b < 1 + (round % 7); b++) {
          // boxes anywhere, some past the board's edges, some only a point
          const x = (random() * 1.2 - 0.1) * geo.width;
          const y = (random() * 1.2 - 0.1) * geo.height;
          const w = round % 5 === 0 ? 0 : random() * 90;
          boxes.push([x, y, x + w, y + random() * 90]);
        }
        expect(index.meeting(boxes, ...half)).toEqual(cellsMeeting(geo.centres, boxes, ...half));
      }
      const all: Box = [-10, -10, geo.width + 10, geo.height + 10];
      expect(index.meeting([all], ...half)).toHaveLength(doc.cells.length);
      expect(index.meeting([], ...half)).toEqual([]);
    }
  });

  it("finds a cell and its six neighbours around a hexagon's box", () => {
    const doc = hexBoard(5);
    const geo = geometry(doc);
    const index = new CentreIndex(geo.centres, 2 * R);
    const [x, y] = geo.centres[12] as [number, number];
    const box: Box = [x - HW / 2 - 1, y - R - 1, x + HW / 2 + 1, y + R + 1];
    expect(index.meeting([box], HW / 2, R)).toHaveLength(7);
  });
});

describe("grid geometry", () => {
  const doc = gridBoard();
  const geo = geometry(doc);
  const at = cellIndex(doc);

  it("leaves room for the coordinates and finds squares by row and column", () => {
    expect(geo.left).toBe(20);
    expect(geo.top).toBe(20);
    expect(geo.centres[0]).toEqual([20 + S / 2, 20 + S / 2]);
    expect(cellAtPoint(doc, geo, at, 20 + S + 1, 21)).toBe(1);
    expect(cellAtPoint(doc, geo, at, 20 + S + 1, 20 + S + 1)).toBeNull(); // the hole
  });

  it("moves the cursor over holes", () => {
    expect(step(doc, geo, at, 1, "down")).toBe(6); // b1 -> b3 (b2 is a hole)
    expect(step(doc, geo, at, 3, "right")).toBe(4); // a2 -> c2
    expect(step(doc, geo, at, 0, "left")).toBe(0);
  });
});

describe("the board document", () => {
  it("unpacks a packed position into the layout's cells", () => {
    const layout = {
      kind: "grid" as const,
      rows: 1,
      cols: 3,
      cells: [0, 1, 2].map((col) => ({ row: 0, col })),
    };
    const doc = unpack(layout, "A.B:X O");
    expect(doc.cells?.map((c) => [c.owner, c.label])).toEqual([
      [0, "X"],
      [-1, ""],
      [1, "O"],
    ]);
    const long = unpack(layout, "AB.|12|3|");
    expect(long.cells?.map((c) => c.label)).toEqual(["12", "3", ""]);
    expect(unpack({ kind: "text" }, "the text").text).toBe("the text");
  });

  it("applies an update's delta and says which cells changed", () => {
    const board = hexBoard(2);
    const { board: next, changed } = withDelta(board, {
      cells: [[3, { row: 1, col: 1, owner: 0, label: "1" }]],
      set: { toMove: 1, notes: ["Spare dice: 2"] },
      unset: ["players"],
    });
    expect(changed).toEqual([3]);
    expect(next.cells?.[3]?.owner).toBe(0);
    expect(next.toMove).toBe(1);
    expect(next.notes).toEqual(["Spare dice: 2"]);
    expect("players" in next).toBe(false);
    expect(board.cells?.[3]?.owner).toBe(0 + ((1 + 1) % 2)); // the old board is unchanged
    expect(board.players).toEqual(["A", "B"]);
    expect(() =>
      withDelta(board, {
        cells: [[9, { row: 0, col: 0, owner: 0, label: "" }]],
        set: {},
        unset: [],
      }),
    ).toThrow(RangeError);
  });

  it("applies an update's changed lines of text and its packed moves", () => {
    const board: BoardDocument = { ...hexBoard(2), text: "a\nb\nc" };
    const { board: next } = withDelta(board, {
      cells: [],
      set: {},
      unset: [],
      lines: [2, [[1, "B"]]],
      moves: [
        ["{0}->{1}", 2, [12, 1, 0, -10]],
        ["pass", 0, [1]],
      ],
    });
    expect(next.text).toBe("a\nB");
    // the example of lazytree.boards.pack_moves
    expect(next.moves).toEqual([
      { move: "12->13", path: [12, 13] },
      { move: "12->2", path: [12, 2] },
      { move: "pass", path: [] },
    ]);
    expect(board.text).toBe("a\nb\nc");
    expect(unpackMoves([["{{{0}}} to {1}, {0}", 2, [7, 2]]])).toEqual([
      { move: "{7} to 9, 7", path: [7, 9] },
    ]);
    expect(() =>
      withDelta(board, { cells: [], set: {}, unset: [], lines: [1, [[3, "x"]]] }),
    ).toThrow(RangeError);
  });

  it("marks the moves' starts, the selection and its targets, the last turn, the cursor", () => {
    const doc = hexBoard(2);
    const marks = marksOf(doc, { interactive: true, selected: 0, last: [[2, 3]], cursor: 3 });
    expect(marks.get(0)).toBe("can sel");
    expect(marks.get(1)).toBe("target");
    expect(marks.get(2)).toBe("can last");
    expect(marks.get(3)).toBe("target last cursor");
    expect(marksOf(doc, { selected: 0 }).size).toBe(0); // not interactive: nothing to click
    expect(cellClass(doc, doc.cells[0] ?? { row: 0, col: 0, owner: 0, label: "" }, "sel")).toBe(
      "lt-cell t p0 sel",
    );
  });

  it("says what a click does: select, deselect, or play the move it ends", () => {
    const doc = hexBoard(2);
    expect(clickCell(doc, 0, null)).toEqual({ select: 0 });
    expect(clickCell(doc, 0, 0)).toEqual({ select: null });
    expect(clickCell(doc, 3, 0)).toEqual({ move: "0->3" });
    expect(clickCell(doc, 3, null)).toEqual({ select: null }); // no move starts there
    const single = { ...gridBoard() };
    expect(clickCell(single, 0, null)).toEqual({ move: "a1" });
    expect(movesFrom(doc, 0).map((m) => m.move)).toEqual(["0->1", "0->3"]);
  });

  it("names cells for a screen reader", () => {
    const doc = hexBoard(2);
    expect(describeCell(doc, 1, "target")).toBe("territory 1, player 1 (B), 3, a move ends here");
    expect(describeCell(doc, 0, "can")).toBe("territory 0, player 0 (A), 3, moves start here");
    expect(describeCell(gridBoard(), 4)).toBe("square c2, empty");
    expect(playerLetter({ kind: "grid", moves: [], players: ["red player"] }, 1)).toBe("B");
  });
});

describe("the SVG pictures", () => {
  it("escapes every text of the document", () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const doc = gridBoard();
    doc.cells[0] = { row: 0, col: 0, owner: 0, label: hostile, name: hostile };
    doc.coords = { cols: [hostile, "b", "c"], rows: ["1", "2", "3"] };
    doc.players = [hostile];
    const svg = boardSvg(doc);
    expect(svg).not.toContain("<img");
    expect(svg).toContain(esc(hostile));
    expect(moveButtons({ kind: "text", moves: [{ move: hostile, path: [] }] })).not.toContain(
      "<img",
    );
  });

  it("gives each owned cell its owner's letter, one group per cell", () => {
    const svg = boardSvg(hexBoard(2), { highlight: [1] });
    expect(svg.match(/data-territory=/g)?.length).toBe(4);
    expect(svg.match(/class="lt-letter"[^>]*>A</g)?.length).toBe(2);
    expect(svg).toContain('class="lt-cell t p1 hl"');
  });

  it("leaves the letter out where the label already is it (a tic-tac-toe X)", () => {
    const doc = gridBoard();
    doc.players = ["X", "O"];
    doc.cells[0] = { row: 0, col: 0, owner: 0, label: "X" };
    doc.cells[1] = { row: 0, col: 1, owner: 1, label: "K" };
    expect(letterCue(doc, doc.cells[0])).toBe("");
    expect(letterCue(doc, doc.cells[1])).toBe("O");
    expect(letterCue(doc, doc.cells[2] ?? doc.cells[0])).toBe("");
    expect(boardSvg(doc).match(/class="lt-letter"/g)?.length).toBe(1);
  });
});
