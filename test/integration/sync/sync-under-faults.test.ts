// The same sync with every fault the sandbox has switched on — latency, 429 with Retry-After,
// 5xx, connections dropped before and after handling, tokens that expire mid-run — ends with
// the same exact result: each approved draft exactly once at the service.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../../../electron/core/client';
import { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

let t: TestSandbox;
let client: PaymentsClient;
beforeAll(async () => {
  t = await startTestSandbox();
  // Real waits would only slow the test: the retry policy's choices are what matters here.
  client = sandboxClient(t, { sleep: async () => {} });
});
afterAll(async () => {
  client.close();
  await t.close();
});

describe('a sync under faults', () => {
  it('ends with exactly one payment per approved draft', { timeout: 120_000 }, async () => {
    const s = await outboxWithBatch(client, (groupId, payeeId) =>
      Array.from({ length: 1500 }, (_, n) => salary(groupId, payeeId, n)),
    );
    s.outbox.drafts.approve(s.created.map((d) => d.id));
    await t.expect(200, 'POST', '/_sandbox/faults', {
      body: {
        latency_ms: 5,
        rate_limit_probability: 0.1,
        retry_after_seconds: 1,
        server_error_probability: 0.1,
        drop_before_probability: 0.05,
        drop_after_probability: 0.05,
        token_lifetime_seconds: 2,
        seed: Number(process.env.FAULT_SEED ?? 42),
      },
    });
    const engine = new SyncEngine(s.outbox, client, {
      chunkSize: 100,
      pollMs: 5,
      sleep: async () => {},
    });
    let result = await engine.sync(s.batch.id);
    let runs = 1;
    while (result.state !== 'done' && runs < 30) {
      result = await engine.sync(s.batch.id); // offline is a state: the next run carries on
      runs += 1;
    }
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    expect(result.state).toBe('done');
    expect(
      result.counts,
      JSON.stringify(s.outbox.drafts.inState(s.batch.id, 'failed').map((d) => d.error)),
    ).toMatchObject({
      drafts: 1500,
      by_state: { accepted: 1500, failed: 0 },
    });

    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
    const stored = await t.expect<{ items: { id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?group=${s.groupId}`,
    );
    const ours = new Set(s.created.map((d) => d.id));
    const held = stored.items.filter((item) => ours.has(item.id)).map((item) => item.id);
    expect(held).toHaveLength(1500);
    expect(new Set(held).size).toBe(1500);
    s.outbox.close();
    await rm(s.dir, { recursive: true, force: true });
  });
});
