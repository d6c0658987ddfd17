// The payee sheets the import wizard's end-to-end test picks: a workbook as a finance team keeps
// one (a read-me sheet, a title above the header, rows with issues and a totals row), next
// week's rows of the same list as a CSV, and a CSV big enough that its import can be cancelled.
import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';

export const HEADER = ['Payee', 'IBAN', 'Amount', 'Currency', 'Pay date', 'Reference', 'Staff no'];
export const HEADER_ROW = 4;
export const SHEET = 'Payees';

/**
 * Four payments (one with a bad IBAN, one without an amount) and the totals row under them,
 * which says 100 more than they add up to (the sheet's own total, held against its payments).
 */
export async function writeTitledWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Read me').addRow(['Fill in one row per payee']);
  const sheet = workbook.addWorksheet(SHEET);
  sheet.getRow(1).values = ['ACME supplier payouts, January 2030'];
  sheet.getRow(2).values = ['Prepared by the finance team'];
  sheet.getRow(HEADER_ROW).values = HEADER;
  const rows: (string | number | null)[][] = [
    ['Ann One GmbH', 'DE89370400440532013000', 100.1, 'EUR', '2030-01-31', 'Invoice 1', 'S-1'],
    ['Bob Two SARL', 'FR14200410100505', 20, 'EUR', '2030-01-31', 'Invoice 2', 'S-2'],
    ['Cid Three BV', 'NL91ABNA0417164300', null, 'EUR', '2030-01-31', 'Invoice 3', 'S-3'],
    ['Dee Four AG', 'DE75512108001245126199', 75.5, 'EUR', '2030-01-31', 'Invoice 4', 'S-4'],
    [null, null, 295.6, null, null, 'Total', null],
  ];
  rows.forEach((values, n) => (sheet.getRow(HEADER_ROW + 1 + n).values = values));
  // Two rows below the total, blank but formatted, as a sheet ruled ahead for more payees has.
  for (const row of [HEADER_ROW + rows.length + 1, HEADER_ROW + rows.length + 2]) {
    sheet.getRow(row).getCell(1).border = { bottom: { style: 'thin' } };
  }
  await workbook.xlsx.writeFile(path);
}

const line = (cells: (string | number)[]) => cells.join(',');

/** Next week's rows under the same headers, with no title above them. */
export async function writeNextWeek(path: string): Promise<void> {
  const lines = [
    line(HEADER),
    line(['Eve Five SA', 'BE68539007547034', '310.00', 'EUR', '2030-02-07', 'Invoice 5', 'S-5']),
    line([
      'Fay Six GmbH',
      'DE89370400440532013000',
      '42.00',
      'EUR',
      '2030-02-07',
      'Invoice 6',
      'S-6',
    ]),
  ];
  await writeFile(path, `${lines.join('\r\n')}\r\n`);
}

/** `rows` valid payments under the same headers, written at once. */
export async function writeBigSheet(path: string, rows: number): Promise<void> {
  const lines = [line(HEADER)];
  for (let n = 0; n < rows; n += 1) {
    lines.push(
      `Payee ${n},DE89370400440532013000,${100 + (n % 900)}.50,EUR,2030-01-31,Inv ${n},S${n}`,
    );
  }
  await writeFile(path, `${lines.join('\r\n')}\r\n`);
}
