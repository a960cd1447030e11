/** Numbers and counts as the explorer writes them. */

/** `n word`, the word in the plural (`words`, word + "s" by default) unless n is 1, n with
 * thousands separators. */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? word : words}`;
}

/**
 * A rating as text: three decimals at most, exponent notation for very small or very
 * large magnitudes, "" for a missing value.
 */
export function fmt(v: number | null | undefined): string {
  if (v === null || v === undefined) return "";
  const a = Math.abs(v);
  if (a !== 0 && (a < 0.001 || a >= 1e6)) return v.toExponential(2);
  return String(Math.round(v * 1000) / 1000);
}

/** The sign a stored bound puts before its value: ≥ for a lower bound, ≤ for an upper. */
export function boundSign(bound: string): string {
  return bound === ">" ? "≥" : bound === "<" ? "≤" : "";
}

/** A node's value as drawn beside its move: the bound's sign and the value ("" unrated). */
export function valueLabel(v: number | null, bound: string): string {
  return v === null ? "" : `${boundSign(bound)}${fmt(v)}`;
}
