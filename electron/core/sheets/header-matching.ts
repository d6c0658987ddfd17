// Which field a header names: "Net Pay (GBP)" is the amount, in GBP; "Sort Code" the bank
// code; "IBAN" the IBAN. Headers are compared after normalising case, accents, punctuation and
// bracketed notes, first exactly against the names real exports use, then by their words, then
// by letter pairs so that a typo ("Acount Number") still finds its field.
import { isCurrencyCode } from '../../../shared/domain/currencies';
import { FIELDS, type FieldId } from './fields';

export interface HeaderMatch {
  field: FieldId;
  /** 1 for an exact name, less for a match by words or letters. */
  score: number;
}

/** Below this, a header is left unmapped rather than guessed. */
export const MIN_MATCH_SCORE = 0.72;

/** "Net Pay (GBP)" -> "net pay"; "Bénéficiaire" -> "beneficiaire"; "Acct. No." -> "acct no". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const CURRENCY_SYMBOLS: Record<string, string> = { '£': 'GBP', '€': 'EUR' };

/** The currency a header names: "Amount (USD)", "Net pay in EUR", "Amount £". */
export function headerCurrency(header: string): string | undefined {
  for (const [symbol, code] of Object.entries(CURRENCY_SYMBOLS)) {
    if (header.includes(symbol)) return code;
  }
  for (const match of header.matchAll(/(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) {
    const code = match[1] ?? '';
    if (isCurrencyCode(code)) return code;
  }
  return undefined;
}

const SYNONYMS: { field: FieldId; name: string; words: string[] }[] = FIELDS.flatMap((field) =>
  [...field.headers, field.template].map((header) => {
    const name = normaliseHeader(header);
    return { field: field.id, name, words: name.split(' ') };
  }),
);

/** Longer than any header: a cell of prose or data, not worth comparing letter by letter. */
const MAX_HEADER_CHARS = 120;

export function matchHeader(header: string): HeaderMatch | undefined {
  if (header.length > MAX_HEADER_CHARS) return undefined;
  const name = normaliseHeader(header);
  if (name === '') return undefined;
  if (name.startsWith('tag ')) return { field: 'user_tag', score: 1 };
  let best: HeaderMatch | undefined;
  const consider = (field: FieldId, score: number) => {
    if (!best || score > best.score) best = { field, score };
  };
  const words = name.split(' ');
  for (const synonym of SYNONYMS) {
    if (synonym.name === name) return { field: synonym.field, score: 1 };
    // "Employee Net Pay" holds all the words of "net pay": a match, weaker with extra words.
    if (synonym.words.every((word) => words.includes(word))) {
      consider(synonym.field, 0.75 + 0.2 * (synonym.words.length / words.length));
    }
    consider(synonym.field, dice(name, synonym.name) * 0.95);
  }
  return best && best.score >= MIN_MATCH_SCORE ? best : undefined;
}

/** Sørensen–Dice coefficient of letter pairs: 1 for equal strings, 0 for nothing shared. */
function dice(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return a === b ? 1 : 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i += 1) {
    const pair = a.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i += 1) {
    const pair = b.slice(i, i + 2);
    const count = pairs.get(pair) ?? 0;
    if (count > 0) {
      shared += 1;
      pairs.set(pair, count - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}
