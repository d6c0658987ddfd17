// Inspecting a sheet before its import shows what the import would do with it: the same sheet,
// header row and mapping, and each previewed row skipped for the same reason or drafted with
// the same issues, cell for cell. Each file here is imported into an outbox of its own and
// inspected with a preview as long as the sheet, and the two are compared
// (../../support/inspection.ts). Inspecting reads only the first rows, writes nothing, and can
// be stopped.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import { dateSerial, row, STYLE, writeXlsx, type XlsxSpec } from '../../support/xlsx-by-hand';
import { date1904Workbook, hiddenAndMergedWorkbook } from '../../support/hand-written-workbooks';
import { expectSameAsTheImport, importAlone, inspect } from '../../support/inspection';
import { OutboxFolder } from '../../support/sheet-import';
import { writeTitledPayroll } from '../../support/titled-payroll';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

/** A pay date merged down its column over three rows, and a repeated payment. */
function mergedDownWorkbook(): XlsxSpec {
  const date = { v: dateSerial('2030-01-31'), s: STYLE.ddmmyyyy };
  return {
    sheets: [
      {
        name: 'Payments',
        merges: ['D2:D4'],
        rows: [
          row(1, ['Payee', 'IBAN', 'Amount', 'Pay Date']),
          row(2, ['Anna Schmidt', 'DE89370400440532013000', 1500, date]),
          row(3, ['José Ñúñez', 'ES9121000418450200051332', 2210, null]),
          row(4, ['Anna Schmidt', 'DE89370400440532013000', 1500, null]),
          row(5, ['Émilie Dubois', 'FR1420041010050500013M02606', 0, date]),
        ],
      },
    ],
  };
}

describe('the preview of a sheet', () => {
  const cases: [string, () => Promise<string>][] = [
    ['a LibreOffice payroll export', async () => join(FIXTURES, 'sheets/payroll-export.xlsx')],
    ['a workbook of two sheets', async () => join(FIXTURES, 'sheets/two-sheets.xlsx')],
    ['US contractors', async () => join(FIXTURES, 'sheets/us-contractors.xlsx')],
    [
      'text dates and decimal commas',
      async () => join(FIXTURES, 'sheets/text-dates-and-decimal-commas.xlsx'),
    ],
    ['the 1904 date system', async () => join(FIXTURES, 'sheets/date-system-1904.xlsx')],
    ['a Wise batch file', async () => join(FIXTURES, 'wise-batch.csv')],
    ['the template as CSV', async () => join(FIXTURES, 'payouts-template.csv')],
    ['a titled payroll', async () => titled()],
    [
      'a hidden sheet, column and row',
      () => writeXlsx(folder.dir, 'hidden.xlsx', hiddenAndMergedWorkbook()),
    ],
    ['dates from 1904', () => writeXlsx(folder.dir, '1904.xlsx', date1904Workbook())],
    ['a date merged down', () => writeXlsx(folder.dir, 'merged.xlsx', mergedDownWorkbook())],
    [
      'amounts and dates told only late, a payment twice, an id twice and a total',
      () => folder.csv('told-late.csv', lateLines()),
    ],
  ];

  it.each(cases)('of %s has the issues the import gives its rows', async (_name, file) => {
    const path = await file();
    const inspection = await inspect(path, { previewRows: 200 });
    expectSameAsTheImport(inspection, await importAlone(path));
  });
});

/**
 * A semicolon CSV whose first 40 rows write amounts such as "2.250" and dates such as
 * 03/02/2030, which a cell alone cannot read; a later row shows the comma and the day first,
 * and the import reads the earlier ones again. Also a payment twice, a correlation id twice, a
 * total, and a date in the past.
 */
function lateLines(): string[] {
  const lines = ['Name;IBAN;Amount;Pay date;Reference;Correlation id'];
  for (let n = 1; n <= 40; n += 1) {
    lines.push(`Payee ${n};DE89370400440532013000;${n}.250;03/02/2030;Feb ${n};P-${n}`);
  }
  lines.push('Anna Schmidt;DE89370400440532013000;1.250;03/02/2030;Again;P-1');
  lines.push('José Ñúñez;ES9121000418450200051332;1.234,56;25/02/2030;Late;Q-1');
  lines.push('Total;;99.999,99;;;');
  lines.push('Émilie Dubois;FR1420041010050500013M02606;12,5;15/11/2029;Past;R-1');
  return lines;
}

async function titled(): Promise<string> {
  const path = join(folder.dir, 'titled.xlsx');
  await writeTitledPayroll(path);
  return path;
}

