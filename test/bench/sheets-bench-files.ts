// The sheets the sheet benchmark reads: a payroll export of GB and euro payees, as an .xlsx
// with shared strings (as Excel writes it) and as a UTF-8 CSV with a BOM.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import { composeIBAN } from 'ibantools';

export const BENCH_HEADER = [
  'Employee ID',
  'Employee Name',
  'Sort Code',
  'Account Number',
  'IBAN',
  'BIC',
  'Net Pay',
  'Currency',
  'Pay Date',
  'Reference',
];

/**
 * Row n of the sheet. Each payee has an account of their own, as in a real payroll; every
 * 1,000th row repeats the payee and amount of the row above, a possible duplicate that the
 * import must flag (100 in 100,000 rows).
 */
export function benchRow(n: number): (string | number | Date)[] {
  const payee = n % 1000 === 999 ? n - 1 : n;
  const euro = payee % 4 === 3;
  const account = String(payee).padStart(10, '0');
  return [
    `E${100000 + payee}`,
    `Payee ${payee} ${['Smith', 'Łukasiewicz', 'Müller', 'García'][payee % 4]}`,
    euro ? '' : '601613',
    euro ? '' : String(10_000_000 + payee),
    euro ? (composeIBAN({ countryCode: 'DE', bban: `37040044${account}` }) ?? '') : '',
    '',
    // Built from its digits: 1000 + n / 100 in binary floating point would print 1000.0699999.
    Number(`${1000 + Math.floor(payee / 100)}.${String(payee % 100).padStart(2, '0')}`),
    euro ? 'EUR' : 'GBP',
    new Date(Date.UTC(2030, 0, 31)),
    `Salary January ${payee}`,
  ];
}

export async function writeBenchSheets(dir: string, rows: number) {
  // Loaded only to write the files: the phases that import benchRow measure their own memory.
  const { default: ExcelJS } = await import('exceljs');
  const xlsx = join(dir, 'payroll.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: xlsx,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Payroll');
  sheet.addRow(BENCH_HEADER).commit();
  for (let n = 0; n < rows; n += 1) {
    const row = sheet.addRow(benchRow(n));
    row.getCell(9).numFmt = 'dd/mm/yyyy';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();

  const csv = join(dir, 'payroll.csv');
  const out = createWriteStream(csv);
  const line = (cells: (string | number | Date)[]) =>
    `${cells
      .map((cell) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)))
      .join(',')}\r\n`;
  out.write(`\uFEFF${line(BENCH_HEADER)}`);
  for (let n = 0; n < rows; n += 1) {
    if (!out.write(line(benchRow(n)))) await once(out, 'drain');
  }
  out.end();
  await finished(out);
  return { xlsx, csv };
}
