// The sheets the sheet benchmark reads: a payroll export of GB and euro payees, as an .xlsx
// with shared strings (as Excel writes it) and as a UTF-8 CSV with a BOM.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';

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

const EURO_IBANS = ['FR1420041010050500013M02606', 'DE89370400440532013000', 'NL91ABNA0417164300'];

export function benchRow(n: number): (string | number | Date)[] {
  const euro = n % 4 === 3;
  return [
    `E${100000 + n}`,
    `Payee ${n} ${['Smith', 'Łukasiewicz', 'Müller', 'García'][n % 4]}`,
    euro ? '' : '601613',
    euro ? '' : '31926819',
    euro ? (EURO_IBANS[n % 3] ?? '') : '',
    '',
    1000 + (n % 5000) / 100,
    euro ? 'EUR' : 'GBP',
    new Date(Date.UTC(2030, 0, 31)),
    `Salary January ${n}`,
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
