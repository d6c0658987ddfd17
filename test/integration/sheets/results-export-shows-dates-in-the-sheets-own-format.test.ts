// A finance person whose sheet shows 31/01/2030 gets 31/01/2030 back: an .xlsx results export
// writes each date cell with the number format the sheet gave it, in the payment rows and in
// the rows kept around them (a dated title). The workbook is written by hand as SpreadsheetML,
// so the format is the file's own and not one exceljs chose.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxFolder } from '../../support/sheet-import';
import { dateSerial, row, STYLE, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const JAN_31 = { v: dateSerial('2030-01-31'), s: STYLE.ddmmyyyy };
const SPEC = {
  sheets: [
    {
      name: 'Payroll',
      rows: [
        row(1, ['Pay run of', JAN_31]),
        row(2, ['Employee Name', 'Sort Code', 'Account Number', 'Net Pay', 'Pay Date']),
        row(3, ['Ann One', '601613', '31926819', 100, JAN_31]),
      ],
    },
  ],
};

/** Imports the workbook and exports its batch to `name`, as `payout-desk export` does. */
async function exportedSheet(name: string): Promise<ExcelJS.Worksheet> {
  const { summary } = await folder.import(await writeXlsx(folder.dir, 'payroll.xlsx', SPEC));
  const path = await folder.exportResults(summary.batchId, name);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

describe('an xlsx results export of a sheet with dd/mm/yyyy dates', () => {
  it('writes each date as a date in dd/mm/yyyy, a payment’s and a title’s', async () => {
    const sheet = await exportedSheet('results.xlsx');
    for (const ref of ['E3', 'B1']) {
      const cell = sheet.getCell(ref);
      expect(cell.value, ref).toEqual(new Date(Date.UTC(2030, 0, 31)));
      expect(cell.numFmt, ref).toBe('dd/mm/yyyy');
    }
  });
});
