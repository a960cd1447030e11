import { describe, expect, it } from "vitest";
import {
  allItems,
  buildItems,
  COLUMN,
  type Item,
  LEVEL,
  labelWidth,
  layout,
  layoutDown,
  placeAs,
  ROW,
  SPREAD,
  type View,
} from "../src/explorer/layout";
import { Model } from "../src/explorer/model";
import { dag, document } from "./documents";

function view(more: Partial<View> = {}): View {
  return {
    open: new Set([0]),
    showAll: new Set(),
    showUnforced: new Set(),
    selected: 0,
    matchSet: new Set(),
    replay: null,
    ...more,
  };
}

const node = (i: number, children: Item[] = []): Item => ({ kind: "node", i, children });

/** Where each node item was placed, by node index. */
function places(root: Item): Record<number, [number, number]> {
  const out: Record<number, [number, number]> = {};
  for (const p of layout(root).placed) if (p.item.kind === "node") out[p.item.i] = [p.x, p.y];
  return out;
}

describe("the tidy tree layout", () => {
  it("puts siblings a row apart and depths a column apart", () => {
    expect([ROW, COLUMN]).toEqual([22, 190]);
    // a root with three leaves: the leaves at -22, 0, 22 rows from the root, shifted so
    // the topmost is 16 px from the top
    const laid = layout(node(0, [node(1), node(2), node(3)]));
    expect(laid.placed.map((p) => [p.x, p.y])).toEqual([
      [16, 38],
      [206, 16],
      [206, 38],
      [206, 60],
    ]);
    expect(laid.placed[2].parent).toBe(laid.placed[0]);
    expect([laid.width, laid.height]).toEqual([190 + 190 + 40, 44 + 40]);
  });

  it("centres parents over their children, breadth first", () => {
    // 0 -> (1 -> (3, 4), 2): 3 and 4 a row apart under 1; 1 and 2 a row apart
    const laid = layout(node(0, [node(1, [node(3), node(4)]), node(2)]));
    expect(laid.placed.map((p) => (p.item.kind === "node" ? p.item.i : -1))).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(places(node(0, [node(1, [node(3), node(4)]), node(2)]))).toEqual({
      0: [16, 38],
      1: [206, 27],
      2: [206, 49],
      3: [396, 16],
      4: [396, 38],
    });
    expect([laid.width, laid.height]).toEqual([380 + 190 + 40, 33 + 40]);
  });

  it("separates cousins by 1.3 rows", () => {
    // 0 -> (1 -> 3, 2 -> 4): 3 and 4 are cousins, 28.6 px apart
    const at = places(node(0, [node(1, [node(3)]), node(2, [node(4)])]));
    expect(at[4][1] - at[3][1]).toBeCloseTo(28.6, 6);
    expect(at[2][1] - at[1][1]).toBeCloseTo(28.6, 6);
  });
});

describe("what an open node shows", () => {
  // a root with six children rated 1..6 for the player to move, three moves never forced
  // and two never generated
  const six = document(
    [-1, 0, 0, 0, 0, 0, 0],
    [[0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, -1, 7, -1, 8, -1], [], [], [], [], [], []],
    ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
    {
      value: [null, 1, 2, 3, 4, 5, 6],
      rplayer: [-1, 0, 0, 0, 0, 0, 0],
      never: [2, 0, 0, 0, 0, 0, 0],
    },
  );
  const model = new Model(six);

  it("shows the best three children in generation order, then the stubs", () => {
    const root = buildItems(model, view());
    expect(root.kind === "node" && root.children).toEqual([
      node(4),
      node(5),
      node(6),
      { kind: "more", i: 0, count: 3 },
      { kind: "unforcedGroup", i: 0, count: 3 },
      { kind: "never", i: 0, count: 2 },
    ]);
  });

  it("shows every child after '+N more', and every move never forced when asked", () => {
    const root = buildItems(model, view({ showAll: new Set([0]), showUnforced: new Set([0]) }));
    expect(root.kind === "node" && root.children.map((c) => c.kind)).toEqual([
      ...Array(6).fill("node"),
      "unforced",
      "unforced",
      "unforced",
      "never",
    ]);
  });

  it("keeps a selected or matched child beyond the best three", () => {
    const root = buildItems(model, view({ selected: 2, matchSet: new Set([1]) }));
    expect(root.kind === "node" && root.children.slice(0, 6)).toEqual([
      node(1),
      node(2),
      node(4),
      node(5),
      node(6),
      { kind: "more", i: 0, count: 1 },
    ]);
  });

  it("shows transpositions as links, and nothing below a closed node", () => {
    const model = new Model(dag());
    const root = buildItems(model, view({ open: new Set([0, 2]) }));
    expect(root).toEqual(
      node(0, [
        node(1),
        node(2, [{ kind: "link", i: 2, c: 3, m: 4 }]),
        { kind: "unforced", i: 0, m: 2, k: 2 },
      ]),
    );
  });

  it("in replay, shows only the children created so far, in generation order", () => {
    const model = new Model(dag());
    const root = buildItems(model, view({ replay: { step: 1, open: new Set([0]) } }));
    expect(root).toEqual(node(0, [node(1)]));
    const later = buildItems(model, view({ replay: { step: 3, open: new Set([0]) } }));
    expect(later).toEqual(node(0, [node(1), node(2)]));
  });
});

