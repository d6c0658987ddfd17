import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, GroupList, Payment, PaymentImportJob } from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let groupId: string;
let lockedGroupId: string;
let payeeId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  const groups = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
  const gbp = groups.find((group) => group.wallet.currency === 'GBP' && !group.locked);
  groupId = gbp?.id ?? '';
  lockedGroupId = groups.find((group) => group.locked)?.id ?? '';
  payeeId = (
    await t.expect<{ id: string }>(201, 'POST', '/payments/beneficiaries', {
      body: {
        entity_type: 'INDIVIDUAL',
        country: 'GB',
        currency: 'GBP',
        entity: { individual_first_name: 'Ada', individual_last_name: 'Lovelace' },
        bank_details: {
          account_name: 'Ada Lovelace',
          bank_code: '601613',
          account_number: '31926819',
        },
      },
    })
  ).id;
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  source: { type: 'group', id: groupId },
  target: { type: 'contact', id: payeeId },
  amount: { type: 'SEND', amount: 250.125 },
  execution: { type: 'SEND', date: '2030-03-01T09:00:00Z' },
  description: 'March salary',
  ...overrides,
});

describe('PUT /payments/payments/{id}', () => {
  it('creates (201) then updates (200) the pending payment of that id', async () => {
    const id = randomUUID();
    const created = Payment.parse(
      await t.expect(201, 'PUT', `/payments/payments/${id}`, { body: body() }),
    );
    expect(created).toMatchObject({
      id,
      type: 'payment',
      purpose: 'SALA',
      attachments: [],
      user_tags: {},
    });
    expect(created.amount.amount).toBe(250.125);
    expect(created.info.status).toBe('PENDING');
    expect(created.info.funding?.currency).toBe('GBP');
    expect(created.info.credit).toBeUndefined();

    const updated = Payment.parse(
      await t.expect(200, 'PUT', `/payments/payments/${id}`, {
        body: body({ amount: { type: 'SEND', amount: 300 }, user_tags: { run: 'r1' } }),
      }),
    );
    expect(updated.amount.amount).toBe(300);
    expect(updated.user_tags).toEqual({ run: 'r1' });
    const stored = await t.expect<{ items: unknown[]; more: boolean }>(
      200,
      'GET',
      `/_sandbox/payments?id=${id}`,
    );
    expect(stored).toMatchObject({ items: [expect.anything()], more: false });
    // The admin listing says when it was cut, and goes on from `skip`.
    const all = await t.expect<{ items: { id: string }[] }>(200, 'GET', '/_sandbox/payments');
    const rest = await t.expect<{ items: { id: string }[] }>(
      200,
      'GET',
      '/_sandbox/payments?skip=1',
    );
    expect(rest.items.map((p) => p.id)).toEqual(all.items.slice(1).map((p) => p.id));
    expect((await t.api('GET', '/_sandbox/payments?skip=-1')).status).toBe(400);
  });

  it.each([
    [{ source: undefined }, 'source'],
    [{ source: { type: 'group' } }, 'source.id'],
    [{ target: { type: 'contact' } }, 'target.id'],
    [{ amount: { type: 'SEND', amount: 1.2345 } }, 'amount.amount'],
    [{ execution: { type: 'SEND' } }, 'execution.date'],
    [{ purpose: 'sala' }, 'purpose'],
    [{ attachments: [{ title: 'x' }] }, 'attachments[0].url'],
  ])('refuses %j with a 400 naming %s', async (overrides, property) => {
    const res = await t.api('PUT', `/payments/payments/${randomUUID()}`, { body: body(overrides) });
    expect(res.status).toBe(400);
    const error = ErrorBody.parse(res.body);
    expect(error).toMatchObject({ error: 'bad_request', error_code: 400 });
    expect(error.description).toContain(property);
  });

  it('refuses an unknown group, an unknown beneficiary and a locked group', async () => {
    const unknownGroup = await t.api('PUT', `/payments/payments/${randomUUID()}`, {
      body: body({ source: { type: 'group', id: 'nope' } }),
    });
    expect(unknownGroup.status).toBe(400);
    expect(ErrorBody.parse(unknownGroup.body).description).toContain('source.id');
    const unknownPayee = await t.api('PUT', `/payments/payments/${randomUUID()}`, {
      body: body({ target: { type: 'contact', id: 'nope' } }),
    });
    expect(ErrorBody.parse(unknownPayee.body).description).toContain('target.id');
    const locked = await t.api('PUT', `/payments/payments/${randomUUID()}`, {
      body: body({ source: { type: 'group', id: lockedGroupId } }),
    });
    expect(locked.status).toBe(400);
    expect(ErrorBody.parse(locked.body).description).toMatch(/locked/);
  });
});

