import { describe, expect, it } from "vitest";
import { frameSvg, framesDocument } from "../src/explorer/frames";
import { buildItems, layout, type View } from "../src/explorer/layout";
import { Model } from "../src/explorer/model";
import { treeMarkup } from "../src/explorer/render";
import {
  describeStep,
  type StepsData,
  stepState,
  sumText,
  windowText,
} from "../src/explorer/steps";
import { document } from "./documents";

/**
 * Textbook alpha-beta on [[3, 5], [3, 1]] (MAX at the root): node 1 = move 0 (MIN) with
 * leaves 2 (3) and 3 (5); node 4 = move 1 (MIN) with leaf 5 (3); its second move was cut.
 */
function small(): Model {
  return new Model(
    document([-1, 0, 1, 1, 0, 4], [[0, 1, 1, 4], [0, 2, 1, 3], [], [], [0, 5], []], ["0", "1"], {
      player: [0, 1, 0, 0, 1, 0],
      status: "eettet",
      never: [0, 0, 0, 0, 1, 0],
      summary: {
        positions: 6,
        expanded: 3,
        unforced: 0,
        never: 1,
        shared: 0,
        positionBookHits: 0,
        pvMoves: ["0", "0"],
        player: 0,
        rater: "alphabeta:textbook",
      },
    }),
  );
}

const N = null;
const STEPS: StepsData = {
  node: [0, 1, 2, 1, 3, 1, 1, 0, 4, 5, 4, 4, 4, 0, 0],
  event: "eelulux" + "uelucx" + "ux", // root's first move | its second | the root
  alpha: [N, N, N, N, N, N, N, 3, 3, 3, 3, 3, 3, 3, 3],
  beta: [N, N, N, 3, 3, 3, 3, N, N, N, 3, 3, 3, N, N],
  value: [N, N, 3, 3, 5, 3, 3, 3, N, 3, 3, 3, 3, 3, 3],
  terms: null,
  truncated: false,
};

function view(more: Partial<View> = {}): View {
  return {
    open: new Set(),
    showAll: new Set(),
    showUnforced: new Set(),
    selected: 0,
    matchSet: new Set(),
    replay: null,
    ...more,
  };
}

