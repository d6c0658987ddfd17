// Workbooks made by LibreOffice (test/fixtures/sheets/README.md says cell by cell what they
// hold), and one written by hand where no fixture has what it needs: each is imported into a
// real outbox, and the drafts must say what a person reading the sheet sees.
import { chmod } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';
import { dateSerial, row, STYLE, writeXlsx } from '../../support/xlsx-by-hand';

const fixture = (name: string) => `test/fixtures/sheets/${name}`;

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

describe('a payroll export with a title, totals and formatting below the list', () => {
  it('finds the header on row 4 and 8 payees; the totals and formatted rows are skipped, saying why', async () => {
    const imported = await folder.import(fixture('payroll-export.xlsx'));
    expect(imported.summary).toMatchObject({ sheet: 'Payroll', header_row: 4, drafts: 8 });
    expect([...imported.rows.keys()]).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(imported.summary.skipped).toEqual([
      { row: 13, reason: 'totals row ("Total")' },
      { row: 14, last_row: 15, reason: 'blank row' },
    ]);
    expect(imported.summary.mapping).toMatchObject({
      'Employee Name': 'name',
      'Sort Code': 'bank_code',
      'Account Number': 'account_number',
      IBAN: 'iban',
      'Net Pay': 'amount',
      'Pay Date': 'execution_date',
    });
  });

  it('restores the zeros Excel dropped from sort codes and account numbers', async () => {
    const imported = await folder.import(fixture('payroll-export.xlsx'));
    const bank = (row: number) => draftOf(imported, row).beneficiary?.body.bank_details;
    expect(bank(5)).toMatchObject({ bank_code: '012345', account_number: '01234567' });
    expect(bank(6)).toMatchObject({ bank_code: '040004', account_number: '00765432' });
    expect(bank(7)).toMatchObject({ bank_code: '601613', account_number: '31926819' });
    expect(bank(10)).toMatchObject({ bank_code: '040127', account_number: '44779911' });
    expect(draftOf(imported, 5).beneficiary?.body.country).toBe('GB');
  });

  it('normalises IBANs, reads cached formula results, and keeps names exact', async () => {
    const imported = await folder.import(fixture('payroll-export.xlsx'));
    const row8 = draftOf(imported, 8);
    expect(row8.beneficiary?.body).toMatchObject({
      country: 'ES',
      currency: 'EUR',
      bank_details: {
        account_number: 'ES9121000418450200051332',
        bank_identifier_code: 'CAIXESBBXXX',
        account_name: 'José Ñúñez',
      },
    });
    expect(draftOf(imported, 9).payment.amount.amount).toBe(2973.75);
    expect(draftOf(imported, 6).beneficiary?.body.bank_details.account_name).toBe(
      'Zoë Ashworth-Łukasiewicz',
    );
    expect(draftOf(imported, 7).beneficiary?.body.bank_details.account_name).toBe('王小明');
    expect(draftOf(imported, 9).beneficiary?.body.bank_details.account_name).toBe('فاطمة الزهراء');
    expect(draftOf(imported, 7).payment.execution.date).toBe('2030-01-30T09:00:00Z');
    for (const row of [5, 6, 7, 8, 9, 11, 12]) expect(errorsOf(draftOf(imported, row))).toEqual([]);
  });

  it('shows #N/A as an issue at its cell, never as 0, and the row still becomes a draft', async () => {
    const imported = await folder.import(fixture('payroll-export.xlsx'));
    expect(draftOf(imported, 10).issues).toEqual([
      expect.objectContaining({ field: 'amount.amount', cell: 'G10', severity: 'error' }),
    ]);
    expect(draftOf(imported, 10).issues[0]?.message).toContain('#N/A');
    const approval = folder.outbox.drafts.approve([draftOf(imported, 10).id]);
    expect(approval.approved).toBe(0);
  });
});

describe('a workbook whose first sheet is instructions', () => {
  it('takes the sheet that holds the list', async () => {
    const imported = await folder.import(fixture('two-sheets.xlsx'));
    expect(imported.summary).toMatchObject({ sheet: 'Payments', header_row: 1, drafts: 3 });
    expect(
      [2, 3, 4].map((row) => draftOf(imported, row).beneficiary?.body.bank_details.bank_code),
    ).toEqual(['200000', '401276', '601613']);
  });

  it('reads a named sheet, and says which sheets there are when the name is wrong', async () => {
    await expect(folder.import(fixture('two-sheets.xlsx'), { sheet: 'Payees' })).rejects.toThrow(
      /no sheet "Payees".*Instructions, Payments/,
    );
    await expect(
      folder.import(fixture('two-sheets.xlsx'), { sheet: 'instructions' }),
    ).rejects.toThrow(/sheet "Instructions" has no header row/);
  });
});

