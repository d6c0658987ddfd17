// npm run bench:sync — drafts/s to sync 100,000 payments to the local sandbox with the sync
// engine (outbox records, chunks, job following, per-item results), against a raw loop that
// only POSTs the same chunk bodies and waits for the same jobs: the engine's overhead as a
// ratio. Each side gets a fresh sandbox process. Prints one JSON object.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PaymentsClient } from '../../electron/core/client';
import { Outbox } from '../../electron/core/outbox';
import { SyncEngine } from '../../electron/core/sync/sync-engine';
import type { PaymentImportItem } from '../../shared/service';
import { salary } from '../support/sync-scene';
import { peakRssMb } from '../support/peak-rss';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const CHUNK = 500;
const TARGET_RATIO = 1.2;

async function scene(sandbox: SandboxProcess) {
  const client = new PaymentsClient({
    profile: {
      name: 'bench',
      kind: 'local',
      baseUrl: sandbox.baseUrl,
      authUrl: `${sandbox.baseUrl}/auth`,
      caPem: sandbox.ca,
    },
    credentials: { apiKey: 'sandbox-api-key', clientSecret: 'sandbox-client-secret' },
  });
  const group = (await client.listGroups({ name: 'Payroll this month' })).items[0];
  const payeeId = randomUUID();
  await client.putBeneficiary(payeeId, {
    type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: { individual_first_name: 'Bench', individual_last_name: 'Payee' },
    bank_details: { account_name: 'Bench Payee', bank_code: '601613', account_number: '31926819' },
  });
  return { client, groupId: group?.id as string, payeeId };
}

async function engineRun() {
  const sandbox = await startSandboxProcess();
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-outbox-'));
  try {
    const { client, groupId, payeeId } = await scene(sandbox);
    const outbox = Outbox.open(dir);
    const batch = outbox.batches.create({
      name: 'bench',
      profile: 'local',
      groupId,
      walletId: null,
      walletCurrency: null,
      sourceFile: null,
    });
    const drafts = outbox.drafts.create(
      batch.id,
      Array.from({ length: PAYMENTS }, (_, n) => salary(groupId, payeeId, n)),
    );
    outbox.drafts.approve(drafts.map((d) => d.id));
    const started = performance.now();
    const result = await new SyncEngine(outbox, client, { chunkSize: CHUNK, pollMs: 20 }).sync(
      batch.id,
    );
    const seconds = (performance.now() - started) / 1000;
    if (result.state !== 'done' || result.counts.by_state.accepted !== PAYMENTS)
      throw new Error(`engine sync ended ${JSON.stringify(result.counts)}`);
    outbox.close();
    client.close();
    return { seconds, sandboxRss: peakRssMb(sandbox.child.pid) };
  } finally {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function rawRun() {
  const sandbox = await startSandboxProcess();
  try {
    const { client, groupId, payeeId } = await scene(sandbox);
    const chunks: PaymentImportItem[][] = [];
    for (let start = 0; start < PAYMENTS; start += CHUNK) {
      chunks.push(
        Array.from({ length: Math.min(CHUNK, PAYMENTS - start) }, (_, i) => {
          const id = randomUUID();
          return {
            ...salary(groupId, payeeId, start + i).payment,
            id,
            correlation_id: `pd-${id.replace(/-/g, '')}`,
          };
        }),
      );
    }
    const started = performance.now();
    const jobs: string[] = [];
    for (const items of chunks) jobs.push((await client.importPayments(items)).job_id);
    for (const jobId of jobs) {
      while ((await client.paymentImportJob(jobId)).status !== 'DONE')
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    client.close();
    return { seconds };
  } finally {
    await sandbox.stop();
  }
}

async function main() {
  const raw = await rawRun();
  const engine = await engineRun();
  const ratio = engine.seconds / raw.seconds;
  process.stdout.write(
    `${JSON.stringify(
      {
        bench: 'sync',
        payments: PAYMENTS,
        chunk_size: CHUNK,
        engine_seconds: round(engine.seconds),
        engine_drafts_per_second: Math.round(PAYMENTS / engine.seconds),
        raw_seconds: round(raw.seconds),
        raw_items_per_second: Math.round(PAYMENTS / raw.seconds),
        ratio: round(ratio),
        target_ratio: TARGET_RATIO,
        meets_target: ratio <= TARGET_RATIO,
        bench_peak_rss_mb: peakRssMb(),
        sandbox_peak_rss_mb: engine.sandboxRss,
      },
      null,
      2,
    )}\n`,
  );
}

const round = (value: number) => Math.round(value * 100) / 100;

main().catch((error: unknown) => {
  process.stderr.write(`bench:sync failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
