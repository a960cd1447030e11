/** The replay: the nodes in the order the search created them. */

/** The creation order of a tree's nodes. */
export interface CreationOrder {
  /** node indices, first created first */
  bySerial: Int32Array;
  /** each node's place in that order */
  rankOf: Int32Array;
  /**
   * the rank of the last node created below each node: once the replay is past it, the
   * search has left the node for good (and a cut-off there is final)
   */
  doneAt: Int32Array;
}

/**
 * The order of creation of nodes with these serial numbers and parents (`parent[i] < i`
 * for every node but the root, as the document writes them).
 */
export function creationOrder(serial: readonly number[], parent: readonly number[]): CreationOrder {
  const n = serial.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => serial[a] - serial[b]);
  const bySerial = Int32Array.from(order);
  const rankOf = new Int32Array(n);
  order.forEach((node, r) => {
    rankOf[node] = r;
  });
  const doneAt = Int32Array.from(rankOf);
  for (let i = n - 1; i > 0; i--) {
    const p = parent[i];
    if (doneAt[i] > doneAt[p]) doneAt[p] = doneAt[i];
  }
  return { bySerial, rankOf, doneAt };
}

/** A replay at one step: the newest node and the nodes shown open. */
export interface ReplayState {
  step: number;
  open: Set<number>;
}

/** Clamp a step into the replay of n nodes. */
export function clampStep(step: number, n: number): number {
  return Math.max(0, Math.min(n - 1, step));
}

/**
 * The replay at `step`: the line to the newest node open (its siblings show what the
 * search tried, and stop where a cut-off left the rest ungenerated), the root always.
 */
export function replayAt(order: CreationOrder, path: (i: number) => number[], step: number) {
  const node = order.bySerial[step];
  const open = new Set(path(node).slice(0, -1));
  open.add(0);
  return { node, state: { step, open } as ReplayState };
}
