// What surrounds the digits of an amount written as text: a sign in front or behind (SAP and
// other ledgers write 12.00-), accounting parentheses, a currency symbol, an ISO code. Each is
// taken off either end at most once, in any order, so "-£12", "£-12", "(£12)" and "EUR -12"
// all leave the same digits behind.

/**
 * Currency symbols, longest first so that "US$" is not read as "$". A symbol that several
 * currencies use names none: "$" is the US, Canadian, Australian and a dozen other dollars and
 * pesos, and "¥" is both the yen and the yuan, whose confusion would be a factor of twenty and
 * (yen having no decimals) a hundred more. Such a symbol is accepted and the currency left to
 * the currency column, which must then be one the symbol is written for. £ is taken as GBP:
 * other pounds write E£, L£ or a code.
 */
const DOLLARS_AND_PESOS = [
  ...['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'BSD', 'BBD', 'BZD', 'BMD', 'BND'],
  ...['FJD', 'GYD', 'JMD', 'KYD', 'LRD', 'NAD', 'SBD', 'SRD', 'TTD', 'XCD'],
  ...['MXN', 'ARS', 'CLP', 'COP', 'CUP', 'DOP', 'UYU'],
];
const YEN_AND_YUAN = ['JPY', 'CNY'];
const SYMBOLS: readonly (readonly [symbol: string, currencies: readonly string[]])[] = [
  ['US$', ['USD']],
  ['CA$', ['CAD']],
  ['AU$', ['AUD']],
  ['NZ$', ['NZD']],
  ['HK$', ['HKD']],
  ['A$', ['AUD']],
  ['£', ['GBP']],
  ['€', ['EUR']],
  ['₹', ['INR']],
  ['$', DOLLARS_AND_PESOS],
  ['¥', YEN_AND_YUAN],
  ['￥', YEN_AND_YUAN],
];

/** The currency a symbol names, or undefined when it names several (or is not a symbol). */
export function symbolCurrencyOf(symbol: string): string | undefined {
  const currencies = SYMBOLS.find(([known]) => known === symbol)?.[1];
  return currencies?.length === 1 ? currencies[0] : undefined;
}

/** The first currency symbol written anywhere in `text` (a number format's), longest first. */
export function symbolIn(text: string): string | undefined {
  return SYMBOLS.find(([symbol]) => text.includes(symbol))?.[0];
}

/** Whether amounts in `currency` are written with `symbol`: "$" fits CAD, not EUR. */
export function symbolFits(symbol: string, currency: string): boolean {
  return SYMBOLS.some(([known, currencies]) => known === symbol && currencies.includes(currency));
}

/**
 * A leading or trailing ISO code: in capitals, or in any case when a space sets it apart, so
 * that "12 eur" names the euro while "12abc" stays garbage rather than an unknown currency.
 */
const CODE_BEFORE = /^(?:([A-Z]{3})|([A-Za-z]{3})(?=\s))(?![A-Za-z])\s*/;
const CODE_AFTER = /\s*(?:(?<![A-Za-z])([A-Z]{3})|(?<=\s)([A-Za-z]{3}))$/;
/** Hyphen, minus sign and the en dash that word processors put in for a minus. */
const SIGN_BEFORE = /^([+\-\u2212\u2013])\s*/;
const SIGN_AFTER = /\s*[-\u2212\u2013]$/;

export interface AmountMarks {
  /** What is left: the digits and their separators, trimmed. */
  rest: string;
  parentheses: boolean;
  sign?: '+' | '-';
  symbol?: string;
  /** An ISO code as written, upper-cased; whether it is a currency is the caller's check. */
  code?: string;
}

/** Digits and separators alone: no sign, symbol, code or parentheses to take off. */
const PLAIN = /^[\d.,]*$/;

export function peelMarks(text: string): AmountMarks {
  let marks: AmountMarks = { rest: text.trim(), parentheses: false };
  // Most cells of an amount column (every row of an import asks).
  if (PLAIN.test(marks.rest)) return marks;
  for (let next = peelOne(marks); next; next = peelOne(marks)) marks = next;
  return marks;
}

/** Takes one mark off either end, or null when there is none left to take. */
function peelOne(marks: AmountMarks): AmountMarks | null {
  const { rest } = marks;
  const left = (length: number) => rest.slice(length).trim();
  const right = (index: number) => rest.slice(0, index).trim();
  if (!marks.parentheses && rest.startsWith('(') && rest.endsWith(')')) {
    return { ...marks, parentheses: true, rest: rest.slice(1, -1).trim() };
  }
  if (!marks.sign) {
    const before = SIGN_BEFORE.exec(rest);
    if (before)
      return { ...marks, sign: before[1] === '+' ? '+' : '-', rest: left(before[0].length) };
    const after = SIGN_AFTER.exec(rest);
    if (after) return { ...marks, sign: '-', rest: right(after.index) };
  }
  if (!marks.symbol) {
    for (const [symbol] of SYMBOLS) {
      if (rest.startsWith(symbol)) return { ...marks, symbol, rest: left(symbol.length) };
      if (rest.endsWith(symbol))
        return { ...marks, symbol, rest: right(rest.length - symbol.length) };
    }
  }
  if (!marks.code) {
    const before = CODE_BEFORE.exec(rest);
    if (before) {
      const code = (before[1] ?? before[2] ?? '').toUpperCase();
      return { ...marks, code, rest: left(before[0].length) };
    }
    const after = CODE_AFTER.exec(rest);
    if (after) {
      const code = (after[1] ?? after[2] ?? '').toUpperCase();
      return { ...marks, code, rest: right(after.index) };
    }
  }
  return null;
}