describe('POST /payments/payments/import', () => {
  it('answers 202 QUEUED, then reports per-item progress until DONE', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({
      ...body(),
      id: randomUUID(),
      correlation_id: `bulk-${randomUUID()}-${i}`,
      signature: 'sig',
    }));
    items[3] = { ...items[3]!, target: { type: 'contact', id: 'no-such-payee' } };
    const queued = PaymentImportJob.parse(
      await t.expect(202, 'POST', '/payments/payments/import', { body: { items } }),
    );
    expect(queued).toMatchObject({
      status: 'QUEUED',
      total: 5,
      processed: 0,
      processing: 5,
      failed: 0,
      progress: [],
    });

    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } }); // runs queued jobs
    const done = PaymentImportJob.parse(
      await t.expect(200, 'GET', `/payments/payments/import/${queued.job_id}`),
    );
    expect(done).toMatchObject({
      status: 'DONE',
      total: 5,
      processed: 5,
      processing: 0,
      failed: 1,
    });
    expect(done.progress.map((item) => item.row)).toEqual(['0', '1', '2', '3', '4']);
    expect(done.progress.map((item) => item.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'FAILED',
      'SUCCESS',
    ]);
    expect(done.progress[0]?.id).toBe(items[0]?.id);
    expect(done.progress[3]?.error).toBeDefined();

    const stored = await t.expect<{ items: { id: string; correlation_id: string }[] }>(
      200,
      'GET',
      `/_sandbox/payments?correlation_id=${items[0]?.correlation_id}`,
    );
    expect(stored.items).toEqual([
      expect.objectContaining({ id: items[0]?.id, correlation_id: items[0]?.correlation_id }),
    ]);
  });

  it('refuses the whole request when an item fails validation, naming the item', async () => {
    const items = [
      { ...body(), correlation_id: 'ok-1' },
      { ...body(), amount: { type: 'SEND' }, correlation_id: 'bad-1' },
    ];
    const res = await t.api('POST', '/payments/payments/import', { body: { items } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toContain('items[1].amount.amount');
  });

  it('refuses a correlation_id used twice, within the request or before', async () => {
    const twice = await t.api('POST', '/payments/payments/import', {
      body: {
        items: [
          { ...body(), correlation_id: 'dup' },
          { ...body(), correlation_id: 'dup' },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(ErrorBody.parse(twice.body).description).toContain('correlation_id');

    const first = { ...body(), correlation_id: `once-${randomUUID()}` };
    await t.expect(202, 'POST', '/payments/payments/import', { body: { items: [first] } });
    const again = await t.api('POST', '/payments/payments/import', { body: { items: [first] } });
    expect(again.status).toBe(400);
    expect(ErrorBody.parse(again.body).description).toContain('correlation_id');
  });

  it('refuses more than 1,000 items and an unknown job', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => ({
      ...body(),
      correlation_id: `many-${i}`,
    }));
    expect((await t.api('POST', '/payments/payments/import', { body: { items } })).status).toBe(
      400,
    );
    const unknown = await t.api('GET', '/payments/payments/import/no-such-job');
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).error).toBe('not_found');
  });
});
