/**
 * Exact money. Amounts are held as bigint counts of thousandths of a currency unit ("milli"),
 * because the service accepts at most 3 decimal places and binary floating point cannot add
 * 100,000 such amounts exactly. Numbers appear only at the JSON edge, where the shortest
 * round-trip form of a double (String(n)) is exactly the decimal that was written.
 */
export type Milli = bigint;

export const MILLI_PER_UNIT = 1000n;
/**
 * The largest amount (999,999,999,999.999) that every JSON number carries exactly: a double
 * round-trips any decimal of up to 15 significant digits. Past it, amountToNumber may refuse.
 */
export const MAX_EXACT_WIRE_MILLI: Milli = 10n ** 15n - 1n;
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,3}))?$/;

/** Parses a plain decimal string with at most 3 decimals ("-12.5", "0.125") to milli. */
export function parseAmount(text: string): Milli | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  // One bigint from the digits, whole and thousandths side by side: "12.5" is -?12500.
  return BigInt(`${sign}${whole}${fraction.padEnd(3, '0')}`);
}

/** Decimal places a JSON number was written with, or Infinity when it is not a finite decimal. */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  const text = String(value);
  // Most amounts are plain decimals ("1000.05"): counted without the exponent's pattern.
  if (!text.includes('e')) {
    const dot = text.indexOf('.');
    return dot === -1 ? 0 : text.length - dot - 1;
  }
  const exponent = /e([+-]\d+)$/.exec(text);
  const mantissa = exponent ? text.slice(0, exponent.index) : text;
  const fractionDigits = mantissa.includes('.') ? mantissa.length - mantissa.indexOf('.') - 1 : 0;
  return Math.max(0, fractionDigits - (exponent ? Number(exponent[1]) : 0));
}

/** A wire number as milli; throws when it has more than 3 decimals or is not finite. */
export function amountFromNumber(value: number): Milli {
  const text = Number.isFinite(value) ? String(value) : '';
  const dot = text.indexOf('.');
  // A plain decimal ("1000.05", "-12", most amounts) read from its digits without a pattern:
  // a draft's amount passes here three times as it is written (its rules, its sort column,
  // its duplicate key), each of 100,000 when a sheet is imported.
  if (text !== '' && !text.includes('e') && (dot === -1 || text.length - dot - 1 <= 3)) {
    if (!Number.isSafeInteger(Math.trunc(value))) throw new RangeError(`${value} is too large`);
    return BigInt(
      dot === -1 ? `${text}000` : `${text.slice(0, dot)}${text.slice(dot + 1).padEnd(3, '0')}`,
    );
  }
  if (decimalPlaces(value) > 3) throw new RangeError(`${value} has more than 3 decimal places`);
  if (!Number.isSafeInteger(Math.trunc(value))) throw new RangeError(`${value} is too large`);
  return (/e/i.test(text) ? parseAmount(value.toFixed(3)) : parseAmount(text)) as Milli;
}

/** Plain decimal text with exactly `places` decimals (0 to 3): 1234500n, 2 -> "1234.50". */
export function formatAmount(milli: Milli, places = 3): string {
  if (!Number.isInteger(places) || places < 0 || places > 3) {
    throw new RangeError(`an amount has 0 to 3 decimal places, not ${places}`);
  }
  const rounded = roundToPlaces(milli, places);
  const negative = rounded < 0n;
  const abs = negative ? -rounded : rounded;
  const whole = abs / MILLI_PER_UNIT;
  const fraction = (abs % MILLI_PER_UNIT).toString().padStart(3, '0').slice(0, places);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/**
 * The JSON number for an amount: the double whose shortest form is the exact decimal. Throws
 * rather than send a different amount when the decimal has too many digits for a double, or
 * a whole part amountFromNumber would refuse on the way back.
 */
export function amountToNumber(milli: Milli): number {
  const text = formatAmount(milli, 3);
  const value = Number(text);
  // Up to 15 significant digits, a double carries any decimal exactly (DBL_DIG): nothing to check.
  if (milli <= MAX_EXACT_WIRE_MILLI && milli >= -MAX_EXACT_WIRE_MILLI) return value;
  if (!Number.isSafeInteger(Math.trunc(value)) || parseAmount(String(value)) !== milli) {
    throw new RangeError(`${text} has too many digits to travel exactly as a JSON number`);
  }
  return value;
}

export function sumAmounts(amounts: Iterable<Milli>): Milli {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

/** Rounds half to even (banker's rounding) to `places` decimals, 0 to 3. */
export function roundToPlaces(milli: Milli, places: number): Milli {
  const step = placeStep(places);
  return divideRoundHalfEven(milli, step) * step;
}

/**
 * Multiplies an amount by a decimal rate given as text ("1.172345") and rounds half to even
 * to `places` decimals. Rates never pass through a double, and the exact product is rounded
 * once: rounding to thousandths first and then to cents would turn 0.0054 into 0.005 and
 * then 0.00, where the right answer is 0.01.
 */
export function multiplyByRate(milli: Milli, rate: string, places: number): Milli {
  const { scaled, scale } = parseDecimal(rate);
  const step = placeStep(places);
  return divideRoundHalfEven(milli * scaled, scale * step) * step;
}

/** Divides an amount by a decimal rate given as text, rounding once, half to even, to `places`. */
export function divideByRate(milli: Milli, rate: string, places: number): Milli {
  const { scaled, scale } = parseDecimal(rate);
  if (scaled === 0n) throw new RangeError('division by a zero rate');
  const step = placeStep(places);
  return divideRoundHalfEven(milli * scale, scaled * step) * step;
}

/** Milli per unit of the last kept decimal: 1 for 3 places, 10 for 2, 1000 for 0. */
function placeStep(places: number): bigint {
  return 10n ** BigInt(3 - Math.min(3, Math.max(0, places)));
}

function parseDecimal(text: string): { scaled: bigint; scale: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal rate: ${text}`);
  const fraction = match[2] ?? '';
  return { scaled: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

function divideRoundHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const twiceRemainder = (n % d) * 2n;
  if (twiceRemainder > d || (twiceRemainder === d && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** A whole number's digits in groups of three, as a person reads them: "1234567" -> "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
