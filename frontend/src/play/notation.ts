/**
 * The move box's logic: a typed move matched against the legal moves' texts (the game's
 * notation), completions for what is typed so far, and a one-line error otherwise.
 */
import type { BoardDocument, Move } from "../board/types";

/** A move's text compared loosely: no spaces, lower case. */
export function loose(text: string): string {
  return text.replace(/\s+/g, "").toLowerCase();
}

/**
 * Up to `limit` legal moves' texts for what is typed: those that start with it first,
 * then those that contain it (spaces and case ignored), each once, in the moves' order.
 */
export function completions(moves: readonly Move[], typed: string, limit = 50): string[] {
  const want = loose(typed);
  const starts: string[] = [];
  const contains: string[] = [];
  const seen = new Set<string>();
  for (const { move } of moves) {
    if (seen.has(move)) continue;
    const text = loose(move);
    if (text.startsWith(want)) {
      starts.push(move);
      seen.add(move);
      if (starts.length >= limit) break;
    } else if (want && contains.length < limit && text.includes(want)) {
      contains.push(move);
      seen.add(move);
    }
  }
  return [...starts, ...contains].slice(0, limit);
}

/** The outcome of a typed move: the move to send, or why not. */
export type Checked = { move: string } | { error: string };

/**
 * A typed move checked against `doc`'s legal moves: the legal move it names (its text as
 * the game writes it; spaces and case ignored), or an error. When the document leaves
 * moves out (`more`), a text it does not list is sent as typed: the server decides.
 */
export function checkMove(doc: BoardDocument, typed: string): Checked {
  const text = typed.trim();
  if (!text) return { error: "type a move first" };
  const exact = doc.moves.find((m) => m.move === text);
  if (exact) return { move: exact.move };
  const want = loose(text);
  const found = doc.moves.filter((m) => loose(m.move) === want);
  if (found.length === 1) return { move: (found[0] as Move).move };
  if (doc.more) return { move: text };
  const examples = doc.moves.slice(0, 3).map((m) => m.move);
  const like = examples.length ? `: legal moves look like ${examples.join(", ")}` : "";
  return { error: `${text} is not a legal move here${like}` };
}
