// The exactly-once invariant under crashes: a child process syncs 2,000 payments and is killed
// with SIGKILL at random moments; after each restart the sync resumes; at the end the sandbox
// holds exactly one payment per approved draft and the outbox lost nothing.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../../../electron/core/client';
import { Outbox } from '../../../electron/core/outbox';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

const PAYMENTS = Number(process.env.CRASH_PAYMENTS ?? 2000);
const KILLS = Number(process.env.CRASH_KILLS ?? 20);

let t: TestSandbox;
let client: PaymentsClient;
beforeAll(async () => {
  t = await startTestSandbox();
  client = sandboxClient(t);
});
afterAll(async () => {
  client.close();
  await t.close();
});

function runChild(args: string[], killAfterMs: number | null) {
  return new Promise<{ killed: boolean; stdout: string; stderr: string; code: number | null }>(
    (resolve) => {
      const child = spawn(process.execPath, [
        '--import',
        'tsx',
        join('test', 'support', 'sync-child.ts'),
        ...args,
      ]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      let timer: NodeJS.Timeout | undefined;
      child.stdout.once('data', () => {
        if (killAfterMs !== null) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ killed: signal === 'SIGKILL', stdout, stderr, code });
      });
    },
  );
}

describe('a sync killed at random moments', () => {
  it(
    `sends each of ${PAYMENTS} approved drafts exactly once after ${KILLS} kills`,
    { timeout: 300_000 },
    async () => {
      const s = await outboxWithBatch(client, (groupId, payeeId) =>
        Array.from({ length: PAYMENTS }, (_, n) => salary(groupId, payeeId, n)),
      );
      const approvedIds = s.created.filter((_, n) => n % 10 !== 9).map((d) => d.id); // every tenth stays unapproved
      s.outbox.drafts.approve(approvedIds);
      const approved = new Set(approvedIds);
      s.outbox.close();
      const args = [
        s.dir,
        t.sandbox.baseUrl,
        join(t.dataDir, 'sandbox-cert.pem'),
        s.batch.id,
        '25',
      ];
      // Latency keeps requests in flight long enough for kills to land between send and answer.
      await t.expect(200, 'POST', '/_sandbox/faults', { body: { latency_ms: 25 } });

      // Kill points from a seeded generator: a failure can be replayed with the same seed.
      const killPoints = fc.sample(fc.integer({ min: 20, max: 500 }), {
        numRuns: KILLS,
        seed: 20261122,
      });
      let killed = 0;
      for (const delay of killPoints) {
        const run = await runChild(args, delay);
        if (run.killed) killed += 1;
        else if (run.code !== 0) throw new Error(`the sync child failed: ${run.stderr}`);
      }
      const last = await runChild(args, null);
      await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
      expect(last.code, last.stderr).toBe(0);
      const resultLine =
        last.stdout.split('\n').find((line) => line.startsWith('result ')) ?? 'result {}';
      const result = JSON.parse(resultLine.slice('result '.length)) as {
        state: string;
        counts: Record<string, number>;
      };
      expect(result.state, last.stdout.slice(-2000)).toBe('done');
      expect(killed).toBeGreaterThan(0);

      // The outbox lost nothing: every draft is there, and every approved one is accepted.
      const outbox = Outbox.open(s.dir);
      const chunkStates = outbox.db
        .prepare('SELECT state, COUNT(*) AS n FROM chunks GROUP BY state')
        .all();
      console.info(
        `kills that landed: ${killed} of ${KILLS}; chunks by state: ${JSON.stringify(chunkStates)}`,
      );
      const drafts = outbox.drafts.page(s.batch.id, 0, PAYMENTS + 10);
      expect(drafts).toHaveLength(PAYMENTS);
      expect(drafts.filter((d) => approved.has(d.id)).every((d) => d.state === 'accepted')).toBe(
        true,
      );
      expect(drafts.filter((d) => !approved.has(d.id)).every((d) => d.state === 'draft')).toBe(
        true,
      );
      outbox.close();

      // The service holds exactly one payment per approved draft, and none of the others.
      await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
      const stored = await t.expect<{ items: { id: string; correlation_id: string }[] }>(
        200,
        'GET',
        `/_sandbox/payments?group=${s.groupId}`,
      );
      const ours = stored.items.filter(
        (item) =>
          drafts.some((d) => d.id === item.id) ||
          drafts.some((d) => d.correlationId === item.correlation_id),
      );
      expect(ours).toHaveLength(approved.size);
      expect(new Set(ours.map((item) => item.id))).toEqual(approved);
      await rm(s.dir, { recursive: true, force: true });
    },
  );
});
