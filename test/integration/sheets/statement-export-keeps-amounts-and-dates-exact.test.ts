import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ABOUT_SHEET,
  amountFormat,
  DATE_TIME_FORMAT,
  decimalText,
  STATEMENT_COLUMNS,
  STATEMENT_SHEET,
  writeStatement,
  type StatementInput,
} from '../../../electron/core/sheets/writing/statement-export';
import { amountToNumber, MAX_EXACT_WIRE_MILLI, parseAmount } from '../../../shared/domain/money';
import type { StatementItem } from '../../../shared/service/wallet';
import { xlsxParts } from '../../support/xlsx-parts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-statement-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function item(overrides: Partial<StatementItem>): StatementItem {
  return {
    type: 'statement_item',
    id: 'item-1',
    description: 'Salary Jane Smith',
    execution_id: 'exec-1',
    date: '2026-11-02T09:30:00Z',
    action: 'DEBIT',
    debit: { amount: 2450.5, currency: 'GBP' },
    credit: { amount: 2450.5, currency: 'GBP' },
    fees: 0.35,
    rate: 1,
    balance: 1234567.89,
    counterpart: { name: 'Jane Smith' },
    user_tags: {},
    tags: {},
    ...overrides,
  };
}

const INPUT: StatementInput = {
  wallet: { id: 'wallet-gbp', name: 'Payroll GBP', currency: 'GBP' },
  start: '2026-11-01T00:00:00Z',
  end: '2026-11-30T23:59:59Z',
  items: [
    item({}),
    item({
      id: 'item-2',
      // An instant given with an offset: 23:45 in Riyadh is 20:45 UTC.
      date: '2026-11-03T23:45:00+03:00',
      description: 'Supplier in Japan',
      debit: { amount: 0.3, currency: 'GBP' },
      credit: { amount: 1200, currency: 'JPY' },
      fees: 0.1,
      rate: 187.654321,
      balance: 1234567.59,
      counterpart: { bank_details: { account_name: 'Tanaka KK' } },
    }),
    item({
      id: 'item-3',
      date: '2026-11-04T00:00:00Z',
      action: 'CREDIT',
      description: 'Refund from Bahrain',
      debit: { amount: 1.25, currency: 'BHD' },
      credit: { amount: 3.07, currency: 'GBP' },
      fees: 0,
      balance: 1234570.66,
      counterpart: { id: 'contact-9' },
    }),
  ],
};

