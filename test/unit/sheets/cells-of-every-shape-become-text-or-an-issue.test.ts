import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellAmount } from '../../../electron/core/sheets/coercion/cell-amounts';
import {
  cellAccountNumber,
  cellBankCode,
} from '../../../electron/core/sheets/coercion/cell-bank-codes';
import { cellBoolean } from '../../../electron/core/sheets/coercion/cell-boolean';
import { cellCode } from '../../../electron/core/sheets/coercion/cell-codes';
import type { Coerced } from '../../../electron/core/sheets/coercion/cell-coerced';
import { cellDate } from '../../../electron/core/sheets/coercion/cell-dates';
import { cellText, plainDecimal } from '../../../electron/core/sheets/coercion/cell-text';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';

const text = (value: string): CellValue => ({ kind: 'text', text: value });
const number = (value: number, format?: string): CellValue =>
  format === undefined ? { kind: 'number', value } : { kind: 'number', value, format };

describe('text cells', () => {
  it('lose white space, no-break spaces and zero-width characters at the ends only', () => {
    expect(cellText(text('  Ada Lovelace  '))).toEqual({ ok: true, value: 'Ada Lovelace' });
    expect(cellText(text('\u00A0Ada\u00A0'))).toEqual({ ok: true, value: 'Ada' });
    expect(cellText(text('\u200BAda\u200D\uFEFF\u2060'))).toEqual({ ok: true, value: 'Ada' });
    expect(cellText(text('\tAda\r\n'))).toEqual({ ok: true, value: 'Ada' });
    expect(cellText(text('Ada  \u00A0Lovelace'))).toEqual({
      ok: true,
      value: 'Ada  \u00A0Lovelace',
    });
  });

  it('keep Unicode exactly as written', () => {
    const decomposed = 'Zoe\u0301 Ło\u0308ffler 株式会社';
    expect(cellText(text(decomposed))).toEqual({ ok: true, value: decomposed });
  });

  it('that hold only spaces are empty', () => {
    expect(cellText(text(' \u00A0\u200B '))).toEqual({ ok: true, value: null });
    expect(cellText(text(''))).toEqual({ ok: true, value: null });
    expect(cellText({ kind: 'empty' })).toEqual({ ok: true, value: null });
  });
});

describe('number cells', () => {
  it('show their shortest decimal, never an exponent', () => {
    expect(cellText(number(12345678901))).toEqual({ ok: true, value: '12345678901' });
    expect(cellText(number(1e21))).toEqual({ ok: true, value: `1${'0'.repeat(21)}` });
    expect(cellText(number(1.5e-7))).toEqual({ ok: true, value: '0.00000015' });
    expect(cellText(number(12.5))).toEqual({ ok: true, value: '12.5' });
    expect(cellText(number(-3))).toEqual({ ok: true, value: '-3' });
    expect(cellText(number(-0))).toEqual({ ok: true, value: '0' });
    expect(cellText(number(0.1 + 0.2))).toEqual({ ok: true, value: '0.30000000000000004' });
  });

  it('show the leading zeros of a zeros-only number format', () => {
    expect(cellText(number(12345, '000000'))).toEqual({ ok: true, value: '012345' });
    expect(cellText(number(12345, '0.00'))).toEqual({ ok: true, value: '12345' });
    expect(cellText(number(1234567, '000'))).toEqual({ ok: true, value: '1234567' });
  });

  it('that are not finite are an issue', () => {
    expect(cellText(number(Number.NaN)).ok).toBe(false);
    expect(cellText(number(Infinity)).ok).toBe(false);
  });

  it('write any double as a plain decimal with the same value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const plain = plainDecimal(value);
        expect(plain).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(plain)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('dates, booleans, errors and formulas', () => {
  it('show dates as YYYY-MM-DD and booleans as TRUE and FALSE', () => {
    expect(cellText({ kind: 'date', date: '2030-01-31', time: '09:00' })).toEqual({
      ok: true,
      value: '2030-01-31',
    });
    expect(cellText({ kind: 'boolean', value: true })).toEqual({ ok: true, value: 'TRUE' });
    expect(cellText({ kind: 'boolean', value: false })).toEqual({ ok: true, value: 'FALSE' });
  });

  it('refuse an error cell and name the error it shows', () => {
    expect(cellText({ kind: 'error', code: '#N/A' })).toEqual({
      ok: false,
      message:
        'the cell shows #N/A, an error instead of a value: correct the formula or type the value',
    });
  });

  it('refuse a formula saved without its result and say how to store it', () => {
    expect(cellText({ kind: 'formula', formula: 'SUM(B2:B9)' })).toEqual({
      ok: false,
      message:
        'the cell holds a formula Excel has not calculated (=SUM(B2:B9)); ' +
        'open the file in Excel and save it, or type the value',
    });
    // A cell that shares another cell's formula (t="shared") writes no formula of its own.
    expect(cellText({ kind: 'formula', formula: '' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^the cell holds a formula Excel has not calculated; open/),
    });
  });
});

describe('every coercion', () => {
  const anyCell: fc.Arbitrary<CellValue> = fc.oneof(
    fc.constant<CellValue>({ kind: 'empty' }),
    fc.string({ unit: 'grapheme' }).map((t): CellValue => ({ kind: 'text', text: t })),
    fc
      .string({ unit: fc.constantFrom(..."0123456789 .,-/£€$()'ABCDEFGHIJKLMNOPQRSTUVWXYZabc:T") })
      .map((t): CellValue => ({ kind: 'text', text: t })),
    fc.double().map((value): CellValue => ({ kind: 'number', value })),
    fc.integer().map((value): CellValue => ({ kind: 'number', value, format: '000000' })),
    fc
      .date({
        min: new Date(Date.UTC(1900, 0, 1)),
        max: new Date(Date.UTC(9999, 11, 31)),
        noInvalidDate: true,
      })
      .map((d): CellValue => ({ kind: 'date', date: d.toISOString().slice(0, 10) })),
    fc.boolean().map((value): CellValue => ({ kind: 'boolean', value })),
    fc.constantFrom('#N/A', '#REF!', '#VALUE!').map((code): CellValue => ({ kind: 'error', code })),
    fc.string().map((formula): CellValue => ({ kind: 'formula', formula })),
    // A kind no reader produces: the types forbid it, the coercions still answer in words.
    fc.object().map((o) => ({ ...o, kind: 'spill' }) as unknown as CellValue),
  );
  const coercions: [string, (cell: CellValue) => Coerced<unknown>][] = [
    ['cellText', cellText],
    ['cellDate', (cell) => cellDate(cell, { date1904: false })],
    ['cellAmount', cellAmount],
    ['cellAccountNumber', cellAccountNumber],
    ['cellBankCode', cellBankCode],
    ['cellBoolean', cellBoolean],
    ['cellCode', cellCode],
  ];

  it('answers a value or a message for any cell, never "[object Object]" and never a throw', () => {
    fc.assert(
      fc.property(anyCell, (cell) => {
        for (const [name, coerce] of coercions) {
          const answer = coerce(cell);
          const shown = JSON.stringify(answer, (_key, v: unknown) =>
            typeof v === 'bigint' ? v.toString() : v,
          );
          expect(shown, name).not.toContain('[object');
          if (!answer.ok) expect(answer.message.length, name).toBeGreaterThan(10);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
