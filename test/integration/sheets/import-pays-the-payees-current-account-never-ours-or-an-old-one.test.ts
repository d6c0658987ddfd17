// Columns that look like the payee's but are not: our own account in a bank file (Debtor IBAN,
// Debit Account Number), an old IBAN kept beside the new one, a year-to-date total beside this
// period's pay, a vendor's number beside its name. Each is imported into a real outbox: the
// drafts must pay the payee's current account and amount, or stop at an error, never pay us.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const bank = (imported: Awaited<ReturnType<OutboxFolder['import']>>, row: number) =>
  draftOf(imported, row).beneficiary?.body.bank_details;

describe("our own side's columns are never the payee's", () => {
  it("pays a SEPA file's creditor, with the end-to-end id, not the debtor (us)", async () => {
    const file = await folder.csv('sepa.csv', [
      'Message Id,Payment Information Id,Requested Execution Date,Debtor Name,Debtor IBAN,Debtor BIC,End To End Id,Instructed Amount,Currency,Creditor Name,Creditor IBAN,Creditor BIC,Remittance Information',
      'MSG-1,PMT-01,2030-01-31,Acme GmbH,DE75512108001245126199,SOGEDEFFXXX,E2E-0001,1234.56,EUR,Jean Martin,FR1420041010050500013M02606,PSSTFRPPXXX,Facture 11',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      'Payment Information Id': null,
      'Debtor Name': null,
      'Debtor IBAN': null,
      'Debtor BIC': null,
      'End To End Id': 'correlation_id',
      'Creditor Name': 'name',
      'Creditor IBAN': 'iban',
      'Creditor BIC': 'bic',
    });
    expect(bank(imported, 2)).toMatchObject({
      account_number: 'FR1420041010050500013M02606',
      bank_identifier_code: 'PSSTFRPPXXX',
      account_name: 'Jean Martin',
    });
    expect(draftOf(imported, 2).correlation_id).toBe('E2E-0001');
  });

  it("stops at a bank file's row with no beneficiary IBAN rather than paying the debit account", async () => {
    const file = await folder.csv('bulk.csv', [
      'Debit Account Number,Debit Currency,Beneficiary Name,Beneficiary IBAN,Beneficiary BIC,Payment Amount,Payment Currency,Value Date',
      'GB33BUKB20201555555555,GBP,Contoso GmbH,DE89370400440532013000,COBADEFFXXX,1000.00,EUR,2030-03-02',
      'GB33BUKB20201555555555,GBP,Fabrikam SARL,,,500.00,EUR,2030-03-02',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      'Debit Account Number': null,
      'Debit Currency': null,
    });
    expect(bank(imported, 2)?.account_number).toBe('DE89370400440532013000');
    expect(draftOf(imported, 2).beneficiary?.body.currency).toBe('EUR');
    expect(bank(imported, 3)?.account_number).toBeUndefined();
    expect(errorsOf(draftOf(imported, 3)).map((i) => i.message)).toContain(
      'the account number or IBAN is missing',
    );
  });
});

