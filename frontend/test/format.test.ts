import { describe, expect, it } from "vitest";
import { boundSign, fmt, plural, valueLabel } from "../src/explorer/format";

describe("plural", () => {
  it("writes one thing in the singular and others in the plural", () => {
    expect(plural(1, "move")).toBe("1 move");
    expect(plural(0, "move")).toBe("0 moves");
    expect(plural(2, "match", "matches")).toBe("2 matches");
    expect(plural(1, "match", "matches")).toBe("1 match");
  });
  it("separates thousands", () => {
    expect(plural(1234567, "position")).toBe("1,234,567 positions");
  });
});

describe("fmt", () => {
  it("writes nothing for a missing value", () => {
    expect(fmt(null)).toBe("");
    expect(fmt(undefined)).toBe("");
  });
  it("rounds to three decimals", () => {
    expect(fmt(0)).toBe("0");
    expect(fmt(1 / 3)).toBe("0.333");
    expect(fmt(-2.5)).toBe("-2.5");
    expect(fmt(2.0005)).toBe("2.001");
    expect(fmt(999999)).toBe("999999");
  });
  it("writes very small and very large magnitudes with an exponent", () => {
    expect(fmt(0.0004)).toBe("4.00e-4");
    expect(fmt(-0.000123)).toBe("-1.23e-4");
    expect(fmt(1e6)).toBe("1.00e+6");
    expect(fmt(1234567)).toBe("1.23e+6");
  });
});

describe("bounds", () => {
  it("puts the bound's sign before the value", () => {
    expect(boundSign(">")).toBe("≥");
    expect(boundSign("<")).toBe("≤");
    expect(boundSign("=")).toBe("");
    expect(valueLabel(3, ">")).toBe("≥3");
    expect(valueLabel(-1.5, "<")).toBe("≤-1.5");
    expect(valueLabel(0.25, "=")).toBe("0.25");
    expect(valueLabel(null, ">")).toBe("");
  });
});
