// Excel shows a number too long for its column as "1.23457E+07", and a CSV it saves keeps only
// that: the account number's last digits are gone from the file. The import says so at the
// cell, and how to get them back, where the rules alone said "a UK account number is 8 digits"
// of a number the person can see is 8 digits long in their own sheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

describe('an account number in scientific notation', () => {
  it('is an error at its cell that says the digits were lost, and how to keep them', async () => {
    const imported = await folder.import(
      await folder.csv('payroll.csv', [
        'Payee,Sort Code,Account Number,Amount,Date',
        'Ada Lovelace,601613,1.23457E+07,100.00,2030-01-31',
        'Alan Turing,601613,31926819,100.00,2030-01-31',
      ]),
    );
    expect(errorsOf(draftOf(imported, 2))).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details.account_number',
        cell: 'C2',
        message:
          '"1.23457E+07" is the account number in scientific notation, which keeps only its first digits: in the sheet, format the column as text, type the numbers again, and import it again',
      }),
    ]);
    expect(errorsOf(draftOf(imported, 3))).toEqual([]);
  });
});
