import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAbaRouting,
  checkBic,
  checkIban,
  checkSortCode,
  checkUkAccountNumber,
  normaliseAbaRouting,
  normaliseSortCode,
  normaliseUkAccountNumber,
} from '../../../shared/domain/bank-identifiers';

/** IBAN check digits computed here, independently: mod 97 of BBAN + country + "00". */
function withCheckDigits(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(digits) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

const digits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((d) => d.join(''));

// BBAN shapes where any digits form a valid account (no national check digit), by country.
const bbans = fc.oneof(
  digits(18).map((bban) => ['DE', bban] as const),
  fc
    .tuple(fc.constantFrom('NWBK', 'BARC', 'MIDL'), digits(14))
    .map(([bank, rest]) => ['GB', `${bank}${rest}`] as const),
  fc
    .tuple(fc.constantFrom('ABNA', 'INGB', 'RABO'), digits(10))
    .map(([bank, rest]) => ['NL', `${bank}${rest}`] as const),
);

describe('IBAN', () => {
  it('accepts known IBANs, with spaces and in lower case', () => {
    for (const iban of [
      'GB82WEST12345698765432',
      'DE89370400440532013000',
      'NL91ABNA0417164300',
      'FR1420041010050500013M02606',
    ]) {
      expect(checkIban(iban)).toMatchObject({ ok: true, value: iban, country: iban.slice(0, 2) });
    }
    expect(checkIban('gb82 west 1234 5698 7654 32')).toMatchObject({
      ok: true,
      value: 'GB82WEST12345698765432',
    });
  });

  it('accepts every IBAN whose check digits are right', () => {
    fc.assert(
      fc.property(bbans, ([country, bban]) => {
        expect(checkIban(withCheckDigits(country, bban)).ok).toBe(true);
      }),
    );
  });

  it('rejects any single mistyped digit', () => {
    fc.assert(
      fc.property(bbans, fc.nat(), fc.integer({ min: 1, max: 9 }), ([country, bban], at, shift) => {
        const iban = withCheckDigits(country, bban);
        const positions = [...iban].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 2);
        const index = positions[at % positions.length] as number;
        const typo = `${iban.slice(0, index)}${(Number(iban[index]) + shift) % 10}${iban.slice(index + 1)}`;
        const result = checkIban(typo);
        expect(result.ok).toBe(false);
      }),
    );
  });

  it('says what is wrong', () => {
    expect(checkIban('DE8937040044053201300')).toEqual({
      ok: false,
      reason: 'a DE IBAN has 22 characters, this one has 21',
    });
    expect(checkIban('DE89370400440532013001')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/check digits/),
    });
    expect(checkIban('US12345678')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/US/),
    });
  });
});

describe('BIC', () => {
  it('accepts 8- and 11-character BICs and rejects malformed ones', () => {
    for (const bic of ['DEUTDEFF', 'DEUTDEFF500', 'NWBKGB2L', 'nwbk gb2l'])
      expect(checkBic(bic).ok).toBe(true);
    for (const bic of ['DEUTDE', 'DEU1DEFF', 'DEUTXXFF', 'DEUTDEFF5'])
      expect(checkBic(bic).ok).toBe(false);
  });
});

describe('UK sort codes and account numbers', () => {
  it('accepts 6 digits with or without separators, and restores a zero Excel dropped only when normalising', () => {
    expect(checkSortCode('60-16-13')).toEqual({ ok: true, value: '601613' });
    expect(checkSortCode('60 16 13')).toEqual({ ok: true, value: '601613' });
    expect(checkSortCode('12345').ok).toBe(false);
    expect(normaliseSortCode('12345')).toBe('012345');
    expect(checkUkAccountNumber('31926819')).toEqual({ ok: true, value: '31926819' });
    expect(checkUkAccountNumber('3192681').ok).toBe(false);
    expect(normaliseUkAccountNumber('3192681')).toBe('03192681');
  });
});

describe('US ABA routing numbers', () => {
  const withCheckDigit = (eight: string) => {
    const weights = [3, 7, 1, 3, 7, 1, 3, 7];
    const sum = [...eight].reduce((total, d, i) => total + Number(d) * (weights[i] as number), 0);
    return `${eight}${(10 - (sum % 10)) % 10}`;
  };

  it('accepts real routing numbers', () => {
    for (const aba of ['011000015', '021000021', '026009593'])
      expect(checkAbaRouting(aba)).toEqual({ ok: true, value: aba });
    expect(normaliseAbaRouting('21000021')).toBe('021000021');
  });

  it('accepts every number with the right check digit and rejects any single changed digit', () => {
    fc.assert(
      fc.property(
        digits(8),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (eight, at, shift) => {
          const aba = withCheckDigit(eight);
          expect(checkAbaRouting(aba).ok).toBe(true);
          const typo = `${aba.slice(0, at)}${(Number(aba[at]) + shift) % 10}${aba.slice(at + 1)}`;
          expect(checkAbaRouting(typo).ok).toBe(false);
        },
      ),
    );
  });
});