describe('a workbook with a summary by payee before the list itself', () => {
  const PAYMENTS = ['Name', 'IBAN', 'Amount', 'Payment date', 'Reference'];
  const payment = (r: number) =>
    row(r, [
      `Payee ${r}`,
      'DE89370400440532013000',
      r,
      { v: dateSerial('2030-01-15'), s: STYLE.date },
      `Invoice ${r}`,
    ]);
  const summary = {
    name: 'Summary',
    rows: [row(1, ['Payee', 'Amount']), row(2, ['Hans Müller', 1500.5]), row(3, ['Ana', 99])],
  };

  it('takes the sheet whose header names the most payment fields, and says why', async () => {
    // Enough rows that the list is read on, in chunks, after the sheets around it were looked at.
    const rows = Array.from({ length: 400 }, (_, i) => payment(i + 2));
    const file = await writeXlsx(folder.dir, 'summary-first.xlsx', {
      sheets: [
        summary,
        { name: 'Payments', rows: [row(1, PAYMENTS), ...rows] },
        { name: 'Notes', rows: [row(1, ['Payee', 'Amount', 'Note']), row(2, ['Ana', 99, 'ok'])] },
      ],
    });
    const imported = await folder.import(file);
    expect(imported.summary).toMatchObject({ sheet: 'Payments', drafts: 400 });
    expect(imported.summary.issues).toEqual([]);
    expect(draftOf(imported, 401).payment.description).toBe('Invoice 401');
    expect(imported.summary.sheets_passed_over).toEqual([
      {
        sheet: 'Summary',
        reason: expect.stringMatching(/fewer payment fields \(2\) than "Payments" \(5\)/),
      },
      { sheet: 'Notes', reason: expect.stringMatching(/fewer payment fields/) },
    ]);
  });

  it('takes the first of equals, and a sheet with payment rows over a header alone', async () => {
    const file = await writeXlsx(folder.dir, 'equals.xlsx', {
      sheets: [
        { name: 'Template', rows: [row(1, [...PAYMENTS, 'BIC', 'Currency'])] },
        { name: 'January', rows: [row(1, PAYMENTS), payment(2)] },
        { name: 'February', rows: [row(1, PAYMENTS), payment(2), payment(3)] },
      ],
    });
    const imported = await folder.import(file);
    expect(imported.summary).toMatchObject({ sheet: 'January', drafts: 1 });
    expect(imported.summary.sheets_passed_over).toEqual([
      { sheet: 'Template', reason: expect.stringMatching(/no payment row below its header/) },
      { sheet: 'February', reason: expect.stringMatching(/as many .* which comes first/) },
    ]);
  });
});

describe('US contractors: routing numbers as numbers, $ amounts, month-first dates', () => {
  it('reads them as written, warns about the hidden row, and reads 04/01/2030 month first as its column does', async () => {
    const imported = await folder.import(fixture('us-contractors.xlsx'), {
      group: { id: 'group-usd', walletId: 'wallet-usd', walletCurrency: 'USD' },
    });
    expect(imported.summary).toMatchObject({ header_row: 2, drafts: 6 });
    expect(imported.summary.mapping['Vendor key']).toBeNull();
    const routing = [3, 4, 5, 6, 7, 8].map(
      (row) => draftOf(imported, row).beneficiary?.body.bank_details.bank_code,
    );
    expect(routing).toEqual([
      '011000015',
      '021000021',
      '121000358',
      '026009593',
      '011401533',
      '026009593',
    ]);
    expect([3, 4, 5, 6, 7, 8].map((row) => draftOf(imported, row).payment.amount.amount)).toEqual([
      1250, 12480.5, 980, 2400, 1050, 2400,
    ]);
    expect(
      [3, 4, 5, 6, 7, 8].map((row) => draftOf(imported, row).payment.execution.date.slice(0, 10)),
    ).toEqual(['2030-01-31', '2030-02-15', '2030-03-01', '2030-03-15', '2030-04-01', '2030-04-15']);
    expect(draftOf(imported, 3).beneficiary?.body).toMatchObject({
      country: 'US',
      currency: 'USD',
    });
    expect(draftOf(imported, 6).issues).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('hidden') }),
    ]);
    // Its column's other dates (01/31/2030) are month first, so 04/01/2030 is 1 April.
    expect(errorsOf(draftOf(imported, 7))).toEqual([]);
  });

  it('reads an ambiguous date as the person says the sheet writes dates', async () => {
    const imported = await folder.import(fixture('us-contractors.xlsx'), {
      mapping: {
        mapping: {
          Payee: 'name',
          'Routing Number': 'bank_code',
          Account: 'account_number',
          'Amount (USD)': 'amount',
          Date: 'execution_date',
          Memo: 'description',
        },
        date_order: 'MDY',
      },
    });
    expect(draftOf(imported, 7).payment.execution.date).toBe('2030-04-01T09:00:00Z');
    expect(imported.summary.mapping_source).toBe('given');
  });
});

