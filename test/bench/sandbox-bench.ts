// npm run bench:sandbox — the sandbox's throughput for a bulk import of 100,000 payments in
// chunks of 1,000, and p50/p99 latency of the token and groups calls. Prints one JSON object.
// The sandbox runs as its own process (`sandbox/main.ts`), as a user starts it.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { HttpsJson } from '../support/https-json';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const CHUNK = 1_000;
const IN_FLIGHT = 4;
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 300);
const TARGET_ITEMS_PER_SECOND = 20_000;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-bench-'));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'sandbox/main.ts',
      '--port',
      '0',
      '--data',
      dataDir,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const ready = JSON.parse(await firstLine(child.stdout)) as { base_url: string; ca: string };
    const http = new HttpsJson(ready.base_url, await readFile(ready.ca, 'utf8'));
    const credentials = { api_key: 'sandbox-api-key', client_secret: 'sandbox-client-secret' };
    const token = (
      (await http.call('POST', '/auth/token', { body: credentials })).body as { token: string }
    ).token;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await http.call(method, path, { token, body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      return res.body as Record<string, unknown>;
    };

    const { groupId, beneficiaryId } = await scene(call);
    const chunks = Array.from({ length: Math.ceil(PAYMENTS / CHUNK) }, (_, c) =>
      Array.from({ length: Math.min(CHUNK, PAYMENTS - c * CHUNK) }, (_, i) =>
        payment(groupId, beneficiaryId, c * CHUNK + i),
      ),
    );
    const bodies = chunks.map((items) => ({ items }));

    const started = performance.now();
    const jobIds: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          jobIds.push((await call('POST', '/payments/payments/import', body)).job_id as string);
        }
      }),
    );
    const submitted = performance.now();
    for (const jobId of jobIds) {
      for (;;) {
        const job = await call('GET', `/payments/payments/import/${jobId}`);
        if (job.status === 'DONE') {
          if (job.failed !== 0) throw new Error(`job ${jobId} failed ${job.failed} items`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const done = performance.now();

    const tokenLatency = await latencies(() =>
      http.call('POST', '/auth/token', { body: credentials }),
    );
    const groupsLatency = await latencies(() => http.call('GET', '/payments/groups', { token }));
    const itemsPerSecond = Math.round(PAYMENTS / ((done - started) / 1000));
    http.close();
    process.stdout.write(
      `${JSON.stringify(
        {
          bench: 'sandbox',
          payments: PAYMENTS,
          chunk_size: CHUNK,
          requests_in_flight: IN_FLIGHT,
          submit_seconds: round((submitted - started) / 1000),
          accepted_seconds: round((done - started) / 1000),
          accepted_items_per_second: itemsPerSecond,
          target_items_per_second: TARGET_ITEMS_PER_SECOND,
          meets_target: itemsPerSecond >= TARGET_ITEMS_PER_SECOND,
          token_ms: tokenLatency,
          groups_ms: groupsLatency,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function scene(
  call: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>,
) {
  const groups = (await call('GET', '/payments/groups?name=Payroll%20this%20month')).items as {
    wallet: { id: string };
  }[];
  const walletId = groups[0]?.wallet.id;
  const group = await call('POST', '/_sandbox/groups', { name: 'Bench', wallet_id: walletId });
  const beneficiary = await call('POST', '/payments/beneficiaries', {
    entity_type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: { individual_first_name: 'Bench', individual_last_name: 'Payee' },
    bank_details: { account_name: 'Bench Payee', bank_code: '601613', account_number: '31926819' },
  });
  return { groupId: group.id as string, beneficiaryId: beneficiary.id as string };
}

function payment(groupId: string, beneficiaryId: string, n: number) {
  return {
    id: randomUUID(),
    correlation_id: `bench-${n}`,
    source: { type: 'group', id: groupId },
    target: { type: 'contact', id: beneficiaryId },
    // Built as decimal text: 100 + n / 100 in binary floating point gives 108.03999999999999.
    amount: {
      type: 'SEND',
      amount: Number(`${100 + (n % 1000)}.${String(n % 100).padStart(2, '0')}`),
      currency: 'GBP',
    },
    execution: { type: 'SEND', date: '2027-06-30T09:00:00Z' },
    purpose: 'SALA',
    description: `Salary ${n}`,
    approved: false,
  };
}

async function latencies(call: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN);
  return { p50: at(0.5), p99: at(0.99), samples: samples.length };
}

const round = (value: number) => Math.round(value * 100) / 100;

function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.once('line', (line) => {
      resolve(line);
      lines.close();
    });
    lines.once('close', () => reject(new Error('the sandbox exited before it was ready')));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:sandbox failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
