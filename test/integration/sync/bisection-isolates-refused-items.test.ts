import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import type { PaymentsClient } from '../../../electron/core/client';
import { submitChunk, type ChunkLedger } from '../../../electron/core/sync/chunk-submission';
import type { PaymentImportItem } from '../../../shared/service';
import { CountingTransport } from '../../support/counting-transport';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let client: PaymentsClient;
let transport: CountingTransport;
let groupId: string;
let payeeId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  transport = new CountingTransport(t.sandbox.ca);
  client = sandboxClient(t, { transport });
  groupId = (await client.listGroups({ name: 'Payroll this month' })).items[0]?.id as string;
  payeeId = randomUUID();
  await client.putBeneficiary(payeeId, {
    type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: { individual_first_name: 'Alan', individual_last_name: 'Turing' },
    bank_details: { account_name: 'Alan Turing', bank_code: '601613', account_number: '31926819' },
  });
});
afterAll(async () => {
  client.close();
  await t.close();
});

const item = (n: number): PaymentImportItem => ({
  id: randomUUID(),
  correlation_id: `bisect-${randomUUID()}-${n}`,
  source: { type: 'group', id: groupId },
  target: { type: 'contact', id: payeeId },
  amount: { type: 'SEND', amount: 10 + n },
  execution: { date: '2030-01-01T00:00:00Z' },
  purpose: 'SALA',
});

function ledger() {
  const log: string[] = [];
  let chunks = 0;
  const recorder: ChunkLedger = {
    recordSending: (items) => {
      chunks += 1;
      log.push(`sending ${items.length}`);
      return `c${chunks}`;
    },
    recordAccepted: (chunkId, job) => void log.push(`accepted ${chunkId} ${job.total}`),
    recordRejected: (chunkId, rejected) =>
      void log.push(`rejected ${chunkId} ${rejected.correlation_id}`),
    recordReturned: (chunkId, items) => void log.push(`returned ${chunkId} ${items.length}`),
  };
  return { log, recorder };
}

describe('a refused chunk is bisected to the refused items', () => {
  it('sends every other item once, and isolates the two whose correlation_id the service already holds', async () => {
    const items = Array.from({ length: 20 }, (_, n) => item(n));
    const taken = [items[3] as PaymentImportItem, items[16] as PaymentImportItem];
    for (const payment of taken) {
      const { id: _id, ...body } = payment;
      await client.putPayment(randomUUID(), body); // another payment holds the same correlation_id
    }
    const { log, recorder } = ledger();
    const result = await submitChunk(items, (part) => client.importPayments(part), recorder);

    expect(result.rejected.map((r) => r.item.correlation_id).sort()).toEqual(
      taken.map((p) => p.correlation_id).sort(),
    );
    expect(
      result.rejected.every(
        (r) => r.error.status === 400 && r.error.description?.includes('correlation_id'),
      ),
    ).toBe(true);
    expect(result.jobs.reduce((sum, job) => sum + job.total, 0)).toBe(18);
    expect(log.filter((line) => line.startsWith('sending')).length).toBe(
      transport.count('POST', '/payments/payments/import'),
    );

    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
    const stored = await t.expect<{ items: { correlation_id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?group=${groupId}`,
    );
    const sent = items.filter((p) => !taken.includes(p)).map((p) => p.correlation_id);
    for (const correlation of sent) {
      expect(stored.items.filter((s) => s.correlation_id === correlation)).toHaveLength(1);
    }
  });

  it('lets other failures through: offline is the caller’s to handle, not a reason to bisect', async () => {
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_before_probability: 1 } });
    const { log, recorder } = ledger();
    await expect(
      submitChunk([item(1), item(2)], (part) => client.importPayments(part), recorder),
    ).rejects.toMatchObject({
      kind: 'network',
    });
    expect(log).toEqual(['sending 2']);
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
  });

  it('gives the items back when no connection could be made: nothing reached the service', async () => {
    // The service's port refusing connections (the service down); tokens still come.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const down = sandboxClient(t, {
      profile: {
        name: 'Local sandbox',
        kind: 'local',
        baseUrl: `https://127.0.0.1:${closedPort}`,
        authUrl: t.sandbox.authUrl,
        caPem: t.sandbox.ca,
      },
      sleep: async () => {},
    });
    const { log, recorder } = ledger();
    await expect(
      submitChunk([item(1), item(2)], (part) => down.importPayments(part), recorder),
    ).rejects.toMatchObject({ kind: 'network', requestNeverLeft: true });
    expect(log).toEqual(['sending 2', 'returned c1 2']);
    down.close();
  });
});
