// A bulk upload the service answers 429 to, past the client's retries, was not taken: a bulk
// upload is repeated only after answers that say so (retry-policy.ts). Its payments go back to
// approved and the next run sends them in bulk again, where they stayed `sending` and were
// settled one PUT per payment: a thousand requests into a service that had asked for fewer.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../../../electron/core/client';
import { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { CountingTransport } from '../../support/counting-transport';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

const DRAFTS = 250;
const CHUNK = 100;

let t: TestSandbox;
let transport: CountingTransport;
let client: PaymentsClient;
beforeAll(async () => {
  t = await startTestSandbox();
  transport = new CountingTransport(t.sandbox.ca);
  client = sandboxClient(t, {
    transport,
    sleep: async () => {},
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 },
  });
});
afterAll(async () => {
  client.close();
  await t.close();
});

describe('a bulk upload refused with 429 past the retries', () => {
  it('goes back to be sent in bulk by the next run, not settled payment by payment', async () => {
    const s = await outboxWithBatch(client, (groupId, payeeId) =>
      Array.from({ length: DRAFTS }, (_, n) => salary(groupId, payeeId, n)),
    );
    s.outbox.drafts.approve(s.created.map((d) => d.id));
    const engine = new SyncEngine(s.outbox, client, {
      chunkSize: CHUNK,
      pollMs: 5,
      sleep: async () => {},
    });
    await t.expect(200, 'POST', '/_sandbox/faults', {
      body: { rate_limit_probability: 1, retry_after_seconds: 0 },
    });
    const refused = await engine.sync(s.batch.id);
    expect(refused.state).toBe('interrupted');
    // Nothing was taken: every payment is approved still, none `sending` to be looked up, and
    // the batch counts as never sent (it may still be deleted).
    expect(refused.counts.by_state).toMatchObject({ approved: DRAFTS, sending: 0 });
    expect(s.outbox.sync.anythingSent(s.batch.id)).toBe(false);

    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    transport.sent.splice(0);
    const done = await engine.sync(s.batch.id);
    expect(done.state).toBe('done');
    expect(done.counts.by_state).toMatchObject({ accepted: DRAFTS, failed: 0 });
    expect(transport.count('POST', '/payments/payments/import')).toBe(Math.ceil(DRAFTS / CHUNK));
    expect(transport.sent.filter((s) => s.method === 'PUT')).toEqual([]);

    const stored = await t.expect<{ items: { id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?group=${s.groupId}`,
    );
    const ours = new Set(s.created.map((d) => d.id));
    expect(stored.items.filter((item) => ours.has(item.id))).toHaveLength(DRAFTS);
    s.outbox.close();
    await rm(s.dir, { recursive: true, force: true });
  });
});
