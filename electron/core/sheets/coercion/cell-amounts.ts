// A cell in an amount field as exact thousandths (Milli) and, when the cell names one, its
// currency. Number cells are read from the double's shortest decimal, text in the local formats
// of finance exports (amount-marks.ts for signs and currencies, amount-digits.ts for the digits). Amounts never pass through binary floating point
// arithmetic: the digits are read as text and counted in bigints.
import { isCurrencyCode } from '../../../../shared/domain/currencies';
import { formatAmount, MAX_EXACT_WIRE_MILLI, type Milli } from '../../../../shared/domain/money';
import { readDigits, type DecimalMark } from './amount-digits';
import { peelMarks, symbolCurrencyOf, symbolFits, symbolIn } from './amount-marks';
import { accept, type Coerced, NOTHING, quoted, refuse } from './cell-coerced';
import { cellDisplay } from './cell-display';
import { cellText, plainDecimal, unknownCell, unreadableCell } from './cell-text';
import type { CellValue } from '../reading/sheet-types';

export interface CellAmount {
  /**
   * The amount in thousandths. Negative amounts ("-12", "(12.00)", "12-") are returned as
   * negative: whether one is allowed is the field's rule (a payout must be above zero), and
   * the caller's message about it can then name the amount.
   */
  milli: Milli;
  /** The currency the cell itself names by ISO code or by an unambiguous symbol. */
  currency?: string;
  /** A symbol that names no one currency ("$", "¥"): the payment's currency must be one it names. */
  symbol?: string;
  /** What text digits tell of the sheet's decimal mark (amount-digits.ts). */
  shows?: DecimalMark;
  /** Its separator could group or mark decimals; it was read by the sheet's mark. */
  ambiguous?: true;
  /** For an ambiguous amount, what it reads as with the other mark ("2.500": 2500 for 2.5). */
  otherwise?: Milli;
  /**
   * A number cell whose format shows fewer decimals than it holds: what the sheet shows
   * ("1,235" for 1234.56), which is not the amount read, and so asks for a look.
   */
  shownRounded?: string;
}

/**
 * How a sheet writes decimals, as far as its amounts show: one mark, or `both` when some of its
 * amounts use each (then an amount that could be either is an issue, not a guess).
 */
export type SheetDecimalMark = DecimalMark | 'both';

export function cellAmount(cell: CellValue, decimalMark?: SheetDecimalMark): Coerced<CellAmount> {
  switch (cell.kind) {
    case 'empty':
      return NOTHING;
    case 'number': {
      const read = withFormatCurrency(numberAmount(cell.value), cell.format);
      if (read.ok && read.value && cell.format && hidesDecimals(read.value.milli, cell.format)) {
        read.value.shownRounded = cellDisplay(cell);
      }
      return read;
    }
    case 'text': {
      const text = cellText(cell);
      return text.ok && text.value !== null ? textAmount(text.value, decimalMark) : NOTHING;
    }
    case 'date':
      return refuse(
        `the cell holds the date ${cell.date} where an amount is expected: Excel may have taken ` +
          'the amount for a date; format the column as Number and type the amount again',
      );
    case 'boolean':
      return refuse(`${cell.value ? 'TRUE' : 'FALSE'} is not an amount`);
    case 'error':
    case 'formula':
    case 'overlong':
      return unreadableCell(cell) ?? NOTHING;
    default:
      return unknownCell(cell);
  }
}

/**
 * Floating noise is what formula arithmetic leaves on a decimal (=0.1+0.2 is
 * 0.30000000000000004, =1000*1.1 is 1100.0000000000002): a number that has more than 3
 * decimals but lies within a billionth (relative, and at least 1e-9 absolute, so that noise
 * around zero counts) of a 3-decimal value, and no further from it than 0.00001. The cap keeps
 * a real fourth decimal (12.3456, or 1234567.8915, which a relative rule alone would round at
 * that size) an issue: such a decimal is at least 0.0001 away, while the noise of even a long
 * sum of amounts stays far below 0.00001.
 */
const NOISE_RELATIVE = 10n ** 9n;
const NOISE_ABSOLUTE = 10n ** 5n;

function numberAmount(value: number): Coerced<CellAmount> {
  if (!Number.isFinite(value)) return refuse(`${String(value)} is not an amount`);
  const text = plainDecimal(value);
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const milli =
    fraction.length <= 3
      ? BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'))
      : withoutNoise(`${whole}${fraction}`, fraction.length);
  if (milli === null) {
    return refuse(
      `${text} has ${fraction.length} decimals; round it to its currency's decimals (2 for most, 3 at most)`,
    );
  }
  return inRange(text, { milli: value < 0 ? -milli : milli });
}

