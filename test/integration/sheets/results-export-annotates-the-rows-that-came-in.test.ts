import { readdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SheetExportError } from '../../../electron/core/sheets/writing/export-writers';
import {
  RESULT_COLUMNS,
  writeResults,
  type ResultRow,
  type ResultsInput,
} from '../../../electron/core/sheets/writing/results-export';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-results-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SHEET = 'Payroll';
const HEADER = ['Payee', 'Sort code', 'Account', 'Net pay', 'Paid?'];
const ROWS: ResultRow[] = [
  {
    row: 2,
    source: ['Jane Smith', '601613', '01926819', 2450.5, true],
    state: 'SYNCED',
    remoteStatus: 'COMPLETED',
    paymentId: 'pay_1',
    correlationId: 'PAYROLL-1',
    error: null,
  },
  {
    row: 3,
    source: ['Short Row', '601613'],
    state: 'FAILED',
    remoteStatus: null,
    paymentId: '',
    correlationId: 'PAYROLL-2',
    error: 'the account number is missing',
  },
];

/** A sheet with its header on row 1, as the tests before titles were kept wrote it. */
const plain = (rows: ResultsInput['rows'], header: string[] = HEADER): ResultsInput => ({
  sheet: SHEET,
  headerRow: 1,
  header,
  rows,
});

async function* slowly<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    yield item;
  }
}

describe('a results export', () => {
  it('as xlsx: the original header and cells, then the status under its own headings', async () => {
    const path = join(dir, 'results.xlsx');
    expect(await writeResults(path, plain(slowly(ROWS)))).toEqual({ rows: 2 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(SHEET);
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...HEADER, ...RESULT_COLUMNS]);
    expect(values(2)).toEqual([
      'Jane Smith',
      '601613',
      '01926819',
      2450.5,
      true,
      'SYNCED',
      'COMPLETED',
      'pay_1',
      'PAYROLL-1',
    ]);
    const short = sheet?.getRow(3);
    expect(short?.getCell(1).value).toBe('Short Row');
    expect(short?.getCell(3).value).toBeNull();
    expect(short?.getCell(HEADER.length + 1).value).toBe('FAILED');
    expect(short?.getCell(HEADER.length + 2).value).toBeNull();
    expect(short?.getCell(HEADER.length + 5).value).toBe('the account number is missing');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('as CSV: the same cells, UTF-8 with a BOM and CRLF line ends', async () => {
    const path = join(dir, 'results.csv');
    expect(await writeResults(path, plain(ROWS))).toEqual({ rows: 2 });
    const text = await readFile(path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
    expect(parse(text, { bom: true })).toEqual([
      [...HEADER, ...RESULT_COLUMNS],
      [
        'Jane Smith',
        '601613',
        '01926819',
        '2450.5',
        'TRUE',
        'SYNCED',
        'COMPLETED',
        'pay_1',
        'PAYROLL-1',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      [
        'Short Row',
        '601613',
        '',
        '',
        '',
        'FAILED',
        '',
        '',
        'PAYROLL-2',
        'the account number is missing',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
  });

  // 16 s on this 2-core machine alone, twice that beside other work: the limit is for a hang.
  it(
    'streams 100,000 rows to xlsx and to CSV, every one read back',
    { timeout: 90_000 },
    async () => {
      function* many(): Generator<ResultRow> {
        for (let index = 0; index < 100_000; index += 1) {
          yield {
            row: index + 2,
            source: [`Payee ${index}`, '601613', String(index).padStart(8, '0'), index / 4],
            state: 'SYNCED',
            remoteStatus: 'COMPLETED',
            paymentId: `pay_${index}`,
            correlationId: `PAYROLL-${index}`,
            error: null,
          };
        }
      }
      const header = HEADER.slice(0, 4);
      const xlsx = join(dir, 'many.xlsx');
      expect(await writeResults(xlsx, plain(many(), header))).toEqual({ rows: 100_000 });
      let read = 0;
      let last: unknown[] = [];
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsx, {});
      for await (const sheet of reader) {
        for await (const row of sheet) {
          read += 1;
          last = (row.values as unknown[]).slice(1);
        }
      }
      expect(read).toBe(100_001);
      expect(last.slice(0, 4)).toEqual(['Payee 99999', '601613', '00099999', 24999.75]);

      const csv = join(dir, 'many.csv');
      expect(await writeResults(csv, plain(many(), header))).toEqual({ rows: 100_000 });
      const records = parse(await readFile(csv, 'utf8'), { bom: true }) as string[][];
      expect(records).toHaveLength(100_001);
      expect(records.at(-1)?.slice(0, 4)).toEqual([
        'Payee 99999',
        '601613',
        '00099999',
        '24999.75',
      ]);
    },
  );

  it('refuses another extension, naming the ones it writes', async () => {
    const attempt = writeResults(join(dir, 'results.xls'), plain(ROWS));
    await expect(attempt).rejects.toThrow(SheetExportError);
    await expect(attempt).rejects.toThrow(/must end in \.xlsx or \.csv/);
  });

  it('refuses a row wider than the header, leaving an earlier file of that name intact', async () => {
    for (const extension of ['xlsx', 'csv']) {
      const path = join(dir, `kept.${extension}`);
      await writeFile(path, 'an earlier export');
      const wide = { ...ROWS[0]!, source: ['a', 'b', 'c', 'd', 'e', 'f'] };
      await expect(writeResults(path, plain([wide]))).rejects.toThrow(
        /6 source cells but the sheet is 5 columns wide/,
      );
      expect(await readFile(path, 'utf8')).toBe('an earlier export');
    }
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('reports a folder that does not exist as an error, not a crash', async () => {
    // In words to act on, naming the file asked for, never the temporary file beside it.
    for (const name of ['results.xlsx', 'results.csv']) {
      const path = join(dir, 'missing', name);
      await expect(writeResults(path, plain(ROWS))).rejects.toMatchObject({
        code: 'write_failed',
        message: `could not write ${path}: the folder ${join(dir, 'missing')} does not exist: create it, or choose another folder`,
      });
    }
  });
});
