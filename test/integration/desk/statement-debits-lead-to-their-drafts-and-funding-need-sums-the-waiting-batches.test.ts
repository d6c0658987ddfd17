// What the Wallets screen asks of the outbox, on a real desk and the Local sandbox: a statement
// page's payment ids lead to their drafts and batches (unknown ids to nothing), and the funding
// need per wallet sums what the batches waiting to sync will debit, against the balance.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../../shared/domain/money';
import { PAYROLL_HEADER } from '../../support/payroll-csv';
import { heldByTheGroupsOf, openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

async function importPayroll(name: string, lines: string[]): Promise<string> {
  const file = join(t.dataDir, `${name}.csv`);
  await writeFile(file, [PAYROLL_HEADER, ...lines].join('\r\n'));
  return (await t.desk.api.importSheet({ file, batch_name: name })).batch_id;
}

const line = (name: string, account: number, amount: string) =>
  `${name},601613,${account},${amount},GBP,2030-01-31,Pay`;

describe('the wallet views of the outbox', () => {
  it("leads a statement page's payment ids to their drafts, rows and batches", async () => {
    const { api } = t.desk;
    const batchId = await importPayroll('Links', [
      line('Ann Link', 51000001, '10.00'),
      line('Bob Link', 51000002, '20.00'),
      line('Cat Link', 51000003, '30.00'),
    ]);
    const drafts = (await api.draftWindow({ batch: batchId })).rows;
    const [, second, third] = drafts;
    const { links } = await api.statementLinks({
      payment_ids: [third!.id, 'not-a-payment-of-ours', second!.id],
    });
    expect(links.sort((a, b) => (a.row ?? 0) - (b.row ?? 0))).toEqual([
      { payment_id: second!.id, batch_id: batchId, batch_name: 'Links', row: 3, state: 'draft' },
      { payment_id: third!.id, batch_id: batchId, batch_name: 'Links', row: 4, state: 'draft' },
    ]);

    // A link's draft found in the editor's list, as sorted and filtered there.
    const located = async (id: string, input: object = {}) =>
      (await api.draftWindow({ batch: batchId, take: 1, locate: id, ...input })).located;
    const [first] = drafts;
    const byAmountDesc = { sort: { by: 'amount', direction: 'desc' } } as const;
    expect(await located(first!.id)).toBe(0);
    expect(await located(first!.id, byAmountDesc)).toBe(2);
    expect(await located(third!.id, byAmountDesc)).toBe(0);
    expect(await located(third!.id, { sort: { by: 'row', direction: 'desc' } })).toBe(0);
    expect(await located(third!.id, { filter: { text: 'Cat' } })).toBe(0);
    expect(await located(second!.id, { filter: { text: 'Cat' } })).toBeNull();
    expect((await api.draftWindow({ batch: batchId })).located).toBeUndefined();
  });

  it('sums per wallet what the approved drafts of waiting batches will debit, and what the balance lacks', async () => {
    const { api } = t.desk;
    const small = await importPayroll('Small', [
      line('Dee Need', 52000001, '100.25'),
      line('Eve Need', 52000002, '200.50'),
      // Paid in euros from the GBP wallet: not in its sum, and not among the payments counted.
      'Zed Need,,DE89370400440532013000,70.00,EUR,2030-01-31,Pay',
    ]);
    const big = await importPayroll('Big', [
      line('Fay Need', 52000003, '900000.00'),
      line('Gus Need', 52000004, '5.00'),
    ]);
    expect(
      await api.approve({ batch: small, selection: { filter: {} }, include_warnings: true }),
    ).toMatchObject({ approved: 3 });
    // Of the big batch only its first draft: the other stays a draft, outside the need.
    const [first] = (await api.draftWindow({ batch: big })).rows;
    await api.approve({ batch: big, selection: { ids: [first!.id] } });

    const { wallets } = await api.fundingNeed({});
    expect(wallets).toHaveLength(1);
    const need = wallets[0]!;
    const batch = await api.getBatch({ batch: small });
    expect(need.wallet_id).toBe(batch.group?.wallet_id);
    expect(need.batches).toEqual([
      // The euro payment counted apart, at its batch too.
      { id: small, name: 'Small', amount: '300.750', count: 2, not_estimated: 1 },
      { id: big, name: 'Big', amount: '900000.000', count: 1, not_estimated: 0 },
    ]);
    expect(need.amount).toBe('900300.750');
    expect(need.not_estimated).toBe(1);
    const { wallet } = await api.getWallet({ wallet_id: need.wallet_id });
    const balance = parseAmount(String(wallet.balance))!;
    expect(need.balance).toBe(formatAmount(balance, 3));
    expect(need.missing).toBe(formatAmount(parseAmount('900300.750')! - balance, 3));
    // Nothing sent yet awaits an approver at the service.
    expect(need.awaiting_approval).toEqual({ amount: '0.000', count: 0, not_estimated: 0 });
    expect(need.missing_once_approved).toBe(need.missing);
  });

  it('reconciles a synced batch with the statement: accepted payments not yet debited are listed', async () => {
    const { api } = t.desk;
    const batchId = await importPayroll('Later', [
      line('Hal Later', 53000001, '11.00'),
      line('Ivy Later', 53000002, '12.00'),
      // Paid in euros from the pound wallet: what it will debit is known once converted.
      'Jo Later,,FR1420041010050500013M02606,5.00,EUR,2030-01-31,Pay',
    ]);
    await api.approve({ batch: batchId, selection: { filter: {} }, include_warnings: true });
    expect((await api.sync({ batch: batchId })).state).toBe('done');
    // Dated 2030: the service holds them, and nothing has left the wallet for them yet.
    const drafts = (await api.draftWindow({ batch: batchId })).rows;
    const reconciled = await api.reconcileBatch({ batch: batchId });
    expect(reconciled).toMatchObject({ accepted: 3, debited: 0, not_yet: 3 });
    // Each with whom it pays and how much, in the wallet's currency where it names none.
    const wallet = (await api.getBatch({ batch: batchId })).group?.wallet_currency;
    expect(reconciled.not_yet_drafts.slice(0, 2)).toEqual([
      {
        id: drafts[0]!.id,
        row: drafts[0]!.row,
        payee: 'Hal Later',
        amount: '11.000',
        currency: wallet,
      },
      {
        id: drafts[1]!.id,
        row: drafts[1]!.row,
        payee: 'Ivy Later',
        amount: '12.000',
        currency: wallet,
      },
    ]);
    expect(Date.parse(reconciled.start)).toBeLessThanOrEqual(Date.now());

    // Sent for approval at the service, they wait for an approver there and debit once
    // approved: the funding need counts them apart, and what the balance lacks with them; the
    // one in euros is counted, not estimated in pounds.
    const before = (await api.fundingNeed({})).wallets[0]!;
    expect(before.awaiting_approval).toEqual({ amount: '23.000', count: 2, not_estimated: 1 });
    const { wallet: shown } = await api.getWallet({ wallet_id: before.wallet_id });
    const balance = parseAmount(String(shown.balance))!;
    // The service holds them (pending, not approved): what it holds is debited once approved,
    // the euro payment at the debit it estimates in pounds.
    const held = await heldByTheGroupsOf(t.desk, before.wallet_id);
    expect(held).toBeGreaterThan(parseAmount('23.000')!);
    const all = parseAmount(before.amount)! + held;
    expect(before.missing_once_approved).toBe(
      all > balance ? formatAmount(all - balance, 3) : null,
    );
    await api.approveAtService({ batch: batchId });
    const after = (await api.fundingNeed({})).wallets[0]!;
    expect(after.awaiting_approval).toEqual({ amount: '0.000', count: 0, not_estimated: 0 });
  });
});
