// A wallet's balance drops only when a payment is debited, on its date: payments the service
// already holds approved (synced earlier, not yet due) will take their share of it first. A
// batch waiting to sync is covered only by what is left once they are: the funding need and
// the sync's confirmation count them, where both said "the balance covers it" of a batch that
// the payments held would leave short (found by trying the app as an operator). Once every batch
// is sent, the wallet's need is what the service holds, until it is debited: the Wallets screen
// said "No batch waiting" of a wallet the held payments overdrew.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../../shared/domain/money';
import { PAYROLL_HEADER } from '../../support/payroll-csv';
import { LOCAL_PROFILE } from '../../../shared/desk';
import { heldByTheGroupsOf, openTestDesk, useTeamSandbox, type TestDesk } from '../../support/desk';
import { startTestSandbox } from '../../support/sandbox';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

async function importPayroll(name: string, amount: string, approved = false): Promise<string> {
  const file = join(t.dataDir, `${name}.csv`);
  const account = approved ? 54000002 : 54000001;
  const line = `${name} Payee,601613,${account},${amount},GBP,2030-01-31,Pay`;
  await writeFile(file, [PAYROLL_HEADER, line].join('\r\n'));
  const { batch_id: batchId } = await t.desk.api.importSheet({
    file,
    batch_name: name,
    ...(approved ? { service_approval: 'approved' as const } : {}),
  });
  await t.desk.api.approve({ batch: batchId, selection: { filter: {} }, include_warnings: true });
  return batchId;
}

it('counts what the service holds approved before the batch waiting to sync', async () => {
  const { api } = t.desk;
  const next = await importPayroll('Next', '2000.00');
  const walletId = (await api.getBatch({ batch: next })).group!.wallet_id!;
  const balance = parseAmount(
    String((await api.getWallet({ wallet_id: walletId })).wallet.balance),
  )!;
  const heldBefore = await heldByTheGroupsOf(t.desk, walletId);
  // Alone, the batch waiting is covered.
  const [alone] = (await api.fundingNeed({})).wallets;
  expect(alone!.held_at_service?.amount).toBe(formatAmount(heldBefore, 3));
  expect(alone!.missing).toBe(
    2_000_000n + heldBefore > balance ? formatAmount(2_000_000n + heldBefore - balance, 3) : null,
  );
  expect(alone!.missing).toBeNull();

  // A payment of all but 1,000.00 of what the balance leaves, synced approved: the service
  // holds it until its date, and nothing has left the wallet for it yet.
  const paidFirst = await importPayroll(
    'Paid first',
    formatAmount(balance - heldBefore - 1_000_000n, 2),
    true,
  );
  expect((await api.sync({ batch: paidFirst })).state).toBe('done');
  expect((await api.getWallet({ wallet_id: walletId })).wallet.balance).toBe(
    Number(formatAmount(balance, 3)),
  );
  const held = await heldByTheGroupsOf(t.desk, walletId);
  expect(held).toBeGreaterThan(heldBefore);

  const [need] = (await api.fundingNeed({})).wallets;
  expect(need!.held_at_service?.amount).toBe(formatAmount(held, 3));
  const short = formatAmount(2_000_000n + held - balance, 3);
  expect(need!.missing).toBe(short);
  expect(need!.missing_once_approved).toBe(short);

  // The sync's confirmation says so too: the wallet is short of this batch.
  const preview = await api.syncPreview({ batch: next });
  expect(preview.debits).toEqual([
    expect.objectContaining({
      amount: '2000.000',
      held_at_service: expect.objectContaining({ amount: formatAmount(held, 3) }),
      short_by: short,
    }),
  ]);
});

it('keeps a wallet’s need once every batch is sent, until the service has debited what it holds', async () => {
  const { api } = t.desk;
  const [waiting] = (await api.fundingNeed({})).wallets;
  const walletId = waiting!.wallet_id;
  const balance = parseAmount(waiting!.balance!)!;
  // Nothing waits to sync any more: the batch the first test left waiting goes.
  const next = waiting!.batches.find((batch) => batch.name === 'Next')!;
  await api.deleteBatch({ batch: next.id });
  const held = await heldByTheGroupsOf(t.desk, walletId);
  expect(held).toBeLessThan(balance);

  // Synced approved, 500.00 more than the balance leaves: held, not debited, and not covered.
  const over = await importPayroll('Over', formatAmount(balance - held + 500_000n, 2), true);
  expect((await api.sync({ batch: over })).state).toBe('done');
  const [need] = (await api.fundingNeed({})).wallets;
  expect(need).toMatchObject({ wallet_id: walletId, batches: [], amount: '0.000' });
  expect(need!.held_at_service?.amount).toBe(formatAmount(held + (balance - held + 500_000n), 3));
  expect(need!.missing).toBe('500.000');
});

it('counts only the profile’s own batches: another profile’s wallets are another service’s', async () => {
  const service = await startTestSandbox();
  try {
    await useTeamSandbox(t, service);
    expect((await t.desk.api.fundingNeed({ profile: 'Team sandbox' })).wallets).toEqual([]);
    expect((await t.desk.api.fundingNeed({ profile: LOCAL_PROFILE })).wallets).not.toEqual([]);
  } finally {
    await service.close();
  }
});
