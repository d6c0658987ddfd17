// A payroll sheet as finance teams keep them: a title and a note above the header (row 4), a
// blank row, payments with a formula left without a result and a missing account holder, a
// totals row with a note beside the table, a note under it, and thousands of rows formatted
// but blank below. Written by exceljs, as Excel would save it.
import ExcelJS from 'exceljs';

export const SHEET = 'Pay run';
export const HEADER_ROW = 4;
export const HEADER = [
  'Employee Name',
  'Sort Code',
  'Account No',
  'Net Pay',
  'Pay Date',
  'Reference',
];
/** Rows formatted (filled yellow) but without a value, below the list. */
export const FORMATTED_BLANK_ROWS = 3_000;

export async function writeTitledPayroll(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Read me').addRow(['Instructions for the payroll team']);
  const sheet = workbook.addWorksheet(SHEET);
  sheet.getRow(1).values = ['ACME payroll, January 2030'];
  sheet.getRow(2).values = ['Note: pay by Friday'];
  sheet.getRow(HEADER_ROW).values = HEADER;
  sheet.getRow(5).values = ['Ann One', '040004', '01234567', 100.1, day(2030, 1, 31), 'r1'];
  sheet.getRow(6).values = [
    'Bob Two',
    '601613',
    '31926819',
    { formula: 'D5*2' },
    day(2030, 1, 31),
    'r2',
  ];
  sheet.getRow(7).values = [null, '601613', '11111111', 50, day(2030, 2, 1), 'r3'];
  sheet.getRow(8).values = [
    null,
    null,
    null,
    { formula: 'SUM(D5:D7)', result: 1234.5 },
    null,
    'Total',
  ];
  sheet.getCell('H8').value = 'checked by AB';
  sheet.getRow(10).values = ['Approved by J. Smith'];
  sheet.getCell('D5').numFmt = '#,##0.00';
  for (let row = 11; row < 11 + FORMATTED_BLANK_ROWS; row += 1) {
    sheet.getCell(row, 1).fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFFFFF00' },
    };
  }
  await workbook.xlsx.writeFile(path);
}

function day(year: number, month: number, date: number): Date {
  return new Date(Date.UTC(year, month - 1, date));
}
