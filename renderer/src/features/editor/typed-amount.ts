// An amount as a person types it in their locale ("1.234,50" in German, "1,234.50" in English)
// to the plain decimal text the desk takes ("1234.50"). @internationalized/number says whether
// the text is a number in the locale; the decimal is then rewritten from the text itself with
// the locale's own group and decimal marks, so no float ever stands between typed and saved.
import { NumberParser } from '@internationalized/number';

export type TypedAmount = { ok: true; decimal: string } | { ok: false; message: string };

const marks = new Map<
  string,
  { group: string; decimal: string; parser: NumberParser; example: string }
>();

function marksOf(locale: string) {
  let found = marks.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      parser: new NumberParser(locale, { maximumFractionDigits: 3 }),
      // Made once per locale: every keystroke in an amount cell is judged here.
      example: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234.5),
    };
    marks.set(locale, found);
  }
  return found;
}

/** Spaces a locale groups digits with (Intl writes U+202F or U+00A0; people type a space). */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Why a typed amount whose decimals look like a group of thousands is doubtful ("2.500" where
 * the currency has two decimals): it reads as 2.50, and a person used to the other decimal mark
 * (a German sheet's batch) meant 2,500. Not refused, as 2.500 is 2.5: said while typing. Null
 * when nothing is doubtful, or when the rules refuse the decimals anyway (2.505 in pounds).
 */
export function thousandsLike(
  text: string,
  locale: string,
  minorUnits: number | undefined,
): string | null {
  if (minorUnits === undefined || minorUnits >= 3) return null;
  const { decimal, group } = marksOf(locale);
  const typed = text.trim();
  const [whole = '', fraction = '', extra] = typed.replace(/^[-\u2212+]/, '').split(decimal);
  if (extra !== undefined || !/^\d{1,3}$/.test(whole) || !/^\d{3}$/.test(fraction)) return null;
  if (fraction.replace(/0+$/, '').length > minorUnits) return null;
  const reads = minorUnits === 0 ? whole : `${whole}${decimal}${fraction.slice(0, minorUnits)}`;
  const grouped = `${whole}${group.trim() === '' ? ' ' : group}${fraction}`;
  return `"${typed}" reads as ${reads}: if it means ${grouped}, type ${whole}${fraction}`;
}

const currencyMarksCache = new Map<string, string[]>();

/**
 * How the currency may stand beside an amount typed in the locale: its code, its symbol and its
 * narrow symbol ("GBP", "£"; "USD", "US$", "$"), longest first.
 */
function currencyMarks(currency: string, locale: string): string[] {
  const key = `${locale} ${currency}`;
  let found = currencyMarksCache.get(key);
  if (!found) {
    const marks = new Set([currency]);
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      try {
        const parts = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          currencyDisplay,
        }).formatToParts(1);
        const mark = parts.find((part) => part.type === 'currency')?.value;
        if (mark) marks.add(mark);
      } catch {
        // A code Intl does not know: its code alone.
      }
    }
    found = [...marks].sort((a, b) => b.length - a.length);
    currencyMarksCache.set(key, found);
  }
  return found;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text without the payment's own currency before or after the amount ("£25.00", "25 EUR"). */
function withoutCurrency(typed: string, currency: string, locale: string): string {
  for (const mark of currencyMarks(currency, locale)) {
    const before = new RegExp(`^([-\u2212+]?)\\s*${escaped(mark)}\\s*`, 'i');
    const after = new RegExp(`\\s*${escaped(mark)}$`, 'i');
    if (before.test(typed)) return typed.replace(before, '$1');
    if (after.test(typed)) return typed.replace(after, '');
  }
  return typed;
}

/** Letters or a symbol at either end: a currency, and not the payment's own. */
const MARKED = /^[-\u2212+]?[^\d\s.,+\-\u2212]|[^\d\s.,]$/u;

/**
 * The decimal text of an amount typed in the locale. With the payment's currency, the amount may
 * be typed with it, as a sheet writes it ("£25.00" for a payment in GBP); another currency is
 * refused, as the amount alone is what the cell holds.
 */
export function decimalOfTyped(text: string, locale: string, currency?: string): TypedAmount {
  const written = text.trim();
  if (written === '') return { ok: true, decimal: '' };
  const typed = currency ? withoutCurrency(written, currency, locale) : written;
  const { group, decimal, parser, example } = marksOf(locale);
  const refused = {
    ok: false as const,
    message: MARKED.test(typed)
      ? `"${written}" is not an amount${currency ? ` in ${currency}` : ''}: type the amount alone, as ${example}`
      : `"${written}" is not an amount: write it as ${example}`,
  };
  if (Number.isNaN(parser.parse(typed))) return refused;
  // A group mark only between groups of three digits before the decimal mark: "12.50" in
  // German is no 1250, and "1.234,50" in English no 1.2345; either is refused, not guessed.
  const compact = typed.replace(SPACES, '').replace(/^\+/, '');
  const sign = /^[-\u2212]/.test(compact) ? '-' : '';
  const bare = compact.replace(/^[-\u2212]/, '');
  const [whole = '', fraction, extra] = bare.split(decimal);
  if (extra !== undefined) return refused;
  const g = group.trim() === '' ? null : group;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return refused;
  let digits = whole;
  if (g && whole.includes(g)) {
    const [first = '', ...rest] = whole.split(g);
    if (!/^\d{1,3}$/.test(first) || !rest.every((part) => /^\d{3}$/.test(part))) return refused;
    digits = first + rest.join('');
  }
  const plain = `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
  return /^-?\d+(\.\d+)?$/.test(plain) ? { ok: true, decimal: plain } : refused;
}

/** A decimal as the locale writes it for editing: its decimal mark, no grouping. */
export function typedOfDecimal(decimal: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) return decimal;
  return decimal.replace('.', marksOf(locale).decimal);
}
