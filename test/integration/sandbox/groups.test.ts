import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeleteGroupResponse,
  ErrorBody,
  GroupList,
  type PaymentGroup,
} from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let all: PaymentGroup[];
beforeAll(async () => {
  t = await startTestSandbox();
  all = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
});
afterAll(() => t.close());

const list = async (query: string) =>
  GroupList.parse(await t.expect(200, 'GET', `/payments/groups${query}`));

describe('GET /payments/groups', () => {
  it('lists the seeded groups with wallets and counters, default page 50', async () => {
    const page = await list('');
    expect(page.paging).toEqual({ skip: 0, take: 50 });
    expect(page.items.length).toBeGreaterThanOrEqual(5);
    expect(page.items.filter((group) => group.locked)).toHaveLength(1);
    for (const group of page.items) {
      expect(group.wallet.currency).toMatch(/^[A-Z]{3}$/);
      expect(Number.isInteger(group.wallet.balance)).toBe(true);
      expect(group.info.payments.total).toBeGreaterThanOrEqual(0);
    }
  });

  it('filters by repeated ids, wallets and locked flags', async () => {
    const [first, second] = all;
    const byIds = await list(`?id=${first?.id}&id=${second?.id}`);
    expect(byIds.items.map((group) => group.id).sort()).toEqual([first?.id, second?.id].sort());

    const wallet = first?.wallet.id ?? '';
    const byWallet = await list(`?wallet=${wallet}`);
    expect(byWallet.items.every((group) => group.wallet.id === wallet)).toBe(true);
    expect(byWallet.items.length).toBe(all.filter((group) => group.wallet.id === wallet).length);

    expect((await list('?locked=true')).items.every((group) => group.locked)).toBe(true);
    expect((await list('?locked=false')).items.every((group) => !group.locked)).toBe(true);
    expect((await list('?locked=true&locked=false')).items).toHaveLength(all.length);
  });

  it('filters by name and description, case-insensitive contains', async () => {
    const payroll = await list('?name=PAYROLL');
    expect(payroll.items.length).toBeGreaterThan(0);
    expect(payroll.items.every((group) => /payroll/i.test(group.name))).toBe(true);
    const closed = await list('?description=closed');
    expect(closed.items.every((group) => /closed/i.test(group.description ?? ''))).toBe(true);
  });

  it('filters by tags written as tag:<key>=<value>, repeated for several values', async () => {
    const hr = await list('?tag:dept=hr');
    expect(hr.items.length).toBeGreaterThan(0);
    expect(hr.items.every((group) => group.user_tags.dept === 'hr')).toBe(true);
    const hrOrFinance = await list('?tag:dept=hr&tag:dept=finance');
    expect(hrOrFinance.items.length).toBe(
      all.filter((group) => ['hr', 'finance'].includes(group.user_tags.dept ?? '')).length,
    );
  });

  it('pages with skip and take', async () => {
    const page = await list('?skip=1&take=2');
    expect(page.paging).toEqual({ skip: 1, take: 2 });
    expect(page.items.map((group) => group.id)).toEqual(all.slice(1, 3).map((group) => group.id));
  });

  it.each([
    ['?take=501', 'take'],
    ['?take=0', 'take'],
    ['?skip=-1', 'skip'],
    ['?take=abc', 'take'],
    ['?locked=maybe', 'locked'],
  ])('refuses %s with a 400 naming %s', async (query, property) => {
    const res = await t.api('GET', `/payments/groups${query}`);
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toContain(property);
  });
});

describe('DELETE /payments/groups/{id}', () => {
  const createGroup = async (name: string) => {
    const wallet = all[0]?.wallet.id;
    return (
      await t.expect<{ id: string }>(201, 'POST', '/_sandbox/groups', {
        body: { name, wallet_id: wallet },
      })
    ).id;
  };

  it('deletes an empty group, then answers 404 with error_info', async () => {
    const id = await createGroup('Empty group');
    const deleted = DeleteGroupResponse.parse(
      await t.expect(200, 'DELETE', `/payments/groups/${id}`),
    );
    expect(deleted).toEqual({ group: { id, result: true }, payments: [] });
    const again = await t.api('DELETE', `/payments/groups/${id}`);
    expect(again.status).toBe(404);
    expect(ErrorBody.parse(again.body).error_info).toBeDefined();
  });

  it('keeps a group with pending payments unless clear=true, then lists what it removed', async () => {
    const id = await createGroup('Pending group');
    const beneficiary = await firstBeneficiaryIn(all[0]?.wallet.currency ?? 'GBP');
    const paymentIds = [
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ];
    for (const paymentId of paymentIds) {
      await t.expect(201, 'PUT', `/payments/payments/${paymentId}`, {
        body: pendingPayment(id, beneficiary),
      });
    }
    const kept = DeleteGroupResponse.parse(await t.expect(200, 'DELETE', `/payments/groups/${id}`));
    expect(kept.group).toEqual({ id, result: false });
    expect((await list(`?id=${id}`)).items).toHaveLength(1);

    const cleared = DeleteGroupResponse.parse(
      await t.expect(200, 'DELETE', `/payments/groups/${id}?clear=true`),
    );
    expect(cleared.group).toEqual({ id, result: true });
    expect(cleared.payments.map((payment) => payment.id).sort()).toEqual(paymentIds.sort());
    expect(cleared.payments.every((payment) => payment.type === 'payment')).toBe(true);
    expect((await list(`?id=${id}`)).items).toHaveLength(0);
  });

  it('never removes a group that holds executed payments, even with clear=true', async () => {
    const executed = all.find((group) => group.info.payments.completed > 0);
    expect(executed).toBeDefined();
    const res = DeleteGroupResponse.parse(
      await t.expect(200, 'DELETE', `/payments/groups/${executed?.id}?clear=true`),
    );
    expect(res).toEqual({ group: { id: executed?.id, result: false }, payments: [] });
    expect((await list(`?id=${executed?.id}`)).items).toHaveLength(1);
  });
});

async function firstBeneficiaryIn(currency: string): Promise<string> {
  const statement = await t.expect<{
    items: { action: string; counterpart: { id: string; currency: string } }[];
  }>(
    200,
    'GET',
    `/payments/wallets/${all[0]?.wallet.id}/statement?start=2000-01-01T00:00:00Z&take=500`,
  );
  const debit = statement.items.find(
    (item) => item.action === 'DEBIT' && item.counterpart.currency === currency,
  );
  if (!debit) throw new Error('the seed has no payee in ' + currency);
  return debit.counterpart.id;
}

function pendingPayment(group: string, beneficiary: string) {
  return {
    source: { type: 'group', id: group },
    target: { type: 'contact', id: beneficiary },
    amount: { type: 'SEND', amount: 125.5 },
    execution: { type: 'SEND', date: new Date(Date.now() + 10 * 86_400_000).toISOString() },
    description: 'Invoice 42',
  };
}
