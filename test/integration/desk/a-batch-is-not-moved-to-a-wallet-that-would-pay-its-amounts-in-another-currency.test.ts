// An amount the wallet debits names its currency only where it differs from the wallet's, so
// a batch imported into a USD group holds its dollar amounts with no currency of their own.
// Moved to a GBP group, 1,000 USD went to the service as 1,000 GBP, with no word. Whether the
// sheet said dollars, or only the wallet did (a UK payroll imported into the wrong group),
// nothing here can tell: the move is refused, and says to import the sheet into that group.
// A batch whose amounts all name their currency moves, and the bodies name the new group.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGroup } from '../../../shared/service';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let usd: PaymentGroup;
let gbp: PaymentGroup;
let eur: PaymentGroup[];
beforeAll(async () => {
  t = await openTestDesk();
  const { items } = await t.desk.api.listGroups({ query: { locked: [false] } });
  usd = items.find((group) => group.wallet.currency === 'USD') as PaymentGroup;
  eur = items.filter((group) => group.wallet.currency === 'EUR');
  gbp = items.find((group) => group.wallet.currency === 'GBP') as PaymentGroup;
});
afterAll(() => t.close());

async function importInto(group: PaymentGroup, name: string, lines: string[]) {
  const file = join(t.dataDir, `${name}.csv`);
  await writeFile(
    file,
    `Name,Routing number,Account number,Amount,Currency,Date\r\n${lines.join('\r\n')}\r\n`,
  );
  return t.desk.api.importSheet({ file, batch_name: name, group_id: group.id });
}

const drafts = async (batch: string) => (await t.desk.api.draftWindow({ batch, take: 10 })).rows;

describe('a batch moved to another group', () => {
  it('is refused where its wallet would pay its amounts in another currency', async () => {
    await importInto(usd, 'Invoices', [
      'Bayside Analytics LLC,011000015,1234567890,1000.00,USD,2030-01-31',
      'Harbor Supplies Inc,011000015,9876543210,250.00,USD,2030-01-31',
    ]);
    const before = await drafts('Invoices');
    expect(before.every((draft) => draft.payment.amount.currency === undefined)).toBe(true);
    await expect(
      t.desk.api.setBatchGroup({ batch: 'Invoices', group_id: gbp.id }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message:
        '2 amounts of batch "Invoices" are in USD, its wallet\'s currency, without naming it: a GBP wallet would pay them as GBP. To pay from that group, import the sheet again into it (its amounts are then read against the GBP wallet), and delete this batch',
    });
    // Nothing changed: the group, the bodies, the totals.
    const batch = await t.desk.api.getBatch({ batch: 'Invoices' });
    expect(batch.group?.id).toBe(usd.id);
    expect(await drafts('Invoices')).toEqual(before);
    expect(batch.totals).toEqual([{ currency: 'USD', amount: '1250.000', count: 2 }]);
  });

  it('moves where every amount names its currency, the bodies naming the new group', async () => {
    // Pounds from a dollar wallet name their currency: from a pound wallet they drop it.
    await importInto(usd, 'Pounds', [
      'Bayside Analytics LLC,011000015,1234567890,40.00,GBP,2030-01-31',
    ]);
    expect((await drafts('Pounds'))[0]!.payment.amount.currency).toBe('GBP');
    await t.desk.api.setBatchGroup({ batch: 'Pounds', group_id: gbp.id });
    const [moved] = await drafts('Pounds');
    expect(moved!.payment.amount.currency).toBeUndefined();
    expect(moved!.payment.source.id).toBe(gbp.id);
    const batch = await t.desk.api.getBatch({ batch: 'Pounds' });
    expect(batch.totals).toEqual([{ currency: 'GBP', amount: '40.000', count: 1 }]);
  });

  it('moves between wallets of one currency, its amounts as they were', async () => {
    const [suppliers, refunds] = eur as [PaymentGroup, PaymentGroup];
    await importInto(suppliers, 'Euros', [
      'Émile Zola,,FR1420041010050500013M02606,70.00,EUR,2030-01-31',
    ]);
    await t.desk.api.setBatchGroup({ batch: 'Euros', group_id: refunds.id });
    const [moved] = await drafts('Euros');
    expect(moved!.payment.source.id).toBe(refunds.id);
    expect(moved!.payment.amount).toEqual({ type: 'SEND', amount: 70 });
  });
});
