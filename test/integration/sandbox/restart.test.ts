import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupList } from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  // Payees active at once: a payment due now is held by nothing but the lifecycle's next run.
  t = await startTestSandbox({ settings: { activationDelaySeconds: 0 } });
});
afterAll(() => t.close());

/** An open group paying from a GBP wallet. */
async function gbpGroup() {
  const groups = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
  return groups.find((g) => g.wallet.currency === 'GBP' && !g.locked);
}

/** A UK payee at the service, a business. */
function gbPayee(name: string, sortCode: string, account: string) {
  return t.expect<{ id: string }>(201, 'POST', '/payments/beneficiaries', {
    body: {
      entity_type: 'BUSINESS',
      country: 'GB',
      currency: 'GBP',
      entity: { company_name: name },
      bank_details: { account_name: name, bank_code: sortCode, account_number: account },
    },
  });
}
describe('a restart keeps everything', () => {
  it('keeps groups, beneficiaries, payments, the clock, tokens and the certificate', async () => {
    const wallet = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items[0]?.wallet;
    const group = await t.expect<{ id: string }>(201, 'POST', '/_sandbox/groups', {
      body: { name: 'Survives restarts', wallet_id: wallet?.id },
    });
    const beneficiary = await t.expect<{ id: string }>(201, 'POST', '/payments/beneficiaries', {
      body: {
        entity_type: 'INDIVIDUAL',
        country: 'GB',
        currency: 'GBP',
        entity: { individual_first_name: 'Rhys', individual_last_name: 'Evans' },
        bank_details: {
          account_name: 'Rhys Evans',
          bank_code: '601613',
          account_number: '31926819',
        },
      },
    });
    const paymentId = '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b';
    await t.expect(201, 'PUT', `/payments/payments/${paymentId}`, {
      body: {
        correlation_id: 'restart-1',
        source: { type: 'group', id: group.id },
        target: { type: 'contact', id: beneficiary.id },
        amount: { type: 'SEND', amount: 10.5 },
        execution: { type: 'SEND', date: '2030-01-01T00:00:00Z' },
      },
    });
    const clockBefore = await t.expect<{ now: string }>(200, 'POST', '/_sandbox/clock', {
      body: { advance_seconds: 86_400 * 3 },
    });
    const caBefore = t.sandbox.ca;

    await t.restart();

    expect(t.sandbox.ca).toBe(caBefore);
    const clockAfter = await t.expect<{ now: string }>(200, 'GET', '/_sandbox/clock');
    const drift = Date.parse(clockAfter.now) - Date.parse(clockBefore.now);
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(60_000);
    expect(
      GroupList.parse(await t.expect(200, 'GET', `/payments/groups?id=${group.id}`)).items,
    ).toHaveLength(1);
    const stored = await t.expect<{ items: { id: string; correlation_id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?correlation_id=restart-1`,
    );
    expect(stored.items.map((item) => item.id)).toEqual([paymentId]);
  });
});

describe('a restart in the middle of an import job', () => {
  it('carries on with the queued items: every item is processed once', async () => {
    const group = await gbpGroup();
    const payee = await gbPayee('Restart Ltd', '200000', '55779911');
    const items = Array.from({ length: 1000 }, (_, i) => ({
      correlation_id: `restart-job-${i}`,
      source: { type: 'group', id: group?.id },
      target: { type: 'contact', id: payee.id },
      amount: { type: 'SEND', amount: 10 + i },
      execution: { type: 'SEND', date: '2031-01-01T00:00:00Z' },
    }));
    const job = await t.expect<{ job_id: string }>(202, 'POST', '/payments/payments/import', {
      body: { items },
    });
    await t.restart(); // closes at once: the job is at most partly processed

    let done:
      { status: string; processed: number; failed: number; progress: unknown[] } | undefined;
    for (let attempt = 0; attempt < 200 && done?.status !== 'DONE'; attempt += 1) {
      done = await t.expect(200, 'GET', `/payments/payments/import/${job.job_id}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(done).toMatchObject({ status: 'DONE', processed: 1000, failed: 0 });
    expect(done?.progress).toHaveLength(1000);
    const stored = await t.expect<{ items: { correlation_id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?group=${group?.id}`,
    );
    const ours = stored.items.filter((item) => item.correlation_id?.startsWith('restart-job-'));
    expect(new Set(ours.map((item) => item.correlation_id)).size).toBe(1000);
    expect(ours).toHaveLength(1000);
  });
});

describe('a restart after a payment fell due', () => {
  it('applies the due lifecycle at once, not at the first tick a minute later', async () => {
    const group = await gbpGroup();
    const payee = await gbPayee('Due Today', '601613', '31926819');
    const { now } = await t.expect<{ now: string }>(200, 'GET', '/_sandbox/clock');
    const paymentId = randomUUID();
    // Approved and due now: the lifecycle's next run takes it; the test's tick is a minute.
    await t.expect(201, 'PUT', `/payments/payments/${paymentId}`, {
      body: {
        correlation_id: `due-${paymentId}`,
        source: { type: 'group', id: group?.id },
        target: { type: 'contact', id: payee.id },
        amount: { type: 'SEND', amount: 12.5 },
        execution: { type: 'SEND', date: now },
        approved: true,
      },
    });
    const status = async () =>
      (
        await t.expect<{ items: { info: { status: string } }[] }>(
          200,
          'GET',
          `/_sandbox/payments?id=${paymentId}`,
        )
      ).items[0]?.info.status;
    expect(await status()).toBe('PENDING');

    // A command's Local sandbox starts, asks once and stops: what fell due happens at start.
    await t.restart();

    expect(await status()).not.toBe('PENDING');
  });
});