describe("the step-through", () => {
  const model = small();

  it("knows at each step only what the search knew then", () => {
    const at2 = stepState(model, STEPS, 2); // leaf 0.0 evaluated: 3
    expect([...at2.seen].sort()).toEqual([0, 1, 2]);
    expect(at2.known.get(2)).toEqual({ value: 3, sign: "", final: true });
    expect(at2.known.has(1)).toBe(false);
    expect(at2.known.has(0)).toBe(false); // the root's final value is not known yet
    const at3 = stepState(model, STEPS, 3); // 3 backs up into MIN node 1: at most 3
    expect(at3.known.get(1)).toEqual({ value: 3, sign: "≤", final: false });
    expect(at3.window.get(1)).toEqual([Number.NEGATIVE_INFINITY, 3]);
    expect(at3.backup).toBe(2);
    expect([...at3.active].sort()).toEqual([0, 1]);
  });

  it("marks a value that fails low as an upper bound, and the cut", () => {
    const at11 = stepState(model, STEPS, 11);
    expect(at11.cut.has(4)).toBe(true);
    const at12 = stepState(model, STEPS, 12);
    expect(at12.known.get(4)).toEqual({ value: 3, sign: "≤", final: true });
    expect(describeStep(model, STEPS, at11)).toContain(
      "cut-off at 1 (MIN): value 3 ≤ α=3 (α=3 β=3)",
    );
    expect(describeStep(model, STEPS, at11)).toContain("1 move never generated");
    const items = buildItems(model, view({ steps: at11 }));
    expect(JSON.stringify(items)).toContain('"kind":"never","i":4,"count":1');
    const before = buildItems(model, view({ steps: stepState(model, STEPS, 10) }));
    expect(JSON.stringify(before)).not.toContain('"kind":"never"');
  });

  it("marks the steps past the depth limit as quiescence, and standing pat", () => {
    const quiet: StepsData = {
      node: [0, 1, 1, 1, 0, 0],
      event: "eeuxux",
      alpha: [N, N, N, N, 4, 4],
      beta: [N, N, 4, 4, N, N],
      value: [N, N, 4, 4, 4, 4],
      terms: null,
      quiescence: [1, 2, 3],
      truncated: false,
    };
    expect(describeStep(model, quiet, stepState(model, quiet, 1))).toBe(
      "step 2 of 6: quiescence: enter 0 (MIN) with α=−∞ β=∞",
    );
    expect(describeStep(model, quiet, stepState(model, quiet, 2))).toBe(
      "step 3 of 6: quiescence: 0 (MIN) value so far ≤4 (standing pat: its own evaluation; " +
        "a noisy move must beat it); now α=−∞ β=4",
    );
    expect(describeStep(model, quiet, stepState(model, quiet, 4))).not.toContain("quiescence");
  });

  it("draws the windows on the path and the values known", () => {
    const state = stepState(model, STEPS, 9); // leaf 1.0 evaluated, in window (3, inf)
    const v = view({ steps: state, selected: 5 });
    const svg = treeMarkup(model, v, layout(buildItems(model, v)), false, -1);
    expect(svg).toContain('data-node="4"');
    expect(svg).toMatch(/data-node="0"[^>]*>.*?α=3 β=∞/);
    expect(svg).toMatch(/data-node="1"[^>]*>.*?data-known>3</);
    expect(describeStep(model, STEPS, state)).toBe(
      "step 10 of 15: leaf 1 0 evaluated: 3 (α=3 β=∞)",
    );
  });

  it("writes windows and weighted sums", () => {
    expect(windowText([Number.NEGATIVE_INFINITY, 4])).toBe("α=−∞ β=4");
    expect(
      sumText(
        [
          [0.5, 4],
          [0.5, 1],
        ],
        2.5,
      ),
    ).toBe("0.5×4 + 0.5×1 = 2.5");
  });

  it("says why Star1 cut a chance node, and that its value is a bound", () => {
    // MAX root: move 0 a leaf worth 3; move 1 a chance node whose first outcome is 0 and
    // whose second (values at most 5) was never generated: 0.5×0 + 0.5×5 = 2.5 ≤ α=3
    const chance = new Model(
      document([-1, 0, 0, 2], [[0, 1, 1, 2], [], [0, 3], []], ["0", "1"], {
        player: [0, 1, -1, 1],
        status: "etet",
        never: [0, 0, 1, 0],
        summary: { ...small().data.summary, positions: 4, never: 1 },
      }),
    );
    const steps: StepsData = {
      node: [0, 1, 0, 2, 3, 2, 2, 0, 0],
      event: "eluelcxux",
      alpha: [N, N, 3, 3, N, 3, 3, 3, 3],
      beta: [N, N, N, N, N, N, N, N, N],
      value: [N, 3, 3, N, 0, 2.5, 2.5, 3, 3],
      terms: [
        N,
        N,
        N,
        N,
        N,
        [
          [0.5, 0],
          [0.5, 5],
        ],
        [
          [0.5, 0],
          [0.5, 5],
        ],
        N,
        N,
      ],
      bound: "-----<<-=",
      assumed: [5, 6],
      truncated: false,
    };
    const cut = stepState(chance, steps, 5);
    expect(cut.known.get(2)).toEqual({ value: 2.5, sign: "≤", final: false });
    expect(describeStep(chance, steps, cut)).toBe(
      "step 6 of 9: cut-off at 1 (chance, Star1): 0.5×0 + 0.5×5 (not searched: at their " +
        "best, 5) = 2.5 ≤ α=3, so 1 is worth at most 2.5: 1 move never generated",
    );
    const left = stepState(chance, steps, 6);
    expect(left.known.get(2)).toEqual({ value: 2.5, sign: "≤", final: true });
    expect(describeStep(chance, steps, left)).toContain("= 2.5 (at most: it failed low)");
  });

  it("makes a slide of every step", () => {
    const doc = framesDocument(model, STEPS, ".x{}");
    expect(doc.match(/<section class="lt-frame">/g)?.length).toBe(15);
    expect(doc).toContain("step 12 of 15: cut-off at 1 (MIN)");
    const first = frameSvg(model, STEPS, 0);
    expect(first).toContain('data-node="0"');
    expect(first).not.toContain('data-node="1"'); // nothing the search had not reached
    expect(frameSvg(model, STEPS, 14)).toMatch(/data-node="0"[^>]*>.*?data-known>3</);
    expect(framesDocument(model, STEPS, "", 3, 4).match(/lt-frame"/g)?.length).toBe(2);
  });
});
