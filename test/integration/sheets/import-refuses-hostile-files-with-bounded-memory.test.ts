// Files made to hurt: each is refused with a message that names the problem, nothing reaches
// the outbox, and memory stays bounded while refusing — the hostile ones are imported in a
// process whose heap is capped, where an unbounded read would crash instead of refusing.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import { pngBytes, textBytes, zipWithoutWorkbookBytes } from '../../support/not-spreadsheets';
import { OutboxFolder } from '../../support/sheet-import';
import { buildXlsx } from '../../support/xlsx-by-hand';
import {
  longCellWorkbook,
  longText,
  writeTooManyRowsWorkbook,
  writeZipBomb,
} from '../../support/zip-bombs';

let dir: string;
let folder: OutboxFolder;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-hostile-'));
  folder = await OutboxFolder.create();
});
afterAll(async () => {
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
});

/**
 * What refusing may take beyond a refusal that reads nothing: the reading worker's heap (capped
 * at 192 MB, and far from full) and the batches in flight. With rows batched by count alone
 * the wide shared-strings bomb took 250 to 330 MB more; batched by size as well, about 110.
 */
const MEMORY_FOR_ROWS_MB = 180;

/** Imports in a child process with a 160 MB heap; its one line of JSON. */
function importCapped(file: string): Record<string, unknown> {
  const run = spawnSync(
    process.execPath,
    // Through tsx, not the bundled child (test/support/build-for-tests.ts): the memory bounds
    // below were measured against tsx's process, and the bundled one's leaner heap leaves the
    // refusal of a 50 MB CSV cell anywhere from 5 to 46 MB over its baseline, run to run.
    [
      '--max-old-space-size=160',
      '--import',
      'tsx',
      join('test', 'support', 'import-child.ts'),
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

/**
 * A payment list whose payee is one 32,000-character shared string, in every row, and in as
 * many more columns of each row as asked.
 */
function sharedStringsBombList(rows: number, extraColumns = 0): Uint8Array {
  const extra = (row: number) =>
    Array.from(
      { length: extraColumns },
      (_, c) => `<c r="${String.fromCharCode(67 + c)}${row}" t="s"><v>2</v></c>`,
    ).join('');
  const body = Array.from(
    { length: rows },
    (_, n) =>
      `<row r="${n + 2}"><c r="A${n + 2}" t="s"><v>2</v></c><c r="B${n + 2}"><v>100</v></c>${extra(n + 2)}</row>`,
  );
  return buildXlsx({
    sharedStrings: ['Payee', 'Amount', longText(32_000)],
    sheets: [
      {
        name: 'Payments',
        rows: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>${body.join('')}`,
      },
    ],
  });
}

describe('hostile workbooks, read with a capped heap', () => {
  it.each([
    ['a zip bomb of repeated rows', 'rows' as const],
    ['a zip bomb of whitespace', 'whitespace' as const],
  ])('%s is refused as a zip bomb', { timeout: 120_000 }, async (_name, filler) => {
    const file = join(dir, `bomb-${filler}.xlsx`);
    writeZipBomb(file, { filler });
    expect(importCapped(file)).toMatchObject({
      ok: false,
      code: 'zip_bomb',
      message: expect.stringContaining('unpacks to more than'),
      drafts: 0,
      batches: 0,
    });
  });

  it(
    'one huge shared string in thousands of cells is refused as too much text',
    { timeout: 120_000 },
    async () => {
      const file = join(dir, 'shared-strings-bomb.xlsx');
      await writeFile(file, sharedStringsBombList(10_000));
      expect(importCapped(file)).toMatchObject({
        ok: false,
        code: 'text_too_large',
        drafts: 0,
        batches: 0,
      });
    },
  );

  it(
    'rows of huge shared strings are refused in about the memory of refusing a small bad file',
    { timeout: 120_000 },
    async () => {
      // 320,000 characters a row: rows that were sent 100 at a time, as hundreds of megabytes
      // in flight between the reading worker and the importer, before the sheet's text limit
      // refused the file. Measured against a refusal that reads almost nothing, in the same
      // kind of process, so that what is compared is what the bomb's rows cost.
      const bomb = join(dir, 'shared-strings-bomb-wide.xlsx');
      await writeFile(bomb, sharedStringsBombList(10_000, 8));
      const small = join(dir, 'long-cell-baseline.xlsx');
      await writeFile(small, tooLongToReadWorkbook());
      const baseline = importCapped(small);
      const refused = importCapped(bomb);
      expect(refused).toMatchObject({ ok: false, code: 'text_too_large', drafts: 0 });
      expect(refused['message']).toMatch(/more than 200,000,000 characters of text by row \d+/);
      expect(Number(refused['peakMb']) - Number(baseline['peakMb'])).toBeLessThan(
        MEMORY_FOR_ROWS_MB,
      );
    },
  );

  it.each(['shared', 'inline', 'csv'] as const)(
    'a cell of 50 MB (%s) is refused at the bound of what one cell may take, never held whole',
    { timeout: 120_000 },
    async (as) => {
      // A cell longer than Excel allows is only an issue at its cell
      // (import-makes-a-cell-too-long-for-a-spreadsheet-an-issue.test.ts); one past the bound of
      // what a cell may take in the file is hostile, and reading stops there.
      const chars = 50 * 1024 * 1024;
      const file = join(dir, `huge-cell-${as}.${as === 'csv' ? 'csv' : 'xlsx'}`);
      await writeFile(
        file,
        as === 'csv'
          ? `Payee,Amount\r\n"${longText(chars)}",100\r\n`
          : longCellWorkbook({ as, chars }),
      );
      const baseline = await tooLongToReadBaseline();
      const refused = importCapped(file);
      expect(refused).toMatchObject({ ok: false, code: 'cell_too_long', drafts: 0, batches: 0 });
      // Holding the cell would take 50 MB at least, twice that as a string of two-byte units.
      expect(Number(refused['peakMb']) - Number(baseline['peakMb'])).toBeLessThan(40);
    },
  );
});

/**
 * A payment list refused at its first cell, which is one character past what a cell may take
 * in the file: a refusal that reads almost nothing, to measure others against.
 */
function tooLongToReadWorkbook(): Uint8Array {
  return longCellWorkbook({ as: 'shared', chars: SHEET_LIMITS.maxRawCellChars + 1 });
}

let tooLongToRead: Record<string, unknown> | undefined;

/** The import of tooLongToReadWorkbook in a capped process, made once. */
async function tooLongToReadBaseline(): Promise<Record<string, unknown>> {
  if (!tooLongToRead) {
    const file = join(dir, 'too-long-to-read.xlsx');
    await writeFile(file, tooLongToReadWorkbook());
    tooLongToRead = importCapped(file);
    expect(tooLongToRead).toMatchObject({ ok: false, code: 'cell_too_long' });
  }
  return tooLongToRead;
}

describe('more rows than an import takes', () => {
  const limits = { ...SHEET_LIMITS, maxRows: 1000 };

  it('are refused while streaming; up to the limit is fine', { timeout: 60_000 }, async () => {
    const tooMany = join(dir, 'too-many.xlsx');
    writeTooManyRowsWorkbook(tooMany, 1001);
    const before = folder.counts();
    await expect(folder.import(tooMany, { limits })).rejects.toMatchObject({
      code: 'too_many_rows',
      message: expect.stringContaining('more than 1,000 rows'),
    });
    expect(folder.counts()).toEqual(before);
    const enough = join(dir, 'enough.xlsx');
    writeTooManyRowsWorkbook(enough, 1000);
    expect((await folder.import(enough, { limits })).summary.drafts).toBe(1000);
  });

  it('counts neither blank rows nor formatting below the list', async () => {
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Payee</t></is></c><c r="B1" t="inlineStr"><is><t>IBAN</t></is></c><c r="C1" t="inlineStr"><is><t>Amount</t></is></c></row>',
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Müller GmbH</t></is></c><c r="B2" t="inlineStr"><is><t>DE89370400440532013000</t></is></c><c r="C2"><v>12.5</v></c></row>',
      ...Array.from(
        { length: 5000 },
        (_, n) => `<row r="${n + 3}" s="1" customFormat="1"><c r="A${n + 3}" s="1"/></row>`,
      ),
    ];
    const file = join(dir, 'formatted-below.xlsx');
    await writeFile(file, buildXlsx({ sheets: [{ name: 'Payments', rows: rows.join('') }] }));
    const imported = await folder.import(file, { limits: { ...limits, maxRows: 10 } });
    expect(imported.summary.drafts).toBe(1);
    expect(imported.summary.skipped).toEqual([{ row: 3, last_row: 5002, reason: 'blank row' }]);
  });
});

describe('files that are not spreadsheets', () => {
  it.each([
    ['a picture named .xlsx', () => pngBytes(), /not a spreadsheet|not text/i],
    [
      'a zip that is not a workbook',
      () => zipWithoutWorkbookBytes(),
      /zip archive but not an Excel workbook/,
    ],
  ])('%s is refused, and the outbox is unchanged', async (name, bytes, message) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.xlsx`);
    await writeFile(file, bytes());
    const before = folder.counts();
    await expect(folder.import(file)).rejects.toMatchObject({
      code: 'not_a_spreadsheet',
      message: expect.stringMatching(message),
    });
    expect(folder.counts()).toEqual(before);
  });

  it('a workbook cut short (a download that stopped) is refused as damaged', async () => {
    const whole = buildXlsx({
      sheets: [
        {
          name: 'Payments',
          rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>Payee</t></is></c><c r="B1" t="inlineStr"><is><t>Amount</t></is></c></row>',
        },
      ],
    });
    const file = join(dir, 'cut-short.xlsx');
    await writeFile(file, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const before = folder.counts();
    await expect(folder.import(file)).rejects.toMatchObject({
      code: 'unreadable',
      message: expect.stringMatching(/damaged or incomplete.*save it again/),
    });
    expect(folder.counts()).toEqual(before);
  });

  it('a CSV named .xlsx is read as the CSV it is', async () => {
    const file = join(dir, 'really-a-csv.xlsx');
    await writeFile(file, textBytes());
    const imported = await folder.import(file, {
      group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
    });
    expect(imported.summary.drafts).toBe(1);
  });
});
