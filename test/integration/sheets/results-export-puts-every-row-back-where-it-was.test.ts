// A batch imported from a sheet with titles, totals and notes goes back out as that sheet:
// its name, each row at its row number (so "D6" in the Error column is D6 of the export), the
// rows that are not payments with their content, dates as dates, numbers as numbers in their
// format, and the status columns right of the widest row. A batch imported before the rows
// were kept still exports, each row at its number.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSheetSource } from '../../../electron/core/sheets/writing/batch-results';
import { RESULT_COLUMNS } from '../../../electron/core/sheets/writing/results-export';
import { OutboxFolder } from '../../support/sheet-import';
import { worksheetXml } from '../../support/xlsx-parts';
import { HEADER, HEADER_ROW, SHEET, writeTitledPayroll } from '../../support/titled-payroll';

let folder: OutboxFolder;
let file: string;
beforeAll(async () => {
  folder = await OutboxFolder.create();
  file = join(folder.dir, 'titled.xlsx');
  await writeTitledPayroll(file);
});
afterAll(() => folder.remove());

/** Imports the sheet as a new batch and exports it to `name`, as `payout-desk export` does. */
async function exportBatch(
  name: string,
  source: (kept: BatchSheetSource) => BatchSheetSource = (kept) => kept,
): Promise<string> {
  const { summary } = await folder.import(file);
  return folder.exportResults(summary.batchId, name, source);
}

