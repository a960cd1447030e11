import { describe, expect, it } from "vitest";
import { buildItems, layout, type View } from "../src/explorer/layout";
import { Model } from "../src/explorer/model";
import { infoMarkup, summaryText, treeMarkup, valuesDepthText } from "../src/explorer/render";
import { dag } from "./documents";

function view(more: Partial<View> = {}): View {
  return {
    open: new Set([0, 1, 2]),
    showAll: new Set(),
    showUnforced: new Set(),
    selected: 0,
    matchSet: new Set(),
    replay: null,
    ...more,
  };
}

describe("the tree's markup", () => {
  it("escapes move labels, which come from the game", () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const model = new Model(dag({ strings: [hostile, "b", hostile, "d", hostile] }));
    const svg = treeMarkup(model, view(), layout(buildItems(model, view())), true, -1);
    expect(svg).not.toContain("<img");
    expect(svg).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    const info = infoMarkup(model, 1, true);
    expect(info).not.toContain("<img");
  });

  it("marks each node with its player's colour class, the PV and the bound", () => {
    const model = new Model(dag({ pv: [0, 1, 3], bound: "=><=", player: [0, 1, -1, 0] }));
    const svg = treeMarkup(model, view(), layout(buildItems(model, view())), false, -1);
    expect(svg).toMatch(/<g class="lt-node lt-p0 lt-pv lt-selected" data-node="0" /);
    expect(svg).toMatch(/<g class="lt-node lt-p1 lt-pv" data-node="1" [^>]*>.*?≥2</);
    expect(svg).toMatch(/<g class="lt-node lt-chance" data-node="2" [^>]*>.*?≤5</);
    // the PV's links: the root to 1, and 1 to 3
    expect(svg.match(/class="lt-link lt-pv"/g)).toHaveLength(2);
  });
});

describe("the summary line", () => {
  it("says what was searched, the value and the principal variation", () => {
    const model = new Model(
      dag({
        summary: {
          positions: 1234,
          expanded: 10,
          unforced: 3,
          never: 1,
          shared: 1,
          positionBookHits: 0,
          forced: 1233,
          evaluations: 801,
          rater: "alphabeta",
          depth: 4,
          value: 0.5,
          player: 1,
          pvMoves: ["a", "d"],
        },
      }),
    );
    expect(summaryText(model)).toBe(
      "1,234 positions · 1,233 forced by alphabeta to depth 4 · 801 leaves evaluated · 10 expanded · " +
        "3 generated but never forced · 1 move never generated · 1 shared position · " +
        "value 0.5 for O · PV a d",
    );
  });
});

describe("the header's values depth", () => {
  it("says which pass the shown values belong to", () => {
    const deep = new Model(
      dag({
        value: [1, 2, 3, 4],
        rdepth: [2, 1, 1, 2],
        rplayer: [0, 0, 0, 0],
        summary: { ...dag().summary, depth: 2, rater: "deepening" },
      }),
    );
    // node 3 sits at depth 2 with a value 2 moves deep: a depth-4 pass reached it
    expect(valuesDepthText(deep)).toBe(
      "· values: the depth-2 answer, except where the depth-4 pass (cut short) reached: its values there",
    );
    const plain = new Model(
      dag({
        value: [1, 2, 3, 4],
        rdepth: [2, 1, 1, 0],
        rplayer: [0, 0, 0, 0],
        summary: { ...dag().summary, depth: 2 },
      }),
    );
    expect(valuesDepthText(plain)).toBe("· values: the depth-2 search");
    expect(valuesDepthText(new Model(dag()))).toBe("");
  });
});
