import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../../shared/domain/money';
import { ErrorBody, GroupList, Wallet, WalletStatement } from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let walletIds: string[];
beforeAll(async () => {
  t = await startTestSandbox();
  const groups = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
  walletIds = [...new Set(groups.map((group) => group.wallet.id))];
});
afterAll(() => t.close());

const milli = (amount: number) => parseAmount(String(amount)) ?? NaN;

describe('GET /payments/wallets/?id=', () => {
  it('answers the details of at least two ACTIVE wallets in different currencies', async () => {
    const wallets = await Promise.all(
      walletIds.map(async (id) =>
        Wallet.parse(await t.expect(200, 'GET', `/payments/wallets/?id=${id}`)),
      ),
    );
    expect(new Set(wallets.map((wallet) => wallet.currency)).size).toBeGreaterThanOrEqual(2);
    for (const wallet of wallets) {
      expect(wallet.state).toBe('ACTIVE');
      expect(wallet.funding.name).not.toBe('');
      expect(wallet.balance).toBeGreaterThan(0);
    }
  });

  it('answers 404 for an unknown wallet and 400 without an id', async () => {
    expect((await t.api('GET', '/payments/wallets/?id=nope')).status).toBe(404);
    const res = await t.api('GET', '/payments/wallets/');
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toContain('id');
  });
});

describe('GET /payments/wallets/{id}/statement', () => {
  it('defaults to the last 30 days, ending now', async () => {
    const statement = WalletStatement.parse(
      await t.expect(200, 'GET', `/payments/wallets/${walletIds[0]}/statement`),
    );
    const span = Date.parse(statement.end_date) - Date.parse(statement.start_date);
    expect(span).toBe(30 * 86_400_000);
    expect(Math.abs(Date.parse(statement.end_date) - Date.now())).toBeLessThan(60_000);
    expect(statement.paging).toEqual({ skip: 0, take: 50 });
  });

  it('holds a few hundred items over the last months whose balances chain exactly to the wallet balance', async () => {
    let total = 0;
    for (const id of walletIds) {
      const statement = WalletStatement.parse(
        await t.expect(
          200,
          'GET',
          `/payments/wallets/${id}/statement?start=2000-01-01T00:00:00Z&take=500`,
        ),
      );
      total += statement.items.length;
      let previous: bigint | undefined;
      for (const item of statement.items) {
        const change =
          item.action === 'CREDIT' ? milli(item.credit.amount) : -milli(item.debit.amount);
        if (previous !== undefined) expect(milli(item.balance)).toBe(previous + (change as bigint));
        previous = milli(item.balance) as bigint;
      }
      const wallet = Wallet.parse(await t.expect(200, 'GET', `/payments/wallets/?id=${id}`));
      expect(previous).toBe(milli(wallet.balance));
    }
    expect(total).toBeGreaterThanOrEqual(200);
  });

  it('pages with skip and take within a date range', async () => {
    const path = `/payments/wallets/${walletIds[0]}/statement?start=2000-01-01T00:00:00Z`;
    const whole = WalletStatement.parse(await t.expect(200, 'GET', `${path}&take=500`));
    const page = WalletStatement.parse(await t.expect(200, 'GET', `${path}&skip=10&take=5`));
    expect(page.items.map((item) => item.id)).toEqual(
      whole.items.slice(10, 15).map((item) => item.id),
    );

    const middle = whole.items[20];
    const ranged = WalletStatement.parse(
      await t.expect(
        200,
        'GET',
        `/payments/wallets/${walletIds[0]}/statement?start=${middle?.date}&end=${middle?.date}`,
      ),
    );
    expect(ranged.items.map((item) => item.id)).toContain(middle?.id);
    expect(ranged.items.every((item) => item.date === middle?.date)).toBe(true);
  });

  it('refuses bad queries with a 400 naming the parameter, and unknown wallets with a 404', async () => {
    const base = `/payments/wallets/${walletIds[0]}/statement`;
    const tooMany = await t.api('GET', `${base}?take=501`);
    expect(tooMany.status).toBe(400);
    expect(ErrorBody.parse(tooMany.body).description).toContain('take');
    const badDate = await t.api('GET', `${base}?start=yesterday`);
    expect(badDate.status).toBe(400);
    expect(ErrorBody.parse(badDate.body).description).toContain('start');
    const reversed = await t.api(
      'GET',
      `${base}?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z`,
    );
    expect(reversed.status).toBe(400);
    expect((await t.api('GET', '/payments/wallets/nope/statement')).status).toBe(404);
  });
});