/** The currency a number format shows: `£#,##0.00`, `[$EUR] #,##0.00`, `"$"#,##0`. */
interface FormatCurrency {
  currency?: string;
  symbol?: string;
}

/**
 * Per format string, as a sheet has few formats and many amount cells: read once each. Capped,
 * so that a workbook of a million distinct formats cannot grow it without end.
 */
const FORMAT_CURRENCIES = new Map<string, FormatCurrency>();
const FORMAT_CACHE_LIMIT = 1000;

function withFormatCurrency(
  read: Coerced<CellAmount>,
  format: string | undefined,
): Coerced<CellAmount> {
  if (!format || !read.ok || read.value === null) return read;
  let shown = FORMAT_CURRENCIES.get(format);
  if (!shown) {
    if (FORMAT_CURRENCIES.size >= FORMAT_CACHE_LIMIT) FORMAT_CURRENCIES.clear();
    shown = formatCurrency(format);
    FORMAT_CURRENCIES.set(format, shown);
  }
  // The amount was read into a new object for this cell: adding to it spares a copy per cell.
  if (shown.currency || shown.symbol) Object.assign(read.value, shown);
  return read;
}

/** A locale currency tag: `[$£-809]`, `[$EUR]`, `[$USD-409]`; `[$-409]` names only a locale. */
const LOCALE_TAG = /\[\$([^\]-]+)(?:-[0-9A-Fa-f]+)?\]/;
const FORMAT_CODE = /(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g;

/**
 * A number format shows a currency the way a text cell does: a code (`[$EUR]`, `"GBP "0.00`)
 * names it, and so does a symbol that only one currency writes; "$" and "¥" name none and are
 * kept for the payment's currency to be checked against (amount-marks.ts).
 */
export function formatCurrency(format: string): FormatCurrency {
  const tag = LOCALE_TAG.exec(format)?.[1];
  // Colours and conditions ([Red], [<0]) are not what is shown; quoted and escaped text is.
  const shown = tag ?? format.replace(/\[[^\]]*\]/g, '').replace(/[\\"]/g, '');
  for (const match of shown.matchAll(FORMAT_CODE)) {
    const code = match[1] ?? '';
    if (isCurrencyCode(code)) return { currency: code };
  }
  const symbol = symbolIn(shown);
  if (!symbol) return {};
  const currency = symbolCurrencyOf(symbol);
  return currency ? { currency } : { symbol };
}

/**
 * The decimals a number format shows (`#,##0` none, `0.0` one), per format string; null where
 * it shows something else than the number's digits (General, text, percent, scientific, a
 * thousands scale `#,##0,`), which is not compared.
 */
const FORMAT_DECIMALS = new Map<string, number | null>();

function hidesDecimals(milli: Milli, format: string): boolean {
  let decimals = FORMAT_DECIMALS.get(format);
  if (decimals === undefined) {
    if (FORMAT_DECIMALS.size >= FORMAT_CACHE_LIMIT) FORMAT_DECIMALS.clear();
    decimals = formatDecimals(format);
    FORMAT_DECIMALS.set(format, decimals);
  }
  return decimals !== null && decimals < 3 && milli % 10n ** BigInt(3 - decimals) !== 0n;
}

export function formatDecimals(format: string): number | null {
  // The positive section, without quoted text, escapes, padding and [colours] or [$£-809].
  const [shown = ''] = format.replace(/"[^"]*"|\\.|_.|\*.|\[[^\]]*\]/g, '').split(';');
  if (!/[0#?]/.test(shown) || /[%eE@]|general|[0#?.],+(?![0#?])/i.test(shown)) return null;
  const [, fraction = ''] = shown.split('.');
  return (fraction.match(/[0#?]/g) ?? []).length;
}

/** `digits` is the value times 10^decimals (decimals > 3); the nearest milli when it is noise. */
function withoutNoise(digits: string, decimals: number): Milli | null {
  const exact = BigInt(digits);
  const scale = 10n ** BigInt(decimals);
  const unit = 10n ** BigInt(decimals - 3);
  const milli = (exact + unit / 2n) / unit;
  const nearest = milli * unit;
  const distance = exact > nearest ? exact - nearest : nearest - exact;
  const size = nearest > scale ? nearest : scale;
  return distance * NOISE_RELATIVE <= size && distance * NOISE_ABSOLUTE <= scale ? milli : null;
}

function inRange(shown: string, read: CellAmount): Coerced<CellAmount> {
  const { milli } = read;
  if (milli > MAX_EXACT_WIRE_MILLI || milli < -MAX_EXACT_WIRE_MILLI) {
    const limit = milli < 0n ? 'below -999,999,999,999.999' : 'more than 999,999,999,999.999';
    return refuse(`${shown} is ${limit}: amounts go up to 999,999,999,999.999`);
  }
  return accept(read);
}

function textAmount(text: string, decimalMark: SheetDecimalMark | undefined): Coerced<CellAmount> {
  // A leading apostrophe is Excel's mark that a cell is text ('100.00), which a CSV written by
  // hand or by a script keeps; it is no part of the amount, as for a bank code.
  const marks = peelMarks(text.charCodeAt(0) === APOSTROPHE ? text.slice(1) : text);
  if (marks.parentheses && marks.sign) {
    return refuse(`${quoted(text)} has two signs: write -12.00 or (12.00)`);
  }
  if (marks.code && !isCurrencyCode(marks.code)) {
    // "TBC" or "NIL": a word with no digits is no amount, rather than an unknown currency.
    if (!/\d/.test(marks.rest)) return refuse(`${quoted(text)} is not an amount`);
    return refuse(`${quoted(text)} names ${marks.code}, which is not a currency code`);
  }
  const symbolCurrency = marks.symbol ? symbolCurrencyOf(marks.symbol) : undefined;
  if (marks.code && marks.symbol && !symbolFits(marks.symbol, marks.code)) {
    const symbolSays = symbolCurrency
      ? `${marks.symbol} is ${symbolCurrency} and the code says ${marks.code}`
      : `${marks.code} amounts are not written with ${marks.symbol}`;
    return refuse(`${quoted(text)} names two currencies: ${symbolSays}`);
  }
  const mark = decimalMark === ',' ? ',' : '.';
  const digits = readDigits(marks.rest, mark);
  if (!digits.ok) return refuse(`${quoted(text)} ${digits.tail}`);
  if (digits.ambiguous && decimalMark === 'both') {
    return refuse(
      `${quoted(text)} could be ${ambiguousReadings(marks.rest)}: this sheet writes decimals both with a dot and with a comma, so write the amount without a thousands separator`,
    );
  }
  const negative = marks.parentheses || marks.sign === '-';
  const signed = (milli: Milli) => (negative ? -milli : milli);
  const read: CellAmount = { milli: signed(milliOf(digits)) };
  const currency = marks.code ?? symbolCurrency;
  if (currency) read.currency = currency;
  else if (marks.symbol) read.symbol = marks.symbol;
  if (digits.shows) read.shows = digits.shows;
  if (digits.ambiguous) {
    read.ambiguous = true;
    const other = readDigits(marks.rest, mark === ',' ? '.' : ',');
    if (other.ok) read.otherwise = signed(milliOf(other));
  }
  return inRange(quoted(text), read);
}

function milliOf(digits: { whole: string; fraction: string }): Milli {
  return BigInt(digits.whole) * 1000n + BigInt(digits.fraction.padEnd(3, '0'));
}

const APOSTROPHE = 0x27;

/** "2.500" -> "2.5 or 2500": the two amounts an ambiguous separator can mean. */
function ambiguousReadings(digits: string): string {
  const [whole = '', fraction = ''] = digits.split(/[.,]/);
  const decimals = fraction.replace(/0+$/, '');
  return `${whole}${decimals ? `.${decimals}` : ''} or ${whole}${fraction}`;
}

/**
 * An amount read from a column in hundredths ("Amount in Pence": 234567 is 2,345.67) as the
 * amount: exactly, in bigints. Hundredths are whole: 2345.5 pence is an issue, not a guess.
 */
export function fromHundredths(read: CellAmount, unit: string): Coerced<CellAmount> {
  if (read.milli % 1000n !== 0n) {
    const shown = formatAmount(read.milli, 3).replace(/\.?0+$/, '');
    return refuse(
      `${shown} has decimals, but the column is in ${unit}: write whole ${unit}, or the amount in its currency under another header`,
    );
  }
  const amount: CellAmount = { ...read, milli: read.milli / 100n };
  delete amount.ambiguous;
  delete amount.otherwise;
  if (read.otherwise !== undefined && read.otherwise % 1000n === 0n) {
    amount.ambiguous = true;
    amount.otherwise = read.otherwise / 100n;
  }
  return accept(amount);
}

/**
 * An amount read from a column in thousands ("Amount (£000)", "Betrag (TEUR)": 1.5 is 1,500) as
 * the amount: exactly, in bigints. Left as written it would pay a thousandth of what is meant.
 */
export function fromThousands(read: CellAmount, unit: string): Coerced<CellAmount> {
  const amount: CellAmount = { ...read, milli: read.milli * 1000n };
  if (read.otherwise !== undefined) amount.otherwise = read.otherwise * 1000n;
  const shown = formatAmount(read.milli, 3).replace(/\.?0+$/, '');
  return inRange(`${shown} ${unit}`, amount);
}
