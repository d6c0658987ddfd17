// The one answer shape of every cell coercion (cell-text, cell-dates, cell-amounts, …): a value,
// nothing (the cell is empty, which only the field knows whether to allow), or a message a
// finance person can act on. Messages quote what was found and say what is expected, so the
// issue list can show them as they are, next to the cell reference.

export type Coerced<T> = { ok: true; value: T | null } | { ok: false; message: string };

/** The answer for an empty cell: no value, and no judgement on whether the field needs one. */
export const NOTHING: { ok: true; value: null } = Object.freeze({ ok: true, value: null });

export function accept<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function refuse(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/** Longer quoted text is cut: a message names the cell, it does not repeat a paragraph. */
const QUOTE_LIMIT = 40;

/** Text as a message quotes it: in double quotes, cut to 40 characters. */
export function quoted(text: string): string {
  return `"${shortened(text)}"`;
}

/** Text as a message shows it: cut to 40 characters, the cut marked. */
export function shortened(text: string): string {
  const chars = Array.from(text);
  return chars.length > QUOTE_LIMIT ? `${chars.slice(0, QUOTE_LIMIT - 1).join('')}…` : text;
}
