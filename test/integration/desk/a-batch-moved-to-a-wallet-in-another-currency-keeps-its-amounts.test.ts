// A batch moved to a group whose wallet is in another currency keeps what each amount is: an
// amount the wallet debits names its currency only where it differs from the wallet's, so a
// 1,000 USD invoice imported into a USD group carried none, and moved to a GBP group it was
// paid as 1,000 GBP, with no word. It stays 1,000 USD, paid from the GBP wallet converted; the
// approved drafts among them are drafts again, their cost now a conversion; the bodies name
// the new group, as the sync sends them. Moved back, the currency is the wallet's again.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGroup } from '../../../shared/service';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let usd: PaymentGroup;
let gbp: PaymentGroup;
beforeAll(async () => {
  t = await openTestDesk();
  const { items } = await t.desk.api.listGroups({ query: { locked: [false] } });
  usd = items.find((group) => group.wallet.currency === 'USD') as PaymentGroup;
  gbp = items.find((group) => group.wallet.currency === 'GBP') as PaymentGroup;
  const file = join(t.dataDir, 'invoices.csv');
  await writeFile(
    file,
    'Name,Routing number,Account number,Amount,Currency,Date\r\n' +
      'Bayside Analytics LLC,011000015,1234567890,1000.00,USD,2030-01-31\r\n' +
      'Harbor Supplies Inc,011000015,9876543210,250.00,USD,2030-01-31\r\n',
  );
  await t.desk.api.importSheet({ file, batch_name: 'Invoices', group_id: usd.id });
});
afterAll(() => t.close());

const drafts = async () =>
  (await t.desk.api.draftWindow({ batch: 'Invoices', take: 10 })).rows.sort(
    (a, b) => (a.row ?? 0) - (b.row ?? 0),
  );

describe('a batch moved to a wallet in another currency', () => {
  it('keeps each amount in its currency, says so, and asks for approval again', async () => {
    const { api } = t.desk;
    const [first] = await drafts();
    await api.approve({ batch: 'Invoices', selection: { ids: [first!.id] } });

    const moved = await api.setBatchGroup({ batch: 'Invoices', group_id: gbp.id });
    expect(moved.currency_note).toBe(
      '2 amounts stay in USD, as before: the GBP wallet pays them, converted by the service; 1 approved draft is a draft again, to be approved at the new cost',
    );
    for (const draft of await drafts()) {
      expect(draft.state).toBe('draft');
      expect(draft.payment.amount.currency).toBe('USD');
      expect(draft.payment.source.id).toBe(gbp.id);
    }
    // Counted as what they are: no GBP total, and the sync's preview estimates no GBP debit.
    const preview = await api.syncPreview({ batch: 'Invoices' });
    expect(preview.counts.by_state.draft).toBe(2);
    const batch = await api.getBatch({ batch: 'Invoices' });
    expect(batch.totals).toEqual([{ currency: 'USD', amount: '1250.000', count: 2 }]);
  });

  it('gives the currency back to the wallet once moved to one in it again', async () => {
    const moved = await t.desk.api.setBatchGroup({ batch: 'Invoices', group_id: usd.id });
    expect(moved.currency_note).toBeUndefined();
    for (const draft of await drafts()) {
      expect(draft.payment.amount.currency).toBeUndefined();
      expect(draft.payment.source.id).toBe(usd.id);
    }
    const batch = await t.desk.api.getBatch({ batch: 'Invoices' });
    expect(batch.totals).toEqual([{ currency: 'USD', amount: '1250.000', count: 2 }]);
  });
});
