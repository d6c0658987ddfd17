import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../../../electron/core/client';
import { recoverChunk, type RecoveryOutcome } from '../../../electron/core/sync/chunk-recovery';
import type { PaymentImportItem } from '../../../shared/service';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let client: PaymentsClient;
let groupId: string;
let payeeId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  client = sandboxClient(t, { sleep: async () => {} });
  groupId = (await client.listGroups({ name: 'Payroll this month' })).items[0]?.id as string;
  payeeId = randomUUID();
  await client.putBeneficiary(payeeId, {
    type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: { individual_first_name: 'Katherine', individual_last_name: 'Johnson' },
    bank_details: {
      account_name: 'Katherine Johnson',
      bank_code: '601613',
      account_number: '31926819',
    },
  });
});
afterEach(() => t.expect(200, 'POST', '/_sandbox/faults', { body: {} }));
afterAll(async () => {
  client.close();
  await t.close();
});

const chunk = (size: number, overrides: Partial<PaymentImportItem> = {}): PaymentImportItem[] =>
  Array.from({ length: size }, (_, n) => ({
    id: randomUUID(),
    correlation_id: `recover-${randomUUID()}`,
    source: { type: 'group', id: groupId },
    target: { type: 'contact', id: payeeId },
    amount: { type: 'SEND', amount: 20 + n },
    execution: { date: '2030-01-01T00:00:00Z' },
    purpose: 'SALA',
    ...overrides,
  }));

async function storedOnce(items: PaymentImportItem[]) {
  await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } }); // finish queued jobs
  for (const item of items) {
    const stored = await t.expect<{ items: { id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?correlation_id=${item.correlation_id}`,
    );
    expect(stored.items.map((payment) => payment.id)).toEqual([item.id]);
  }
}

async function recover(items: PaymentImportItem[]) {
  const outcomes: RecoveryOutcome[] = [];
  await recoverChunk(client, items, (outcome) => void outcomes.push(outcome));
  return outcomes;
}

describe('recovering a chunk found sending after a crash', () => {
  it('creates what never reached the service', async () => {
    const items = chunk(3);
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_before_probability: 1 } });
    await expect(client.importPayments(items)).rejects.toMatchObject({ kind: 'network' });
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    const outcomes = await recover(items);
    expect(outcomes.map((o) => o.kind === 'recovered' && o.created)).toEqual([true, true, true]);
    await storedOnce(items);
  });

  it('settles what did reach the service without a second payment, whether or not its job had run', async () => {
    const items = chunk(4);
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_after_probability: 1 } });
    await expect(client.importPayments(items)).rejects.toMatchObject({ kind: 'network' });
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    const outcomes = await recover(items);
    expect(outcomes.every((o) => o.kind === 'recovered')).toBe(true);
    await storedOnce(items);
  });

  it('records a payment the service no longer holds as pending as already submitted', async () => {
    const now = Date.parse((await t.expect<{ now: string }>(200, 'GET', '/_sandbox/clock')).now);
    const items = chunk(2, {
      approved: true,
      execution: { date: new Date(now + 60_000).toISOString() },
    });
    await client.importPayments(items);
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 3600 } }); // executed and completed
    const outcomes = await recover(items);
    expect(outcomes.map((o) => o.kind)).toEqual(['already_submitted', 'already_submitted']);
    await storedOnce(items);
  });
});
