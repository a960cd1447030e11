/** Finding a line of moves in the tree. */
import type { Model } from "./model";

/** At most this many matches are opened and cycled through. */
export const MATCHES_SHOWN = 50;

/**
 * The nodes reached by the line of moves in `text` (labels separated by spaces, matched
 * without regard to case) as its last moves: those on the principal variation first,
 * then the shallowest first.
 */
export function findLine(model: Model, text: string): number[] {
  const q = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches: number[] = [];
  if (!q.length) return matches;
  const want = q.map((t) => model.strings.findIndex((s) => s.toLowerCase() === t));
  if (want.includes(-1)) return matches;
  for (let i = 1; i < model.n; i++) {
    let j = i;
    let ok = true;
    for (let k = want.length - 1; k >= 0 && ok; k--) {
      if (j <= 0 || model.inMove[j] !== want[k]) ok = false;
      else j = model.data.parent[j];
    }
    if (ok) matches.push(i);
  }
  const onPv = (i: number) => (model.pvSet.has(i) ? 1 : 0);
  matches.sort((a, b) => onPv(b) - onPv(a) || model.depth[a] - model.depth[b]);
  return matches;
}
