// Workbooks written by hand as SpreadsheetML (test/support/hand-written-workbooks.ts): every
// cell shape a workbook can hold becomes the value a person sees, or an explicit issue —
// never "[object Object]", never a guess.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText } from '../../../electron/core/sheets/coercion/cell-text';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import type { CellValue, SheetRow } from '../../../electron/core/sheets/reading/sheet-types';
import { xlsxSheets } from '../../../electron/core/sheets/reading/xlsx-reader';
import {
  cellTypesWorkbook,
  date1904Workbook,
  entryOrderWorkbook,
  hiddenAndMergedWorkbook,
  sharedFormulasWorkbook,
} from '../../support/hand-written-workbooks';
import { draftOf, OutboxFolder } from '../../support/sheet-import';
import { buildXlsx, row, writeBytes, writeXlsx, type XlsxSpec } from '../../support/xlsx-by-hand';

let dir: string;
let folder: OutboxFolder;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-hand-written-'));
  folder = await OutboxFolder.create();
});
afterAll(async () => {
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
});

async function rowsOf(spec: XlsxSpec, name: string): Promise<Map<number, SheetRow>> {
  const path = await writeXlsx(dir, name, spec);
  const rows = new Map<number, SheetRow>();
  for await (const sheet of xlsxSheets(path, SHEET_LIMITS)) {
    for await (const read of sheet.rows) rows.set(read.number, read);
  }
  return rows;
}

describe('every cell shape', () => {
  it('reads as the value shown, or as an error that names it', async () => {
    const rows = await rowsOf(cellTypesWorkbook(), 'cell-types.xlsx');
    const b = (r: number): CellValue => rows.get(r)?.cells[1] ?? { kind: 'empty' };
    expect(b(2)).toEqual({ kind: 'text', text: 'Müller GmbH' });
    expect(b(3)).toEqual({ kind: 'number', value: 1234.5 });
    expect(b(4)).toEqual({ kind: 'text', text: '012345' });
    expect(b(5)).toEqual({ kind: 'text', text: '  Zoë  ' });
    expect(b(6)).toEqual({ kind: 'boolean', value: true });
    expect(b(7)).toEqual({ kind: 'error', code: '#N/A' });
    expect(b(8)).toEqual({ kind: 'number', value: 2469 });
    expect(b(9)).toEqual({ kind: 'text', text: 'MÜLLER GMBH' });
    expect(b(10)).toEqual({ kind: 'formula', formula: 'SUM(B3,B8)' });
    expect(b(11)).toEqual({ kind: 'error', code: '#DIV/0!' });
    // numFmtId 14, the locale's short date, by the name exceljs gives it and writes back as 14.
    expect(b(12)).toEqual({ kind: 'date', date: '2030-01-31', format: 'mm-dd-yy' });
    expect(b(13)).toEqual({ kind: 'date', date: '2030-01-31', format: 'dd/mm/yyyy' });
    expect(b(14)).toEqual({ kind: 'text', text: 'Zoë Ashworth-Łukasiewicz' });
    expect(b(15)).toMatchObject({ kind: 'number', value: 1234.5 });
    expect(b(16)).toEqual({ kind: 'text', text: 'Invoice 2030-001' });
    expect(b(17)).toEqual({ kind: 'text', text: 'Back to the top' });
  });

  it('never shows as [object Object] when read as text', async () => {
    const rows = await rowsOf(cellTypesWorkbook(), 'cell-types-as-text.xlsx');
    for (const read of rows.values()) {
      for (const cell of read.cells) {
        const text = cellText(cell);
        const shown = text.ok ? String(text.value) : text.message;
        expect(shown).not.toContain('[object');
      }
    }
  });

  it('takes a shared formula’s cached result in every cell that shares it, 0 included', async () => {
    const spec = sharedFormulasWorkbook();
    const rows = await rowsOf(spec, 'shared-formulas.xlsx');
    expect([2, 3, 4, 5].map((r) => rows.get(r)?.cells[3])).toEqual(
      [675, 820, 196, 182].map((value) => ({ kind: 'number', value })),
    );
    const zero = await rowsOf(
      {
        sheets: [
          {
            name: 'Payments',
            rows: [
              row(1, ['Payee', 'Pay']),
              row(2, ['Nil', { f: 'B1*0', v: 0 }]),
              row(3, ['No', { f: '1=2', t: 'b', v: 0 }]),
            ],
          },
        ],
      },
      'zero-results.xlsx',
    );
    expect(zero.get(2)?.cells[1]).toEqual({ kind: 'number', value: 0 });
    expect(zero.get(3)?.cells[1]).toEqual({ kind: 'boolean', value: false });
  });
});

