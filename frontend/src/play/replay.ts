/** The replay's model: which move the page shows, stepping through the game's moves. */

/**
 * The replay position after asking for move `k` of a game of `total` moves: clamped to
 * 0..total, null (the game now) for the last one.
 */
export function replayTarget(k: number, total: number): number | null {
  const at = Math.max(0, Math.min(Math.trunc(k), total));
  return at === total ? null : at;
}

/** One step back (-1) or forward (+1) from `at` (null: the game now). */
export function replayStep(at: number | null, total: number, step: -1 | 1): number | null {
  return replayTarget((at ?? total) + step, total);
}

/** Which replay buttons work at `at`: back while a move is left, forward while replaying. */
export function replayButtons(at: number | null, total: number): { prev: boolean; next: boolean } {
  const k = at ?? total;
  return { prev: k > 0, next: at !== null };
}

/** The replay's caption: "replay: move 3 of 9: player 1 3->4", or the game's count. */
export function replayCaption(
  at: number | null,
  total: number,
  move?: { player: number; text: string; note?: string } | null,
): string {
  if (at === null) return total ? `move ${total} of ${total}` : "";
  const what = move
    ? `: ${move.player >= 0 ? `player ${move.player} ` : ""}${move.note || move.text}`
    : "";
  return `replay: move ${at} of ${total}${what}`;
}
