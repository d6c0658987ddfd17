// A payment whose account is in another currency than its amount is converted by the service:
// the template's "2,400.00" to Émile Zola's euro account, with no currency of its own, is read
// in the wallet's pounds, and the payee receives what GBP 2,400.00 buys in euros, less a fee.
// The import's notes say so, and so does the sync's confirmation of the payments it sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('a payment the service converts', () => {
  it('is said by the import, by the accounts’ currencies', async () => {
    const summary = await t.desk.api.importSheet({
      file: 'test/fixtures/payouts-template.csv',
      batch_name: 'Template',
    });
    expect(summary.conversion_note).toBe(
      '3 payments go to accounts in another currency than their amounts, EUR (2) or USD (1): ' +
        'the service converts them, and the payee receives the converted amount, less any fee; ' +
        "if an amount is meant in its account's currency, set its amount currency",
    );
  });

  it('is said by the sync’s confirmation of those it sends, and not once the amount is the account’s', async () => {
    const { api } = t.desk;
    // Ada Lovelace's pounds to a pound account, Émile Zola's to a euro one.
    await api.approve({ batch: 'Template', selection: { rows: [2, 3] } });
    const converted = (note: string) => note.includes('another currency');
    expect((await api.syncPreview({ batch: 'Template' })).notes.filter(converted)).toEqual([
      'one payment goes to an account in another currency than its amount, EUR: the service ' +
        'converts it, and the payee receives the converted amount, less any fee; if an amount ' +
        "is meant in its account's currency, set its amount currency",
    ]);
    const zola = (await api.draftWindow({ batch: 'Template' })).rows.find((row) => row.row === 3);
    await api.editDraft({ id: zola!.id, changes: { 'amount.currency': 'EUR' } });
    await api.approve({ batch: 'Template', selection: { rows: [3] } });
    expect((await api.syncPreview({ batch: 'Template' })).notes.filter(converted)).toEqual([]);
  });
});
