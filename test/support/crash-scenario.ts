// The exactly-once invariant under crashes, as a scenario both the crash test and the crash
// benchmark run: a child process syncs PAYMENTS drafts (every tenth left unapproved) and is
// killed with SIGKILL at seeded random moments; after each restart the sync resumes; then a
// last run finishes it. The result counts what the outbox and the sandbox hold, so the caller
// can check that nothing was lost and nothing paid twice.
import { testChild } from './build-for-tests';
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { Outbox } from '../../electron/core/outbox';
import { sandboxClient, type TestSandbox } from './sandbox';
import { outboxWithBatch, salary } from './sync-scene';

export interface CrashScenario {
  payments: number;
  kills: number;
  /** Seeds the kill moments: a failing run can be replayed with the same seed. */
  seed: number;
  /** Kill moments are drawn from [minMs, maxMs] after the child says it started. */
  minMs?: number;
  maxMs?: number;
}

export interface CrashOutcome {
  killsLanded: number;
  finalState: string;
  finalStderr: string;
  chunkStates: Record<string, number>;
  draftsInOutbox: number;
  approved: number;
  approvedAccepted: number;
  unapprovedUntouched: number;
  /** Payments at the sandbox that belong to this batch (by id or correlation id). */
  paymentsAtService: number;
  /** Ids at the service that are not approved drafts: each one a payment that should not exist. */
  unexpectedAtService: number;
  /** Ids held more than once at the service. */
  duplicatesAtService: number;
  /** Approved drafts the service does not hold. */
  missingAtService: number;
}

export async function runCrashScenario(
  t: TestSandbox,
  scenario: CrashScenario,
): Promise<CrashOutcome> {
  const client = sandboxClient(t);
  const s = await outboxWithBatch(client, (groupId, payeeId) =>
    Array.from({ length: scenario.payments }, (_, n) => salary(groupId, payeeId, n)),
  );
  client.close();
  const approvedIds = s.created.filter((_, n) => n % 10 !== 9).map((d) => d.id);
  s.outbox.drafts.approve(approvedIds);
  const approved = new Set(approvedIds);
  s.outbox.close();
  const args = [s.dir, t.sandbox.baseUrl, join(t.dataDir, 'sandbox-cert.pem'), s.batch.id, '25'];

  // Latency keeps requests in flight long enough for kills to land between send and answer.
  await t.expect(200, 'POST', '/_sandbox/faults', { body: { latency_ms: 25 } });
  const killPoints = fc.sample(
    fc.integer({ min: scenario.minMs ?? 20, max: scenario.maxMs ?? 500 }),
    { numRuns: scenario.kills, seed: scenario.seed },
  );
  let killsLanded = 0;
  for (const delay of killPoints) {
    const run = await runSyncChild(args, delay);
    if (run.killed) killsLanded += 1;
    else if (run.code !== 0) throw new Error(`the sync child failed: ${run.stderr}`);
  }
  const last = await runSyncChild(args, null);
  await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
  const resultLine = last.stdout.split('\n').find((line) => line.startsWith('result ')) ?? '';
  const finalState =
    (JSON.parse(resultLine.slice('result '.length) || '{}') as { state?: string }).state ??
    `no result (exit ${last.code})`;

  const outbox = Outbox.open(s.dir);
  const chunkRows = outbox.db
    .prepare('SELECT state, COUNT(*) AS n FROM chunks GROUP BY state')
    .all() as { state: string; n: number }[];
  const drafts = outbox.drafts.page(s.batch.id, 0, scenario.payments + 10);
  outbox.close();

  await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
  const stored = await t.expect<{ items: { id: string; correlation_id?: string }[] }>(
    200,
    'GET',
    `/_sandbox/payments?group=${s.groupId}`,
  );
  const draftIds = new Set(drafts.map((d) => d.id));
  const correlationIds = new Set(drafts.map((d) => d.correlation_id));
  const ours = stored.items.filter(
    (item) =>
      draftIds.has(item.id) ||
      (item.correlation_id !== undefined && correlationIds.has(item.correlation_id)),
  );
  const heldIds = new Set(ours.map((item) => item.id));
  await rm(s.dir, { recursive: true, force: true });

  return {
    killsLanded,
    finalState,
    finalStderr: last.stderr,
    chunkStates: Object.fromEntries(chunkRows.map((row) => [row.state, row.n])),
    draftsInOutbox: drafts.length,
    approved: approved.size,
    approvedAccepted: drafts.filter((d) => approved.has(d.id) && d.state === 'accepted').length,
    unapprovedUntouched: drafts.filter((d) => !approved.has(d.id) && d.state === 'draft').length,
    paymentsAtService: ours.length,
    unexpectedAtService: ours.filter((item) => !approved.has(item.id)).length,
    duplicatesAtService: ours.length - heldIds.size,
    missingAtService: [...approved].filter((id) => !heldIds.has(id)).length,
  };
}

/** Runs a sync of the outbox in `args` in a child process, killed `killAfterMs` after it started. */
export function runSyncChild(args: string[], killAfterMs: number | null) {
  return new Promise<{ killed: boolean; stdout: string; stderr: string; code: number | null }>(
    (resolve) => {
      const child = spawn(process.execPath, [testChild('sync-child'), ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      let timer: NodeJS.Timeout | undefined;
      // The kill is timed from the child's "started", not from its start-up.
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
