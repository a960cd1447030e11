import { describe, expect, it } from "vitest";
import { clampStep, creationOrder, replayAt } from "../src/explorer/replay";

describe("the order of creation", () => {
  // created 0, 1, 3, 2 (serials need not start at 0 nor be consecutive)
  const order = creationOrder([100, 101, 107, 102], [-1, 0, 0, 1]);

  it("sorts the nodes by serial", () => {
    expect([...order.bySerial]).toEqual([0, 1, 3, 2]);
    expect([...order.rankOf]).toEqual([0, 1, 3, 2]);
  });

  it("knows when the search left each node for good", () => {
    // 1's last descendant (3) is created at rank 2; the root's last (2) at rank 3
    expect([...order.doneAt]).toEqual([3, 2, 3, 2]);
  });

  it("opens the line to the newest node at each step", () => {
    const paths: Record<number, number[]> = { 0: [0], 1: [0, 1], 2: [0, 2], 3: [0, 1, 3] };
    const path = (i: number) => paths[i];
    const at2 = replayAt(order, path, 2);
    expect(at2.node).toBe(3);
    expect([...at2.state.open].sort()).toEqual([0, 1]);
    const at0 = replayAt(order, path, 0);
    expect(at0.node).toBe(0);
    expect([...at0.state.open]).toEqual([0]);
  });

  it("keeps steps within the replay", () => {
    expect(clampStep(-1, 4)).toBe(0);
    expect(clampStep(9, 4)).toBe(3);
    expect(clampStep(2, 4)).toBe(2);
  });
});
