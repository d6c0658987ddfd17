// A sync checks a batch's new payees with the service before it sends their payments: one the
// service finds wrong takes its approved payment back to draft, with the findings at the
// fields, and the payment is not sent. The sync still finishes, but it says how many it held
// back: it said "done, 0 still to send" of a payment never sent (found by trying the command
// as an operator, whose scheduled sync exited 0).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

it('finishes, naming the approved payments held back for a payee the service found wrong', async () => {
  const { api } = t.desk;
  // Row 2's UK payee has no sort code, which the rules let be and the service does not.
  const { batch_id: batch } = await api.importSheet({
    file: 'test/fixtures/payouts-remote-issue.csv',
    batch_name: 'Held back',
  });
  expect(await api.approve({ batch, selection: { filter: {} } })).toMatchObject({ approved: 2 });
  const outcome = await api.sync({ batch });
  expect(outcome.state).toBe('done');
  expect(outcome.held_back).toBe(1);
  expect(outcome.counts.by_state).toMatchObject({ accepted: 1, draft: 1 });
  const [row2] = (await api.draftWindow({ batch, sort: { by: 'row' } })).rows;
  expect(row2).toMatchObject({ row: 2, state: 'draft' });
  expect(row2!.issues).toContainEqual(
    expect.objectContaining({ field: 'beneficiary.bank_details', source: 'service' }),
  );

  // Fixed and approved, it goes with the next sync, which holds nothing back.
  await api.editDraft({
    id: row2!.id,
    changes: { 'beneficiary.bank_details.bank_code': '601613' },
  });
  await api.approve({ batch, selection: { rows: [2] } });
  const again = await api.sync({ batch });
  expect(again).toMatchObject({ state: 'done', held_back: 0 });
  expect(again.counts.by_state).toMatchObject({ accepted: 2 });
});
