import { describe, expect, it } from 'vitest';
import {
  amountHeaderCurrency,
  mappingFromEntries,
  mappingNotes,
  mappingToJson,
  proposeMapping,
  sourceKey,
} from '../../../electron/core/sheets/understanding/column-mapping';
import { parseMapping } from '../../../electron/core/sheets/understanding/mapping-file';
import {
  headerCurrency,
  headerThousands,
  matchHeader,
} from '../../../electron/core/sheets/understanding/header-matching';
import { SheetFileError } from '../../../electron/core/sheets/reading/sheet-types';

const fieldOf = (header: string) => matchHeader(header)?.field;
/** A mapping as JSON, checked in shape and then against the headers, as an import does. */
const mappingFromJson = (json: unknown, headers: readonly string[]) =>
  mappingFromEntries(parseMapping(json), headers);

/** The field a header's column is mapped to among these headers (a CSV line of them). */
const fieldOfColumn = (row: string, header: string) => {
  const headers = row.split(',');
  return mappingToJson(proposeMapping(headers), headers)[header];
};

describe('a header names its field', () => {
  it.each([
    ['Net Pay', 'amount'],
    ['Net Pay (GBP)', 'amount'],
    ['Employee Net Pay', 'amount'],
    ['Amount to be paid', 'amount'],
    ['Sort Code', 'bank_code'],
    ['Sort-code', 'bank_code'],
    ['Routing Number', 'bank_code'],
    ['ABA', 'bank_code'],
    ['IBAN', 'iban'],
    ['iban number', 'iban'],
    ['Beneficiary Name', 'name'],
    ['Payee', 'name'],
    ['Remittance information', 'description'],
    ['Payment Reference', 'description'],
    ['Account No.', 'account_number'],
    ['Beneficiary Account Number', 'account_number'],
    ['Acount Number', 'account_number'],
    ['Account Holder Name', 'account_name'],
    ['SWIFT/BIC', 'bic'],
    ['Pay Date', 'execution_date'],
    ['Date of Birth', 'date_of_birth'],
    ['Currency', 'amount_currency'],
    ['Amount Currency', 'amount_currency'],
    ['Account currency', 'account_currency'],
    ['Country', 'bank_country'],
    ['Bank country', 'bank_country'],
    ['Post code', 'address_postal_code'],
    ['Surname', 'last_name'],
    ['Given name', 'first_name'],
    ['Approved?', 'approved'],
    ['tag:department', 'user_tag'],
    ['Purpose Code', 'purpose'],
    ['Montant (EUR)', 'amount'],
    ["Date d'exécution", 'execution_date'],
    ['Libellé', 'description'],
    // The headers German, French, Spanish, Dutch and Italian bank and payroll exports give a
    // transfer's date, amount, payee and account holder.
    ['Zahldatum', 'execution_date'],
    ['Überweisungsdatum', 'execution_date'],
    ['Fälligkeitsdatum', 'execution_date'],
    // SAP's vendor line items (FBL1N) head the due day and the line's text so.
    ['Fälligkeit', 'execution_date'],
    ['Text', 'description'],
    ['Buchungstext', 'description'],
    ['Valutadatum', 'execution_date'],
    ["Date d'échéance", 'execution_date'],
    ['Fecha valor', 'execution_date'],
    ['Betaaldatum', 'execution_date'],
    ['Data pagamento', 'execution_date'],
    ['Überweisungsbetrag', 'amount'],
    ['Zahlbetrag', 'amount'],
    ['Zahlungsempfänger', 'name'],
    ['Empfängername', 'name'],
    ['Kontoinhaber', 'account_name'],
    ['Titulaire du compte', 'account_name'],
    ['Raison sociale', 'company_name'],
    ['Konto-Nr.', 'account_number'],
    ['N° de compte', 'account_number'],
    ['Acc No', 'account_number'],
    // The employee, as German, Dutch, French, Spanish and Italian payroll exports head it.
    ['Mitarbeiter', 'name'],
    ['Mitarbeitername', 'name'],
    ['Werknemer', 'name'],
    ['Salarié', 'name'],
    ['Empleado', 'name'],
    ['Dipendente', 'name'],
    ['Land', 'bank_country'],
    ['Mitarbeiter IBAN', 'iban'],
    ['Employee ID', undefined],
    ['Personalnummer', undefined],
    ['Status', undefined],
    ['', undefined],
  ])('%s -> %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    ['Beneficiary IBAN', 'iban'],
    ['Bank Account IBAN', 'iban'],
    ['IBAN du bénéficiaire', 'iban'],
    ['Beneficiary BIC', 'bic'],
    ['Payee SWIFT code', 'bic'],
    ['BIC/SWIFT', 'bic'],
    ['Beneficiary Sort Code', 'bank_code'],
    ['Employee Bank Sort Code', 'bank_code'],
    ['ABA Routing #', 'bank_code'],
    ['Routing Transit Number', 'bank_code'],
    ['RTN', 'bank_code'],
    ['BSB', 'bank_code'],
    ['Vendor Routing No.', 'bank_code'],
  ])('a distinctive word wins whatever the prefix: %s -> %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    ['Employee', 'name'],
    ['Supplier', 'name'],
    ['Vendor', 'name'],
    ['Take-home pay', 'amount'],
    ['Acct #', 'account_number'],
    ['A/C No', 'account_number'],
    ['Payee Account', 'account_number'],
    ['Account No / IBAN', 'account_number'],
    // One column for a UK account number or an IBAN: the account number field takes both.
    ['Bank Acct / IBAN', 'account_number'],
    ['Acct/IBAN', 'account_number'],
    ['Account or IBAN', 'account_number'],
    // An alternative that is no account number leaves the IBAN the IBAN.
    ['Account Name / IBAN', 'iban'],
    ['IBAN / Account holder', 'iban'],
    ['Account currency / IBAN', 'iban'],
    ['Beneficiary Bank', 'bank_name'],
    ['Address Line 1', 'address_line_1'],
    ['Address Line 2', 'address_line_2'],
    ['Vendor ID', undefined],
    ['Employee Number', undefined],
    ['Gross Pay', undefined],
    ['Gross Salary', undefined],
  ])('the words that say what a column holds count, not whose it is: %s -> %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    ['Currency', 'amount_currency'],
    ['CCY', 'amount_currency'],
    ['Curr.', 'amount_currency'],
    ['Devise', 'amount_currency'],
    ['Währung', 'amount_currency'],
    ['Moneda', 'amount_currency'],
    ['Valuta', 'amount_currency'],
    ['Payment currency', 'amount_currency'],
    ['Amount Ccy', 'amount_currency'],
    ['Account currency', 'account_currency'],
    ['Acct Ccy', 'account_currency'],
    ['Beneficiary currency', 'account_currency'],
    ['Receiving currency', 'account_currency'],
  ])(
    'a currency is the amount’s unless the header says the account’s: %s -> %s',
    (header, field) => {
      expect(fieldOf(header)).toBe(field);
    },
  );

  it.each([
    ['Net', 'amount'],
    ['Nett', 'amount'],
    ['Net 30', undefined],
    ['Net Terms', undefined],
    ['State', 'address_country_subdivision'],
    ['State/Province', 'address_country_subdivision'],
    ['Province', 'address_country_subdivision'],
    ['County', 'address_country_subdivision'],
    ['Region', 'address_country_subdivision'],
    ['Workflow state', undefined],
    ['Estate', undefined],
    ['Sales region', undefined],
    ['Address 2', 'address_line_2'],
    ['Address Line 3', undefined],
  ])('a word that names a field alone does not beside others: %s -> %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    ['Debtor IBAN', undefined],
    ['Debtor BIC', undefined],
    ['Debtor Name', undefined],
    ['Debit Account Number', undefined],
    ['Debit Currency', undefined],
    ['Ordering Customer Account', undefined],
    ['Originator Name', undefined],
    ['Remitter IBAN', undefined],
    ['Payer Sort Code', undefined],
    ['Payer amount', undefined],
    ['Net à payer', 'amount'],
    ['Montant à payer', 'amount'],
    ['Sender Account', undefined],
    ['Source Currency', 'source_currency'],
    ['From Account', undefined],
    ['Our IBAN', undefined],
    ['Own account number', undefined],
    ['Company Account Number', undefined],
    ['Employer IBAN', undefined],
    ['Creditor IBAN', 'iban'],
    ['Creditor Name', 'name'],
    ['Creditor', 'name'],
    ['Receiver Account Number', 'account_number'],
    ['Debit Date', 'execution_date'],
    ['Our Reference', 'correlation_id'],
    ['IBAN (new from March)', 'iban'],
    ['Payment Information Id', undefined],
    ['End To End Id', 'correlation_id'],
  ])("a column of the payer's side never fills the payee's: %s -> %s", (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    ['Old IBAN', undefined],
    ['IBAN (old - do not use)', undefined],
    ['Previous Account Number', undefined],
    ['Prior sort code', undefined],
    ['Former name', undefined],
    ['IBAN [obsolete]', undefined],
    ['Net Pay (YTD)', undefined],
    ['Net pay year to date', undefined],
    ['Cumulative amount', undefined],
    ['Amount (last month)', undefined],
    ['Net Pay Last Period', undefined],
    ['New IBAN', 'iban'],
    ['Current IBAN', 'iban'],
    ['Net Pay (This Period)', 'amount'],
  ])('a column that says it is not the current value is left out: %s -> %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    ['Bank ctry', 'bank_country'],
    ['Bank Key', 'bank_code'],
    ['Name 1', 'name'],
    ['Company Code', undefined],
    ['Company ID', undefined],
    ['Company', 'company_name'],
    ['Transaction Code', undefined],
    ['Account Type', undefined],
    ['paymentReference', 'description'],
    ['accountNumber', 'account_number'],
    ['targetCurrency', 'account_currency'],
    ['sourceCurrency', 'source_currency'],
    ['receiverType', 'entity_type'],
    ['Recipient type', 'entity_type'],
    ['sortCode', 'bank_code'],
    ['abartn', 'bank_code'],
    ['recipientEmail', undefined],
    ['addressFirstLine', 'address_line_1'],
    ['addressPostCode', 'address_postal_code'],
    ['addressCountryCode', 'address_country'],
    ['payment_reference', 'description'],
    ['BSBNumber', 'bank_code'],
  ])('short, coded and camelCase headers: %s -> %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it('names the currency an amount header carries', () => {
    expect(headerCurrency('Amount (USD)')).toBe('USD');
    expect(headerCurrency('Net pay in EUR')).toBe('EUR');
    expect(headerCurrency('Amount £')).toBe('GBP');
    expect(headerCurrency('Amount (XYZ)')).toBeUndefined();
    expect(headerCurrency('Net Pay')).toBeUndefined();
  });
});

