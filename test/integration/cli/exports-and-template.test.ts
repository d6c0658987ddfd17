// Sheets out of the command line, on the Local sandbox: the template reads back as a batch
// without errors, a synced batch goes back out as the person's own sheet with each row's fate
// beside it, and a wallet statement exports whole, page by page, with its amounts exact.
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import { RESULT_COLUMNS } from '../../../electron/core/sheets/writing/results-export';
import { columnLetter } from '../../../electron/core/sheets/reading/sheet-types';
import { GroupList, WalletStatement } from '../../../shared/service';
import { runCli } from '../../support/cli';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-exports-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);
const at = (name: string) => join(home, name);

async function json<T>(...args: string[]): Promise<T> {
  const run = await cli(...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

async function xlsxRows(path: string, sheet: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  workbook.getWorksheet(sheet)?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1)); // exceljs numbers columns from 1
  });
  return rows;
}

/** The rows of a sheet by their row number, as exceljs reads them; a missing row is empty. */
async function xlsxRowsByNumber(path: string, sheet: string): Promise<(row: number) => unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows = new Map<number, unknown[]>();
  workbook.getWorksheet(sheet)?.eachRow((row, number) => {
    rows.set(number, (row.values as unknown[]).slice(1));
  });
  return (row) => rows.get(row) ?? [];
}

async function csvRows(path: string): Promise<string[][]> {
  return parse(await readFile(path), { bom: true, relax_column_count: true }) as string[][];
}

interface Imported {
  drafts: number;
  issues: { severity: string; row?: number; cell?: string; field?: string; message: string }[];
}

