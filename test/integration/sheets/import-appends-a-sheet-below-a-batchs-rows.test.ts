// A sheet with a batch's own headers can be added to it: its rows are numbered after the
// batch's last (their cells kept as they were), so the results export writes them below the
// batch's own, and its duplicates of the batch's rows are flagged. A sheet with other headers,
// or a batch that is not there, is refused, and a refused sheet leaves the batch as it was.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
let january: { batchId: string; batch: string };
beforeAll(async () => {
  folder = await OutboxFolder.create();
  const imported = await folder.import(
    await folder.csv('january.csv', [
      HEADER,
      'Müller GmbH,DE89370400440532013000,10,2030-01-31,INV-1',
      'Café Olé SARL,BE68539007547034,20,2030-01-31,INV-2',
      'Total,,30,,',
    ]),
    { batchName: 'January', group: EUR_GROUP },
  );
  january = imported.summary;
});
afterAll(() => folder.remove());

const HEADER = 'Payee,IBAN,Amount,Date,Reference';
const EUR_GROUP = { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' };

const rowsOf = (batchId: string) =>
  folder.outbox.drafts.page(batchId, 0, 1000).map((draft) => draft.row);

describe('a sheet added to a batch', () => {
  it('follows the batch’s rows, and the export writes it below them', async () => {
    const batches = folder.counts().batches;
    const added = await folder.import(
      await folder.csv('february.csv', [
        HEADER,
        'Van den Berg BV,NL91ABNA0417164300,30,2030-02-28,INV-3',
        'Bad Payee,NOT-AN-IBAN,40,2030-02-28,INV-4',
        'Müller GmbH,DE89370400440532013000,10,2030-01-31,INV-1 again',
        'Total,,80,,',
      ]),
      { appendTo: january.batchId },
    );
    // January ends with its totals on row 4: February's row 2 is the batch's row 5.
    expect(added.summary).toMatchObject({
      batch: 'January',
      batchId: january.batchId,
      row_offset: 3,
      drafts: 3,
      skipped: [{ row: 8, reason: expect.stringMatching(/total/i) }],
    });
    expect(added.summary.issues).toContainEqual(
      expect.objectContaining({ row: 6, cell: 'B6', field: expect.stringMatching(/account/) }),
    );
    expect(draftOf(added, 7).issues).toContainEqual(
      expect.objectContaining({
        field: 'duplicate',
        message: expect.stringContaining('row 2 of batch "January"'),
      }),
    );
    expect(rowsOf(january.batchId)).toEqual([2, 3, 5, 6, 7]);
    // The staging batch is gone; the audit log has the addition against January.
    expect(folder.counts().batches).toBe(batches);
    expect(
      folder.outbox.audit.list(january.batchId).filter((entry) => entry.action === 'import'),
    ).toHaveLength(2);

    const exported = await folder.exportResults(january.batchId, 'january-results.csv');
    const records = parse(await readFile(exported, 'utf8'), {
      bom: true,
      relax_column_count: true,
    }) as string[][];
    expect(records.map((record) => record[0])).toEqual([
      'Payee',
      'Müller GmbH',
      'Café Olé SARL',
      'Total',
      'Van den Berg BV',
      'Bad Payee',
      'Müller GmbH',
      'Total',
    ]);
    expect(records[5]?.slice(0, 3)).toEqual(['Bad Payee', 'NOT-AN-IBAN', '40']);
  });

  it('is refused when its headers are not the batch’s, in the same order', async () => {
    const before = folder.counts();
    const rows = rowsOf(january.batchId);
    const reordered = await folder.csv('reordered.csv', [
      'IBAN,Payee,Amount,Date,Reference',
      'FR1420041010050500013M02606,Jane Smith,100,2030-03-31,INV-5',
    ]);
    await expect(folder.import(reordered, { appendTo: january.batchId })).rejects.toMatchObject({
      code: 'headers_differ',
      message: expect.stringContaining('batch "January"'),
    });
    expect(folder.counts()).toEqual(before);
    expect(rowsOf(january.batchId)).toEqual(rows);
  });

  it('that fails leaves the batch as it was', async () => {
    const before = folder.counts();
    const rows = rowsOf(january.batchId);
    const empty = await folder.csv('empty.csv', [HEADER, 'Total,,0,,']);
    await expect(folder.import(empty, { appendTo: january.batchId })).rejects.toMatchObject({
      code: 'no_payment_rows',
    });
    expect(folder.counts()).toEqual(before);
    expect(rowsOf(january.batchId)).toEqual(rows);
  });

  it('is refused when the batch is not there', async () => {
    const before = folder.counts();
    const file = await folder.csv('march.csv', [
      HEADER,
      'Jane Smith,FR1420041010050500013M02606,100,2030-03-31,INV-6',
    ]);
    await expect(
      folder.import(file, { appendTo: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'batch_not_found' });
    expect(folder.counts()).toEqual(before);
  });
});
