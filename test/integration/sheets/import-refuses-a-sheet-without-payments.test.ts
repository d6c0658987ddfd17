// A sheet with a header and no payment below it, as .csv or .xlsx, is refused with a clear
// error and changes nothing: no empty batch in the list, no mapping saved, no audit entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxFolder } from '../../support/sheet-import';
import { row, STYLE, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const csv = (name: string, lines: string[]) => folder.csv(name, lines);

const HEADER = ['Payee', 'IBAN', 'Amount', 'Date'];

async function expectRefused(file: string, batchName: string) {
  const before = folder.counts();
  await expect(folder.import(file, { batchName })).rejects.toMatchObject({
    code: 'no_payment_rows',
    message: expect.stringMatching(/no payment rows below its header \(row 1\).*nothing/),
  });
  expect(folder.counts()).toEqual(before);
  expect(folder.outbox.batches.find(batchName)).toBeFalsy();
}

describe('a sheet without payment rows', () => {
  it('as a CSV of its header alone, is refused and changes nothing', async () => {
    await expectRefused(await csv('header-only.csv', [HEADER.join(',')]), 'Empty CSV');
  });

  it('as a CSV whose rows are all blank or totals, is refused, naming what was skipped', async () => {
    const file = await csv('totals-only.csv', [HEADER.join(','), ',,,', 'Total,,0,']);
    await expectRefused(file, 'Totals only');
    await expect(folder.import(file)).rejects.toThrow(/row 3.*Total/);
  });

  it('as a workbook of its header alone, or of formatted rows, is refused the same way', async () => {
    const headerOnly = await writeXlsx(folder.dir, 'header-only.xlsx', {
      sheets: [{ name: 'Payments', rows: [row(1, HEADER)] }],
    });
    await expectRefused(headerOnly, 'Empty workbook');
    const formatted = await writeXlsx(folder.dir, 'formatted.xlsx', {
      sheets: [
        {
          name: 'Payments',
          rows: [row(1, HEADER), row(2, [{ s: STYLE.bordered }, null, { s: STYLE.money }])],
        },
      ],
    });
    await expectRefused(formatted, 'Formatted workbook');
  });

  it('once a payee is added, imports under the name the refused import asked for', async () => {
    const file = await csv('one-payee.csv', [
      HEADER.join(','),
      'Müller GmbH,DE89370400440532013000,10,2030-01-31',
    ]);
    const imported = await folder.import(file, { batchName: 'Empty CSV' });
    expect(imported.summary.drafts).toBe(1);
  });
});
