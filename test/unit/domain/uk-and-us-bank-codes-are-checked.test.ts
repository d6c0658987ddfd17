import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAbaRouting,
  checkSortCode,
  checkUkAccountNumber,
  normaliseAbaRouting,
  normaliseSortCode,
  normaliseUkAccountNumber,
} from '../../../shared/domain/bank-identifiers';

const digits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((d) => d.join(''));

const reason = (result: { ok: true } | { ok: false; reason: string }) =>
  result.ok ? 'accepted' : result.reason;

describe('UK sort codes', () => {
  it('are 6 digits, with or without separators', () => {
    fc.assert(
      fc.property(digits(6), fc.constantFrom('', '-', ' ', '\u2013'), (code, sep) => {
        const written = `${code.slice(0, 2)}${sep}${code.slice(2, 4)}${sep}${code.slice(4)}`;
        expect(checkSortCode(written)).toEqual({ ok: true, value: code });
        expect(normaliseSortCode(written)).toBe(code);
      }),
    );
  });

  it('get back the leading zero a spreadsheet dropped only when normalised', () => {
    expect(normaliseSortCode('12345')).toBe('012345');
    expect(reason(checkSortCode('12345'))).toBe('a sort code is 6 digits, such as 60-16-13');
    expect(checkSortCode(normaliseSortCode('12345'))).toEqual({ ok: true, value: '012345' });
  });

  it('are refused with an example when they are anything else', () => {
    for (const text of ['', '1234', '1234567', '12-34-5X', 'AB-CD-EF', '12.34.56']) {
      expect(reason(checkSortCode(text))).toBe('a sort code is 6 digits, such as 60-16-13');
    }
  });
});

describe('UK account numbers', () => {
  it('are 8 digits, with or without spaces or hyphens', () => {
    fc.assert(
      fc.property(digits(8), fc.constantFrom('', ' ', '-'), (number, sep) => {
        const written = `${number.slice(0, 4)}${sep}${number.slice(4)}`;
        expect(checkUkAccountNumber(written)).toEqual({ ok: true, value: number });
      }),
    );
  });

  it('take a leading zero when they have 7 digits, as UK banks pad them', () => {
    fc.assert(
      fc.property(digits(7), (number) => {
        expect(normaliseUkAccountNumber(number)).toBe(`0${number}`);
        expect(checkUkAccountNumber(number)).toEqual({ ok: true, value: `0${number}` });
      }),
    );
  });

  it('take two leading zeros when they have 6 digits, as UK banks pad them', () => {
    fc.assert(
      fc.property(digits(6), (number) => {
        expect(normaliseUkAccountNumber(number)).toBe(`00${number}`);
        expect(checkUkAccountNumber(number)).toEqual({ ok: true, value: `00${number}` });
      }),
    );
  });

  it('are refused when they are anything else', () => {
    for (const text of ['', '1', '1234', '31926', '319268190', '3192681X', '3192.6819']) {
      expect(reason(checkUkAccountNumber(text))).toBe('a UK account number is 8 digits');
    }
  });
});

describe('US ABA routing numbers', () => {
  /** Prefixes the Federal Reserve assigns: 00-12, 21-32, 61-72 and 80. */
  const prefix = fc
    .oneof(
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 21, max: 32 }),
      fc.integer({ min: 61, max: 72 }),
      fc.constant(80),
    )
    .map((n) => String(n).padStart(2, '0'));

  /** The check digit computed here: weights 3, 7, 1 over the first 8 digits. */
  const withCheckDigit = (eight: string) => {
    const weights = [3, 7, 1, 3, 7, 1, 3, 7];
    const sum = [...eight].reduce((total, d, i) => total + Number(d) * (weights[i] ?? 0), 0);
    return `${eight}${(10 - (sum % 10)) % 10}`;
  };

  const routing = fc
    .tuple(prefix, digits(6))
    .map(([head, rest]) => withCheckDigit(`${head}${rest}`))
    .filter((aba) => aba !== '000000000');

  it('accepts real routing numbers', () => {
    for (const aba of ['011000015', '021000021', '026009593', '121000248', '322271627']) {
      expect(checkAbaRouting(aba)).toEqual({ ok: true, value: aba });
    }
  });

  it('accepts every number with an assigned prefix and the right check digit', () => {
    fc.assert(
      fc.property(routing, (aba) => {
        expect(checkAbaRouting(aba)).toEqual({ ok: true, value: aba });
      }),
    );
  });

  it('rejects any single changed digit', () => {
    fc.assert(
      fc.property(
        routing,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (aba, at, shift) => {
          const typo = `${aba.slice(0, at)}${(Number(aba[at]) + shift) % 10}${aba.slice(at + 1)}`;
          expect(checkAbaRouting(typo).ok).toBe(false);
        },
      ),
    );
  });

  it('restores the leading zeros a spreadsheet dropped, but does not invent a number', () => {
    expect(normaliseAbaRouting('21000021')).toBe('021000021');
    expect(normaliseAbaRouting('11000015')).toBe('011000015');
    expect(normaliseAbaRouting('021-000-021')).toBe('021000021');
    expect(normaliseAbaRouting('0')).toBe('0');
    expect(reason(checkAbaRouting(normaliseAbaRouting('0')))).toBe(
      'a US routing number is 9 digits, such as 021000021',
    );
  });

  it('says what is wrong', () => {
    expect(reason(checkAbaRouting('000000000'))).toBe('000000000 is not a routing number');
    expect(reason(checkAbaRouting(withCheckDigit('50000000')))).toBe(
      'a US routing number starts with 00-12, 21-32, 61-72 or 80, not 50',
    );
    expect(reason(checkAbaRouting('021000022'))).toMatch(
      /^the routing number check digit is wrong/,
    );
    expect(reason(checkAbaRouting('02100002'))).toMatch(/is 9 digits/);
  });
});
