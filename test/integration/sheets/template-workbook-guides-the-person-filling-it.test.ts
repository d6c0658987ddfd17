import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELDS, type FieldId } from '../../../electron/core/sheets/understanding/fields';
import { columnLetter } from '../../../electron/core/sheets/reading/sheet-types';
import {
  LISTS_SHEET,
  TEMPLATE_SHEET,
  VALIDATED_ROWS,
  writeTemplateCsv,
  writeTemplateWorkbook,
} from '../../../electron/core/sheets/writing/template-workbook';
import { COUNTRY_CODES } from '../../../shared/domain/countries';
import { CURRENCY_CODES } from '../../../shared/domain/currencies';
import { PURPOSE_CODES } from '../../../shared/domain/purpose-codes';
import { xlsxParts } from '../../support/xlsx-parts';

let dir: string;
let xlsxPath: string;
let workbook: ExcelJS.Workbook;
let sheet: ExcelJS.Worksheet;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-template-'));
  xlsxPath = join(dir, 'template.xlsx');
  await writeTemplateWorkbook(xlsxPath);
  workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxPath);
  const found = workbook.getWorksheet(TEMPLATE_SHEET);
  if (!found) throw new Error('no Payments sheet');
  sheet = found;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const column = (id: FieldId) => FIELDS.findIndex((field) => field.id === id) + 1;
const letter = (id: FieldId) => columnLetter(column(id) - 1);

describe('the Payments sheet', () => {
  it('is the first sheet, its header every field in order, the tag as tag:department', () => {
    expect(workbook.worksheets[0]?.name).toBe(TEMPLATE_SHEET);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(FIELDS.map((field) => field.template));
    expect(header.at(-1)).toBe('tag:department');
  });

  it('explains each header in a note with the label and the note', () => {
    FIELDS.forEach((field, index) => {
      const note = sheet.getCell(1, index + 1).note;
      const text =
        typeof note === 'string' ? note : (note?.texts ?? []).map((run) => run.text).join('');
      expect(text).toContain(field.label);
      expect(text).toContain(field.note);
    });
    const comments = xlsxParts(xlsxPath)['xl/comments1.xml'] ?? '';
    expect(comments.match(/<comment /g)).toHaveLength(FIELDS.length);
  });

  it('keeps the header in view and makes every column wide enough for its name', () => {
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    FIELDS.forEach((field, index) => {
      expect(sheet.getColumn(index + 1).width ?? 0).toBeGreaterThan(field.template.length);
    });
  });

  it('formats account, IBAN and bank code as text, dates as days and amounts as money', () => {
    for (const id of ['account_number', 'iban', 'bank_code'] as const) {
      expect(sheet.getColumn(column(id)).numFmt).toBe('@');
    }
    for (const id of ['date_of_birth', 'execution_date'] as const) {
      expect(sheet.getColumn(column(id)).numFmt).toBe('yyyy-mm-dd');
    }
    expect(sheet.getColumn(column('amount')).numFmt).toBe('#,##0.00#');
  });
});

describe('the dropdowns', () => {
  const LISTED: [FieldId, readonly (string | boolean)[]][] = [
    ['entity_type', ['INDIVIDUAL', 'BUSINESS']],
    ['bank_country', COUNTRY_CODES],
    ['address_country', COUNTRY_CODES],
    ['account_currency', CURRENCY_CODES],
    ['amount_currency', CURRENCY_CODES],
    ['source_currency', CURRENCY_CODES],
    ['purpose', PURPOSE_CODES],
    ['amount_type', ['SEND', 'LAND']],
    ['approved', [true, false]],
  ];

  it('point each coded column at its full list on the hidden Lists sheet', () => {
    const parts = xlsxParts(xlsxPath);
    expect(parts['xl/workbook.xml']).toMatch(/<sheet [^>]*name="Lists" state="hidden"/);
    const xml = parts['xl/worksheets/sheet1.xml'] ?? '';
    const lists = workbook.getWorksheet(LISTS_SHEET);
    for (const [id, values] of LISTED) {
      const sqref = `${letter(id)}2:${letter(id)}${VALIDATED_ROWS + 1}`;
      const match = new RegExp(
        `<dataValidation type="list"[^>]*sqref="${sqref}"><formula1>Lists!\\$([A-Z]+)\\$2:\\$\\1\\$(\\d+)</formula1>`,
      ).exec(xml);
      expect(match, `validation of ${id}`).not.toBeNull();
      const [, listColumn = '', lastRow = ''] = match ?? [];
      const listed = [];
      for (let row = 2; row <= Number(lastRow); row += 1) {
        listed.push(lists?.getCell(`${listColumn}${row}`).value);
      }
      expect(listed).toEqual([...values]);
    }
  });

  it('leave columns without a list of codes free', () => {
    const xml = xlsxParts(xlsxPath)['xl/worksheets/sheet1.xml'] ?? '';
    expect(xml.match(/<dataValidation /g)).toHaveLength(LISTED.length);
    expect(xml).not.toContain(`sqref="${letter('name')}2:`);
  });
});