describe('the preview of a cell', () => {
  it('says what the import reads it as, where its text does not say it', async () => {
    const inspection = await inspect(join(FIXTURES, 'payouts-template.csv'));
    const letter = (header: string) =>
      inspection.columns.find((column) => column.header === header)!.column;
    const readAt = (row: number, header: string) => {
      const previewed = inspection.preview.find((line) => line.row === row)!;
      const index = letter(header).charCodeAt(0) - 65;
      return { shown: previewed.cells[index], read: previewed.read[index] ?? null };
    };
    // "2,400.00" in no currency of its own is the wallet's pounds, to a euro account.
    expect(readAt(3, 'amount')).toEqual({ shown: '2,400.00', read: '2400.00 GBP' });
    // Read as shown, or but for its spaces: nothing to add.
    expect(readAt(3, 'account_number')).toEqual({
      shown: 'FR14 2004 1010 0505 0001 3M02 606',
      read: null,
    });
    expect(readAt(2, 'execution_date')).toEqual({ shown: '2030-01-31', read: null });
    expect(readAt(2, 'description')).toEqual({ shown: 'January salary', read: null });
    // Unreadable (3 April or 4 March?): the draft has no date, and nothing is said read.
    expect(readAt(6, 'execution_date')).toEqual({ shown: '03/04/2030', read: null });
  });

  it('says nothing more of an amount whose currency its row writes', async () => {
    const file = await folder.csv('with-currency.csv', [
      'Payee,IBAN,Amount,Currency,Date',
      'Ann One,DE89370400440532013000,100.1,EUR,2030-01-31',
      'Bob Two,DE89370400440532013000,20,,2030-01-31',
    ]);
    const inspection = await inspect(file);
    const amounts = inspection.preview.map((line) => line.read[2] ?? null);
    expect(amounts).toEqual([null, '20.00 GBP']);
  });
});

describe('inspecting', () => {
  it('reads only the first rows: a refusal further down is not reached', async () => {
    // Past what any program writes in a cell: the import refuses the file when it gets there.
    const long = 'x'.repeat(SHEET_LIMITS.maxRawCellChars + 1);
    const lines = ['Name,IBAN,Amount,Pay date'];
    for (let n = 2; n <= 600; n += 1) {
      lines.push(`Payee ${n},DE89370400440532013000,${n},2030-01-31`);
    }
    lines.push(`${long},DE89370400440532013000,1,2030-01-31`);
    const path = await folder.csv('refused-late.csv', lines);
    await expect(folder.import(path)).rejects.toMatchObject({ code: 'cell_too_long' });
    const inspection = await inspect(path, { previewRows: 20 });
    expect(inspection.preview.map((line) => line.row)).toEqual(
      Array.from({ length: 20 }, (_, n) => n + 2),
    );

    const xlsx = await writeXlsx(folder.dir, 'refused-late.xlsx', {
      sheets: [
        {
          name: 'Payments',
          rows: [
            row(1, ['Name', 'IBAN', 'Amount', 'Pay date']),
            ...Array.from({ length: 3_000 }, (_, n) =>
              row(n + 2, [`Payee ${n}`, 'DE89370400440532013000', n + 1, '2030-01-31']),
            ),
            // Inline, in the sheet's own XML far down: shared strings are all read first.
            row(3_002, [{ t: 'inlineStr', v: long }, 'DE89370400440532013000', 1, '2030-01-31']),
          ],
        },
      ],
    });
    await expect(folder.import(xlsx)).rejects.toMatchObject({ code: 'cell_too_long' });
    expect((await inspect(xlsx, { previewRows: 50 })).preview).toHaveLength(50);
  });

  it('writes nothing: not the outbox, not the file, not its folder', async () => {
    const path = await titled();
    await folder.import(path); // a batch, drafts and a saved mapping to leave alone
    const counts = folder.counts();
    const before = await stat(path);
    const files = await readdir(folder.dir);
    const inspection = await inspect(path, {
      saved: folder.outbox.imports.savedMappings(),
      savedList: folder.outbox.imports.listMappings(),
    });
    expect(inspection.mapping_source).toBe('saved');
    expect(folder.counts()).toEqual(counts);
    const after = await stat(path);
    expect([after.mtimeMs, after.size]).toEqual([before.mtimeMs, before.size]);
    expect(await readdir(folder.dir)).toEqual(files);
  });

  it('stops when asked, before or while the reading runs', async () => {
    const path = await titled();
    await expect(inspect(path, { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow(
      'stop',
    );
    const controller = new AbortController();
    const inspecting = inspect(path, { signal: controller.signal });
    controller.abort(new Error('stopped meanwhile'));
    await expect(inspecting).rejects.toThrow('stopped meanwhile');
  });
});
