import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideByRate, multiplyByRate, roundToPlaces } from '../../../shared/domain/money';

// Small amounts too: that is where rounding twice (to thousandths, then cents) shows.
const milli = fc.oneof(
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
);
const places = fc.integer({ min: 0, max: 3 });
const stepOf = (p: number) => 10n ** BigInt(3 - p);

/** A rate as text with 0 to 8 decimals, and its exact value as digits / 10^decimals. */
const rate = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.integer({ min: 0, max: 8 }), fc.bigInt())
  .map(([whole, decimals, noise]) => {
    const fraction = (noise < 0n ? -noise : noise).toString().padStart(8, '0').slice(0, decimals);
    const text = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
    return { text, digits: BigInt(`${whole}${fraction}`), scale: 10n ** BigInt(decimals) };
  });

/**
 * The reference: n / d (d > 0) to the nearest integer, ties to even, by floor division and a
 * remainder in [0, d), a different route from the code under test.
 */
function nearestEven(n: bigint, d: bigint): bigint {
  let quotient = n / d;
  let remainder = n % d;
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += d;
  }
  const twice = remainder * 2n;
  if (twice > d || (twice === d && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

describe('rounding to 0 to 3 decimals', () => {
  it('lands on the nearest multiple of the step, and on the even one at a tie', () => {
    fc.assert(
      fc.property(milli, places, (amount, p) => {
        const step = stepOf(p);
        const rounded = roundToPlaces(amount, p);
        expect(rounded % step).toBe(0n);
        const distance = rounded > amount ? rounded - amount : amount - rounded;
        expect(distance * 2n <= step).toBe(true);
        if (distance * 2n === step) expect((rounded / step) % 2n).toBe(0n);
      }),
    );
  });

  it('is symmetric around zero and changes nothing the second time', () => {
    fc.assert(
      fc.property(milli, places, (amount, p) => {
        const rounded = roundToPlaces(amount, p);
        expect(roundToPlaces(-amount, p)).toBe(-rounded);
        expect(roundToPlaces(rounded, p)).toBe(rounded);
      }),
    );
  });

  it('sends halves to the even neighbour', () => {
    expect(roundToPlaces(2125n, 2)).toBe(2120n);
    expect(roundToPlaces(2135n, 2)).toBe(2140n);
    expect(roundToPlaces(-2125n, 2)).toBe(-2120n);
    expect(roundToPlaces(2500n, 0)).toBe(2000n);
    expect(roundToPlaces(3500n, 0)).toBe(4000n);
    expect(roundToPlaces(2501n, 0)).toBe(3000n);
  });
});

describe('converting at a decimal rate', () => {
  it('multiplies like exact rational arithmetic rounded once, half to even', () => {
    fc.assert(
      fc.property(milli, rate, places, (amount, r, p) => {
        const step = stepOf(p);
        const expected = nearestEven(amount * r.digits, r.scale * step) * step;
        expect(multiplyByRate(amount, r.text, p)).toBe(expected);
      }),
      { numRuns: 1_000 },
    );
  });

  it('divides like exact rational arithmetic rounded once, half to even', () => {
    fc.assert(
      fc.property(milli, rate, places, (amount, r, p) => {
        fc.pre(r.digits !== 0n);
        const step = stepOf(p);
        const expected = nearestEven(amount * r.scale, r.digits * step) * step;
        expect(divideByRate(amount, r.text, p)).toBe(expected);
      }),
      { numRuns: 1_000 },
    );
  });

  it('does not round twice: 0.001 x 5.4 is 0.0054, which is 0.01 to the cent', () => {
    expect(multiplyByRate(1n, '5.4', 2)).toBe(10n);
    expect(divideByRate(1n, '0.185185', 2)).toBe(10n);
  });

  it('refuses rates that are not plain decimals, and a zero divisor', () => {
    expect(() => multiplyByRate(1000n, '1e3', 2)).toThrow(RangeError);
    expect(() => multiplyByRate(1000n, '-1.5', 2)).toThrow(RangeError);
    expect(() => divideByRate(1000n, '0.000', 2)).toThrow(/zero rate/);
  });
});