describe('a column that says it is not the current value is left out', () => {
  it.each([
    ['Old IBAN,New IBAN', 'DE02120300000000202051,DE89370400440532013000', 'Old IBAN'],
    [
      'IBAN (old - do not use),IBAN',
      'DE02120300000000202051,DE89370400440532013000',
      'IBAN (old - do not use)',
    ],
  ])('pays the current IBAN of %s', async (ibans, values, old) => {
    const file = await folder.csv('old-iban.csv', [
      `Name,${ibans},Amount,Payment date`,
      `Anna Schmidt,${values},1500,2030-03-01`,
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping[old]).toBeNull();
    expect(bank(imported, 2)?.account_number).toBe('DE89370400440532013000');
  });

  it("pays this period's net pay, not the year to date", async () => {
    const file = await folder.csv('ytd.csv', [
      'Employee No,Surname,Forename,Sort Code,Account No,Net Pay (YTD),Net Pay (This Period),Pay Date',
      '0001,Smith,John,200000,55779911,"24,400.00","2,200.00",31/12/2030',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      'Net Pay (YTD)': null,
      'Net Pay (This Period)': 'amount',
    });
    expect(draftOf(imported, 2).payment.amount.amount).toBe(2200);
  });
});

describe("the payee's name", () => {
  it('is SAP\'s "Name 1", not the vendor number, and "Bank ctry" is the bank\'s country', async () => {
    const file = await folder.csv('f110.csv', [
      'Vendor,Name 1,Bank ctry,IBAN,Amount,Currency,Posting Date',
      '100045,Bosch Rexroth AG,DE,DE89370400440532013000,12345.67,EUR,31.01.2030',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      Vendor: null,
      'Name 1': 'name',
      'Bank ctry': 'bank_country',
    });
    expect(bank(imported, 2)?.account_name).toBe('Bosch Rexroth AG');
  });

  it('is the first name and surname where "Name" stands beside "First Name"', async () => {
    const file = await folder.csv('names.csv', [
      'Name,First Name,IBAN,Amount,Date',
      'Dupont,Marie,FR1420041010050500013M02606,100.00,2030-03-01',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      Name: 'last_name',
      'First Name': 'first_name',
    });
    expect(draftOf(imported, 2).beneficiary?.body.entity).toMatchObject({
      individual_first_name: 'Marie',
      individual_last_name: 'Dupont',
    });
  });
});

describe('short and camelCase headers', () => {
  it("never reads a company's code as its name, nor a Bacs transaction code as the payment's id", async () => {
    const file = await folder.csv('codes.csv', [
      'Company Code,Last Name,First Name,Transaction Code,Net Amount,Routing #,Account #,Check Date',
      'XYZ,Johnson,Michael,99,2345.67,021000021,000123456789,01/31/2030',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      'Company Code': null,
      'Transaction Code': null,
    });
    const draft = draftOf(imported, 2);
    expect(draft.beneficiary?.body.entity?.company_name).toBeUndefined();
    expect(draft.correlation_id).not.toBe('99');
  });

  it("reads a Wise batch file's camelCase headers", async () => {
    const file = await folder.csv('wise.csv', [
      'name,recipientEmail,paymentReference,amount,targetCurrency,IBAN,accountNumber,abartn',
      'Anna Schmidt,anna@example.de,Invoice 1001,1500,EUR,DE89370400440532013000,,',
      'John Doe,john@example.com,Invoice 1002,200,USD,,000123456789,021000021',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({
      paymentReference: 'description',
      targetCurrency: 'account_currency',
      accountNumber: 'account_number',
      abartn: 'bank_code',
    });
    expect(draftOf(imported, 2).payment.description).toBe('Invoice 1001');
    expect(bank(imported, 3)).toMatchObject({
      account_number: '000123456789',
      bank_code: '021000021',
    });
    expect(draftOf(imported, 3).beneficiary?.body.country).toBe('US');
  });
});

describe('two columns that could fill one field', () => {
  it('says which one was used and which was left out, and nothing where each field has one', async () => {
    const file = await folder.csv('two-ibans.csv', [
      'Name,IBAN,IBAN 2,Amount,Date,Purpose',
      'Anna Schmidt,DE89370400440532013000,DE02120300000000202051,1500,2030-03-01,SALA',
    ]);
    const imported = await folder.import(file);
    expect(imported.summary.mapping).toMatchObject({ IBAN: 'iban', 'IBAN 2': null });
    expect(imported.summary.mapping_notes).toEqual([
      '"IBAN 2" could also be iban; "IBAN" was used',
    ]);
    const one = await folder.csv('one-iban.csv', [
      'Name,IBAN,Amount,Date,Purpose',
      'Anna Schmidt,DE89370400440532013000,1500,2030-03-01,SALA',
    ]);
    expect((await folder.import(one)).summary.mapping_notes).toBeUndefined();
  });
});