describe('a mapping', () => {
  const headers = [
    'Employee ID',
    'Employee Name',
    'Sort Code',
    'Account Number',
    'Net Pay (GBP)',
    'Pay Date',
    'Reference',
    'Currency',
  ];

  it('takes each field from its best column, once (the first of equals)', () => {
    const mapping = proposeMapping([...headers, 'Amount']);
    expect(mappingToJson(mapping)).toEqual({
      'Employee Name': 'name',
      'Sort Code': 'bank_code',
      'Account Number': 'account_number',
      'Pay Date': 'execution_date',
      Reference: 'description',
      Currency: 'amount_currency',
      'Net Pay (GBP)': 'amount',
    });
    expect(amountHeaderCurrency(proposeMapping(headers), headers)).toBe('GBP');
  });

  it("reads Wise's amountCurrency as the amount type only beside source and target currencies", () => {
    const wise = 'name,amountCurrency,amount,sourceCurrency,targetCurrency,IBAN';
    expect(fieldOfColumn(wise, 'amountCurrency')).toBe('amount_type');
    expect(fieldOfColumn(wise, 'sourceCurrency')).toBe('source_currency');
    expect(
      fieldOfColumn(
        'Name,Amount,Amount currency,Source currency,Target currency',
        'Amount currency',
      ),
    ).toBe('amount_type');
    expect(fieldOfColumn('Name,Amount,Amount currency,Target currency', 'Amount currency')).toBe(
      'amount_currency',
    );
    expect(fieldOfColumn('Name,Amount,Amount currency,IBAN', 'Amount currency')).toBe(
      'amount_currency',
    );
  });

  it('takes an account-or-IBAN column as the IBAN where another column holds account numbers', () => {
    expect(fieldOfColumn('Name,Account number,Account / IBAN,Amount', 'Account / IBAN')).toBe(
      'iban',
    );
    expect(fieldOfColumn('Name,Sort code,Bank Acct / IBAN,Amount', 'Bank Acct / IBAN')).toBe(
      'account_number',
    );
  });

  it('pays what is still owed on an invoice, not what was invoiced or has been paid', () => {
    const fieldsOf = (row: string) => {
      const headers = row.split(',');
      const json = mappingToJson(proposeMapping(headers), headers);
      return Object.fromEntries(Object.entries(json).filter(([, field]) => field !== null));
    };
    for (const owed of [
      'Balance',
      'Open Balance',
      'Amount Outstanding',
      'Balance Due',
      'Amount Due',
      'Amount to Pay',
      'Payment Amount',
    ]) {
      for (const invoiced of ['Invoice Amount', 'Gross Amount', 'Total']) {
        const mapped = fieldsOf(`Supplier Name,IBAN,${invoiced},Amount Paid,${owed}`);
        expect(mapped[owed], `${invoiced} beside ${owed}`).toBe('amount');
        expect(mapped[invoiced], `${invoiced} beside ${owed}`).toBeUndefined();
      }
    }
    // Alone, the invoice amount is still the amount, and never the amount already paid.
    expect(fieldsOf('Supplier Name,IBAN,Invoice Amount,Amount Paid')['Invoice Amount']).toBe(
      'amount',
    );
  });

  it('pays an invoice its total with VAT, never the amount before it, but what is owed first', () => {
    const amountOf = (row: string) => {
      const headers = row.split(',');
      const json = mappingToJson(proposeMapping(headers), headers);
      return Object.entries(json).find(([, field]) => field === 'amount')?.[0];
    };
    for (const [row, paid] of [
      ['Supplier,Invoice No,Net,VAT,Gross,IBAN', 'Gross'],
      ['Supplier,Net amount,VAT amount,Gross amount,IBAN', 'Gross amount'],
      ['Vendor,Amount,VAT,Total,IBAN', 'Total'],
      ['Vendor,Amount excl. VAT,VAT,Amount incl. VAT,IBAN', 'Amount incl. VAT'],
      ['Lieferant,Netto,MwSt,Brutto,IBAN', 'Brutto'],
      ['Fournisseur,Montant HT,TVA,Montant TTC,IBAN', 'Montant TTC'],
      // What is still owed on a part-paid invoice stays ahead of its total.
      ['Supplier,Net,VAT,Gross,Balance Due,IBAN', 'Balance Due'],
      // No VAT column: nothing says the amount is before tax.
      ['Supplier,Amount,Total,IBAN', 'Amount'],
      // A payroll's tax is withheld: its net pay is paid.
      ['Employee,Gross Pay,Tax,NI,Net Pay,IBAN', 'Net Pay'],
    ] as const) {
      expect(amountOf(row), row).toBe(paid);
    }
    expect(fieldOf('Lieferant')).toBe('name');
    expect(fieldOf('Fournisseur')).toBe('name');
  });

  it("pays a SAP line in its document currency, not the company code's", () => {
    for (const [amount, currency] of [
      ['Amount in DC', 'Crcy'],
      ['Amount in FC', 'Curr.'],
      ['Amount in document currency', 'Currency key'],
      ['Amount in transaction currency', 'Crcy'],
    ] as const) {
      for (const local of ['Amount in LC', 'Amount in local currency']) {
        const headers = ['Vendor', 'IBAN', local, 'LCurr', amount, currency];
        expect(mappingToJson(proposeMapping(headers), headers), amount).toEqual({
          Vendor: 'name',
          IBAN: 'iban',
          [local]: null,
          LCurr: null,
          [amount]: 'amount',
          [currency]: 'amount_currency',
        });
      }
    }
    // A sheet in the company code's currency alone still has its amount.
    expect(fieldOf('Amount in LC')).toBe('amount');
  });

  it('reads back from the JSON it writes, and from the person’s own with options', () => {
    const mapping = proposeMapping(headers);
    expect(mappingFromJson(mappingToJson(mapping), headers)).toEqual(mapping);
    const own = mappingFromJson(
      { mapping: { 'Employee ID': 'tag:employee', 'net pay (gbp)': 'amount' }, date_order: 'DMY' },
      headers,
    );
    expect(own).toEqual({
      columns: [
        { index: 0, header: 'Employee ID', field: 'user_tag', tagKey: 'employee' },
        { index: 4, header: 'Net Pay (GBP)', field: 'amount' },
      ],
      dateOrder: 'DMY',
    });
  });

  it('is refused, saying why, when it names a missing column, an unknown field or one field twice', () => {
    expect(() => mappingFromJson({ Salary: 'amount' }, headers)).toThrow(
      /does not have.*Employee ID/,
    );
    expect(() => mappingFromJson({ Reference: 'memo' }, headers)).toThrow(SheetFileError);
    expect(() => mappingFromJson({ Reference: 'amount', 'Pay Date': 'amount' }, headers)).toThrow(
      /Amount \(amount\) more than one column/,
    );
  });

  it('maps a bank bulk export whose every header starts with "Beneficiary"', () => {
    const bulk = [
      'Beneficiary Name',
      'Beneficiary IBAN',
      'Beneficiary BIC',
      'Amount',
      'Value Date',
    ];
    expect(mappingToJson(proposeMapping(bulk))).toEqual({
      'Beneficiary Name': 'name',
      'Beneficiary IBAN': 'iban',
      'Beneficiary BIC': 'bic',
      Amount: 'amount',
      'Value Date': 'execution_date',
    });
  });

  it("takes an ERP vendor as the payee, never its id as the service's beneficiary id", () => {
    const erp = ['Vendor', 'Vendor ID', 'Bank Account IBAN', 'Invoice Amount', 'Gross Pay'];
    expect(mappingToJson(proposeMapping(erp))).toEqual({
      Vendor: 'name',
      'Bank Account IBAN': 'iban',
      'Invoice Amount': 'amount',
    });
  });

  it.each([
    [
      'beside an address and a bank country column, the address’s',
      ['Name', 'Street', 'City', 'Country', 'Bank country', 'Bank code', 'Amount'],
      { Country: 'address_country', 'Bank country': 'bank_country' },
    ],
    [
      'beside a column that names the bank’s country, the address’s',
      ['Name', 'Country', 'IBAN', 'Amount', 'Beneficiary Bank Country'],
      { Country: 'address_country', 'Beneficiary Bank Country': 'bank_country' },
    ],
    [
      'beside an address, the address’s',
      ['Name', 'Address', 'City', 'Payee country', 'IBAN', 'Amount'],
      { 'Payee country': 'address_country' },
    ],
    [
      'beside an address country column, the bank’s',
      ['Name', 'Address', 'Address country', 'Country', 'IBAN', 'Amount'],
      { 'Address country': 'address_country', Country: 'bank_country' },
    ],
    [
      'beside a bank country code column, the address’s',
      ['Name', 'Country', 'Account number', 'Bank Country Code', 'Amount'],
      { Country: 'address_country', 'Bank Country Code': 'bank_country' },
    ],
    [
      'alone, with no address, the bank’s',
      ['Name', 'Country', 'IBAN', 'Amount'],
      { Country: 'bank_country' },
    ],
  ])('takes a bare "Country" %s', (_case, headers, expected) => {
    expect(mappingToJson(proposeMapping(headers))).toMatchObject(expected);
  });

  it.each([
    [['Name', 'Amount', 'Currency'], { Currency: 'amount_currency' }],
    [
      ['Name', 'Account currency', 'Amount', 'Currency'],
      { 'Account currency': 'account_currency', Currency: 'amount_currency' },
    ],
    [
      ['Name', 'Currency', 'Amount', 'Amount currency'],
      { Currency: 'account_currency', 'Amount currency': 'amount_currency' },
    ],
  ])(
    'takes a bare "Currency" as the amount’s unless another column is: %j',
    (headers, expected) => {
      expect(mappingToJson(proposeMapping(headers))).toMatchObject(expected);
    },
  );

  it.each([
    [['Vendor', 'Name 1', 'IBAN', 'Amount'], { Vendor: null, 'Name 1': 'name' }],
    [['Vendor', 'Vendor name', 'IBAN', 'Amount'], { Vendor: null, 'Vendor name': 'name' }],
    [
      ['Personalnummer', 'Name', 'Vorname', 'IBAN', 'Auszahlungsbetrag'],
      { Name: 'last_name', Vorname: 'first_name' },
    ],
    [['Name', 'First Name', 'IBAN', 'Amount'], { Name: 'last_name', 'First Name': 'first_name' }],
    [['Name', 'IBAN', 'Amount'], { Name: 'name' }],
    [
      ['Name', 'Last Name', 'First Name', 'IBAN', 'Amount'],
      { Name: 'name', 'Last Name': 'last_name' },
    ],
  ])('takes the payee name from the column that holds it: %j', (headers, expected) => {
    expect(mappingToJson(proposeMapping(headers), headers)).toMatchObject(expected);
  });

  it('names each column left out that could have filled a field as well as the one used', () => {
    const headers = ['Name', 'IBAN', 'IBAN 2', 'Email', 'Email', 'Amount', 'Old IBAN', 'Currency'];
    expect(mappingNotes(proposeMapping(headers), headers)).toEqual([
      '"IBAN 2" could also be iban; "IBAN" was used',
    ]);
    const sap = ['Run Date', 'Vendor', 'Name 1', 'IBAN', 'Amount', 'Posting Date'];
    expect(mappingNotes(proposeMapping(sap), sap)).toEqual([
      '"Vendor" could also be name; "Name 1" was used',
      '"Posting Date" could also be execution_date; "Run Date" was used',
    ]);
    expect(
      mappingNotes(proposeMapping(['Name', 'IBAN', 'Amount']), ['Name', 'IBAN', 'Amount']),
    ).toEqual([]);
  });

  it('prints a column it leaves out as null, and reads that back as left out', () => {
    const headers = ['Employee ID', 'Employee Name', 'IBAN', 'Net Pay', '', 'Amount'];
    const mapping = proposeMapping(headers);
    const json = mappingToJson(mapping, headers);
    expect(json).toEqual({
      'Employee ID': null,
      'Employee Name': 'name',
      IBAN: 'iban',
      'Net Pay': 'amount',
      Amount: null,
    });
    expect(Object.keys(json)).toEqual([
      'Employee ID',
      'Employee Name',
      'IBAN',
      'Net Pay',
      'Amount',
    ]);
    expect(mappingFromJson(json, headers)).toEqual(mapping);
  });

  it('keys repeated and empty headers by their column', () => {
    const mapping = proposeMapping(['Amount', 'Name', 'Amount', '']);
    expect(mappingToJson(mapping)).toEqual({ 'Amount (A)': 'amount', Name: 'name' });
  });

  it('recognises a source by its headers, whatever their case, spacing or trailing blanks', () => {
    expect(sourceKey(['Net Pay', 'Sort Code'])).toBe(sourceKey([' net pay', 'SORT CODE', '', '']));
    expect(sourceKey(['Net Pay', 'Sort Code'])).not.toBe(sourceKey(['Net Pay', 'IBAN']));
  });

  it('recognises a source whatever the order of its columns, counting a repeated header', () => {
    expect(sourceKey(['Payee', 'IBAN', 'Net'])).toBe(sourceKey(['net', 'Payee', 'IBAN']));
    expect(sourceKey(['Payee', 'Net', 'Net'])).not.toBe(sourceKey(['Payee', 'Net']));
  });

  it('keeps the letter of a column a mapping names by its letter, so it is not moved under it', () => {
    // Amount (C) and Amount (E) stay where they were: the same source.
    expect(sourceKey(['IBAN', 'Name', 'Amount', 'Date', 'Amount'])).toBe(
      sourceKey(['Name', 'IBAN', 'Amount', 'Date', 'Amount']),
    );
    // The repeated Amounts move (to D and F): another source, as is a moved empty header.
    expect(sourceKey(['Name', 'IBAN', 'Date', 'Amount', 'Ref', 'Amount'])).not.toBe(
      sourceKey(['Name', 'IBAN', 'Amount', 'Date', 'Amount', 'Ref']),
    );
    expect(sourceKey(['Name', '', 'Amount'])).not.toBe(sourceKey(['', 'Name', 'Amount']));
  });
});

describe('an amount header in thousands', () => {
  it('is told by its unit, written as management accounts write it', () => {
    for (const header of [
      'Amount (£000)',
      "Amount (GBP '000)",
      'Amount (000s)',
      'Amount in thousands',
      'Betrag (TEUR)',
      'Tsd. EUR',
      'Amount (k)',
      'Amount £k',
    ]) {
      expect(headerThousands(header), header).toBeDefined();
    }
    for (const header of ['Amount', 'Amount (GBP)', 'Amount 2000', 'Net Pay', 'Bank', 'Stock']) {
      expect(headerThousands(header), header).toBeUndefined();
    }
  });
});