describe('payout-desk template', () => {
  it(
    'writes a template whose example rows import as drafts that cannot be approved, each blocked only as an example at its correlation id',
    { timeout: 60_000 },
    async () => {
      for (const name of ['t.xlsx', 't.csv']) {
        const written = await json<{ file: string; format: string; columns: string[] }>(
          'template',
          at(name),
        );
        expect(written.format).toBe(name.slice(2));
        expect(written.columns).toContain('amount');
        expect(written.columns).toContain('tag:department');
        const batch = `T ${name}`;
        const imported = await json<Imported>('import', at(name), '--batch', batch);
        expect(imported.drafts).toBe(3);
        // Their details are valid: the one error each is that they are the template's.
        const letter = columnLetter(written.columns.indexOf('correlation_id'));
        expect(imported.issues.filter((issue) => issue.severity === 'error')).toEqual(
          [2, 3, 4].map((row) =>
            expect.objectContaining({
              row,
              cell: `${letter}${row}`,
              field: 'correlation_id',
              message: `EXAMPLE-000${row - 1} marks an example row of the template, not a payment: delete the row, or write the payment over it, correlation id included`,
            }),
          ),
        );
        const approved = await json<{ approved: number; refused: unknown[] }>(
          'approve',
          batch,
          '--all',
        );
        expect(approved.approved).toBe(0);
        expect(approved.refused).toHaveLength(3);
      }
    },
  );

  it('refuses to replace a file unless told to', { timeout: 30_000 }, async () => {
    await writeFile(at('mine.xlsx'), 'my own work');
    const refused = await cli('template', at('mine.xlsx'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already exists');
    expect(refused.stderr).toContain('--force');
    expect(await readFile(at('mine.xlsx'), 'utf8')).toBe('my own work');
    expect((await cli('template', at('mine.xlsx'), '--force')).code).toBe(0);
    expect(await readFile(at('mine.xlsx'), 'utf8')).not.toBe('my own work');
  });
});

describe('payout-desk export', () => {
  const HEADER = [
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

  it(
    'writes the imported sheet back, every row where it was, with each row’s state, and why row 10 did not go',
    { timeout: 90_000 },
    async () => {
      const fixture = 'test/fixtures/sheets/payroll-export.xlsx';
      await json('import', fixture, '--batch', 'Payroll');
      await json('approve', 'Payroll', '--all', '--include-warnings');
      await json('sync', 'Payroll');
      for (const name of ['out.xlsx', 'out.csv']) {
        const written = await json<unknown>('export', 'Payroll', at(name));
        expect(written).toEqual({ file: at(name), batch: 'Payroll', rows: 8 });
      }
      // By row number: the sheet's own name, its title at row 1 and its header at row 4.
      const fromXlsx = await xlsxRowsByNumber(at('out.xlsx'), 'Payroll');
      const fromCsv = await csvRows(at('out.csv'));
      for (const row of [fromXlsx, (n: number) => fromCsv[n - 1] ?? []]) {
        expect(row(1)[0]).toBe('Acme Ltd — Payroll run');
        expect(row(2)[0]).toBe('Period: January 2030');
        expect(row(4)).toEqual([...HEADER, ...RESULT_COLUMNS]);
        const lines = [5, 6, 7, 8, 9, 10, 11, 12].map(row);
        expect(lines.map((line) => String(line[0]))).toEqual([
          'E1001',
          'E1002',
          'E1003',
          'E1004',
          'E1005',
          'E1006',
          'E1007',
          'E1008',
        ]);
        expect(lines[1]?.[1]).toBe('Zoë Ashworth-Łukasiewicz');
        expect(lines[2]?.[1]).toBe('王小明');
        expect(String(lines[1]?.[2])).toBe('040004'); // text in the sheet, so text here
        expect(String(lines[1]?.[6])).toBe('3120.55');
        const date = lines[0]?.[8];
        expect(date instanceof Date ? date.toISOString() : date).toBe(
          row === fromXlsx ? '2030-01-31T00:00:00.000Z' : '2030-01-31',
        );
        const state = HEADER.length;
        const error = state + 4;
        for (const [index, line] of lines.entries()) {
          if (index === 5) continue;
          expect(line[state]).toBe('accepted');
          expect(line[error] ?? '').toBe('');
        }
        // The error names G10, and G10 of the export is the cell it means.
        const row10 = row(10);
        expect(row10[state]).toBe('draft');
        expect(String(row10[6])).toBe('#N/A');
        expect(String(row10[error])).toMatch(/^G10: .*#N\/A/);
        expect(row(13)[0]).toBe('Total');
        expect(row(13)[state]).toBe('skipped');
      }
    },
  );

  it('keeps a cell to the right of the last heading, under a blank one', async () => {
    const csv = (await readFile('test/fixtures/payouts-template.csv', 'utf8')).split('\n');
    csv[1] = `${csv[1]},checked by AB`;
    await writeFile(at('noted.csv'), csv.join('\n'));
    await json('import', at('noted.csv'), '--batch', 'Noted');
    await json('export', 'Noted', at('noted-out.csv'));
    const [header = [], first = [], second = []] = await csvRows(at('noted-out.csv'));
    const width = csv[0]?.split(',').length ?? 0;
    expect(header.slice(width)).toEqual(['', ...RESULT_COLUMNS]);
    expect(first[width]).toBe('checked by AB');
    expect(first[width + 1]).toBe('draft');
    expect(second[width]).toBe('');
    expect(second[width + 1]).toBe('draft');
  });
});

describe('payout-desk statement --export', () => {
  it(
    'writes every item of the period, page by page, with the amounts the service gave',
    { timeout: 60_000 },
    async () => {
      const groups = GroupList.parse(await json('groups'));
      const walletId = groups.items[0]?.wallet.id as string;
      const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date().toISOString();
      const range = ['--from', from, '--to', to];
      const statement = WalletStatement.parse(
        await json('statement', walletId, ...range, '--take', '500'),
      );
      expect(statement.items.length).toBeGreaterThan(100);
      expect(statement.items.length).toBeLessThan(500); // one page holds them all
      const debits = statement.items.map((item) => item.debit.amount);

      // Pages of 50 in the CSV, so the export has to follow several of them.
      const csv = await json<Record<string, unknown>>(
        'statement',
        walletId,
        ...range,
        '--take',
        '50',
        '--export',
        at('s.csv'),
      );
      expect(csv).toEqual({
        file: at('s.csv'),
        wallet: walletId,
        rows: statement.items.length,
        start: statement.start_date,
        end: statement.end_date,
      });
      const csvLines = (await csvRows(at('s.csv'))).slice(1);
      expect(csvLines.map((line) => Number(line[4]))).toEqual(debits);
      expect(csvLines.map((line) => line[12])).toEqual(statement.items.map((item) => item.id));

      const xlsx = await json<{ rows: number }>(
        'statement',
        walletId,
        ...range,
        '--export',
        at('s.xlsx'),
      );
      expect(xlsx.rows).toBe(statement.items.length);
      const xlsxLines = (await xlsxRows(at('s.xlsx'), 'Statement')).slice(1);
      expect(xlsxLines.map((line) => line[4])).toEqual(debits);
    },
  );
});

describe('payout-desk statement --to DAY', () => {
  it(
    'takes in the whole of that day, up to its last millisecond, and names it as the period end',
    { timeout: 60_000 },
    async () => {
      const groups = GroupList.parse(await json('groups'));
      const walletId = groups.items[0]?.wallet.id as string;
      const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const year = WalletStatement.parse(
        await json('statement', walletId, '--from', from, '--to', new Date().toISOString()),
      );
      // The sandbox seeds its items relative to today: the day is the latest one booked after
      // midnight, so that a period ending at that midnight would leave it out.
      const late = year.items.findLast((item) => !item.date.endsWith('T00:00:00.000Z'));
      expect(late).toBeDefined();
      const day = (late?.date ?? '').slice(0, 10);
      const ofTheDay = year.items.filter((item) => item.date.startsWith(day));

      const range = ['--from', day, '--to', day];
      const statement = WalletStatement.parse(await json('statement', walletId, ...range));
      expect(statement.start_date).toBe(`${day}T00:00:00.000Z`);
      expect(statement.end_date).toBe(`${day}T23:59:59.999Z`);
      expect(statement.items.map((item) => item.id)).toEqual(ofTheDay.map((item) => item.id));
      expect(statement.items.map((item) => item.id)).toContain(late?.id);

      const exported = await json<{ rows: number; end: string }>(
        'statement',
        walletId,
        ...range,
        '--export',
        at('day.xlsx'),
      );
      expect(exported).toMatchObject({ rows: ofTheDay.length, end: `${day}T23:59:59.999Z` });
      const rows = (await xlsxRows(at('day.xlsx'), 'Statement')).slice(1);
      expect(rows).toHaveLength(ofTheDay.length);
      const about = await xlsxRows(at('day.xlsx'), 'About');
      expect(about).toContainEqual(['Period end', day]);

      // A date-time is the instant given, not a day.
      const noon = `${day}T12:00:00.000Z`;
      const untilNoon = WalletStatement.parse(
        await json('statement', walletId, '--from', day, '--to', noon),
      );
      expect(untilNoon.end_date).toBe(noon);
      expect(untilNoon.items.every((item) => item.date <= noon)).toBe(true);
    },
  );
});

describe('payout-desk export errors', () => {
  it('says what to do, with status 2, and writes nothing', { timeout: 60_000 }, async () => {
    const template = await cli('template', at('t.pdf'));
    expect(template.code).toBe(2);
    expect(template.stderr).toContain('must end in .xlsx or .csv');
    await expect(access(at('t.pdf'))).rejects.toThrow();

    const extension = await cli('export', 'Payroll', at('out.ods'));
    expect(extension.code).toBe(2);
    expect(extension.stderr).toContain('must end in .xlsx or .csv');

    const statement = await cli('statement', 'any-wallet', '--export', at('s.txt'));
    expect(statement.code).toBe(2);
    expect(statement.stderr).toContain('must end in .xlsx or .csv');

    const missing = await cli('export', 'March', at('march.csv'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no batch "March": payout-desk batches lists them');

    // A batch from before sheet imports kept their source: nothing to put its drafts against.
    const outbox = Outbox.open(home);
    outbox.batches.create({
      name: 'Older',
      profile: 'local',
      groupId: null,
      walletId: null,
      walletCurrency: null,
      sourceFile: null,
    });
    outbox.close();
    const older = await cli('export', 'Older', at('older.csv'));
    expect(older.code).toBe(2);
    expect(older.stderr).toContain(
      'batch "Older" was not imported from a sheet; nothing to annotate',
    );
    await expect(access(at('older.csv'))).rejects.toThrow();
  });
});
