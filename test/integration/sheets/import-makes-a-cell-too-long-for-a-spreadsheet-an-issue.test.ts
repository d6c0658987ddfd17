// A cell longer than a spreadsheet cell can hold (Excel's 32,767 characters) is an issue at
// that cell, in an .xlsx and a .csv alike: its value is never used, not even cut to fit, and the
// rest of its row and of the file import as they would without it. Only a cell past the bound of
// hostile input refuses the file (import-refuses-hostile-files-with-bounded-memory.test.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import { toCsv } from '../../support/csv-files';
import { draftOf, errorsOf, OutboxFolder, type ImportedSheet } from '../../support/sheet-import';
import { row, writeXlsx } from '../../support/xlsx-by-hand';
import { longText } from '../../support/zip-bombs';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const IBAN = 'DE89370400440532013000';
const HEADER = ['Payee', 'IBAN', 'Amount', 'Pay date', 'Reference'];
const TOO_LONG = SHEET_LIMITS.maxCellChars + 7_233; // 40,000
const longReference = longText(TOO_LONG);
const longName = `Ada ${longText(TOO_LONG - 4)}`;
const longestReference = longText(SHEET_LIMITS.maxCellChars);

/** Row 2: a reference too long; row 3: a payee name too long; row 4: a reference at the limit. */
const GRID: string[][] = [
  HEADER,
  ['Bob Stone', IBAN, '100', '2030-01-31', longReference],
  [longName, IBAN, '200', '2030-01-31', 'INV-2'],
  ['Cleo Park', IBAN, '300', '2030-01-31', longestReference],
];

type Format = 'xlsx, shared strings' | 'xlsx, inline strings' | 'csv';

async function written(format: Format): Promise<string> {
  if (format === 'csv') {
    const path = join(folder.dir, 'long.csv');
    await writeFile(path, toCsv(GRID, ','));
    return path;
  }
  const inline = format === 'xlsx, inline strings';
  const cell = (text: string) => (inline ? { t: 'inlineStr' as const, v: text } : text);
  return writeXlsx(folder.dir, `long-${inline ? 'inline' : 'shared'}.xlsx`, {
    sheets: [
      {
        name: 'Payments',
        rows: GRID.map((cells, index) =>
          row(
            index + 1,
            cells.map((text, column) => (index > 0 && column === 2 ? Number(text) : cell(text))),
          ),
        ),
      },
    ],
  });
}

const count = (n: number) => n.toLocaleString('en-US');

/** The error at a cell, which says how long the cell is and how long a cell may be. */
function tooLongAt(imported: ImportedSheet, sheetRow: number, cell: string, length: number) {
  const errors = errorsOf(draftOf(imported, sheetRow)).filter((issue) => issue.cell === cell);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toContain(`holds ${count(length)} characters`);
  expect(errors[0]?.message).toContain(count(SHEET_LIMITS.maxCellChars));
}

describe.each<Format>(['xlsx, shared strings', 'xlsx, inline strings', 'csv'])(
  'a cell longer than a spreadsheet cell can hold, in %s',
  (format) => {
    it('is an issue at its cell, its value unused, and the rest of the file imports', async () => {
      const imported = await folder.import(await written(format), {
        group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
      });
      expect(imported.summary.drafts).toBe(3);

      tooLongAt(imported, 2, 'E2', longReference.length);
      const bob = draftOf(imported, 2);
      expect(bob.payment.description).toBeUndefined();
      expect(bob.payment.amount.amount).toBe(100);
      expect(bob.beneficiary?.body.bank_details.account_number).toBe(IBAN);
      expect(bob.beneficiary?.body.bank_details.account_name).toBe('Bob Stone');

      // Neither the name nor any cut of it is the holder's, the company's or anyone's.
      tooLongAt(imported, 3, 'A3', longName.length);
      const ada = draftOf(imported, 3);
      expect(JSON.stringify(ada.beneficiary)).not.toContain('Ada ');
      expect(ada.payment.description).toBe('INV-2');
      expect(ada.payment.amount.amount).toBe(200);

      // At the limit, a cell is read whole.
      const cleo = draftOf(imported, 4);
      expect(cleo.payment.description).toBe(longestReference);
      expect(cleo.issues.filter((issue) => issue.cell === 'E4')).toEqual([]);
    });
  },
);

describe('the results export of a sheet with a cell too long', () => {
  it('gives the cell back as it came in a CSV, and says why it was not read', async () => {
    const imported = await folder.import(await written('csv'));
    const path = await folder.exportResults(imported.summary.batchId, 'long-results.csv');
    const lines = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toContain(`,"${longReference}",`);
    expect(lines[1]).toMatch(
      new RegExp(`,"?E2: the cell holds ${count(longReference.length)} characters`),
    );
  });
});
