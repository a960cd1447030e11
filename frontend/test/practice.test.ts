import { describe, expect, it } from "vitest";
import { checkAnswer, type PracticeData, parseValue } from "../src/explorer/practice";

const P: PracticeData = {
  value: 5,
  evaluated: ["0.0", "0.1", "1.0"],
  pruned: ["1.1"],
  paths: ["root", "0", "0.0", "0.1", "1", "1.0", "1.1"],
  depth: 2,
};

describe("practice answers", () => {
  it("accepts the right value and the right leaves", () => {
    const v = checkAnswer(P, 5, [6]);
    expect(v.right).toBe(true);
    expect(v.lines).toEqual([
      "The root's value is 5: right.",
      "The leaf never evaluated: right (1.1).",
    ]);
  });

  it("explains a wrong value, a leaf marked wrongly and one missed", () => {
    const v = checkAnswer(P, 3, [5]);
    expect(v.right).toBe(false);
    expect(v.lines).toEqual([
      "The root's value is 5, not 3.",
      "Alpha-beta does evaluate 1.0: no cut-off comes before it.",
      "Alpha-beta never evaluates 1.1: a cut-off above it stopped the search first.",
    ]);
    expect(checkAnswer(P, null, [6]).lines[0]).toBe("No root value given: it is 5.");
  });

  it("reads typed values", () => {
    expect(parseValue(" 7 ")).toBe(7);
    expect(parseValue("−3")).toBe(-3);
    expect(parseValue("2.5")).toBe(2.5);
    expect(parseValue("")).toBeNull();
    expect(parseValue("seven")).toBeNull();
  });
});
