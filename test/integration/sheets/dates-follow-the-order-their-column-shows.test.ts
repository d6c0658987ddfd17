// A date a cell alone cannot read: "02/05/2030" is 2 May or 5 February. Where the same column
// holds "01/31/2030", which only month first can read, the column writes month first and the
// date is 5 February, even when the column shows it only far below its first rows. A column
// that shows both orders has been mixed up, and its ambiguous dates stay the person's to fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_SEARCH_ROWS } from '../../../electron/core/sheets/understanding/header-detection';
import { draftOf, errorsOf, OutboxFolder, type ImportedSheet } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const IBAN = 'GB29NWBK60161331926819';
const dateOf = (imported: ImportedSheet, row: number) =>
  draftOf(imported, row).payment.execution.date;
const dateErrors = (imported: ImportedSheet, row: number) =>
  errorsOf(draftOf(imported, row)).filter((issue) => issue.field === 'execution.date');

describe('a date that reads either way', () => {
  it('follows the month-first order its column shows', async () => {
    const imported = await folder.import(
      await folder.csv('us.csv', [
        'Name,IBAN,Amount,Check Date',
        `Ann Lee,${IBAN},10.00,01/31/2030`,
        `Bob Ray,${IBAN},20.00,02/05/2030`,
      ]),
    );
    expect(dateOf(imported, 3)).toBe('2030-02-05T09:00:00Z');
    expect(dateErrors(imported, 3)).toEqual([]);
  });

  it('follows the day-first order its column shows only below its first rows', async () => {
    const ambiguous = Array.from(
      { length: HEADER_SEARCH_ROWS + 10 },
      (_, i) => `Payee ${i},${IBAN},10.00,02/05/2030`,
    );
    const imported = await folder.import(
      await folder.csv('late.csv', [
        'Name,IBAN,Amount,Date',
        ...ambiguous,
        `Last Payee,${IBAN},10.00,31/05/2030`,
      ]),
    );
    expect(dateOf(imported, 2)).toBe('2030-05-02T09:00:00Z');
    expect(dateOf(imported, ambiguous.length + 1)).toBe('2030-05-02T09:00:00Z');
    expect(imported.summary.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('stays an issue where its column shows both orders', async () => {
    const imported = await folder.import(
      await folder.csv('mixed.csv', [
        'Name,IBAN,Amount,Date',
        `Ann Lee,${IBAN},10.00,01/31/2030`,
        `Bob Ray,${IBAN},20.00,31/01/2030`,
        `Cy Dunn,${IBAN},30.00,02/05/2030`,
      ]),
    );
    expect(dateErrors(imported, 4)).toEqual([
      expect.objectContaining({ cell: 'D4', message: expect.stringContaining('could be') }),
    ]);
  });

  it('stays an issue where its column shows no order', async () => {
    const imported = await folder.import(
      await folder.csv('none.csv', [
        'Name,IBAN,Amount,Date',
        `Ann Lee,${IBAN},10.00,2030-01-31`,
        `Bob Ray,${IBAN},20.00,02/05/2030`,
      ]),
    );
    expect(dateErrors(imported, 3)).toEqual([expect.objectContaining({ cell: 'D3' })]);
  });

  it('reads a compact YYYYMMDD day, as Bacs and SAP write it', async () => {
    const imported = await folder.import(
      await folder.csv('bacs.csv', [
        'Name,IBAN,Amount,Date',
        `Ann Lee,${IBAN},10.00,20300131`,
        `Bob Ray,${IBAN},20.00,20301331`,
      ]),
    );
    expect(dateOf(imported, 2)).toBe('2030-01-31T09:00:00Z');
    expect(dateErrors(imported, 3)).toEqual([expect.objectContaining({ cell: 'D3' })]);
  });
});
