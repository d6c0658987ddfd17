import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellAccountNumber,
  cellBankCode,
  type LeadingZeroScheme,
  restoreLeadingZeros,
  SCHEME_DIGITS,
} from '../../../electron/core/sheets/coercion/cell-bank-codes';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';
import { checkAbaRouting, checkIban } from '../../../shared/domain/bank-identifiers';

const text = (value: string): CellValue => ({ kind: 'text', text: value });
const number = (value: number, format?: string): CellValue =>
  format === undefined ? { kind: 'number', value } : { kind: 'number', value, format };

describe('account numbers', () => {
  it('lose spaces and hyphens and keep letters as written', () => {
    expect(cellAccountNumber(text(' 3141-5926 '))).toEqual({ ok: true, value: '31415926' });
    expect(cellAccountNumber(text('GB29 NWBK 6016 1331 9268 19'))).toEqual({
      ok: true,
      value: 'GB29NWBK60161331926819',
    });
    expect(cellAccountNumber(text('gb29\u00A0nwbk'))).toEqual({ ok: true, value: 'gb29nwbk' });
    expect(cellAccountNumber(text('01234567'))).toEqual({ ok: true, value: '01234567' });
  });

  it('leave the IBAN to normaliseIban and its check', () => {
    const value = cellAccountNumber(text('de89 3704 0044 0532 0130 00'));
    expect(value.ok && value.value !== null && checkIban(value.value).ok).toBe(true);
  });

  it('lose the spreadsheet\'s text wrappers: ="…" and a leading apostrophe', () => {
    expect(cellAccountNumber(text('="01234567"'))).toEqual({ ok: true, value: '01234567' });
    expect(cellAccountNumber(text("'01234567"))).toEqual({ ok: true, value: '01234567' });
  });

  it('read a number cell as its digits, with the zeros its format shows', () => {
    expect(cellAccountNumber(number(31415926))).toEqual({ ok: true, value: '31415926' });
    expect(cellAccountNumber(number(1234567, '00000000'))).toEqual({ ok: true, value: '01234567' });
    expect(cellAccountNumber(number(123456789012345))).toEqual({
      ok: true,
      value: '123456789012345',
    });
  });

  it('refuse numbers that lost digits and say to format the column as Text', () => {
    expect(cellAccountNumber(number(1234567890123456))).toEqual({
      ok: false,
      message:
        'Excel shows the account number as 1.23457E+15 and kept only its first 15 digits: ' +
        'format the column as Text and type the account numbers again',
    });
    expect(cellAccountNumber(number(2 ** 53 + 2))).toMatchObject({ ok: false });
    expect(cellAccountNumber(number(1e20))).toMatchObject({
      message: expect.stringContaining('1E+20'),
    });
    expect(cellAccountNumber(number(12345.5))).toEqual({
      ok: false,
      message:
        '12345.5 is not an account number: format the column as Text and type the account numbers again',
    });
    expect(cellAccountNumber(number(-12)).ok).toBe(false);
  });

  it('refuse a cell Excel turned into a date, and other cells that hold no account', () => {
    expect(cellAccountNumber({ kind: 'date', date: '2013-01-06' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Excel took the account number for a date (2013-01-06)'),
    });
    expect(cellAccountNumber({ kind: 'boolean', value: true }).ok).toBe(false);
    expect(cellAccountNumber({ kind: 'error', code: '#N/A' }).ok).toBe(false);
    expect(cellAccountNumber({ kind: 'empty' })).toEqual({ ok: true, value: null });
    expect(cellAccountNumber(text(' - '))).toEqual({ ok: true, value: null });
  });
});

describe('bank codes', () => {
  it('read sort codes and routing numbers with any separators as digits', () => {
    for (const form of ['60-16-13', '60 16 13', '60–16–13', '601613', ' 60\u00A016\u00A013 ']) {
      expect(cellBankCode(text(form)), form).toEqual({ ok: true, value: '601613' });
    }
    expect(cellBankCode(number(601613))).toEqual({ ok: true, value: '601613' });
    expect(cellBankCode(number(60113))).toEqual({ ok: true, value: '60113' });
    expect(cellBankCode(text('HDFC0000123'))).toEqual({ ok: true, value: 'HDFC0000123' });
  });

  it('refuse a sort code Excel took for a date', () => {
    expect(cellBankCode({ kind: 'date', date: '2013-01-06' })).toEqual({
      ok: false,
      message:
        'Excel took the bank code for a date (2013-01-06): format the column as Text and type the bank codes again',
    });
  });
});

describe('restoreLeadingZeros', () => {
  it('pads digits shorter than the scheme and leaves everything else', () => {
    expect(restoreLeadingZeros('12345', 'uk_sort_code')).toBe('012345');
    expect(restoreLeadingZeros('1234567', 'uk_account')).toBe('01234567');
    expect(restoreLeadingZeros('21000021', 'us_routing')).toBe('021000021');
    expect(restoreLeadingZeros('518', 'us_routing')).toBe('000000518');
    expect(restoreLeadingZeros('1234567', 'uk_sort_code')).toBe('1234567');
    expect(restoreLeadingZeros('601613', 'uk_sort_code')).toBe('601613');
    expect(restoreLeadingZeros('12a45', 'uk_sort_code')).toBe('12a45');
    expect(restoreLeadingZeros('', 'uk_account')).toBe('');
  });

  it('gives back a routing number that then passes its check', () => {
    const digits = cellBankCode(number(21000021));
    expect(
      digits.ok &&
        digits.value !== null &&
        checkAbaRouting(restoreLeadingZeros(digits.value, 'us_routing')).ok,
    ).toBe(true);
  });

  it('restores any code whose leading zeros Excel dropped, from the number or its CSV text', () => {
    const scheme = fc.constantFrom<LeadingZeroScheme>('uk_sort_code', 'uk_account', 'us_routing');
    const code = scheme.chain((s) =>
      fc
        .tuple(
          fc.integer({ min: 0, max: SCHEME_DIGITS[s] }),
          fc.string({
            unit: fc.constantFrom(...'0123456789'),
            minLength: SCHEME_DIGITS[s],
            maxLength: SCHEME_DIGITS[s],
          }),
        )
        .map(([zeros, digits]) => ({ scheme: s, digits: '0'.repeat(zeros) + digits.slice(zeros) })),
    );
    fc.assert(
      fc.property(code, ({ scheme: s, digits }) => {
        const stored = Number(digits);
        for (const cell of [number(stored), text(String(stored))]) {
          const read = s === 'uk_account' ? cellAccountNumber(cell) : cellBankCode(cell);
          expect(read.ok && read.value !== null && restoreLeadingZeros(read.value, s)).toBe(digits);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
