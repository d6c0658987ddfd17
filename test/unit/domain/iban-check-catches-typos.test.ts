import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIban, normaliseIban } from '../../../shared/domain/bank-identifiers';

/**
 * BBAN shapes from the SWIFT IBAN registry for countries with no national check digit and no
 * mixed letter-or-digit positions ("n" digits, "a" letters), so that every typo is provably
 * caught: mod-97 catches a changed character of the same kind, the shape catches a letter
 * where a digit belongs and the reverse. (With mixed positions, swapping "B1" for "1B" keeps
 * the mod-97 remainder.)
 */
const SHAPES: Record<string, string> = {
  AE: 'n19',
  AT: 'n16',
  DE: 'n18',
  DK: 'n14',
  FI: 'n14',
  GB: 'a4 n14',
  IL: 'n19',
  IS: 'n22',
  LT: 'n16',
  NL: 'a4 n10',
  SE: 'n20',
};
/** IBAN lengths from the registry, written out rather than taken from the code under test. */
const LENGTHS: Record<string, number> = {
  AE: 23,
  AT: 20,
  DE: 22,
  DK: 18,
  FI: 18,
  GB: 22,
  IL: 23,
  IS: 26,
  LT: 20,
  NL: 18,
  SE: 24,
};

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = DIGITS + LETTERS;

/** Check digits computed here: 98 - (BBAN + country + "00", letters as 10-35) mod 97. */
function withCheckDigits(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

const block = (kind: string, length: number) =>
  fc
    .array(fc.constantFrom(...(kind === 'a' ? LETTERS : DIGITS)), {
      minLength: length,
      maxLength: length,
    })
    .map((chars) => chars.join(''));

const validIban = fc
  .constantFrom(...Object.keys(SHAPES))
  .chain((country) =>
    fc
      .tuple(
        ...(SHAPES[country] ?? '')
          .split(' ')
          .map((part) => block(part[0] ?? 'n', Number(part.slice(1)))),
      )
      .map((parts) => withCheckDigits(country, parts.join(''))),
  );

/**
 * France: bank (5 digits), branch (5), account (11; digits here, though letters are allowed) and
 * the RIB key, 97 - (89 bank + 15 branch + 3 account) mod 97, which ibantools checks as well.
 */
const validFrenchIban = fc
  .tuple(block('n', 5), block('n', 5), block('n', 11))
  .map(([bank, branch, account]) => {
    const weighted = 89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account);
    const key = String(97n - (weighted % 97n)).padStart(2, '0');
    return withCheckDigits('FR', `${bank}${branch}${account}${key}`);
  });

describe('checkIban', () => {
  it('accepts every IBAN whose check digits are right, and names its country', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        const country = iban.slice(0, 2);
        expect(iban).toHaveLength(LENGTHS[country] ?? -1);
        expect(checkIban(iban)).toEqual({ ok: true, value: iban, country });
      }),
    );
  });

  it('rejects any single mistyped character', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.constantFrom(...ALPHANUMERIC), (iban, at, typed) => {
        const index = at % iban.length;
        fc.pre(iban[index] !== typed);
        const typo = `${iban.slice(0, index)}${typed}${iban.slice(index + 1)}`;
        expect(checkIban(typo).ok).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });

  it('accepts French IBANs, whose account part has its own key, and rejects any digit mistyped', () => {
    fc.assert(
      fc.property(validFrenchIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        expect(iban).toHaveLength(27);
        expect(checkIban(iban)).toEqual({ ok: true, value: iban, country: 'FR' });
        const index = 2 + (at % 25);
        const typo = `${iban.slice(0, index)}${(Number(iban[index]) + shift) % 10}${iban.slice(index + 1)}`;
        expect(checkIban(typo).ok).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });

  it('rejects any two neighbouring characters swapped', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), (iban, at) => {
        const index = at % (iban.length - 1);
        const [a, b] = [iban[index] ?? '', iban[index + 1] ?? ''];
        fc.pre(a !== b);
        const swapped = `${iban.slice(0, index)}${b}${a}${iban.slice(index + 2)}`;
        expect(checkIban(swapped).ok).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });

  it('accepts an IBAN written in groups, with hyphens or no-break spaces, in any case', () => {
    const separator = fc.constantFrom('', ' ', '  ', '-', '\u00a0', '\u2013');
    fc.assert(
      fc.property(
        validIban,
        fc.array(fc.tuple(separator, fc.boolean()), { minLength: 34, maxLength: 34 }),
        (iban, styles) => {
          const written = [...iban]
            .map((char, i) => {
              const [before, lower] = styles[i] ?? ['', false];
              return `${before}${lower ? char.toLowerCase() : char}`;
            })
            .join('');
          expect(normaliseIban(written)).toBe(iban);
          expect(checkIban(` ${written} `)).toMatchObject({ ok: true, value: iban });
        },
      ),
    );
  });

  it('accepts the IBAN registry examples, including countries with national check digits', () => {
    for (const iban of [
      'AT611904300234573201',
      'BE68539007547034',
      'CH9300762011623852957',
      'CZ6508000000192000145399',
      'DE89370400440532013000',
      'ES9121000418450200051332',
      'FR1420041010050500013M02606',
      'GB82WEST12345698765432',
      'IE29AIBK93115212345678',
      'IT60X0542811101000000123456',
      'NL91ABNA0417164300',
      'NO9386011117947',
      'PL61109010140000071219812874',
      'PT50000201231234567890154',
    ]) {
      expect(checkIban(iban)).toEqual({ ok: true, value: iban, country: iban.slice(0, 2) });
    }
  });

  it('says what is wrong in words a finance person can act on', () => {
    const reason = (text: string) => {
      const result = checkIban(text);
      return result.ok ? 'accepted' : result.reason;
    };
    expect(reason('DE8937040044053201300')).toBe('a DE IBAN has 22 characters, this one has 21');
    expect(reason('DE89370400440532013001')).toMatch(/^IBAN check digits are wrong/);
    expect(reason('XX89370400440532013000')).toBe('XX is not an IBAN country');
    // An account number in an IBAN column.
    expect(reason('55779911')).toBe(
      'an IBAN starts with its country\'s two letters, such as GB or DE, not "55": if this is an account number, give it with its bank code instead',
    );
    expect(reason('US12345678')).toBe('US does not use IBANs');
    expect(reason('DEAB370400440532013000')).toMatch(/check digits, not "AB"/);
    expect(reason('GB82WEST1234569876543X')).toBe(
      'the account part does not have the format of a GB IBAN',
    );
    // Right IBAN check digits around a Belgian account number whose own check digits are wrong.
    expect(reason(withCheckDigits('BE', '539007547035'))).toBe(
      'the BE account number inside the IBAN has a wrong check digit',
    );
    expect(reason('   ')).toBe('the IBAN is empty');
    expect(reason('DE89 3704 0044 0532 0130 0!')).toMatch(/only letters and digits.*"!"/);
  });
});
