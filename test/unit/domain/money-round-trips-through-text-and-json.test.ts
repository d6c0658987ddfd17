import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountFromNumber,
  amountToNumber,
  decimalPlaces,
  formatAmount,
  MAX_EXACT_WIRE_MILLI,
  parseAmount,
} from '../../../shared/domain/money';

/** Canonical text with exactly 3 decimals, built from integer thousandths independently. */
function canonicalText(milli: bigint): string {
  const abs = milli < 0n ? -milli : milli;
  const digits = abs.toString().padStart(4, '0');
  return `${milli < 0n ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

const anyMilli = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const wireMilli = fc.bigInt({ min: -MAX_EXACT_WIRE_MILLI, max: MAX_EXACT_WIRE_MILLI });

describe('amounts as text', () => {
  it('parse to the thousandths they say and format back to the same text', () => {
    fc.assert(
      fc.property(anyMilli, (milli) => {
        const text = canonicalText(milli);
        expect(parseAmount(text)).toBe(milli);
        expect(formatAmount(milli, 3)).toBe(text);
      }),
    );
  });

  it('read the same with fewer decimals, surrounding spaces or leading zeros', () => {
    expect(parseAmount('12.5')).toBe(12_500n);
    expect(parseAmount(' 12.50 ')).toBe(12_500n);
    expect(parseAmount('0012')).toBe(12_000n);
    expect(parseAmount('-0.001')).toBe(-1n);
    expect(parseAmount('-0')).toBe(0n);
  });

  it('are refused when they are not plain decimals with at most 3 places', () => {
    for (const text of ['1.2345', '1,5', '1e3', '.5', '5.', '+5', '', '1 000', 'NaN']) {
      expect(parseAmount(text)).toBeNull();
    }
  });

  it('are formatted with 0 to 3 places only', () => {
    expect(formatAmount(1_234_500n, 2)).toBe('1234.50');
    expect(formatAmount(1_234_500n, 0)).toBe('1234');
    expect(formatAmount(-4n, 2)).toBe('0.00');
    expect(() => formatAmount(1n, 4)).toThrow(RangeError);
    expect(() => formatAmount(1n, -1)).toThrow(RangeError);
    expect(() => formatAmount(1n, 1.5)).toThrow(RangeError);
  });
});

describe('amounts as JSON numbers', () => {
  it('come back exactly from the number they are sent as, up to 999,999,999,999.999', () => {
    fc.assert(
      fc.property(wireMilli, (milli) => {
        const wire = JSON.parse(JSON.stringify(amountToNumber(milli))) as number;
        expect(decimalPlaces(wire)).toBeLessThanOrEqual(3);
        expect(amountFromNumber(wire)).toBe(milli);
      }),
    );
    expect(amountFromNumber(amountToNumber(MAX_EXACT_WIRE_MILLI))).toBe(MAX_EXACT_WIRE_MILLI);
  });

  it('past that range, are refused rather than sent as a different amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MAX_EXACT_WIRE_MILLI, max: 10n ** 24n }), (milli) => {
        let wire: number;
        try {
          wire = amountToNumber(milli);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          return;
        }
        expect(amountFromNumber(wire)).toBe(milli);
      }),
    );
    expect(() => amountToNumber(12_345_678_901_234_567n)).toThrow(/too many digits/);
  });

  it('are read as exactly the decimal a double shows, or refused', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        let milli: bigint;
        try {
          milli = amountFromNumber(value);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          return;
        }
        // -0 and 0 are the same amount; every other number must come back bit for bit.
        expect(amountToNumber(milli) === value).toBe(true);
      }),
    );
  });

  it('with more than 3 decimals, or not finite, are refused', () => {
    expect(() => amountFromNumber(0.1 + 0.2)).toThrow(/3 decimal/);
    expect(() => amountFromNumber(1.2345)).toThrow(RangeError);
    expect(() => amountFromNumber(Number.NaN)).toThrow(RangeError);
    expect(() => amountFromNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => amountFromNumber(1e21)).toThrow(/too large/);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(12.5)).toBe(1);
  });
});