describe('a continental sheet: decimal commas and day-first text dates', () => {
  it('reads amounts and dates exactly, and 03/04/2030 day first as its column does', async () => {
    const imported = await folder.import(fixture('text-dates-and-decimal-commas.xlsx'), {
      group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
    });
    expect([2, 3, 4, 5, 6].map((row) => draftOf(imported, row).payment.amount.amount)).toEqual([
      1234.56, 980.5, 12345, 0.99, 2500.5,
    ]);
    expect(
      [2, 3, 4, 5, 6].map((row) => draftOf(imported, row).payment.execution.date.slice(0, 10)),
    ).toEqual(['2030-01-31', '2030-04-03', '2030-01-31', '2030-02-15', '2030-02-28']);
    expect(errorsOf(draftOf(imported, 3))).toEqual([]);
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'FR',
      currency: 'EUR',
      entity: { company_name: 'Société Dupont & Fils' },
      type: 'BUSINESS',
    });
  });
});

describe('a workbook on the 1904 date system, written by LibreOffice as date1904="true"', () => {
  it('reads its dates on the right day', async () => {
    const imported = await folder.import(fixture('date-system-1904.xlsx'));
    expect(
      [2, 3, 4].map((row) => draftOf(imported, row).payment.execution.date.slice(0, 10)),
    ).toEqual(['2030-01-31', '2030-02-28', '2030-03-01']);
  });
});

describe('files that are not a list to import', () => {
  it.each([
    ['password-protected.xlsx', /protected with a password.*remove the password/],
    ['legacy.xls', /Excel 97-2003.*save it as \.xlsx/],
  ])('%s is refused, saying what to do, and the outbox is unchanged', async (name, message) => {
    const before = folder.counts();
    await expect(folder.import(fixture(name))).rejects.toThrow(message);
    expect(folder.counts()).toEqual(before);
  });

  it('a folder is refused as a folder, not as a file the system could not read', async () => {
    await expect(folder.import(folder.dir)).rejects.toMatchObject({
      code: 'not_a_spreadsheet',
      message: `${folder.dir} is a folder, not a spreadsheet file: give the path of an .xlsx or .csv file`,
    });
  });

  // Root reads any file, so the refusal can only be seen as another user.
  it.skipIf(process.getuid?.() === 0)('a file the person may not read says so', async () => {
    const file = await folder.csv('locked.csv', ['Payee,IBAN,Amount,Date']);
    await chmod(file, 0o000);
    await expect(folder.import(file)).rejects.toMatchObject({
      code: 'unreadable',
      message: expect.stringMatching(/cannot be read: you are not allowed to read it/),
    });
  });
});

describe('a US vendor list with a second address line and a state', () => {
  it('keeps both: the state as the subdivision, the second line after the first', async () => {
    const file = await writeXlsx(folder.dir, 'us-vendors.xlsx', {
      sheets: [
        {
          name: 'Vendors',
          rows: [
            row(1, [
              'Company name',
              'Address line 1',
              'Address line 2',
              'City',
              'State',
              'ZIP',
              'Address country',
              'Account number',
              'Routing number',
              'Amount',
              'Payment date',
            ]),
            row(2, [
              'Acme Inc',
              '350 Fifth Ave',
              'Suite 4100',
              'New York',
              'NY',
              '10118',
              'US',
              '9876543210',
              '011000015',
              100,
              '2030-01-31',
            ]),
            row(3, [
              'Beta LLC',
              '1 Elm St',
              '',
              'Austin',
              'TX',
              '73301',
              'US',
              '1234567',
              '011000015',
              50,
              '2030-01-31',
            ]),
          ],
        },
      ],
    });
    const imported = await folder.import(file, {
      group: { id: 'group-usd', walletId: 'wallet-usd', walletCurrency: 'USD' },
    });
    expect(imported.summary.mapping).toMatchObject({
      'Address line 2': 'address_line_2',
      State: 'address_country_subdivision',
    });
    expect(draftOf(imported, 2).beneficiary?.body.entity).toEqual({
      company_name: 'Acme Inc',
      address_line_1: '350 Fifth Ave, Suite 4100',
      address_city: 'New York',
      address_country_subdivision: 'NY',
      address_postal_code: '10118',
      address_country: 'US',
    });
    expect(draftOf(imported, 3).beneficiary?.body.entity).toMatchObject({
      address_line_1: '1 Elm St',
      address_country_subdivision: 'TX',
    });
  });
});
