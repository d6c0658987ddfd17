// A payroll that pays at home and abroad keeps one column for the account: a UK account number
// beside its sort code, or an IBAN. Its header says so ("Bank Acct / IBAN"); read as the IBAN
// column, every UK row was "an IBAN starts with its country's two letters", though its sort
// code stood beside it. Read as the account number, each row is paid as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

describe('a column for an account number or an IBAN', () => {
  it('takes both: the UK account with its sort code, the IBAN as one', async () => {
    const imported = await folder.import(
      await folder.csv('march.csv', [
        'Employee,Sort Code,Bank Acct / IBAN,Net Pay,Currency,Pay Date',
        'Ada Lovelace,60-16-13,31926819,2500.00,GBP,2030-03-31',
        'Émile Zola,,FR14 2004 1010 0505 0001 3M02 606,1800.00,EUR,2030-03-31',
      ]),
    );
    expect(imported.summary.mapping['Bank Acct / IBAN']).toBe('account_number');
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'GB',
      bank_details: { account_number: '31926819', bank_code: '601613' },
    });
    expect(draftOf(imported, 3).beneficiary?.body).toMatchObject({
      country: 'FR',
      bank_details: { account_number: 'FR1420041010050500013M02606' },
    });
    for (const row of [2, 3]) expect(draftOf(imported, row).issues).toEqual([]);
  });
});
