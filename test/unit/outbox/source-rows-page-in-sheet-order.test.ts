// The annotated export reads a batch's drafts a page at a time: every draft once, in the sheet's
// row order, even a row written again after the rows below it (its merged cells filled in).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import { serializeDraft } from '../../../electron/core/outbox/draft-insert';
import type { PaymentBody } from '../../../shared/service';

let dir: string;
let outbox: Outbox;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-source-rows-'));
  outbox = Outbox.open(dir);
});
afterEach(async () => {
  outbox.close();
  await rm(dir, { recursive: true, force: true });
});

const payment: PaymentBody = {
  source: { type: 'group', id: 'g1' },
  target: { type: 'contact', id: 'existing-beneficiary' },
  amount: { type: 'SEND', amount: 10 },
  execution: { date: '2030-01-01T00:00:00Z' },
  purpose: 'SALA',
};

let batches = 0;
function batchWithRows(rows: number[], source: (row: number) => unknown[]) {
  batches += 1;
  const batch = outbox.batches.create({
    name: `Sheet ${batches}`,
    profile: 'local',
    groupId: 'g1',
    walletId: null,
    walletCurrency: 'GBP',
    sourceFile: 'sheet.csv',
  });
  for (const row of rows) {
    outbox.imports.insert(batch.id, {
      ...serializeDraft({ payment }),
      sourceRow: row,
      sourceJson: JSON.stringify(source(row)),
    });
  }
  return batch.id;
}

describe('source rows of a batch', () => {
  it('come once each, in row order, across pages, a rewritten row in its place', () => {
    const batchId = batchWithRows([2, 3, 4, 5, 6, 7, 8], (row) => [`payee ${row}`]);
    outbox.imports.deleteRow(batchId, 4);
    outbox.imports.insert(batchId, {
      ...serializeDraft({ payment }),
      sourceRow: 4,
      sourceJson: JSON.stringify(['payee 4, again']),
    });
    for (const pageSize of [1, 2, 3, 7, 1000]) {
      const rows = [...outbox.imports.sourceRows(batchId, pageSize)];
      expect(rows.map((draft) => draft.sourceRow)).toEqual([2, 3, 4, 5, 6, 7, 8]);
      expect(rows[2]?.source).toEqual(['payee 4, again']);
      expect(rows.every((draft) => draft.state === 'draft' && draft.error === null)).toBe(true);
    }
  });

  it('reach past the header only where a row has a cell there', () => {
    const batchId = batchWithRows([2, 3, 4], (row) =>
      row === 3 ? ['a', 'b', null, 'note', null, ''] : ['a', 'b', null, null],
    );
    expect(outbox.imports.sourceWidth(batchId, 2)).toBe(4);
    expect(outbox.imports.sourceWidth(batchId, 5)).toBe(5);
    const plain = batchWithRows([2], () => ['a', 'b', null, '']);
    expect(outbox.imports.sourceWidth(plain, 2)).toBe(2);
  });
});
