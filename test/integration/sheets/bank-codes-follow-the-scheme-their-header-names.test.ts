// A bank code's header says which scheme it follows, and so the bank's country: six digits
// under "BSB" are Australian, not a UK sort code; a routing number that fails its checksum is
// said to be wrong at its cell; a sort code Excel stored as a number gets its zeros back. A
// "Country" beside an address is the address's, not the bank's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, GROUP, OutboxFolder } from '../../support/sheet-import';
import { row, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const csv = (name: string, lines: string[]) => folder.csv(name, lines);
const wallet = (currency: string) => ({
  group: { ...GROUP, walletId: `wallet-${currency}`, walletCurrency: currency },
});

describe('a header that names its scheme', () => {
  it('makes a BSB Australian, even from a GBP wallet', async () => {
    const imported = await folder.import(
      await csv('bsb.csv', [
        'Name,BSB,Account Number,Amount,Date',
        'Bruce,062-000,12345678,100,2030-01-31',
      ]),
    );
    expect(GROUP.walletCurrency).toBe('GBP');
    const draft = draftOf(imported, 2);
    expect(draft.beneficiary?.body).toMatchObject({
      country: 'AU',
      currency: 'AUD',
      bank_details: { bank_code: '062000' },
    });
    expect(draft.issues).toEqual([]);
  });

  it('makes a transit number Canadian, and a routing transit number American', async () => {
    const imported = await folder.import(
      await csv('transit.csv', [
        'Name,Transit,Account Number,Amount,Date',
        'Luc,12345-003,1234567,100,2030-01-31',
      ]),
    );
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'CA',
      currency: 'CAD',
    });
    expect(draftOf(imported, 2).issues).toEqual([]);
    const rtn = await folder.import(
      await csv('rtn.csv', [
        'Name,Routing Transit Number,Account Number,Amount,Date',
        'Bob,021000021,12345678,100,2030-01-31',
      ]),
    );
    expect(draftOf(rtn, 2).beneficiary?.body.country).toBe('US');
  });

  it('that names two reads each row by its own code and country, not all by the first named', async () => {
    // A contractors' sheet's one column for US routing numbers and UK sort codes alike.
    const imported = await folder.import(
      await csv('mixed.csv', [
        'Name,Bank country,Routing / sort code,Account Number,Amount,Date',
        'Ann,US,011000015,12345678,100,2030-01-31',
        'Bob,GB,60-16-13,31926819,100,2030-01-31',
      ]),
      wallet('USD'),
    );
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'US',
      bank_details: { bank_code: '011000015' },
    });
    expect(draftOf(imported, 3).beneficiary?.body).toMatchObject({
      country: 'GB',
      bank_details: { bank_code: '601613' },
    });
    for (const line of [2, 3]) expect(draftOf(imported, line).issues).toEqual([]);
  });

  it('that names a routing number or a transit reads a Canadian transit as one', async () => {
    // "Routing/Transit": two schemes, whose words run together as "Routing Transit Number"'s.
    const imported = await folder.import(
      await csv('routing-or-transit.csv', [
        'Name,Bank country,Routing/Transit,Account Number,Amount,Date',
        'Luc,CA,12345-003,1234567,100,2030-01-31',
      ]),
      wallet('CAD'),
    );
    expect(draftOf(imported, 2).beneficiary?.body.country).toBe('CA');
    expect(errorsOf(draftOf(imported, 2))).toEqual([]);
  });

  it('says a routing number that fails its checksum is wrong, at its cell, not that the country is missing', async () => {
    const imported = await folder.import(
      await csv('routing.csv', [
        'Payee,Routing Number,Account,Amount,Date',
        'Dan,999999999,555,12,2030-01-31',
        'Eve,021000022,555,12,2030-01-31',
      ]),
    );
    for (const line of [2, 3]) {
      const draft = draftOf(imported, line);
      expect(errorsOf(draft)).toEqual([
        expect.objectContaining({
          field: 'beneficiary.bank_details.bank_code',
          cell: `B${line}`,
          message: expect.stringMatching(/routing number/),
        }),
      ]);
      expect(draft.beneficiary?.body.country).toBe('US');
    }
  });

  it('restores the zeros Excel dropped from a number cell, and leaves a short text code wrong', async () => {
    const file = await writeXlsx(folder.dir, 'sort-codes.xlsx', {
      sheets: [
        {
          name: 'Payroll',
          rows: [
            row(1, ['Name', 'Sort Code', 'Account Number', 'Net Pay', 'Pay Date']),
            row(2, ['Ada', 1613, '31926819', 100, '2030-01-31']),
            row(3, ['Alan', '1613', '31926819', 100, '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file, wallet('EUR'));
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'GB',
      currency: 'GBP',
      bank_details: { bank_code: '001613' },
    });
    expect(draftOf(imported, 2).issues).toEqual([]);
    expect(errorsOf(draftOf(imported, 3))).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details.bank_code',
        cell: 'B3',
        message: expect.stringMatching(/sort code is 6 digits/),
      }),
    ]);
    expect(draftOf(imported, 3).beneficiary?.body.country).toBe('GB');
  });

  it('leaves a sort code typed short with separators wrong, where bare digits get their zero', async () => {
    const imported = await folder.import(
      await folder.csv('typed-short.csv', [
        'Name,Sort Code,Account Number,Net Pay,Pay Date',
        // A number Excel wrote to the CSV: its leading zero dropped, as 060161 becomes 60161.
        'Ada,60161,31926819,100,2030-01-31',
        // Typed by a person with its dashes, a digit short: 60-16-13 missing its 3, never the
        // zero-led 06-01-61, which is another bank's.
        'Alan,60-16-1,31926819,100,2030-01-31',
      ]),
      wallet('GBP'),
    );
    expect(draftOf(imported, 2).beneficiary?.body.bank_details).toMatchObject({
      bank_code: '060161',
    });
    // Not silently: a digit a person missed reads the same, so the summary names the row.
    expect(imported.summary.mapping_notes).toContainEqual(
      expect.stringMatching(
        /^1 bank code was short of its leading zero and read with it put back .*: check it against the payee's details \(row 2\)$/,
      ),
    );
    expect(errorsOf(draftOf(imported, 3))).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details.bank_code',
        cell: 'B3',
        message: expect.stringMatching(/sort code is 6 digits/),
      }),
    ]);
  });

  it('restores a BSB Excel stored as a number', async () => {
    const file = await writeXlsx(folder.dir, 'bsb.xlsx', {
      sheets: [
        {
          name: 'Payees',
          rows: [
            row(1, ['Name', 'BSB', 'Account Number', 'Amount', 'Date']),
            row(2, ['Bruce', 62000, '12345678', 100, '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file);
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'AU',
      bank_details: { bank_code: '062000' },
    });
  });
});

describe('a UK account number', () => {
  it('gets the zeros Excel dropped from a number cell back, and in text only those UK banks add', async () => {
    const file = await writeXlsx(folder.dir, 'uk-accounts.xlsx', {
      sheets: [
        {
          name: 'Payroll',
          rows: [
            row(1, ['Name', 'Sort Code', 'Account Number', 'Net Pay', 'Pay Date']),
            row(2, ['Ada', '601613', 1, 100, '2030-01-31']),
            row(3, ['Alan', '601613', 1234, 100, '2030-01-31']),
            row(4, ['Grace', '601613', '123456', 100, '2030-01-31']),
            row(5, ['Joan', '601613', '1234567', 100, '2030-01-31']),
            row(6, ['Tim', '601613', '31926819', 100, '2030-01-31']),
            row(7, ['Ida', '601613', '1234', 100, '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file);
    const accounts = [2, 3, 4, 5, 6].map((line) => {
      const draft = draftOf(imported, line);
      expect(draft.issues, `row ${line}`).toEqual([]);
      return draft.beneficiary?.body.bank_details.account_number;
    });
    expect(accounts).toEqual(['00000001', '00001234', '00123456', '01234567', '31926819']);
    // The same digits as the number cell of row 3, typed as text: not a number Excel shortened.
    expect(errorsOf(draftOf(imported, 7))).toEqual([
      expect.objectContaining({ cell: 'C7', message: 'a UK account number is 8 digits' }),
    ]);
  });

  it('of any other length, typed as text, is an error at its cell rather than padded', async () => {
    const imported = await folder.import(
      await csv('uk-accounts.csv', [
        'Name,Account number,Sort code,Amount,Payment date',
        'A Person,1,200000,10,2030-01-31',
        'B Person,1234,200000,11,2030-01-31',
        'C Person,123456789,200000,12,2030-01-31',
        'D Person,12345,200000,13,2030-01-31',
      ]),
    );
    for (const line of [2, 3, 4, 5]) {
      const draft = draftOf(imported, line);
      expect(errorsOf(draft), `row ${line}`).toEqual([
        expect.objectContaining({
          field: 'beneficiary.bank_details.account_number',
          cell: `B${line}`,
          message: 'a UK account number is 8 digits',
        }),
      ]);
      expect(draft.beneficiary?.body.country).toBe('GB');
    }
  });
});

describe('a bank country that the scheme’s banks are not in', () => {
  it('is a warning at the country’s cell, except where their banks use the scheme', async () => {
    const imported = await folder.import(
      await csv('sort-code-countries.csv', [
        'Name,Sort Code,Account Number,Bank Country,Amount,Date',
        'Ada,40-47-84,70872490,FR,100,2030-01-31',
        'Alan,40-47-84,70872490,JE,101,2030-01-31',
        'Grace,40-47-84,70872490,GB,102,2030-01-31',
      ]),
    );
    expect(draftOf(imported, 2).issues).toEqual([
      expect.objectContaining({
        field: 'beneficiary.country',
        cell: 'D2',
        severity: 'warning',
        message: 'the bank code is a UK sort code, but the bank country says FR',
      }),
      // Taken as French, in euros, the account is a SEPA one: paid by IBAN, which this is not.
      expect.objectContaining({
        field: 'beneficiary.bank_details.account_number',
        cell: 'C2',
        severity: 'error',
        message: expect.stringContaining('paid by its IBAN'),
      }),
    ]);
    expect(draftOf(imported, 3).issues).toEqual([]);
    expect(draftOf(imported, 4).issues).toEqual([]);
  });
});

describe('a BIC', () => {
  it('tells the bank country where the sheet, the IBAN and the bank code’s header do not', async () => {
    const imported = await folder.import(
      await csv('bic-country.csv', [
        'Name,Address,Country,Account Number,Bank code,BIC,Amount,Date',
        'Ada,1 Rue de Rivoli,FR,123456789,062000,DEUTDEFF,100,2030-01-31',
      ]),
      wallet('EUR'),
    );
    expect(imported.summary.mapping).toMatchObject({ Country: 'address_country' });
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'DE',
      currency: 'EUR',
      bank_details: { bank_identifier_code: 'DEUTDEFF' },
    });
    // German, in euros: a SEPA account, paid by IBAN, which the account number is not. The one
    // error is that, at its cell; the country is not asked for.
    expect(errorsOf(draftOf(imported, 2))).toEqual([
      expect.objectContaining({
        field: 'beneficiary.bank_details.account_number',
        cell: 'D2',
        message: expect.stringContaining('paid by its IBAN'),
      }),
    ]);
  });
});

describe('a generic "Bank code" header', () => {
  const lines = ['Name,Bank code,Account Number,Amount,Date', 'Ada,062000,12345678,100,2030-01-31'];

  it('reads six digits as the scheme of the wallet’s country, and asks for the country otherwise', async () => {
    const fromGbp = await folder.import(await csv('generic-gbp.csv', lines));
    expect(draftOf(fromGbp, 2).beneficiary?.body.country).toBe('GB');
    const fromAud = await folder.import(await csv('generic-aud.csv', lines), wallet('AUD'));
    expect(draftOf(fromAud, 2).beneficiary?.body.country).toBe('AU');
    const fromEur = await folder.import(await csv('generic-eur.csv', lines), wallet('EUR'));
    // Asked at the bank code, the cell the country could not be told from.
    expect(errorsOf(draftOf(fromEur, 2))).toEqual([
      expect.objectContaining({ field: 'beneficiary.country', cell: 'B2' }),
    ]);
  });

  it('still takes a checksum-valid routing number for American, and says why nine bad digits are not one', async () => {
    const imported = await folder.import(
      await csv('generic-us.csv', [
        'Name,Bank code,Account Number,Amount,Date',
        'Bob,021000021,12345678,100,2030-01-31',
        'Dan,999999999,12345678,100,2030-01-31',
      ]),
    );
    expect(draftOf(imported, 2).beneficiary?.body.country).toBe('US');
    expect(errorsOf(draftOf(imported, 3))).toContainEqual(
      expect.objectContaining({
        field: 'beneficiary.bank_details.bank_code',
        cell: 'B3',
        message: expect.stringMatching(/routing number/),
      }),
    );
  });
});

describe('a "Country" column', () => {
  it('beside an address and a "Bank country" column is the address’s; in a list without addresses, the bank’s', async () => {
    const imported = await folder.import(
      await csv('toronto.csv', [
        'Name,Street,City,Country,Bank country,Account number,Bank code,Amount,Payment date',
        'John Doe,1 Main St,Toronto,CA,US,9876543210,011000015,100,2030-01-31',
      ]),
      wallet('USD'),
    );
    expect(imported.summary.mapping).toMatchObject({
      Country: 'address_country',
      'Bank country': 'bank_country',
    });
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'US',
      currency: 'USD',
      entity: { address_city: 'Toronto', address_country: 'CA' },
      bank_details: { bank_code: '011000015' },
    });
    expect(draftOf(imported, 2).issues).toEqual([]);

    const noAddress = await folder.import(
      await csv('no-address.csv', [
        'Name,Country,Account number,Bank code,Amount,Payment date',
        'Ada,GB,12345678,200000,100,2030-01-31',
      ]),
    );
    expect(noAddress.summary.mapping).toMatchObject({ Country: 'bank_country' });
    expect(draftOf(noAddress, 2).beneficiary?.body.country).toBe('GB');
  });
});

describe('an account number Excel stored as a number', () => {
  it('is flagged where its length is not fixed, as a US account has none to restore', async () => {
    const file = await writeXlsx(folder.dir, 'us-accounts.xlsx', {
      sheets: [
        {
          name: 'Payroll',
          rows: [
            row(1, ['Name', 'Routing Number', 'Account Number', 'Net Pay', 'Pay Date']),
            row(2, ['Ada', '021000021', 123456789, 100, '2030-01-31']),
            row(3, ['Alan', '021000021', '000123456789', 100, '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file, wallet('USD'));
    expect(draftOf(imported, 2).beneficiary?.body.bank_details.account_number).toBe('123456789');
    expect(draftOf(imported, 2).issues).toEqual([
      expect.objectContaining({
        cell: 'C2',
        severity: 'warning',
        message: expect.stringContaining('stored as a number, so any leading zeros were lost'),
      }),
    ]);
    // Typed as text it is as written. (A UK account gets its zeros back: see 'a UK account number'.)
    expect(draftOf(imported, 3).beneficiary?.body.bank_details.account_number).toBe('000123456789');
    expect(draftOf(imported, 3).issues).toEqual([]);
  });
});

describe('codes a system exported as ="012345" to keep their zeros', () => {
  it('are imported with every zero, and the file is not refused', async () => {
    const imported = await folder.import(
      await csv('zeros.csv', [
        'Name,Sort code,Account number,Amount,Date,Reference',
        'Ada Lovelace,="040004",="00012345",100.00,2030-01-31,="012345"',
      ]),
    );
    const draft = draftOf(imported, 2);
    expect(draft.beneficiary?.body.bank_details).toMatchObject({
      bank_code: '040004',
      account_number: '00012345',
    });
    expect(draft.payment.description).toBe('012345');
    expect(draft.issues).toEqual([]);
  });
});
