// The digits of an amount as people write them in different countries: which separator is the
// decimal one and which only groups thousands. "1,234" is 1234 in an English export and "12,5"
// is 12.5 in a German one; the rules below read both and refuse what fits neither, because a
// guessed separator pays a thousand times too much or too little. What one amount cannot tell
// ("2.500") is read by the mark the sheet's other amounts show (decimal-marks.ts).

/** The character a sheet writes its decimals with. */
export type DecimalMark = ',' | '.';

export type DigitsRead =
  | {
      ok: true;
      whole: string;
      fraction: string;
      /** The decimal mark the text proves it uses ("1.234,56", "12,5", "1,234,567" proves '.'). */
      shows?: DecimalMark;
      /**
       * A lone ',' or '.' with three digits after one to three ("2.500", "1,234"): 2.5 or 2500,
       * 1.234 or 1234, as the sheet writes its decimals. Read by the mark the caller gave.
       */
      ambiguous?: true;
    }
  | {
      ok: false;
      /** Completes a message that starts with the quoted text: `"1,23,456" <tail>`. */
      tail: string;
    };

/** Separators that only ever group thousands: spaces (also no-break, narrow, thin) and the Swiss '. */
const GROUPING_ONLY = /^[ \u00A0\u202F\u2009'’]$/;
const NUMBER_CHARS = /^[\d.,'’ \u00A0\u202F\u2009]*\d[\d.,'’ \u00A0\u202F\u2009]*$/;

const NOT_AN_AMOUNT = 'is not an amount: write it in digits, such as 1234.56';

type Separator = ',' | '.' | 'space' | 'apostrophe';
const SEPARATOR_NAMES: Record<Separator, string> = {
  ',': 'commas',
  '.': 'dots',
  space: 'spaces',
  apostrophe: 'apostrophes',
};

function separatorOf(char: string): Separator {
  if (char === ',' || char === '.') return char;
  return GROUPING_ONLY.test(char) && /\s/.test(char) ? 'space' : 'apostrophe';
}

/**
 * Digits with separators and no sign or currency ("1.234,56") as whole and fraction digits.
 * - ',' and '.' both present: the last one is the decimal separator, the other groups.
 * - One of them several times: it groups ("1,234,567", "1.234.567").
 * - One of them once, with exactly three digits after one to three leading ones ("2.500",
 *   "1,234"): ambiguous, read by `decimalMark`, the mark the sheet writes its decimals with.
 *   By default a dot ("980.125" is 980.125 and "1,234" is 1234, as English exports write).
 * - Any other lone one is the decimal separator ("12,5", "0,125", "1234,567", "12.50").
 * - After spaces or apostrophes, which only group, a lone ',' or '.' is the decimal separator.
 * Grouped digits come in threes after the first group: "1,23,456" is refused.
 * More than 3 decimals are refused, unless the extra ones are zeros ("1.5000" is 1.5).
 */
export function readDigits(body: string, decimalMark: DecimalMark = '.'): DigitsRead {
  return readPlainDigits(body, decimalMark) ?? readGroupedDigits(body, decimalMark);
}

/** Digits, with one ',' or '.' between them at most: "1000", "1000.05", "12,5", "2.500". */
const PLAIN_DIGITS = /^(\d*)([.,]?)(\d*)$/;

/**
 * What readGroupedDigits makes of the amounts nearly every sheet writes, a run of digits with
 * at most one decimal mark, read without splitting it into groups and separators: each text
 * amount of a sheet passes here (one-off, 100,000 rows: the amount's reading was a fifth of
 * drafting a row). Null for anything else. The test compares the two on every short shape.
 */
function readPlainDigits(body: string, decimalMark: DecimalMark): DigitsRead | null {
  const match = PLAIN_DIGITS.exec(body);
  if (!match) return null;
  const [, whole = '', mark = '', written = ''] = match;
  if (mark === '') return whole === '' ? null : { ok: true, whole, fraction: '' };
  if (written === '') return null;
  // "2.500", "1,234": as the sheet writes its decimals (isAmbiguous).
  if (written.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
    return mark === decimalMark
      ? { ok: true, whole, fraction: written, ambiguous: true }
      : { ok: true, whole: `${whole}${written}`, fraction: '', ambiguous: true };
  }
  const fraction = decimalsOf(written);
  if (fraction.length > 3) return null;
  return { ok: true, whole: whole || '0', fraction, shows: mark as DecimalMark };
}

/** Written decimals as thousandths' digits: trailing zeros past the third dropped ("5000" is "5"). */
function decimalsOf(written: string): string {
  return written.replace(/0+$/, '').padEnd(Math.min(written.length, 3), '0');
}

/** readDigits for every shape: grouped thousands, spaces, apostrophes, and what it refuses. */
export function readGroupedDigits(body: string, decimalMark: DecimalMark = '.'): DigitsRead {
  if (!NUMBER_CHARS.test(body)) return { ok: false, tail: NOT_AN_AMOUNT };
  const pieces = body.split(/(\D)/);
  const groups = pieces.filter((_, i) => i % 2 === 0);
  const separators = pieces.filter((_, i) => i % 2 === 1).map(separatorOf);
  const ambiguous = isAmbiguous(groups, separators);
  const decimal = ambiguous
    ? separators[0] === decimalMark
      ? 0
      : -1
    : decimalSeparatorIndex(separators);
  const leadingDecimal = decimal === 0 && separators.length === 1;
  if (decimal === null || groups.some((group, i) => group === '' && !(i === 0 && leadingDecimal))) {
    return { ok: false, tail: NOT_AN_AMOUNT };
  }
  const grouping = [...new Set(separators.filter((_, i) => i !== decimal))];
  const [first, second] = grouping;
  if (first && second) {
    return {
      ok: false,
      tail: `is not an amount: it groups digits with both ${SEPARATOR_NAMES[first]} and ${SEPARATOR_NAMES[second]}`,
    };
  }
  const wholeGroups = decimal === -1 ? groups : groups.slice(0, decimal + 1);
  const inThrees = wholeGroups.every((g, i) => (i === 0 ? g.length <= 3 : g.length === 3));
  if (first && !inThrees) {
    return {
      ok: false,
      tail: 'is not an amount: digits between thousands separators come in threes, as in 1,234,567',
    };
  }
  const written = decimal === -1 ? '' : (groups[decimal + 1] ?? '');
  const fraction = decimalsOf(written);
  if (fraction.length > 3) {
    return {
      ok: false,
      tail: `has ${written.length} decimals; round it to its currency's decimals (2 for most, 3 at most)`,
    };
  }
  // Each shape built whole, not spread: every text amount of a sheet passes here.
  const whole = wholeGroups.join('') || '0';
  if (ambiguous) return { ok: true, whole, fraction, ambiguous: true };
  const shows = markShown(separators, decimal);
  return shows ? { ok: true, whole, fraction, shows } : { ok: true, whole, fraction };
}

/** A lone ',' or '.' that could group thousands as well as mark decimals: "2.500", "1,234". */
function isAmbiguous(groups: string[], separators: Separator[]): boolean {
  const [only] = separators;
  if (separators.length !== 1 || (only !== ',' && only !== '.')) return false;
  return (groups[1] ?? '').length === 3 && /^[1-9]\d{0,2}$/.test(groups[0] ?? '');
}

/** The decimal mark a read amount proves: its decimal separator, or the other of a grouping one. */
function markShown(separators: Separator[], decimal: number): DecimalMark | undefined {
  const mark = separators[decimal];
  if (mark === ',' || mark === '.') return mark;
  if (separators.includes(',')) return '.';
  if (separators.includes('.')) return ',';
  return undefined;
}

/** Index of the decimal separator among `separators`, -1 when there is none, null when unclear. */
function decimalSeparatorIndex(separators: Separator[]): number | null {
  const last = separators.length - 1;
  const marks = separators.flatMap((s, i) => (s === ',' || s === '.' ? [i] : []));
  const kinds = new Set(marks.map((i) => separators[i]));
  if (kinds.size === 2) {
    const kind = separators[last];
    const once = separators.filter((s) => s === kind).length === 1;
    return (kind === ',' || kind === '.') && once ? last : null;
  }
  const [only] = marks;
  if (only === undefined || marks.length > 1 || only !== last) return -1;
  // A lone one: the decimal separator, as the ambiguous lone ones are read before.
  return only;
}
