// A sync whose process is killed (the app closed by the task manager, the machine switched off)
// cannot record how it ended. Its batch then reads as interrupted, with what to do, and not as
// "Syncing" for ever: nothing else would tell the person that payments are left to send.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSyncChild } from '../../support/crash-scenario';
import { openTestDesk } from '../../support/desk';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('a sync killed with the process that ran it', () => {
  it('leaves its batch interrupted, saying to sync again, not syncing for ever', async () => {
    const client = sandboxClient(t);
    const s = await outboxWithBatch(client, (groupId, payeeId) =>
      Array.from({ length: 1000 }, (_, n) => salary(groupId, payeeId, n)),
    );
    client.close();
    s.outbox.drafts.approve(s.created.map((draft) => draft.id));
    s.outbox.close();
    // Chunks of 25 at 25 ms a request: the sync is well under way, and far from done, when
    // the kill lands.
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { latency_ms: 25 } });
    const args = [s.dir, t.sandbox.baseUrl, join(t.dataDir, 'sandbox-cert.pem'), s.batch.id, '25'];
    const run = await runSyncChild(args, 300);
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    expect(run.killed, run.stderr).toBe(true);

    const desk = await openTestDesk({ dataDir: s.dir });
    try {
      const [batch] = (await desk.desk.api.listBatches({})).batches;
      expect(batch?.counts.by_state.accepted ?? 0).toBeLessThan(1000);
      expect(batch?.last_sync).toMatchObject({
        state: 'interrupted',
        finished_at: null,
        error: 'the sync stopped with the app that ran it: sync again to finish it',
      });
    } finally {
      await desk.close();
      await rm(s.dir, { recursive: true, force: true });
    }
  });
});