describe('the example rows', () => {
  it('are three payments with text bank details, numeric amounts and UTC-midnight dates', () => {
    const cell = (row: number, id: FieldId) => sheet.getCell(row, column(id)).value;
    expect(sheet.rowCount).toBe(4);
    expect(cell(2, 'bank_code')).toBe('601613');
    expect(cell(2, 'account_number')).toBe('31926819');
    expect(cell(3, 'iban')).toBe('FR1420041010050500013M02606');
    expect(cell(4, 'bank_code')).toBe('011000015');
    expect(cell(4, 'account_number')).toBe('9876543210');
    expect([2, 3, 4].map((row) => cell(row, 'account_currency'))).toEqual(['GBP', 'EUR', 'USD']);
    for (const row of [2, 3, 4]) {
      expect(typeof cell(row, 'amount')).toBe('number');
      const date = cell(row, 'execution_date');
      expect(date).toBeInstanceOf(Date);
      expect((date as Date).toISOString()).toMatch(/T00:00:00\.000Z$/);
      expect(cell(row, 'approved')).toBe(false);
    }
    expect((cell(2, 'date_of_birth') as Date).toISOString()).toBe('1988-04-17T00:00:00.000Z');
  });
});

describe('the template as CSV', () => {
  it('has the same columns and rows, UTF-8 with a BOM and CRLF line ends', async () => {
    const path = join(dir, 'template.csv');
    await writeTemplateCsv(path);
    const text = await readFile(path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(5);
    const [header, gb, fr, us] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(FIELDS.map((field) => field.template));
    const at = (row: string[] | undefined, id: FieldId) => row?.[column(id) - 1];
    expect(at(gb, 'bank_code')).toBe('601613');
    expect(at(gb, 'date_of_birth')).toBe('1988-04-17');
    expect(at(gb, 'amount')).toBe('2450.5');
    expect(at(gb, 'approved')).toBe('FALSE');
    expect(at(fr, 'iban')).toBe('FR1420041010050500013M02606');
    expect(at(us, 'bank_code')).toBe('011000015');
    expect(at(us, 'execution_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('rows given by the caller', () => {
  it('may add tag columns, and a day as text lands as a date', async () => {
    const path = join(dir, 'custom.xlsx');
    await writeTemplateWorkbook(path, [
      { name: 'Ann', 'tag:cost_center': 'CC-7', execution_date: '2027-01-04' },
    ]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.readFile(path);
    const payments = read.getWorksheet(TEMPLATE_SHEET);
    expect(payments?.getCell(1, FIELDS.length + 1).value).toBe('tag:cost_center');
    expect(payments?.getCell(2, FIELDS.length + 1).value).toBe('CC-7');
    const date = payments?.getCell(2, column('execution_date')).value;
    expect(date).toEqual(new Date('2027-01-04T00:00:00Z'));
  });

  it('are refused when a key names no column, rather than dropped', async () => {
    await expect(writeTemplateWorkbook(join(dir, 'bad.xlsx'), [{ amonut: 12 }])).rejects.toThrow(
      /"amonut" is not a template field/,
    );
  });
});
