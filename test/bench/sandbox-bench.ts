// npm run bench:sandbox — the sandbox's throughput for a bulk import of 100,000 payments in
// chunks of 1,000, and p50/p99 latency of the token and groups calls. Prints one JSON object.
// The sandbox runs as its own process (`sandbox/main.ts`), as a user starts it.
import { randomUUID } from 'node:crypto';
import { HttpsJson } from '../support/https-json';
import { peakRssMb } from '../support/peak-rss';
import { startSandboxProcess } from './sandbox-process';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const CHUNK = 1_000;
const IN_FLIGHT = 4;
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 300);
const TARGET_ITEMS_PER_SECOND = 20_000;

/** Rounds with a fresh sandbox each: this VM's timings vary by a fifth from run to run. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Round {
  submit_seconds: number;
  accepted_seconds: number;
  accepted_items_per_second: number;
  sandbox_peak_rss_mb: number;
  token_ms?: Latency;
  groups_ms?: Latency;
}

async function main() {
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.push(await runRound(round === ROUNDS - 1));
  }
  const median = [...rounds].sort(
    (a, b) => a.accepted_items_per_second - b.accepted_items_per_second,
  )[Math.floor(rounds.length / 2)] as Round;
  const last = rounds[rounds.length - 1] as Round;
  process.stdout.write(
    `${JSON.stringify(
      {
        bench: 'sandbox',
        payments: PAYMENTS,
        chunk_size: CHUNK,
        requests_in_flight: IN_FLIGHT,
        rounds: rounds.map(({ token_ms: _t, groups_ms: _g, ...round }) => round),
        median_accepted_items_per_second: median.accepted_items_per_second,
        target_items_per_second: TARGET_ITEMS_PER_SECOND,
        meets_target: median.accepted_items_per_second >= TARGET_ITEMS_PER_SECOND,
        token_ms: last.token_ms,
        groups_ms_with_100k_payments_in_a_group: last.groups_ms,
      },
      null,
      2,
    )}\n`,
  );
}

async function runRound(measureLatency: boolean): Promise<Round> {
  const sandbox = await startSandboxProcess(
    process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
  );
  try {
    const http = new HttpsJson(sandbox.baseUrl, sandbox.ca);
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
    const bodies = Array.from({ length: Math.ceil(PAYMENTS / CHUNK) }, (_, c) => ({
      items: Array.from({ length: Math.min(CHUNK, PAYMENTS - c * CHUNK) }, (_, i) =>
        payment(groupId, beneficiaryId, c * CHUNK + i),
      ),
    }));

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
    const round: Round = {
      submit_seconds: roundTo((submitted - started) / 1000),
      accepted_seconds: roundTo((done - started) / 1000),
      accepted_items_per_second: Math.round(PAYMENTS / ((done - started) / 1000)),
      sandbox_peak_rss_mb: peakRssMb(sandbox.child.pid),
    };
    if (measureLatency) {
      round.token_ms = await latencies(() =>
        http.call('POST', '/auth/token', { body: credentials }),
      );
      round.groups_ms = await latencies(() => http.call('GET', '/payments/groups', { token }));
    }
    http.close();
    return round;
  } finally {
    await sandbox.stop();
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

interface Latency {
  p50: number;
  p99: number;
  samples: number;
}

async function latencies(call: () => Promise<unknown>): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    roundTo(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN);
  return { p50: at(0.5), p99: at(0.99), samples: samples.length };
}

const roundTo = (value: number) => Math.round(value * 100) / 100;

main().catch((error: unknown) => {
  process.stderr.write(`bench:sandbox failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