describe('a statement as xlsx', () => {
  it('keeps row 1 the header and the wallet and period on an About sheet', async () => {
    const path = join(dir, 'statement.xlsx');
    expect(await writeStatement(path, INPUT)).toEqual({ rows: 3 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([STATEMENT_SHEET, ABOUT_SHEET]);
    const sheet = workbook.getWorksheet(STATEMENT_SHEET);
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual([...STATEMENT_COLUMNS]);
    const about = workbook.getWorksheet(ABOUT_SHEET);
    const facts = [1, 2, 3, 4, 5, 6].map((row) =>
      (about?.getRow(row).values as unknown[]).slice(1),
    );
    expect(facts).toEqual([
      ['Wallet', 'Payroll GBP'],
      ['Wallet id', 'wallet-gbp'],
      ['Currency', 'GBP'],
      ['Period start', '2026-11-01'],
      ['Period end', '2026-11-30T23:59:59Z'],
      ['Items', 3],
    ]);
  });

  it('names a period that ends with a whole day by that day, and one that ends at its midnight by the instant', async () => {
    const periodEnd = async (end: string) => {
      const path = join(dir, 'period.xlsx');
      await writeStatement(path, { ...INPUT, start: '2026-11-01T00:00:00.000Z', end });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path);
      return workbook.getWorksheet(ABOUT_SHEET)?.getRow(5).getCell(2).value;
    };
    expect(await periodEnd('2026-11-05T23:59:59.999Z')).toBe('2026-11-05');
    expect(await periodEnd('2026-11-05T00:00:00.000Z')).toBe('2026-11-05T00:00:00Z');
    expect(await periodEnd('2026-11-05T19:08:00.000Z')).toBe('2026-11-05T19:08:00Z');
  });

  it('writes dates as date cells showing the UTC time, amounts as the exact numbers', async () => {
    const path = join(dir, 'exact.xlsx');
    await writeStatement(path, INPUT);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(STATEMENT_SHEET);
    const cell = (row: number, column: (typeof STATEMENT_COLUMNS)[number]) =>
      sheet?.getCell(row, STATEMENT_COLUMNS.indexOf(column) + 1);

    expect(cell(2, 'Date (UTC)')?.value).toEqual(new Date('2026-11-02T09:30:00Z'));
    expect(cell(3, 'Date (UTC)')?.value).toEqual(new Date('2026-11-03T20:45:00Z'));
    expect(cell(4, 'Date (UTC)')?.value).toEqual(new Date('2026-11-04T00:00:00Z'));
    expect(cell(2, 'Date (UTC)')?.numFmt).toBe(DATE_TIME_FORMAT);

    // From the wallet's side: a payout is Out, a refund In, one of them per line; the other
    // end of each, in its own currency, is the counterpart's.
    expect(cell(3, 'Out')?.value).toBe(0.3);
    expect(cell(3, 'In')?.value).toBeNull();
    expect(cell(3, 'Counterpart amount')?.value).toBe(1200);
    expect(cell(3, 'Rate')?.value).toBe(187.654321);
    expect(cell(4, 'Out')?.value).toBeNull();
    expect(cell(4, 'In')?.value).toBe(3.07);
    expect(cell(4, 'Counterpart amount')?.value).toBe(1.25);
    expect(cell(2, 'Balance')?.value).toBe(1234567.89);

    expect(cell(3, 'Out')?.numFmt).toBe('#,##0.00');
    expect(cell(3, 'Counterpart amount')?.numFmt).toBe('#,##0');
    expect(cell(4, 'In')?.numFmt).toBe('#,##0.00');
    expect(cell(4, 'Counterpart amount')?.numFmt).toBe('#,##0.000');
    expect(cell(4, 'Fees')?.numFmt).toBe('#,##0.000');
    expect(cell(4, 'Balance')?.numFmt).toBe('#,##0.00');

    expect(cell(2, 'Counterpart')?.value).toBe('Jane Smith');
    expect(cell(3, 'Counterpart')?.value).toBe('Tanaka KK');
    expect(cell(4, 'Counterpart')?.value).toBe('contact-9');

    // What Excel reads: each amount's own shortest decimal, no float noise from arithmetic.
    const xml = xlsxParts(path)['xl/worksheets/sheet1.xml'] ?? '';
    for (const text of ['0.3', '0.1', '1234567.89', '1234570.66', '187.654321', '3.07']) {
      expect(xml).toContain(`<v>${text}</v>`);
    }
  });

  it('writes an empty statement as its header alone', async () => {
    const path = join(dir, 'empty.xlsx');
    expect(await writeStatement(path, { ...INPUT, items: [] })).toEqual({ rows: 0 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.getWorksheet(STATEMENT_SHEET)?.rowCount).toBe(1);
  });
});

describe('a statement as CSV', () => {
  it('writes ISO 8601 UTC dates and plain decimals with the currency decimals', async () => {
    const path = join(dir, 'statement.csv');
    expect(await writeStatement(path, INPUT)).toEqual({ rows: 3 });
    const records = parse(await readFile(path, 'utf8'), { bom: true }) as string[][];
    expect(records[0]).toEqual([...STATEMENT_COLUMNS]);
    expect(records.slice(1)).toEqual([
      [
        '2026-11-02T09:30:00Z',
        'DEBIT',
        'Salary Jane Smith',
        'Jane Smith',
        '2450.50',
        '',
        'GBP',
        '2450.50',
        'GBP',
        '0.35',
        'GBP',
        '1',
        '1234567.89',
        'exec-1',
        'item-1',
      ],
      [
        '2026-11-03T20:45:00Z',
        'DEBIT',
        'Supplier in Japan',
        'Tanaka KK',
        '0.30',
        '',
        'GBP',
        '1200',
        'JPY',
        '0.10',
        'GBP',
        '187.654321',
        '1234567.59',
        'exec-1',
        'item-2',
      ],
      [
        '2026-11-04T00:00:00Z',
        'CREDIT',
        'Refund from Bahrain',
        'contact-9',
        '',
        '3.07',
        'GBP',
        '1.250',
        'BHD',
        '0.000',
        'BHD',
        '1',
        '1234570.66',
        'exec-1',
        'item-3',
      ],
    ]);
  });
});

describe('amount text and formats', () => {
  it('pad to the currency decimals and never round or lose a digit', () => {
    expect(decimalText(12.5, 2)).toBe('12.50');
    expect(decimalText(1200, 0)).toBe('1200');
    expect(decimalText(0.1, 3)).toBe('0.100');
    expect(decimalText(-0.5, 2)).toBe('-0.50');
    expect(decimalText(12.345, 2)).toBe('12.345');
    expect(decimalText(7, undefined)).toBe('7');
    expect(decimalText(1e21, 2)).toBe('1000000000000000000000.00');
  });

  it('read back as exactly the amount that was sent, for any amount the wire carries', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_EXACT_WIRE_MILLI, max: MAX_EXACT_WIRE_MILLI }),
        fc.integer({ min: 0, max: 3 }),
        (milli, places) => {
          const text = decimalText(amountToNumber(milli), places);
          expect(text).not.toMatch(/[,e]/i);
          expect(parseAmount(text)).toBe(milli);
          const fraction = text.split('.')[1] ?? '';
          expect(fraction.length).toBeGreaterThanOrEqual(places);
        },
      ),
    );
  });

  it('show each currency with its minor units in Excel', () => {
    expect(amountFormat('GBP')).toBe('#,##0.00');
    expect(amountFormat('JPY')).toBe('#,##0');
    expect(amountFormat('BHD')).toBe('#,##0.000');
    expect(amountFormat('XYZ')).toBe('General');
  });
});
