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
    // Wise's batch file has no purpose column: what its payments go as is said.
    expect(imported.summary.mapping_notes).toContain(
      "no column gives the payments' purpose: a payee named as a company goes as SUPP (supplier payment), anyone else as SALA (salary); another is set by editing their purpose",
    );
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

describe("a Wise batch file's sortCode and abartn", () => {
  it("give each row the bank code it fills, in that code's scheme", async () => {
    const imported = await folder.import(WISE_BATCH);
    expect(imported.summary.mapping).toMatchObject({ sortCode: 'bank_code', abartn: 'bank_code' });
    // Imported above already, its mapping is the saved one: nothing is said of it again.
    expect(imported.summary.mapping_source).toBe('saved');
    expect(imported.summary.mapping_notes).toBeUndefined();
    expect(draftOf(imported, 3).beneficiary?.body).toMatchObject({
      country: 'GB',
      bank_details: { bank_code: '231470', account_number: '28821822' },
    });
    expect(draftOf(imported, 4).beneficiary?.body).toMatchObject({
      country: 'US',
      currency: 'USD',
      bank_details: { bank_code: '026009593', account_number: '123456789' },
    });
    expect(errorsBesidesTheDate(imported, 4)).toEqual([]);
  });

  it('stop a row that fills both, at the second one', async () => {
    const file = await folder.csv('wise-both-codes.csv', [
      'name,amountCurrency,amount,sourceCurrency,targetCurrency,sortCode,accountNumber,abartn',
      'John Doe,target,750,GBP,USD,231470,123456789,026009593',
    ]);
    const imported = await folder.import(file);
    // Which bank is the payee's only the person knows: the row stops at the second code.
    expect(errorsBesidesTheDate(imported, 2)).toContainEqual(
      expect.objectContaining({
        cell: 'H2',
        field: 'beneficiary.bank_details.bank_code',
        message: expect.stringMatching(/F2.*H2/),
      }),
    );
  });

  it('print a mapping that, given back or saved, imports the same', async () => {
    const first = await folder.import(WISE_BATCH);
    const given = await folder.import(WISE_BATCH, { mapping: first.summary.mapping });
    const saved = await folder.import(WISE_BATCH);
    expect(saved.summary.mapping_source).toBe('saved');
    for (const again of [given, saved]) {
      expect(again.summary.mapping).toEqual(first.summary.mapping);
      expect(again.summary.mapping).toMatchObject({ abartn: 'bank_code' });
      expect(draftOf(again, 4).beneficiary?.body).toEqual(draftOf(first, 4).beneficiary?.body);
      expect(draftOf(again, 4).beneficiary?.body.country).toBe('US');
    }
  });

  it('are refused as one field given twice where their headers name the same scheme', async () => {
    const file = await folder.csv('two-sort-codes.csv', [
      'Name,Sort code,Sort code 2,Account Number,Amount',
      'Big Corp Ltd,231470,,28821822,100',
    ]);
    await expect(
      folder.import(file, { mapping: { 'Sort code': 'bank_code', 'Sort code 2': 'bank_code' } }),
    ).rejects.toThrow(/\(bank_code\) more than one column/);
  });
});