async function workbookAt(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

/** The widest row is the totals row, with a note in H8: the status starts in I. */
const STATE = 9;
const ERROR = STATE + 4;
/** What the payment pays as the outbox holds it, right of the Error column. */
const AMOUNT = ERROR + 1;
const CURRENCY = ERROR + 2;
/** When it is paid, as the outbox holds it: the last of the status columns. */
const PAID_ON = ERROR + 5;

describe('an xlsx results export of a sheet with titles, totals and notes', () => {
  let sheet: ExcelJS.Worksheet;
  beforeAll(async () => {
    const path = await exportBatch('results.xlsx');
    const workbook = await workbookAt(path);
    expect(workbook.worksheets.map((each) => each.name)).toEqual([SHEET]);
    sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    for (const xml of worksheetXml(path)) expect(xml).not.toMatch(/<f[\s>/]/);
  });

  it('has the title and note above the header, at their rows, and the header at its own', () => {
    expect(sheet.getCell('A1').value).toBe('ACME payroll, January 2030');
    expect(sheet.getCell('A2').value).toBe('Note: pay by Friday');
    expect(sheet.getRow(3).cellCount).toBe(0);
    const header = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1);
    expect(header).toEqual([...HEADER, undefined, undefined, ...RESULT_COLUMNS]);
  });

  it('has each payment at its source row, so the cell an error names is that cell here', () => {
    expect(sheet.getCell('A5').value).toBe('Ann One');
    expect(sheet.getCell('A6').value).toBe('Bob Two');
    expect(sheet.getCell('B7').value).toBe('601613');
    const error = String(sheet.getCell(6, ERROR).value);
    expect(error).toMatch(/^D6: the cell holds a formula Excel has not calculated \(=D5\*2\)/);
    expect(sheet.getCell('D6').value).toBe('=D5*2'); // as text: the cell it names, never a formula
    expect(sheet.getCell(5, STATE).value).toBe('draft');
    // The payout, a number Excel adds up, in the wallet's currency; none for the formula's row.
    expect(sheet.getCell(5, AMOUNT).value).toBe(100.1);
    expect(sheet.getCell(5, AMOUNT).numFmt).toBe('#,##0.00');
    expect(sheet.getCell(5, CURRENCY).value).toBe('GBP');
    expect(sheet.getCell(6, AMOUNT).value).toBeNull();
  });

  it('names the cell a missing value belongs in, which is that cell here', () => {
    // An issue without any cell is named by its field in words (result-errors-name-a-cell-…).
    expect(sheet.getCell(7, ERROR).value).toBe('A7: the name of the account holder is missing');
    expect(sheet.getCell('A7').value).toBeNull();
  });

  it('writes dates as dates and numbers as numbers, each in the format the sheet gave it', () => {
    expect(sheet.getCell('E5').value).toEqual(new Date(Date.UTC(2030, 0, 31)));
    // exceljs saved the date with numFmtId 14, the locale's short date, which it names so.
    expect(sheet.getCell('E5').numFmt).toBe('mm-dd-yy');
    expect(sheet.getCell('D5').value).toBe(100.1);
    expect(sheet.getCell('D5').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D7').value).toBe(50);
  });

  it('keeps the totals row and the note below it where they were, saying why they were skipped', () => {
    expect(sheet.getCell('D8').value).toBe(1234.5);
    expect(sheet.getCell('F8').value).toBe('Total');
    expect(sheet.getCell('H8').value).toBe('checked by AB');
    expect(sheet.getCell(8, STATE).value).toBe('skipped');
    expect(sheet.getCell(8, ERROR).value).toBe('totals row ("Total")');
    expect(sheet.getRow(9).cellCount).toBe(0);
    expect(sheet.getCell('A10').value).toBe('Approved by J. Smith');
    expect(sheet.getCell(10, STATE).value).toBe('skipped');
    // The 3,000 formatted blank rows below are not written.
    expect(sheet.rowCount).toBe(10);
  });
});

describe('a CSV results export of the same sheet', () => {
  it('has each row as the record of its row number, the rows between empty', async () => {
    const path = await exportBatch('results.csv');
    // Every record as wide as the sheet, as Excel writes a CSV: no relax_column_count here.
    const records = parse(await readFile(path), { bom: true }) as string[][];
    expect(records).toHaveLength(10);
    const blank = new Array<string>(PAID_ON - 1).fill('');
    expect(records[0]).toEqual(['ACME payroll, January 2030', ...blank]);
    expect(records[1]).toEqual(['Note: pay by Friday', ...blank]);
    expect(records[2]).toEqual(['', ...blank]);
    expect(records[3]).toEqual([...HEADER, '', '', ...RESULT_COLUMNS]);
    expect(records[4]?.slice(0, 6)).toEqual([
      'Ann One',
      '040004',
      '01234567',
      '100.1',
      '2030-01-31',
      'r1',
    ]);
    expect(records[4]?.slice(AMOUNT - 1)).toEqual([
      '100.10',
      'GBP',
      'Ann One',
      '040004 · 01234567',
      '2030-01-31',
    ]);
    expect(records[5]?.[3]).toBe("'=D5*2");
    expect(records[5]?.[ERROR - 1]).toMatch(/^D6: /);
    expect(records[7]?.slice(3, STATE - 1)).toEqual(['1234.5', '', 'Total', '', 'checked by AB']);
    expect(records[7]?.[ERROR - 1]).toBe('totals row ("Total")');
    expect(records[9]?.[0]).toBe('Approved by J. Smith');
    expect(records[9]?.[STATE - 1]).toBe('skipped');
  });
});

describe('a batch imported before the rows that are not payments were kept', () => {
  it('exports its header and payments at their row numbers, under the sheet’s name', async () => {
    const path = await exportBatch('older.xlsx', (source) => {
      const { kept_rows: _kept, ...older } = source;
      return older;
    });
    const sheet = (await workbookAt(path)).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe(SHEET);
    expect(sheet.rowCount).toBe(7); // no title, and no totals row: they were not kept then
    expect(sheet.getCell('A1').value).toBeNull();
    const header = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1);
    expect(header).toEqual([...HEADER, ...RESULT_COLUMNS]);
    expect(sheet.getCell('A5').value).toBe('Ann One');
    expect(sheet.getCell('A6').value).toBe('Bob Two');
  });
});
