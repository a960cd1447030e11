/** Small explorer documents written by hand for the unit tests. */
import type { ExplorerData } from "../src/explorer/model";

/**
 * A document of `parent.length` nodes: edges, parents and serials as given, every other
 * column filled with neutral values (unless given in `more`).
 */
export function document(
  parent: number[],
  edges: number[][],
  strings: string[],
  more: Partial<ExplorerData> = {},
): ExplorerData {
  const n = parent.length;
  return {
    strings,
    serial: parent.map((_, i) => i),
    player: parent.map(() => 0),
    parent,
    status: "e".repeat(n),
    value: parent.map(() => null),
    rplayer: parent.map(() => -1),
    rdepth: parent.map(() => -1),
    bound: "-".repeat(n),
    never: parent.map(() => 0),
    pos: parent.map(() => ""),
    note: null,
    notes: null,
    hl: parent.map(() => []),
    prob: null,
    edges,
    positionBook: null,
    visits: null,
    pv: [0],
    summary: {
      positions: n,
      expanded: n,
      unforced: 0,
      never: 0,
      shared: 0,
      positionBookHits: 0,
      pvMoves: [],
    },
    board: { kind: "text" },
    players: ["X", "O"],
    game: "test",
    title: "test",
    ...more,
  };
}

/**
 * A small DAG: the root (X to move) has moves a -> 1, b -> 2 and c (generated, never
 * forced); node 1 has d -> 3; node 2 has e -> 3 too (a transposition: 3 was met first
 * under 1). Created in the order 0, 1, 3, 2.
 */
export function dag(more: Partial<ExplorerData> = {}): ExplorerData {
  return document(
    [-1, 0, 0, 1],
    [[0, 1, 1, 2, 2, -1], [3, 3], [4, 3], []],
    ["a", "b", "c", "d", "e"],
    {
      serial: [0, 1, 3, 2],
      player: [0, 1, 1, 0],
      value: [null, 2, 5, 1],
      rplayer: [-1, 0, 0, 0],
      ...more,
    },
  );
}
