import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountFromNumber,
  amountToNumber,
  decimalPlaces,
  formatAmount,
  multiplyByRate,
  parseAmount,
  roundToPlaces,
  sumAmounts,
} from '../../../shared/domain/money';

/** An amount as the parts a person writes: whole units and up to 3 decimals. */
const writtenAmount = fc.record({
  negative: fc.boolean(),
  whole: fc.integer({ min: 0, max: 999_999_999 }),
  thousandths: fc.integer({ min: 0, max: 999 }),
});
type Written = { negative: boolean; whole: number; thousandths: number };
const asText = (a: Written) =>
  `${a.negative ? '-' : ''}${a.whole}.${String(a.thousandths).padStart(3, '0')}`;
/** The reference: integer thousandths built from the parts, never through the code under test. */
const asThousandths = (a: Written) =>
  (a.negative ? -1n : 1n) * (BigInt(a.whole) * 1000n + BigInt(a.thousandths));

describe('exact money', () => {
  it('sums 100,000 amounts with 3 decimals exactly', () => {
    fc.assert(
      fc.property(
        fc.array(writtenAmount, { minLength: 100_000, maxLength: 100_000 }),
        (amounts) => {
          const reference = amounts.reduce((total, a) => total + asThousandths(a), 0n);
          expect(sumAmounts(amounts.map((a) => parseAmount(asText(a)) as bigint))).toBe(reference);
        },
      ),
      { numRuns: 3 },
    );
  });

  it('shows where binary floating point would be wrong, and money is not', () => {
    const tenths = Array.from({ length: 10 }, () => parseAmount('0.1') as bigint);
    expect(formatAmount(sumAmounts(tenths), 2)).toBe('1.00');
    expect(Array.from({ length: 10 }, () => 0.1).reduce((a, b) => a + b)).not.toBe(1);
  });

  it('parses and formats back to the same text', () => {
    fc.assert(
      fc.property(writtenAmount, (a) => {
        const text = asText(a);
        const milli = parseAmount(text) as bigint;
        expect(milli).toBe(asThousandths(a));
        expect(formatAmount(milli, 3)).toBe(milli === 0n ? '0.000' : text);
      }),
    );
  });

  it('round-trips through the JSON number the wire carries', () => {
    fc.assert(
      fc.property(writtenAmount, (a) => {
        const milli = asThousandths(a);
        const wire = JSON.parse(JSON.stringify(amountToNumber(milli))) as number;
        expect(amountFromNumber(wire)).toBe(milli);
        expect(decimalPlaces(wire)).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('refuses numbers with more than 3 decimals or that are not finite', () => {
    expect(() => amountFromNumber(0.1 + 0.2)).toThrow(/3 decimal/);
    expect(() => amountFromNumber(1.2345)).toThrow();
    expect(() => amountFromNumber(Number.NaN)).toThrow();
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(parseAmount('1.2345')).toBeNull();
    expect(parseAmount('1,5')).toBeNull();
  });

  it('rounds half to even at every precision', () => {
    expect(roundToPlaces(parseAmount('2.125') as bigint, 2)).toBe(parseAmount('2.12'));
    expect(roundToPlaces(parseAmount('2.135') as bigint, 2)).toBe(parseAmount('2.14'));
    expect(roundToPlaces(parseAmount('-2.125') as bigint, 2)).toBe(parseAmount('-2.12'));
    expect(roundToPlaces(parseAmount('2.5') as bigint, 0)).toBe(parseAmount('2'));
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 2 }),
        (milli, places) => {
          const rounded = roundToPlaces(milli, places);
          const step = 10n ** BigInt(3 - places);
          expect(rounded % step).toBe(0n);
          const distance = rounded > milli ? rounded - milli : milli - rounded;
          expect(distance * 2n <= step).toBe(true);
        },
      ),
    );
  });

  it('multiplies by a decimal rate like exact rational arithmetic would', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (milli, rateMillionths) => {
          const rate = `${Math.floor(rateMillionths / 1e6)}.${String(rateMillionths % 1e6).padStart(6, '0')}`;
          // Reference: milli * rate / 10^6 in thousandths, rounded half-even to thousandths.
          const exact = milli * BigInt(rateMillionths);
          let quotient = exact / 1_000_000n;
          const twice = (exact % 1_000_000n) * 2n;
          if (twice > 1_000_000n || (twice === 1_000_000n && quotient % 2n === 1n)) quotient += 1n;
          expect(multiplyByRate(milli, rate, 3)).toBe(quotient);
        },
      ),
    );
  });
});
