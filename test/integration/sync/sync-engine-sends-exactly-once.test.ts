import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../../../electron/core/client';
import { BatchLockedError, SyncEngine } from '../../../electron/core/sync/sync-engine';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

let t: TestSandbox;
let client: PaymentsClient;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await startTestSandbox();
  client = sandboxClient(t, { sleep: async () => {} });
});
afterEach(async () => {
  await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  client.close();
  await t.close();
});

async function scene(
  size: number,
  extra: (groupId: string, payeeId: string) => ReturnType<typeof salary>[] = () => [],
) {
  const s = await outboxWithBatch(client, (groupId, payeeId) => [
    ...Array.from({ length: size }, (_, n) => salary(groupId, payeeId, n)),
    ...extra(groupId, payeeId),
  ]);
  cleanups.push(async () => {
    s.outbox.close();
    await rm(s.dir, { recursive: true, force: true });
  });
  return s;
}

async function heldOnce(groupId: string, correlationIds: string[]) {
  await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
  const stored = await t.expect<{ items: { correlation_id: string }[] }>(
    200,
    'GET',
    `/_sandbox/payments?group=${groupId}`,
  );
  const counts = new Map<string, number>();
  for (const item of stored.items)
    counts.set(item.correlation_id, (counts.get(item.correlation_id) ?? 0) + 1);
  for (const id of correlationIds) expect(counts.get(id) ?? 0, id).toBe(1);
}

describe('the sync engine', () => {
  it('sends only approved drafts, in chunks, follows the jobs, and a second sync sends nothing again', async () => {
    const s = await scene(1200);
    const approved = s.created.slice(0, 1100);
    s.outbox.drafts.approve(approved.map((d) => d.id));
    const events: string[] = [];
    const engine = new SyncEngine(s.outbox, client, {
      chunkSize: 500,
      pollMs: 10,
      onProgress: (e) => events.push(e.stage),
    });
    const result = await engine.sync(s.batch.id);
    expect(result.state).toBe('done');
    expect(result.counts).toMatchObject({
      drafts: 1200,
      by_state: { accepted: 1100, sending: 0, submitted: 0, approved: 0, failed: 0 },
    });
    expect(result.jobs.map((j) => j.total)).toEqual([500, 500, 100]);
    expect(events).toContain('job');
    await heldOnce(
      s.groupId,
      approved.map((d) => d.correlation_id),
    );
    const stored = await t.expect<{ items: { correlation_id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?group=${s.groupId}`,
    );
    const unapproved = new Set(s.created.slice(1100).map((d) => d.correlation_id));
    expect(stored.items.filter((i) => unapproved.has(i.correlation_id))).toHaveLength(0);

    const again = await engine.sync(s.batch.id);
    expect(again.counts.by_state.accepted).toBe(1100);
    expect(again.jobs).toHaveLength(3);
    await heldOnce(
      s.groupId,
      approved.map((d) => d.correlation_id),
    );
  });

  it('creates new beneficiaries first, and maps the service’s findings back to the draft', async () => {
    const s = await scene(0, (groupId, payeeId) => [
      {
        ...salary(groupId, payeeId, 1),
        beneficiary: {
          type: 'INDIVIDUAL',
          country: 'DE',
          currency: 'EUR',
          entity: { individual_first_name: 'Emmy', individual_last_name: 'Noether' },
          bank_details: { account_number: 'DE89370400440532013000' },
        },
      },
      {
        ...salary(groupId, payeeId, 2),
        beneficiary: {
          type: 'INDIVIDUAL',
          country: 'GB',
          currency: 'GBP',
          entity: { individual_first_name: 'Mary', individual_last_name: 'Somerville' },
          bank_details: { bank_code: '601613' },
        },
      },
    ]);
    s.outbox.drafts.approve(s.created.map((d) => d.id));
    const result = await new SyncEngine(s.outbox, client, { pollMs: 10 }).sync(s.batch.id);
    expect(result.counts).toMatchObject({ by_state: { accepted: 1 }, with_errors: 1 });
    const [good, bad] = s.created.map((d) => s.outbox.drafts.get(d.id));
    expect(good?.state).toBe('accepted');
    expect(bad?.state).toBe('draft');
    expect(bad?.issues).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details',
        // The service's finding, its field names in words (service-words.ts).
        message: expect.stringContaining('account number is required'),
        severity: 'error',
      }),
    ]);
  });

  it('stops cleanly when offline, and the next run finishes without a second payment', async () => {
    const s = await scene(300);
    s.outbox.drafts.approve(s.created.map((d) => d.id));
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_after_probability: 1 } });
    const engine = new SyncEngine(s.outbox, client, { chunkSize: 100, pollMs: 10 });
    const offline = await engine.sync(s.batch.id);
    expect(offline.state).toBe('offline');
    expect(offline.error).toMatch(/no answer/);
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    const resumed = await engine.sync(s.batch.id);
    expect(resumed).toMatchObject({
      state: 'done',
      counts: { by_state: { accepted: 300, failed: 0 } },
    });
    await heldOnce(
      s.groupId,
      s.created.map((d) => d.correlation_id),
    );
  });

  it('refuses a second sync of the same batch while one runs', async () => {
    const s = await scene(10);
    s.outbox.drafts.approve(s.created.map((d) => d.id));
    s.outbox.locks.acquire(s.batch.id, 'another process');
    await expect(new SyncEngine(s.outbox, client).sync(s.batch.id)).rejects.toBeInstanceOf(
      BatchLockedError,
    );
  });
});
