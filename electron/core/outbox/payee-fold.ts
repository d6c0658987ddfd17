// How the payee list folds a name: lower case without accents, so that "Émile" is found by
// "emile" and sorts among the E's. SQLite's lower() folds ASCII only; this folds the rest, as
// `payee_sort_key(text)`, a function every outbox connection has (migrate() registers it)
// because the payee index's triggers call it (migration 007).
import type { Db } from './database';

/** Lower case without accents: "Émile" is found by "emile" and sorts among the E's. */
export function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Each character folded on its own, as foldCase folds it within a name; the first time only. */
const foldedChars = new Map<string, string>();

/**
 * foldCase, a character at a time: the index is built for a whole batch at once, and most
 * characters of most names are ASCII. The same answer as foldCase, whose decomposition and
 * mark-stripping work character by character; only lower case depends on what is around a
 * letter (a Greek capital sigma at the end of a word), and names with one, and those with
 * characters beyond one UTF-16 unit, are folded whole.
 */
export function foldName(text: string): string {
  let folded = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      folded += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i];
      continue;
    }
    if (code === 0x3a3 || (code >= 0xd800 && code <= 0xdfff)) return foldCase(text);
    const char = text[i] as string;
    let one = foldedChars.get(char);
    if (one === undefined) {
      one = foldCase(char);
      foldedChars.set(char, one);
    }
    folded += one;
  }
  return folded;
}

/**
 * Words of a company's legal form, and connectives, which the same payee's name is written
 * with or without ("Acme Ltd", "ACME LIMITED", "Acme"): left out when two names are compared.
 * A person's surname may be one of them; a name made only of them is kept whole.
 */
const LEGAL_FORM_WORDS = new Set(
  'ltd limited llc llp inc incorporated corp corporation co company plc gmbh ag kg sarl sas bv nv srl spa pty oy and'.split(
    ' ',
  ),
);

/**
 * A name as two spellings of the same payee compare alike: folded, its words in order whatever
 * order they were written in ("TURING, Alan" is Alan Turing), its legal form left out.
 */
export function nameForComparison(name: string): string {
  const words = foldName(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const kept = words.filter((word) => !LEGAL_FORM_WORDS.has(word));
  return (kept.length > 0 ? kept : words).sort().join(' ');
}

export function registerPayeeFold(db: Db): void {
  db.function('payee_sort_key', { deterministic: true }, (name: unknown) =>
    typeof name === 'string' ? foldName(name) : name,
  );
}
