import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../../shared/domain/money';
import {
  ErrorBody,
  GroupList,
  Payment,
  Wallet,
  WalletStatement,
  type PaymentGroup,
} from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let gbpWallet: string;
const payees: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestSandbox({ settings: { processingSeconds: 60 } });
  const groups = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
  gbpWallet = groups.find((group) => group.wallet.currency === 'GBP')?.wallet.id ?? '';
  payees.GBP = await beneficiary('GB', 'GBP', { bank_code: '601613', account_number: '31926819' });
  payees.EUR = await beneficiary('DE', 'EUR', { account_number: 'DE89370400440532013000' });
});
afterAll(() => t.close());

const milli = (amount: number) => parseAmount(String(amount)) as bigint;
const DAY = 86_400;

async function beneficiary(country: string, currency: string, bank: Record<string, string>) {
  const created = await t.expect<{ id: string }>(201, 'POST', '/payments/beneficiaries', {
    body: {
      entity_type: 'INDIVIDUAL',
      country,
      currency,
      entity: { individual_first_name: 'Grace', individual_last_name: 'Hopper' },
      bank_details: { account_name: 'Grace Hopper', ...bank },
    },
  });
  return created.id;
}

async function newGroup(): Promise<string> {
  return (
    await t.expect<{ id: string }>(201, 'POST', '/_sandbox/groups', {
      body: { name: `Lifecycle ${randomUUID()}`, wallet_id: gbpWallet },
    })
  ).id;
}

async function now(): Promise<number> {
  return Date.parse((await t.expect<{ now: string }>(200, 'GET', '/_sandbox/clock')).now);
}

async function put(group: string, payee: string, extra: Record<string, unknown>) {
  const id = randomUUID();
  const payment = Payment.parse(
    await t.expect(201, 'PUT', `/payments/payments/${id}`, {
      body: {
        source: { type: 'group', id: group },
        target: { type: 'contact', id: payee },
        amount: { type: 'SEND', amount: 1000 },
        execution: { type: 'SEND', date: new Date((await now()) + DAY * 1000).toISOString() },
        approved: true,
        ...extra,
      },
    }),
  );
  return payment;
}

const stored = async (id: string) =>
  Payment.parse(
    (await t.expect<{ items: unknown[] }>(200, 'GET', `/_sandbox/payments?id=${id}`)).items[0],
  );
const balance = async () =>
  milli(Wallet.parse(await t.expect(200, 'GET', `/payments/wallets/?id=${gbpWallet}`)).balance);
const group = async (id: string): Promise<PaymentGroup> =>
  GroupList.parse(await t.expect(200, 'GET', `/payments/groups?id=${id}`)).items[0] as PaymentGroup;

describe('payment lifecycle on the sandbox clock', () => {
  it('PENDING with funding, then PROCESSING and COMPLETED with credit, debit and fees; the wallet is debited once and the statement shows it', async () => {
    const before = await balance();
    const payment = await put(await newGroup(), payees.GBP as string, {});
    expect(payment.info.status).toBe('PENDING');
    expect(payment.info.funding).toMatchObject({ currency: 'GBP' });

    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: DAY + 120 } });
    const done = await stored(payment.id);
    expect(done.info.status).toBe('COMPLETED');
    expect(done.info.funding).toBeUndefined();
    expect(done.info.credit?.currency).toBe('GBP');
    expect(done.info.debit).toEqual({ currency: 'GBP', amount: 1000 });
    const fees = milli(done.info.fees ?? NaN);
    expect(milli(done.info.credit?.amount ?? NaN)).toBe(milli(1000) - fees);
    expect(await balance()).toBe(before - milli(1000));

    const statement = WalletStatement.parse(
      await t.expect(200, 'GET', `/payments/wallets/${gbpWallet}/statement?take=500`),
    );
    const lines = statement.items.filter((item) => item.execution_id === payment.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'DEBIT', debit: { amount: 1000, currency: 'GBP' } });

    const late = await t.api('PUT', `/payments/payments/${payment.id}`, {
      body: {
        source: payment.source,
        target: payment.target,
        amount: { amount: 1 },
        execution: payment.execution,
      },
    });
    expect(late.status).toBe(409);
    expect(ErrorBody.parse(late.body).description).toMatch(/COMPLETED/);
  });

  it('leaves unapproved payments PENDING, counted as pending approval', async () => {
    const groupId = await newGroup();
    const payment = await put(groupId, payees.GBP as string, { approved: false });
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 2 * DAY } });
    expect((await stored(payment.id)).info.status).toBe('PENDING');
    expect((await group(groupId)).info.payments).toMatchObject({
      total: 1,
      pending_approval: 1,
      pending: 0,
    });
  });

  it('converts cross-currency payments at the documented rate: LAND credits the exact amount', async () => {
    const payment = await put(await newGroup(), payees.EUR as string, {
      amount: { type: 'LAND', amount: 100 },
    });
    expect(payment.info.debit?.currency).toBe('GBP');
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: DAY + 120 } });
    const done = await stored(payment.id);
    expect(done.info.status).toBe('COMPLETED');
    expect(done.info.credit).toEqual({ currency: 'EUR', amount: 100 });
    expect(done.info.rate).toBeGreaterThan(0);
    expect(done.info.rate).not.toBe(1);
    expect(milli(done.info.debit?.amount ?? NaN)).toBeGreaterThan(milli(done.info.fees ?? NaN));
  });

  it('waits for funds: a payment larger than the balance stays PENDING and shows as an issue with missing funds', async () => {
    const groupId = await newGroup();
    const huge = Number(((await balance()) / 1000n + 1_000_000n).toString());
    const payment = await put(groupId, payees.GBP as string, {
      amount: { type: 'SEND', amount: huge },
    });
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: DAY + 120 } });
    expect((await stored(payment.id)).info.status).toBe('PENDING');
    const info = (await group(groupId)).info;
    expect(info.payments.issues).toBe(1);
    expect(info.funding.missing_funds).toBeGreaterThan(0);
  });

  it('fails a payment whose description asks for it (SANDBOX_FAIL) without debiting', async () => {
    const before = await balance();
    const payment = await put(await newGroup(), payees.GBP as string, {
      description: 'SANDBOX_FAIL please',
    });
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: DAY + 120 } });
    expect((await stored(payment.id)).info.status).toBe('FAILED');
    expect(await balance()).toBe(before);
  });
});
