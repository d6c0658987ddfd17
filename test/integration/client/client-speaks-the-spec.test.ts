import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient, ServiceCallError } from '../../../electron/core/client';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';

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

describe('the Payments Service client against the sandbox', () => {
  it('lists groups with filters, reads wallets and statements', async () => {
    const groups = await client.listGroups({ take: 2 });
    expect(groups.items).toHaveLength(2);
    expect(groups.paging).toEqual({ skip: 0, take: 2 });
    const locked = await client.listGroups({ locked: [true] });
    expect(locked.items.every((group) => group.locked)).toBe(true);
    const walletId = groups.items[0]?.wallet.id as string;
    const wallet = await client.wallet(walletId);
    expect(wallet.id).toBe(walletId);
    const statement = await client.statement(walletId, { take: 10, start: '2000-01-01T00:00:00Z' });
    expect(statement.items).toHaveLength(10);
  });

  it('creates beneficiaries and payments, imports them in bulk and reads the jobs', async () => {
    const group = (await client.listGroups({ name: 'Payroll this month' })).items[0];
    const beneficiaryId = randomUUID();
    const body = {
      type: 'INDIVIDUAL' as const,
      country: 'GB',
      currency: 'GBP',
      entity: { individual_first_name: 'Ada', individual_last_name: 'Lovelace' },
      bank_details: {
        account_name: 'Ada Lovelace',
        bank_code: '601613',
        account_number: '31926819',
      },
    };
    const validation = await client.validateBeneficiaries([
      {
        entity_type: 'INDIVIDUAL',
        entity: body.entity,
        bank_details: { ...body.bank_details, account_country: 'GB', account_currency: 'GBP' },
      },
    ]);
    expect(validation.totals.valid).toBe(1);
    const beneficiary = await client.putBeneficiary(beneficiaryId, body);
    expect(beneficiary).toMatchObject({ id: beneficiaryId, active: false });

    const outcome = await client.importBeneficiaries([{ ...body, id: randomUUID() }]);
    expect(outcome.kind).toBe('job');

    const payment = {
      source: { type: 'group' as const, id: group?.id as string },
      target: { type: 'contact' as const, id: beneficiaryId },
      amount: { type: 'SEND' as const, amount: 12.5 },
      execution: { date: '2030-01-01T00:00:00Z' },
      purpose: 'SALA',
    };
    const put = await client.putPayment(randomUUID(), payment);
    expect(put.info.status).toBe('PENDING');
    const job = await client.importPayments([
      { ...payment, id: randomUUID(), correlation_id: `client-${randomUUID()}` },
    ]);
    expect(job).toMatchObject({ status: 'QUEUED', total: 1 });
    let read = await client.paymentImportJob(job.job_id);
    for (let i = 0; i < 100 && read.status !== 'DONE'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      read = await client.paymentImportJob(job.job_id);
    }
    expect(read).toMatchObject({ status: 'DONE', processed: 1, failed: 0 });
  });

  it('carries the service error: status, error, description, error_code and what was being done', async () => {
    const failure = await client
      .putPayment('p-1', {
        source: { type: 'group', id: 'no-such-group' },
        target: { type: 'contact', id: 'x' },
        amount: { type: 'SEND', amount: 1 },
        execution: { date: '2030-01-01T00:00:00Z' },
        purpose: 'SALA',
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceCallError);
    expect(failure).toMatchObject({
      kind: 'status',
      status: 400,
      error: 'bad_request',
      errorCode: 400,
      operation: 'put payment p-1',
    });
    expect((failure as ServiceCallError).description).toContain('source.id');
    expect((failure as Error).message).toMatch(/^put payment p-1: 400 bad_request/);
  });

  it('refuses a profile with an http:// address, saying why', () => {
    expect(
      () =>
        new PaymentsClient({
          profile: {
            name: 'Plain',
            kind: 'sandbox',
            baseUrl: 'http://payments.example.test',
            authUrl: 'https://auth.example.test',
          },
          credentials: { apiKey: 'k', clientSecret: 's' },
        }),
    ).toThrow(/base_url must use https/);
  });

  it('refuses a service whose certificate is not the pinned one', async () => {
    const stranger = new PaymentsClient({
      profile: {
        name: 'Pinned elsewhere',
        kind: 'local',
        baseUrl: t.sandbox.baseUrl,
        authUrl: t.sandbox.authUrl,
      },
      credentials: { apiKey: 'sandbox-api-key', clientSecret: 'sandbox-client-secret' },
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    });
    await expect(stranger.listGroups()).rejects.toMatchObject({ kind: 'tls' });
    stranger.close();
  });
});
