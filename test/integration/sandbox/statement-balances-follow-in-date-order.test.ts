// A wallet's statement reads oldest first, each item's balance following from the one before.
// The sandbox debits a payment at the moment it became eligible: its execution date, or later
// its payee's activation. Debited in the order they fell due, a payment due first whose payee
// was activated last was dated after one debited later, and the balances ran up and down down
// the statement. Debited in the order of those moments, the statement reconciles line by line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../../shared/domain/money';
import { GroupList, WalletStatement } from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ settings: { processingSeconds: 60, activationDelaySeconds: 1000 } });
});
afterAll(() => t.close());

const clock = async () =>
  Date.parse((await t.expect<{ now: string }>(200, 'GET', '/_sandbox/clock')).now);
const advance = (seconds: number) =>
  t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: seconds } });

async function payee(name: string): Promise<string> {
  const [first, last] = name.split(' ');
  const created = await t.expect<{ id: string }>(201, 'POST', '/payments/beneficiaries', {
    body: {
      entity_type: 'INDIVIDUAL',
      country: 'GB',
      currency: 'GBP',
      entity: { individual_first_name: first, individual_last_name: last },
      bank_details: { account_name: name, bank_code: '601613', account_number: '31926819' },
    },
  });
  return created.id;
}

describe("a wallet's statement", () => {
  it('gives each debit the balance after the one above it, whatever order they fell due in', async () => {
    const groups = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
    const group = groups.find((g) => g.wallet.currency === 'GBP' && !g.locked)!;
    const start = await clock();
    // Ann's payee is active 1,000 s from now, Bob's 100 s after hers.
    const ann = await payee('Ann Early');
    await advance(100);
    const bob = await payee('Bob Late');
    // Bob's payment falls due first (at 200 s) but waits for his payee (1,100 s); Ann's falls
    // due at 300 s, her payee active at 1,000 s: hers is debited first.
    const pay = async (target: string, amount: number, atSeconds: number) =>
      t.expect<{ id: string }>(201, 'PUT', `/payments/payments/${crypto.randomUUID()}`, {
        body: {
          source: { type: 'group', id: group.id },
          target: { type: 'contact', id: target },
          amount: { type: 'SEND', amount },
          execution: { type: 'SEND', date: new Date(start + atSeconds * 1000).toISOString() },
          approved: true,
        },
      });
    const toBob = await pay(bob, 527.44, 200);
    const toAnn = await pay(ann, 1625.57, 300);
    // One jump past both: the sandbox debits them in the same run.
    await advance(2000);

    const statement = WalletStatement.parse(
      await t.expect(
        200,
        'GET',
        `/payments/wallets/${group.wallet.id}/statement?start=${new Date(start).toISOString()}&take=500`,
      ),
    );
    const ours = statement.items.filter((item) => [toBob.id, toAnn.id].includes(item.execution_id));
    expect(ours.map((item) => item.execution_id)).toEqual([toAnn.id, toBob.id]);
    // Line by line: each balance is the one above it less the debit.
    const milli = (amount: number) => parseAmount(String(amount)) as bigint;
    const [first, second] = ours;
    expect(milli(second!.balance)).toBe(milli(first!.balance) - milli(second!.debit.amount));
    expect(Date.parse(first!.date)).toBeLessThan(Date.parse(second!.date));
  });
});
