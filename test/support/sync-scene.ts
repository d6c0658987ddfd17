// A batch of drafts in a real outbox, against a real sandbox: the scene of the sync tests.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaymentsClient } from '../../electron/core/client';
import { Outbox, type NewPaymentDraft } from '../../electron/core/outbox';
import type { PaymentBody } from '../../shared/service';

export async function outboxWithBatch(
  client: PaymentsClient,
  drafts: (groupId: string, payeeId: string) => NewPaymentDraft[],
) {
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-sync-'));
  const outbox = Outbox.open(dir);
  const group = (await client.listGroups({ name: 'Payroll this month' })).items[0];
  const payeeId = randomUUID();
  await client.putBeneficiary(payeeId, {
    type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: { individual_first_name: 'Dorothy', individual_last_name: 'Vaughan' },
    bank_details: {
      account_name: 'Dorothy Vaughan',
      bank_code: '601613',
      account_number: '31926819',
    },
  });
  const batch = outbox.batches.create({
    name: `Batch ${randomUUID().slice(0, 8)}`,
    profile: 'local',
    groupId: group?.id ?? null,
    walletId: group?.wallet.id ?? null,
    walletCurrency: group?.wallet.currency ?? null,
    sourceFile: null,
  });
  const created = outbox.drafts.create(batch.id, drafts(group?.id as string, payeeId));
  return { dir, outbox, batch, created, groupId: group?.id as string, payeeId };
}

export function salary(
  groupId: string,
  payeeId: string,
  n: number,
): NewPaymentDraft & { payment: PaymentBody } {
  return {
    sourceRow: n + 2,
    payment: {
      source: { type: 'group', id: groupId },
      target: { type: 'contact', id: payeeId },
      amount: {
        type: 'SEND',
        amount: Number(`${100 + (n % 900)}.${String(n % 100).padStart(2, '0')}`),
      },
      execution: { date: '2030-06-30T09:00:00Z' },
      purpose: 'SALA',
      description: `Salary ${n}`,
    },
  };
}
