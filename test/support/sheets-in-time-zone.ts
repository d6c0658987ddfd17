// Run as a script in a child process whose TZ the test chooses: writes the template, a
// statement and a results export, reads their date cells back with exceljs in that same zone, and prints them.
// `node --import tsx test/support/sheets-in-time-zone.ts <folder>`
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sourceValue } from '../../electron/core/sheets/writing/result-rows';
import { writeResults } from '../../electron/core/sheets/writing/results-export';
import { writeStatement } from '../../electron/core/sheets/writing/statement-export';
import {
  writeTemplateCsv,
  writeTemplateWorkbook,
} from '../../electron/core/sheets/writing/template-workbook';

const folder = process.argv[2];
if (!folder) throw new Error('usage: sheets-in-time-zone.ts <folder>');

const rows = [
  { name: 'Ann', date_of_birth: new Date(Date.UTC(1990, 3, 17)), execution_date: '2027-01-04' },
];
await writeTemplateWorkbook(join(folder, 'template.xlsx'), rows);
await writeTemplateCsv(join(folder, 'template.csv'), rows);

const items = [
  '2026-12-31T23:30:00Z',
  '2027-01-01T00:15:00+14:00',
  '2026-07-01T12:00:00-07:00',
].map((date, index) => ({
  type: 'statement_item',
  id: `item-${index}`,
  description: 'Payment',
  execution_id: `exec-${index}`,
  date,
  action: 'DEBIT' as const,
  debit: { amount: 10, currency: 'GBP' },
  credit: { amount: 10, currency: 'GBP' },
  fees: 0,
  rate: 1,
  balance: 100,
  counterpart: {},
  user_tags: {},
  tags: {},
}));
const wallet = { id: 'w', name: 'Wallet', currency: 'GBP' };
const period = { start: '2026-12-01T00:00:00Z', end: '2027-01-31T00:00:00Z' };
await writeStatement(join(folder, 'statement.xlsx'), { wallet, ...period, items });
await writeStatement(join(folder, 'statement.csv'), { wallet, ...period, items });

// A results export's date cells are the calendar days the import read, as sheet-types keeps them.
await writeResults(join(folder, 'results.xlsx'), {
  sheet: 'Pay run',
  headerRow: 1,
  header: ['Pay date'],
  rows: ['2030-01-31', '2030-12-31'].map((date, index) => ({
    row: index + 2,
    source: [sourceValue({ kind: 'date', date })],
    state: 'draft',
    remoteStatus: null,
    paymentId: `pay-${index}`,
    correlationId: `pd-${index}`,
    error: null,
  })),
});

async function datesIn(file: string, sheetName: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(folder ?? '', file));
  const dates: string[] = [];
  workbook.getWorksheet(sheetName)?.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.value instanceof Date) dates.push(cell.value.toISOString());
    }),
  );
  return dates;
}

console.log(
  JSON.stringify({
    offsetMinutes: new Date(Date.UTC(2026, 11, 31)).getTimezoneOffset(),
    template: await datesIn('template.xlsx', 'Payments'),
    statement: await datesIn('statement.xlsx', 'Statement'),
    results: await datesIn('results.xlsx', 'Pay run'),
  }),
);
