// The worksheets and shared strings are read by our own XML readers (worksheet-parser.ts),
// not by exceljs. On every workbook LibreOffice made, they read each cell as exceljs's own
// workbook reader does: the same text, numbers, booleans and calendar days, cell by cell, and
// the same sheets. Two differences are exceljs's, and allowed for here: it reads the 1904 date
// system only from date1904="1" (LibreOffice writes "true"), and it gives every cell of a
// merged range the first cell's value, where the importer decides what a merge means
// (merged-cells.ts). The hand-written workbooks' tests say what is right where exceljs drops
// something (hidden rows, a formula's 0).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import { cellRef, type CellValue } from '../../../electron/core/sheets/reading/sheet-types';
import { xlsxSheets } from '../../../electron/core/sheets/reading/xlsx-reader';

const FIXTURES = join('test', 'fixtures', 'sheets');
const made = readdirSync(FIXTURES).filter(
  (name) => name.endsWith('.xlsx') && name !== 'password-protected.xlsx',
);

/** A cell as comparable plain data: what a person sees in it, by kind. */
type Seen = string | number | boolean;

function ours(cell: CellValue): Seen | undefined {
  switch (cell.kind) {
    case 'empty':
      return undefined;
    case 'text':
      return cell.text;
    case 'number':
    case 'boolean':
      return cell.value;
    case 'date':
      return cell.time ? `${cell.date}T${cell.time}` : cell.date;
    case 'error':
      return `#error ${cell.code}`;
    case 'formula':
      return `#formula ${cell.formula}`;
  }
}

/** Days from 1900-01-01's serial epoch to 1904-01-01's. */
const DAYS_1900_TO_1904 = 1462;

function theirs(value: ExcelJS.CellValue, shiftDays: number): Seen | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) {
    const iso = new Date(value.getTime() + shiftDays * 86_400_000).toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return `#error ${value.error}`;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    return result === undefined
      ? `#formula ${value.formula}`
      : theirs(result as ExcelJS.CellValue, shiftDays);
  }
  return JSON.stringify(value);
}

describe.each(made)('%s', (name) => {
  it('reads every cell as exceljs does', async () => {
    const path = join(FIXTURES, name);
    const read = new Map<string, Map<string, Seen>>();
    let date1904 = false;
    for await (const sheet of xlsxSheets(path, SHEET_LIMITS)) {
      date1904 = sheet.date1904;
      const cells = new Map<string, Seen>();
      for await (const row of sheet.rows) {
        row.cells.forEach((cell, column) => {
          const seen = ours(cell);
          if (seen !== undefined) cells.set(cellRef(column, row.number), seen);
        });
      }
      read.set(sheet.name, cells);
    }

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const shiftDays = date1904 && !workbook.properties.date1904 ? DAYS_1900_TO_1904 : 0;
    const expected = new Map<string, Map<string, Seen>>();
    workbook.eachSheet((sheet) => {
      const cells = new Map<string, Seen>();
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Merge) return;
          const seen = theirs(cell.value, shiftDays);
          if (seen !== undefined) cells.set(cell.address, seen);
        }),
      );
      expected.set(sheet.name, cells);
    });

    expect(read.size).toBeGreaterThan(0);
    expect(read).toEqual(expected);
  });
});