describe("label widths", () => {
  it("grows with the move, the value and the visits, up to a column", () => {
    const model = new Model(dag({ value: [null, 0.5, 12.25, null] }));
    expect(labelWidth(model, node(0))).toBeCloseTo(14 + 4 * 7.2, 9); // "root"
    expect(labelWidth(model, node(1))).toBeCloseTo(14 + 7.2 + 6 + 4 * 6.4, 9); // "a 0.5"
    expect(labelWidth(model, node(2))).toBeCloseTo(14 + 7.2 + 6 + 6 * 6.4, 9); // "b 12.25"
    expect(labelWidth(model, { kind: "more", i: 0, count: 3 })).toBe(5);
    const long = new Model(dag({ strings: ["x".repeat(40), "b", "c", "d", "e"] }));
    expect(labelWidth(long, node(1))).toBe(COLUMN - 30);
  });
});

describe("presentation mode's layout", () => {
  // root 0 with children 1 (leaves 3, 4) and 2 (leaf 5; a second move never generated)
  const model = new Model(
    document([-1, 0, 0, 1, 1, 2], [[0, 1, 1, 2], [0, 3, 1, 4], [0, 5], [], [], []], ["0", "1"], {
      never: [0, 0, 1, 0, 0, 0],
    }),
  );

  it("draws the tree top down, depths LEVEL apart, leaves SPREAD apart", () => {
    const whole = layoutDown(allItems(model));
    const at = new Map(
      whole.placed.map((p) => [`${p.item.kind}:${p.item.i}`, [p.x, p.y]] as const),
    );
    const [rx, ry] = at.get("node:0") ?? [0, 0];
    const [ax, ay] = at.get("node:3") ?? [0, 0];
    const [bx] = at.get("node:4") ?? [0, 0];
    expect(at.get("node:1")?.[1]).toBe(ry + LEVEL);
    expect(ay).toBe(ry + 2 * LEVEL);
    expect(bx - ax).toBeCloseTo(SPREAD);
    expect(at.has("never:2")).toBe(true); // the cut's stub has its place from the start
    expect(rx).toBeGreaterThan(ax);
    expect(whole.width).toBeGreaterThan(bx);
  });

  it("keeps each node where the whole tree has it, whatever is shown", () => {
    const whole = layoutDown(allItems(model));
    const part = placeAs(node(0, [node(1, [node(3)])]), whole);
    const of = (lay: typeof whole, i: number) =>
      lay.placed.find((p) => p.item.kind === "node" && p.item.i === i);
    expect(part.placed.map((p) => (p.item.kind === "node" ? p.item.i : -1))).toEqual([0, 1, 3]);
    expect([of(part, 3)?.x, of(part, 3)?.y]).toEqual([of(whole, 3)?.x, of(whole, 3)?.y]);
    expect(of(part, 3)?.parent?.item).toEqual(node(1, [node(3)]));
  });
});
