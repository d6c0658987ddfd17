// A sync says the batch changed while it sends, not only once it has ended: the Sync screen
// reloads its counts on that word, and showed "Sent 0" beside "Sending payments 3,000 / 4,215".
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

it('says the batch changed once it is sending, before the sync is done', async () => {
  const { api } = t.desk;
  const { batch_id } = await api.importSheet({
    file: 'test/fixtures/payouts-template.csv',
    batch_name: 'Watched',
  });
  await api.approve({ batch: batch_id, selection: { filter: {} }, include_warnings: true });
  const from = t.events.length;
  expect((await api.sync({ batch: batch_id })).state).toBe('done');
  const events = t.events.slice(from);
  const at = (found: (e: (typeof events)[number]) => boolean) => events.findIndex(found);
  const sending = at((e) => e.type === 'sync.stage' && e.stage === 'sending');
  const done = at((e) => e.type === 'sync.stage' && e.stage === 'done');
  const changedWhileSending = events.findIndex(
    (e, i) => i > sending && i < done && e.type === 'outbox.changed' && e.batch_id === batch_id,
  );
  expect(sending).toBeGreaterThanOrEqual(0);
  expect(done).toBeGreaterThan(sending);
  expect(changedWhileSending).toBeGreaterThan(sending);
});
