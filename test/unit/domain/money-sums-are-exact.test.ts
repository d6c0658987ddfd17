import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, sumAmounts } from '../../../shared/domain/money';

/** An amount as a person types it: optional minus, whole part, 0 to 3 decimals. */
const writtenAmount = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 12n }),
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([negative, whole, places, fraction]) => {
    const decimals = String(fraction).padStart(3, '0').slice(0, places);
    return `${negative ? '-' : ''}${whole}${places > 0 ? `.${decimals}` : ''}`;
  });

/** The reference, worked out on the text alone: drop the point, pad to 3 decimals, read digits. */
function thousandthsOf(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = text.replace('-', '').split('.');
  const digits = BigInt(`${whole}${fraction.padEnd(3, '0')}`);
  return negative ? -digits : digits;
}

function sumOfTexts(texts: readonly string[]): bigint {
  return sumAmounts(texts.map((text) => parseAmount(text) as bigint));
}

describe('sums of amounts', () => {
  it('equal the integer sum of the decimals as written, for lists of any length', () => {
    fc.assert(
      fc.property(fc.array(writtenAmount, { maxLength: 2_000 }), (texts) => {
        const reference = texts.reduce((total, text) => total + thousandthsOf(text), 0n);
        expect(sumOfTexts(texts)).toBe(reference);
      }),
      { numRuns: 200 },
    );
  });

  it('stay exact for 100,000 amounts at a time', () => {
    fc.assert(
      fc.property(fc.array(writtenAmount, { minLength: 100_000, maxLength: 100_000 }), (texts) => {
        const reference = texts.reduce((total, text) => total + thousandthsOf(text), 0n);
        expect(sumOfTexts(texts)).toBe(reference);
      }),
      { numRuns: 3 },
    );
  });

  it('stay exact where binary floating point drifts', () => {
    const tenths = Array.from({ length: 10 }, () => '0.1');
    expect(formatAmount(sumOfTexts(tenths), 2)).toBe('1.00');
    expect(tenths.map(Number).reduce((a, b) => a + b)).not.toBe(1);

    const cents = Array.from({ length: 100_000 }, () => '0.01');
    expect(formatAmount(sumOfTexts(cents), 2)).toBe('1000.00');
    expect(cents.map(Number).reduce((a, b) => a + b)).not.toBe(1000);
  });

  it('of nothing is zero', () => {
    expect(sumAmounts([])).toBe(0n);
  });
});
