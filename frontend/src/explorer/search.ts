/** Finding a line of moves in the tree. */
import { plural } from "./format";
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

/** The matches of the last line searched for, cycled through one at a time. */
export class Finder {
  /** Every node the line reaches (findLine's order). */
  matches: number[] = [];
  private at = -1;
  private last: string | null = null;

  /** Find the line in `text`; the next call of `next` gives the first match. */
  find(model: Model, text: string): void {
    this.matches = findLine(model, text);
    this.at = -1;
  }

  /** Whether `text`, typed in the search box, is the last text typed there and found
   * matches (Enter again: the next match); it becomes the last text. */
  repeats(text: string): boolean {
    const again = text === this.last && this.matches.length > 0;
    this.last = text;
    return again;
  }

  /** The matches opened and drawn as matched (the first MATCHES_SHOWN). */
  shown(): Set<number> {
    return new Set(this.matches.slice(0, MATCHES_SHOWN));
  }

  /** The line beside the search box after finding `text`: how many matches. */
  status(text: string): string {
    if (text.trim() === "") return "";
    const n = this.matches.length;
    const more = n > MATCHES_SHOWN ? ` (first ${MATCHES_SHOWN} shown)` : "";
    return `${plural(n, "match", "matches")}${more}`;
  }

  /** The next match, cycling through the shown ones; null without any. */
  next(): number | null {
    if (!this.matches.length) return null;
    this.at = (this.at + 1) % Math.min(this.matches.length, MATCHES_SHOWN);
    return this.matches[this.at];
  }

  /** Forget the matches (a new document). */
  clear(): void {
    this.matches = [];
    this.at = -1;
  }
}
