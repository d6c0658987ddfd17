import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient, type ClientOptions } from '../../../electron/core/client';
import { CountingTransport } from '../../support/counting-transport';
import { startOtherDeployment } from '../../support/other-deployment';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
const clients: PaymentsClient[] = [];
beforeAll(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
  clients.splice(0).forEach((client) => client.close());
});
afterAll(() => t.close());

const credentials = { apiKey: 'sandbox-api-key', clientSecret: 'sandbox-client-secret' };

function countingClient(options: Partial<ClientOptions> = {}) {
  const transport = new CountingTransport(t.sandbox.ca);
  const client = sandboxClient(t, { transport, ...options });
  clients.push(client);
  return { client, transport };
}

const faults = (settings: Record<string, unknown>) =>
  t.expect(200, 'POST', '/_sandbox/faults', { body: settings });

describe('tokens', () => {
  it('reuses one token for many calls, and many waiting calls share one refresh', async () => {
    const { client, transport } = countingClient();
    await Promise.all(Array.from({ length: 10 }, () => client.listGroups()));
    await client.listGroups();
    expect(transport.count('POST', '/auth/token')).toBe(1);
    expect(transport.count('GET', '/payments/groups')).toBe(11);
  });

  it('after a 401 (the token expired at the service) gets one new token and carries on', async () => {
    const { client, transport } = countingClient();
    await client.listGroups();
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 24 * 3600 + 60 } });
    await client.listGroups();
    expect(transport.count('POST', '/auth/token')).toBe(2);
  });

  it('refreshes before valid_until instead of waiting for a 401', async () => {
    let now = Date.now();
    const { client, transport } = countingClient({ now: () => now });
    await client.listGroups();
    now += 30 * 24 * 3600 * 1000; // the client's clock passes valid_until; the sandbox's does not
    await client.listGroups();
    expect(transport.count('POST', '/auth/token')).toBe(2);
    expect(transport.count('GET', '/payments/groups')).toBe(2);
  });
});

describe('retries', () => {
  it('honours Retry-After on 429 and then succeeds', async () => {
    const waits: number[] = [];
    const { client, transport } = countingClient({ sleep: async (ms) => void waits.push(ms) });
    await client.listGroups(); // token first, outside the faults
    await faults({ rate_limit_probability: 0.3, retry_after_seconds: 2, seed: 7 });
    for (let i = 0; i < 5; i += 1) await client.listGroups();
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms === 2000)).toBe(true);
    expect(transport.count('GET', '/payments/groups')).toBe(6 + waits.length);
  });

  it('retries 5xx and dropped connections for calls that are safe to repeat, with growing jittered waits', async () => {
    const waits: number[] = [];
    const { client } = countingClient({ sleep: async (ms) => void waits.push(ms) });
    await client.listGroups();
    await faults({ server_error_probability: 0.3, drop_before_probability: 0.3, seed: 3 });
    for (let i = 0; i < 10; i += 1)
      expect((await client.listGroups()).items.length).toBeGreaterThan(0);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms >= 0 && ms <= 8000)).toBe(true);
  });

  it('gives up after the last attempt with the status and what was being done', async () => {
    const { client, transport } = countingClient({
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
      sleep: async () => {},
    });
    await client.listGroups();
    await faults({ server_error_probability: 1 });
    await expect(client.listGroups()).rejects.toMatchObject({
      kind: 'status',
      status: 503,
      operation: 'list payment groups',
    });
    expect(transport.count('GET', '/payments/groups')).toBe(1 + 3);
  });

  it('tries a call whose token cannot be had as often as the token itself, not that many times over', async () => {
    const { client, transport } = countingClient({
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
      sleep: async () => {},
    });
    await faults({ server_error_probability: 1 });
    await expect(client.listGroups()).rejects.toMatchObject({ kind: 'status', status: 503 });
    expect(transport.count('POST', '/auth/token')).toBe(3);
    expect(transport.count('GET', '/payments/groups')).toBe(0);
  });

  it('never repeats a bulk import whose fate is unknown (dropped after the service handled it)', async () => {
    const { client, transport } = countingClient({ sleep: async () => {} });
    const group = (await client.listGroups({ name: 'Payroll this month' })).items[0];
    const beneficiaryId = randomUUID();
    await client.putBeneficiary(beneficiaryId, {
      type: 'BUSINESS',
      country: 'GB',
      currency: 'GBP',
      entity: { company_name: 'Once Ltd' },
      bank_details: { account_name: 'Once Ltd', bank_code: '601613', account_number: '31926819' },
    });
    await faults({ drop_after_probability: 1 });
    const correlation = `once-${randomUUID()}`;
    await expect(
      client.importPayments([
        {
          correlation_id: correlation,
          source: { type: 'group', id: group?.id as string },
          target: { type: 'contact', id: beneficiaryId },
          amount: { type: 'SEND', amount: 5 },
          execution: { date: '2030-01-01T00:00:00Z' },
          purpose: 'SALA',
        },
      ]),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(transport.count('POST', '/payments/payments/import')).toBe(1);
    await faults({});
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
    const stored = await t.expect<{ items: unknown[] }>(
      200,
      'GET',
      `/_sandbox/payments?correlation_id=${correlation}`,
    );
    expect(stored.items).toHaveLength(1); // it was accepted: a blind retry would have been refused or doubled
  });
});

describe('a deployment that follows only the spec', () => {
  it('falls back to GET for validation and to one PUT per beneficiary without a bulk import call, and names a field that does not fit', async () => {
    const token = {
      token: 'x.y.z',
      valid_until: new Date(Date.now() + 3600_000).toISOString(),
      token_name: 'n',
    };
    const other = await startOtherDeployment(t.dataDir, {
      'POST /token': () => ({ status: 201, body: token }),
      'POST /payments/beneficiaries/validate': () => ({
        status: 405,
        body: { error: 'Method Not Allowed', description: 'GET', error_code: 405, sub_code: 1 },
      }),
      'GET /payments/beneficiaries/validate': () => ({
        status: 200,
        body: { valid: [], invalid: [], totals: { valid: 0, invalid: 0, count: 0, schemas: 0 } },
      }),
      'PUT /payments/beneficiaries/.+': (body) => ({
        status: 200,
        body: { ...(body as object), type: 'contact', id: 'b', active: false, user_tags: {} },
      }),
      'GET /payments/groups': () => ({
        status: 200,
        body: { items: [{ id: 7 }], paging: { skip: 0, take: 50 } },
      }),
    });
    const client = new PaymentsClient({
      profile: {
        name: 'Other',
        kind: 'sandbox',
        baseUrl: other.baseUrl,
        authUrl: other.baseUrl,
        caPem: t.sandbox.ca,
      },
      credentials,
    });
    clients.push(client);
    const validation = await client.validateBeneficiaries([
      { entity: {}, bank_details: { account_country: 'GB', account_currency: 'GBP' } },
    ]);
    expect(validation.totals.count).toBe(0);
    const body = {
      type: 'BUSINESS' as const,
      country: 'GB',
      currency: 'GBP',
      entity: { company_name: 'A' },
      bank_details: {},
    };
    const outcome = await client.importBeneficiaries([
      { ...body, id: 'b1' },
      { ...body, id: 'b2' },
    ]);
    expect(outcome.kind).toBe('per_item');
    expect(
      other.seen.filter((call) => call.startsWith('PUT /payments/beneficiaries/')),
    ).toHaveLength(2);
    await expect(client.listGroups()).rejects.toMatchObject({
      kind: 'bad_answer',
      message: expect.stringContaining('items[0].'),
    });
    await other.close();
  });
});
