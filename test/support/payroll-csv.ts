// A payroll CSV of many rows, as the sheet bench writes its .csv: each payee with an account of
// its own (every 1,000th row a possible duplicate of the one above).
import { writeFile } from 'node:fs/promises';
import { BENCH_HEADER, benchRow } from '../bench/sheets-bench-files';

const cell = (value: string | number | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

export async function writePayrollCsv(file: string, rows: number, first = 0): Promise<void> {
  const lines = [BENCH_HEADER.join(',')];
  for (let n = first; n < first + rows; n += 1) lines.push(benchRow(n).map(cell).join(','));
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
}
