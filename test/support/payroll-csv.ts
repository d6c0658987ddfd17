// Payroll CSVs of any length, written as Excel saves one (CRLF).
// - `writePayroll`: every row a valid GBP payment to a payee of its own (sort code and account
//   number), amounts written as text built from their digits: the big sheets of the
//   staged-import tests, and one with a bad quote far down.
// - `writePayrollCsv`: the sheet bench's payroll, GB and euro payees, every 1,000th row a
//   possible duplicate of the one above.
import { writeFile } from 'node:fs/promises';
import { BENCH_HEADER, benchRow } from '../bench/sheets-bench-files';

export const PAYROLL_HEADER = 'Payee,Sort Code,Account Number,Amount,Currency,Date,Reference';

/** Payroll row n (0-based) as a CSV line; it sits on sheet row n + 2. */
export function payrollLine(n: number): string {
  const amount = `${100 + (n % 900)}.${String(n % 100).padStart(2, '0')}`;
  return `Payee ${n} Smith,601613,${10_000_000 + n},${amount},GBP,2030-01-31,Salary ${n}`;
}

/**
 * Writes a payroll of `rows` payees, from payroll row `first` on (two payrolls of other
 * payees share no account); with `badQuoteAt`, that sheet row's first cell goes on after its
 * closing quote (`"Payee" 1 Smith`), which the CSV reader refuses when it gets there.
 */
export async function writePayroll(
  file: string,
  rows: number,
  { badQuoteAt, first = 0 }: { badQuoteAt?: number; first?: number } = {},
): Promise<string> {
  const lines = [PAYROLL_HEADER];
  for (let n = 0; n < rows; n += 1) {
    const line = payrollLine(first + n);
    lines.push(n + 2 === badQuoteAt ? line.replace(/^Payee/, '"Payee"') : line);
  }
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

const cell = (value: string | number | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

export async function writePayrollCsv(file: string, rows: number, first = 0): Promise<void> {
  const lines = [BENCH_HEADER.join(',')];
  for (let n = first; n < first + rows; n += 1) lines.push(benchRow(n).map(cell).join(','));
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
}
