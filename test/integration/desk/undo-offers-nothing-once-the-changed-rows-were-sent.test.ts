// Undo takes back the batch's latest change, but never what was sent since: a row sent stays as
// it was sent. Once every row of the latest change was sent, its undo would put nothing back,
// and the batch says there is nothing to undo, where the editor's Undo offered "the bulk edit of
// 3 drafts" and answered "Undid nothing" (found by trying the app as an operator).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

it('offers the latest change to undo until its rows are all sent', async () => {
  const { api } = t.desk;
  // Rows 2 to 4 of the template are sound; 5 and 6 have errors and stay drafts.
  const { batch_id: batch } = await api.importSheet({
    file: 'test/fixtures/payouts-template.csv',
    batch_name: 'Sent since',
  });
  await api.bulkEdit({ batch, selection: { rows: [2, 3, 4] }, changes: { purpose: 'SUPP' } });
  expect((await api.getBatch({ batch })).undo).toBe('the bulk edit of 3 drafts');
  await api.approve({ batch, selection: { rows: [2, 3] } });
  await api.sync({ batch });
  // Row 4 is still a draft: the undo would put it back.
  expect((await api.getBatch({ batch })).undo).toBe('the bulk edit of 3 drafts');
  await api.approve({ batch, selection: { rows: [4] } });
  expect((await api.sync({ batch })).state).toBe('done');
  expect((await api.getBatch({ batch })).undo).toBeNull();
  // A deletion after it is undone as ever: its rows come back.
  await api.deleteDrafts({ batch, selection: { rows: [5] } });
  expect((await api.getBatch({ batch })).undo).toMatch(/deletion/);
});
