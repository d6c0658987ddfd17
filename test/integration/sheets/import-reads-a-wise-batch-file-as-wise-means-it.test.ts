// Wise's batch-transfer CSV (test/fixtures/wise-batch.csv), as finance teams leaving Wise bring
// it: its "amountCurrency" says on which side the amount is fixed (source: it leaves our wallet,
// target: it arrives), "sourceCurrency" is the balance it is paid from, "receiverType" PRIVATE or
// BUSINESS. Imported into a real outbox from a GBP wallet's group: the drafts must pay what Wise
// would have paid, or stop at an issue at the cell that says otherwise.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder, type ImportedSheet } from '../../support/sheet-import';

const WISE_BATCH = join('test', 'fixtures', 'wise-batch.csv');

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

/** The errors of a row but the payment date's, which Wise's file never gives. */
const errorsBesidesTheDate = (imported: ImportedSheet, row: number) =>
  errorsOf(draftOf(imported, row)).filter((issue) => issue.field !== 'execution.date');

describe("a Wise batch file's amountCurrency", () => {
  it('is the amount type, in the currency of the side it names', async () => {
    const imported = await folder.import(WISE_BATCH);
    expect(imported.summary.mapping).toMatchObject({
      amountCurrency: 'amount_type',
      targetCurrency: 'account_currency',
    });
    // source: the amount leaves the GBP wallet, so it is in GBP and the spec leaves the
    // currency out; target: it lands in the account, in the account's currency.
    const amounts = [2, 3, 4, 5].map((row) => draftOf(imported, row).payment.amount);
    expect(amounts).toEqual([
      { type: 'SEND', amount: 1500 },
      { type: 'LAND', amount: 2000.5 },
      { type: 'LAND', amount: 750 },
      { type: 'SEND', amount: 300 },
    ]);
    const accounts = [2, 3, 4, 5].map((row) => draftOf(imported, row).beneficiary?.body.currency);
    expect(accounts).toEqual(['EUR', 'GBP', 'USD', 'EUR']);
    for (const row of [2, 3, 5]) expect(errorsBesidesTheDate(imported, row)).toEqual([]);
  });

  it('stops a row paid from another balance than the wallet, at its sourceCurrency', async () => {
    const file = await folder.csv('wise-eur-balance.csv', [
      'name,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency,IBAN',
      'Anna Schmidt,Invoice 1001,PRIVATE,source,1500,EUR,EUR,DE89370400440532013000',
      'Marie Dupont,Facture 77,PRIVATE,target,300,EUR,EUR,FR1420041010050500013M02606',
    ]);
    const imported = await folder.import(file);
    for (const row of [2, 3]) {
      expect(errorsBesidesTheDate(imported, row)).toEqual([
        expect.objectContaining({ cell: `F${row}`, severity: 'error' }),
      ]);
    }
    expect(errorsBesidesTheDate(imported, 2)[0]?.message).toMatch(/EUR.*GBP/);
  });

  it('stays the currency in a sheet without source and target currency columns', async () => {
    const file = await folder.csv('amount-currency.csv', [
      'Name,IBAN,Amount,Amount currency,Payment date',
      'Anna Schmidt,DE89370400440532013000,1500,EUR,2030-03-01',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({ 'Amount currency': 'amount_currency' });
    expect(draftOf(imported, 2).payment.amount).toEqual({
      type: 'SEND',
      amount: 1500,
      currency: 'EUR',
    });
    expect(errorsOf(draftOf(imported, 2))).toEqual([]);
  });
});

describe("a Wise batch file's receiverType", () => {
  it('says whether the payee is a business or a person', async () => {
    const imported = await folder.import(WISE_BATCH);
    expect(imported.summary.mapping).toMatchObject({ receiverType: 'entity_type' });
    const types = [2, 3, 4, 5].map((row) => draftOf(imported, row).beneficiary?.body.type);
    expect(types).toEqual(['INDIVIDUAL', 'BUSINESS', 'INDIVIDUAL', 'INDIVIDUAL']);
    // A business whose name has no legal form is one only by its column.
    const file = await folder.csv('wise-business.csv', [
      'name,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency,IBAN',
      'Fabrikam,BUSINESS,source,1500,GBP,EUR,DE89370400440532013000',
    ]);
    const business = draftOf(await folder.import(file), 2).beneficiary?.body;
    expect(business?.type).toBe('BUSINESS');
    expect(business?.entity.company_name).toBe('Fabrikam');
  });
});