describe('hidden and merged cells', () => {
  it('skip a hidden sheet, flag a hidden row, and read a merged title as a title', async () => {
    const path = await writeXlsx(dir, 'hidden-and-merged.xlsx', hiddenAndMergedWorkbook());
    const imported = await folder.import(path);
    expect(imported.summary).toMatchObject({ sheet: 'Payments', header_row: 2, drafts: 6 });
    expect(imported.summary.mapping['Helper']).toBeNull();
    // The list has no account numbers or dates: every row has those errors; row 7 also this.
    expect(draftOf(imported, 7).issues).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('row 7 is hidden'),
      }),
    );
    expect(draftOf(imported, 3).issues.filter((i) => i.severity === 'warning')).toEqual([]);
  });

  it('give a value merged down a column to every row it spans, hidden ones still flagged', async () => {
    const path = await writeXlsx(dir, 'merged-date.xlsx', {
      sheets: [
        {
          name: 'Payments',
          rows: [
            row(1, ['Payee', 'IBAN', 'Amount', 'Pay Date']),
            row(2, ['Müller GmbH', 'DE89370400440532013000', 980.5, '2030-01-31']),
            row(3, ['Café Olé SARL', 'BE68539007547034', 120], { hidden: true }),
            row(4, ['Van den Berg BV', 'NL91ABNA0417164300', 2500.5]),
            row(5, ['Bäckerei Schmidt', 'AT611904300234573201', 15, '2030-02-28']),
          ],
          merges: ['D2:D4'],
        },
      ],
    });
    const imported = await folder.import(path, {
      group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
    });
    expect([2, 3, 4, 5].map((r) => draftOf(imported, r).payment.execution.date)).toEqual([
      '2030-01-31T09:00:00Z',
      '2030-01-31T09:00:00Z',
      '2030-01-31T09:00:00Z',
      '2030-02-28T09:00:00Z',
    ]);
    expect([2, 4, 5].flatMap((r) => draftOf(imported, r).issues)).toEqual([]);
    // Read again with its date filled in, the hidden row is still flagged, and only that.
    expect(draftOf(imported, 3).issues).toEqual([
      expect.objectContaining({
        field: 'row',
        severity: 'warning',
        message: expect.stringContaining('row 3 is hidden'),
      }),
    ]);
  });
});

describe('an amount merged down its column', () => {
  it('is an error at each row it spans, never paid to each of them unsaid', async () => {
    // One 700.00 over Kim's and Liam's rows: each one's, or the two together? The sheet alone
    // cannot say, and paying both 700.00 paid 1,500.00 for a sheet showing 800.00.
    const path = await writeXlsx(dir, 'merged-amount.xlsx', {
      sheets: [
        {
          name: 'Payments',
          rows: [
            row(1, ['Payee', 'IBAN', 'Amount', 'Pay Date']),
            row(2, ['Müller GmbH', 'DE89370400440532013000', 100, '2030-01-31']),
            row(3, ['Kim Lee', 'BE68539007547034', 700, '2030-01-31']),
            row(4, ['Liam Ng', 'NL91ABNA0417164300']),
          ],
          merges: ['C3:C4', 'D3:D4'],
        },
      ],
    });
    const imported = await folder.import(path, {
      group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
    });
    expect(draftOf(imported, 2).issues).toEqual([]);
    for (const [r, cell] of [
      [3, 'C3'],
      [4, 'C4'],
    ] as const) {
      const draft = draftOf(imported, r);
      // The merged date is each row's, as any value merged down a column is.
      expect(draft.payment.execution.date).toBe('2030-01-31T09:00:00Z');
      expect(draft.issues).toEqual([
        expect.objectContaining({
          field: 'amount.amount',
          cell,
          severity: 'error',
          message: expect.stringContaining('merged over rows 3–4 (C3:C4)'),
        }),
      ]);
    }
    // Refused rows are not in the batch's totals: 100.00, not 1,500.00.
    const figures = folder.outbox.queries.batchFigures(imported.summary.batchId, 'EUR');
    expect(figures.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', amount: '100.000' }),
    ]);
  });
});

describe('dates of the 1904 date system', () => {
  it.each(['1', 'true'] as const)(
    'come out on the right day whether written date1904="%s"',
    async (flag) => {
      const path = await writeXlsx(dir, `1904-${flag}.xlsx`, date1904Workbook(flag));
      const imported = await folder.import(path);
      expect([2, 3].map((r) => draftOf(imported, r).payment.execution.date)).toEqual([
        '2030-01-31T09:00:00Z',
        '2030-02-28T09:00:00Z',
      ]);
    },
  );
});

describe('rows and cells that leave out their reference (r), as OOXML allows', () => {
  const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
  it.each([
    [
      'cells',
      `<row r="1">${inline('Payee')}${inline('IBAN')}${inline('Amount')}</row>` +
        `<row r="3">${inline('Müller GmbH')}${inline('DE89370400440532013000')}<c><v>980.5</v></c></row>`,
    ],
    [
      'rows',
      `<row><c r="A1" t="inlineStr"><is><t>Payee</t></is></c>${inline('IBAN')}${inline('Amount')}</row>` +
        `<row/><row>${inline('Müller GmbH')}${inline('DE89370400440532013000')}<c><v>980.5</v></c></row>`,
    ],
  ])('are counted: a sheet whose %s have none reads as the list it shows', async (what, rows) => {
    const path = await writeBytes(
      dir,
      `no-references-${what}.xlsx`,
      buildXlsx({ sheets: [{ name: 'Payments', rows }] }),
    );
    const imported = await folder.import(path, {
      group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
    });
    expect(imported.summary).toMatchObject({ header_row: 1, drafts: 1 });
    expect(draftOf(imported, 3)).toMatchObject({
      payment: { amount: { amount: 980.5, type: 'SEND' } },
      beneficiary: {
        body: { bank_details: { account_number: 'DE89370400440532013000' } },
      },
    });
  });
});

describe('the order of the parts in the zip', () => {
  it('changes nothing: sheets before or after the shared strings read the same', async () => {
    const read = async (order: 'sheets-first' | 'shared-strings-first') => {
      const path = await writeXlsx(dir, `${order}.xlsx`, entryOrderWorkbook(order));
      const imported = await folder.import(path, {
        group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
      });
      return [2, 3, 4].map((r) => {
        const draft = draftOf(imported, r);
        return [draft.payment.amount, draft.beneficiary?.body, draft.issues];
      });
    };
    const sheetsFirst = await read('sheets-first');
    expect(sheetsFirst[0]?.[1]).toMatchObject({
      type: 'BUSINESS',
      country: 'DE',
      bank_details: { account_number: 'DE89370400440532013000', account_name: 'Müller GmbH' },
    });
    expect(await read('shared-strings-first')).toEqual(sheetsFirst);
  });

  it('changes nothing when the part names start with a slash, as some writers make them', async () => {
    const parts = unzipSync(buildXlsx(entryOrderWorkbook('sheets-first')));
    const slashed = Object.fromEntries(
      Object.entries(parts).map(([name, bytes]) => [`/${name}`, bytes] as const),
    );
    expect(Object.keys(slashed)).toContain('/xl/workbook.xml');
    const path = await writeBytes(dir, 'slashed-names.xlsx', zipSync(slashed));
    const imported = await folder.import(path, {
      group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
    });
    expect(imported.summary).toMatchObject({ sheet: 'Payments', header_row: 1, drafts: 3 });
    expect(draftOf(imported, 3).beneficiary?.body).toMatchObject({
      bank_details: { account_number: 'BE68539007547034' },
    });
  });
});
