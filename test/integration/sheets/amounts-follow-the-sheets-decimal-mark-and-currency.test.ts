// An amount a cell alone cannot read: "2.500" is 2.5 where a sheet writes decimal points and
// 2,500 where it writes decimal commas, so it is read as the sheet's other amounts show, even
// when they show it only far below. And an amount written with "$" is a dollar or a peso: it
// must not silently become a payment in the wallet's euros.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../shared/desk';
import { HEADER_SEARCH_ROWS } from '../../../electron/core/sheets/understanding/header-detection';
import { inspect } from '../../support/inspection';
import { draftOf, errorsOf, OutboxFolder, type ImportedSheet } from '../../support/sheet-import';
import { STYLES_XML } from '../../support/xlsx-by-hand-xml';
import { row, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const EUR_GROUP = { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' };
const IBAN = 'DE89370400440532013000';

const csv = (name: string, lines: string[]) => folder.csv(name, lines);

/** The payment's amount as the person sees it in a draft. */
const amountOf = (imported: ImportedSheet, row: number) => draftOf(imported, row).payment.amount;
const amounts = (imported: ImportedSheet) =>
  [...imported.rows.values()].map((draft: Draft) => draft.payment.amount.amount);

/** The notes on amounts alone: a sheet with no purpose column is told what it pays as too. */
const aboutAmounts = (notes: readonly string[] | undefined) =>
  (notes ?? []).filter((note) => !note.includes("payments' purpose"));

describe('an amount with a lone separator before three digits', () => {
  it('reads as the decimal commas of the sheet it is in', async () => {
    const imported = await folder.import(
      await csv('lohn.csv', [
        'Name;IBAN;Betrag;Datum',
        `Anna Schmidt;${IBAN};1.234,56;2030-01-31`,
        `Bernd Meyer;${IBAN};2.500;2030-01-31`,
        `Clara Vogel;${IBAN};1,5;2030-01-31`,
        `Dieter Wolf;${IBAN};980,125;2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(amounts(imported)).toEqual([1234.56, 2500, 1.5, 980.125]);
    // 980,125 EUR is read as written, and its third decimal is the person's to fix.
    expect(errorsOf(draftOf(imported, 5))).toEqual([
      expect.objectContaining({ field: 'amount.amount', cell: 'C5' }),
    ]);
  });

  it('reads as decimal points where the sheet shows them', async () => {
    const imported = await folder.import(
      await csv('pay.csv', [
        'Name,IBAN,Amount,Date',
        `Anna Smith,${IBAN},"1,234.56",2030-01-31`,
        `Bob Jones,${IBAN},2.500,2030-01-31`,
        `Cleo Park,${IBAN},"1,500",2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(amounts(imported)).toEqual([1234.56, 2.5, 1500]);
  });

  it('is read again when the sheet shows its decimal mark only below its first rows', async () => {
    // Tab-separated, so the file's format suggests no mark; the first rows are round amounts.
    const round = Array.from(
      { length: HEADER_SEARCH_ROWS + 10 },
      (_, i) => `Payee ${i}\t${IBAN}\t${i + 1}.500\t2030-03-31`,
    );
    const imported = await folder.import(
      await csv('late.tsv', [
        'Name\tIBAN\tAmount\tDate',
        ...round,
        `Last Payee\t${IBAN}\t1.234,56\t2030-03-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(imported.summary.drafts).toBe(round.length + 1);
    expect(amounts(imported)).toEqual([...round.map((_, i) => (i + 1) * 1000 + 500), 1234.56]);
    expect(imported.summary.issues).toEqual([]);
  });

  it('takes a semicolon-separated file for decimal commas until its amounts show otherwise', async () => {
    const hinted = await folder.import(
      await csv('semicolons.csv', ['Name;IBAN;Amount;Date', `Anna;${IBAN};2.500;2030-01-31`]),
      { group: EUR_GROUP },
    );
    expect(amounts(hinted)).toEqual([2500]);

    const shown = Array.from(
      { length: HEADER_SEARCH_ROWS },
      (_, i) => `Payee ${i};${IBAN};1,234;2030-01-31`,
    );
    const dotted = await folder.import(
      await csv('semicolons-with-points.csv', [
        'Name;IBAN;Amount;Date',
        ...shown,
        `Last;${IBAN};12.50;2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(new Set(amounts(dotted))).toEqual(new Set([1234, 12.5]));
  });

  it('is flagged at its cell, read as English, when no amount of the sheet shows a mark', async () => {
    const imported = await folder.import(
      await csv('unshown.csv', [
        'Name,IBAN,Amount,Date',
        `Anna,${IBAN},2.500,2030-02-28`,
        `Bob,${IBAN},"1,500",2030-02-28`,
        `Cleo,${IBAN},2.345,2030-02-28`,
        `Dan,${IBAN},12,2030-02-28`,
      ]),
      { group: EUR_GROUP },
    );
    expect(amounts(imported)).toEqual([2.5, 1500, 2.345, 12]);
    const amountIssues = imported.summary.issues.filter((i) => i.field === 'amount.amount');
    expect(amountIssues).toEqual([
      expect.objectContaining({
        row: 2,
        cell: 'C2',
        severity: 'warning',
        message: expect.stringContaining('read as 2.50 EUR, but it may mean 2500.00 EUR'),
      }),
      expect.objectContaining({
        row: 3,
        cell: 'C3',
        severity: 'warning',
        message: expect.stringContaining('read as 1500.00 EUR, but it may mean 1.50 EUR'),
      }),
      // 2345 is as good a payment, but 2.345 EUR cannot be paid: the error says so already.
      expect.objectContaining({ row: 4, cell: 'C4', severity: 'error' }),
    ]);

    // Read with decimal commas, as a semicolon-separated file suggests, and still flagged.
    const hinted = await folder.import(
      await csv('unshown-semicolons.csv', [
        'Name;IBAN;Amount;Date',
        `Anna;${IBAN};2.500;2030-02-28`,
      ]),
      { group: EUR_GROUP },
    );
    expect(hinted.summary.issues.filter((i) => i.field === 'amount.amount')).toEqual([
      expect.objectContaining({
        cell: 'C2',
        message: expect.stringContaining('2500.00 EUR, but it may mean 2.50 EUR'),
      }),
    ]);
  });

  it('is not flagged where the sheet shows its mark, nor in a three-decimal currency', async () => {
    const shown = await folder.import(
      await csv('shown-late.csv', [
        'Name,IBAN,Amount,Date',
        `Anna,${IBAN},2.500,2030-02-28`,
        `Bob,${IBAN},12.75,2030-02-28`,
      ]),
      { group: EUR_GROUP },
    );
    expect(amounts(shown)).toEqual([2.5, 12.75]);
    expect(shown.summary.issues.filter((i) => i.field === 'amount.amount')).toEqual([]);

    const dinars = await folder.import(
      await csv('dinars.csv', ['Name,IBAN,Amount (KWD),Date', `Anna,${IBAN},2.500,2030-02-28`]),
      { group: EUR_GROUP },
    );
    expect(amounts(dinars)).toEqual([2.5]);
    expect(dinars.summary.issues.filter((i) => i.field === 'amount.amount')).toEqual([]);
  });

  it('is an issue at its cell in a sheet that writes decimals both ways', async () => {
    const imported = await folder.import(
      await csv('mixed.csv', [
        'Name,IBAN,Amount,Date',
        `Anna,${IBAN},"1.234,56",2030-01-31`,
        `Bob,${IBAN},"1,234.56",2030-01-31`,
        `Cleo,${IBAN},2.500,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(imported.summary.drafts).toBe(3);
    expect(errorsOf(draftOf(imported, 4))).toEqual([
      expect.objectContaining({
        field: 'amount.amount',
        cell: 'C4',
        message: expect.stringContaining('"2.500" could be 2.5 or 2500'),
      }),
    ]);
    expect(errorsOf(draftOf(imported, 2))).toEqual([]);
  });
});

describe('an amount written with a currency symbol', () => {
  it('that names no one currency must fit the payment currency', async () => {
    const imported = await folder.import(
      await csv('symbols.csv', [
        'Name,IBAN,Amount,Date',
        `Anna,${IBAN},$100.00,2030-01-31`,
        `Bob,${IBAN},¥1000,2030-01-31`,
        `Cleo,${IBAN},€100.00,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    for (const [row, symbol] of [
      [2, '$'],
      [3, '¥'],
    ] as const) {
      expect(errorsOf(draftOf(imported, row))).toEqual([
        expect.objectContaining({
          field: 'amount.amount',
          cell: `C${row}`,
          message: expect.stringContaining(`written with ${symbol}, but the payment is in EUR`),
        }),
      ]);
    }
    expect(errorsOf(draftOf(imported, 4))).toEqual([]);

    const dollars = await folder.import(
      await csv('dollars.csv', [
        'Name,IBAN,Amount,Payment Currency,Date',
        `Anna,${IBAN},$100,CAD,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(errorsOf(draftOf(dollars, 2))).toEqual([]);
    expect(amountOf(dollars, 2)).toEqual({ type: 'SEND', amount: 100, currency: 'CAD' });
  });

  it('that names another currency than its column is an issue at its cell', async () => {
    const imported = await folder.import(
      await csv('usd-column.csv', [
        'Name,IBAN,Amount (USD),Date',
        `Anna,${IBAN},€12,2030-01-31`,
        `Bob,${IBAN},$12,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(errorsOf(draftOf(imported, 2))).toEqual([
      expect.objectContaining({
        field: 'amount.amount',
        cell: 'C2',
        message: 'the amount is written in EUR but its column is in USD',
      }),
    ]);
    expect(errorsOf(draftOf(imported, 3))).toEqual([]);
  });

  it('beside a currency column that names another currency than the header is an issue there', async () => {
    const imported = await folder.import(
      await csv('eur-header-gbp-column.csv', [
        'Name,IBAN,Amount (EUR),Currency,Date',
        `Anna,${IBAN},100,GBP,2030-01-31`,
        `Bob,${IBAN},100,EUR,2030-01-31`,
        `Cleo,${IBAN},100,,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(errorsOf(draftOf(imported, 2))).toEqual([
      expect.objectContaining({
        field: 'amount.currency',
        cell: 'D2',
        message: expect.stringContaining(
          "the currency says GBP, but the amount's column is in EUR",
        ),
      }),
    ]);
    expect(errorsOf(draftOf(imported, 3))).toEqual([]);
    expect(errorsOf(draftOf(imported, 4))).toEqual([]);
  });
});

describe('a "Currency" column beside the amount', () => {
  const FR_IBAN = 'FR1420041010050500013M02606';
  const GBP_GROUP = { id: 'group-gbp', walletId: 'wallet-gbp', walletCurrency: 'GBP' };

  it('is the amount’s currency, beside an account currency column too', async () => {
    const imported = await folder.import(
      await csv('two-currencies.csv', [
        'Name,Account number,Sort code,Account currency,Amount,Currency,Payment date,Bank country',
        'Fagin and Sons Ltd,87654321,200000,GBP,500.00,EUR,2030-01-31,GB',
      ]),
      { group: GBP_GROUP },
    );
    expect(imported.summary.mapping).toMatchObject({
      'Account currency': 'account_currency',
      Currency: 'amount_currency',
    });
    expect(amountOf(imported, 2)).toEqual({ type: 'SEND', amount: 500, currency: 'EUR' });
    expect(draftOf(imported, 2).beneficiary?.body.currency).toBe('GBP');
  });

  it('pays 500 EUR into a EUR account from a GBP wallet, sent or landed', async () => {
    const imported = await folder.import(
      await csv('eur-from-gbp.csv', [
        'Name,IBAN,Amount,Currency,Amount type,Payment date',
        `Jane Smith,${FR_IBAN},500,EUR,SEND,2030-01-31`,
        `Jane Smith,${FR_IBAN},500,EUR,LAND,2030-02-28`,
      ]),
      { group: GBP_GROUP },
    );
    expect(amountOf(imported, 2)).toEqual({ type: 'SEND', amount: 500, currency: 'EUR' });
    // LAND: the amount is in the account's currency, which the spec then leaves unsaid.
    expect(amountOf(imported, 3)).toEqual({ type: 'LAND', amount: 500 });
    expect(draftOf(imported, 2).beneficiary?.body.currency).toBe('EUR');
    expect(draftOf(imported, 3).beneficiary?.body.currency).toBe('EUR');
  });

  it.each(['Währung', 'CCY', 'Devise'])(
    'headed "%s", with no account currency column, is the account’s currency too',
    async (header) => {
      const imported = await folder.import(
        await csv('usd-to-fr.csv', [
          `Name,IBAN,Amount,${header},Payment date`,
          `Jane Smith,${FR_IBAN},100,USD,2030-01-31`,
        ]),
        { group: EUR_GROUP },
      );
      // 100 USD into a USD account, not 100 EUR from the wallet into an account said to be USD.
      expect(amountOf(imported, 2)).toEqual({ type: 'SEND', amount: 100, currency: 'USD' });
      expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
        country: 'FR',
        currency: 'USD',
      });
      // French accounts are mostly in euros: the person is asked to look, at the currency.
      const currencyIssues = draftOf(imported, 2).issues.filter(
        (issue) => issue.field === 'beneficiary.currency',
      );
      expect(currencyIssues).toEqual([
        expect.objectContaining({
          field: 'beneficiary.currency',
          cell: 'D2',
          severity: 'warning',
          message: expect.stringContaining('accounts in FR are mostly in EUR'),
        }),
      ]);
    },
  );

  it('in a cell of the amount names the account’s currency where nothing else does', async () => {
    const imported = await folder.import(
      await csv('usd-in-cell.csv', [
        'Name,IBAN,Amount,Payment date',
        `Jane,${FR_IBAN},USD 100,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(amountOf(imported, 2)).toEqual({ type: 'SEND', amount: 100, currency: 'USD' });
    expect(draftOf(imported, 2).beneficiary?.body.currency).toBe('USD');
  });
});

describe('an amount column in pence or cents', () => {
  it('pays its whole numbers as hundredths, and a penny with decimals is an issue at its cell', async () => {
    const imported = await folder.import(
      await csv('bacs.csv', [
        'Destination Sort Code,Destination Account Number,Destination Account Name,Amount in Pence,Processing Date',
        '200000,55779911,J SMITH,234567,2030-01-31',
        '404784,70872490,MARY JONES,189000,2030-01-31',
        '309634,01234567,S O BRIEN,2100.5,2030-01-31',
      ]),
    );
    expect(amountOf(imported, 2)).toEqual({ type: 'SEND', amount: 2345.67 });
    expect(amountOf(imported, 3).amount).toBe(1890);
    // Never without a word: the summary says what became of every amount.
    expect(aboutAmounts(imported.summary.mapping_notes)).toEqual([
      '"Amount in Pence" (column D) is in hundredths of the currency: each amount is divided by 100, so 12345 is paid as 123.45',
    ]);
    expect(errorsOf(draftOf(imported, 4))).toEqual([
      expect.objectContaining({
        cell: 'D4',
        message: expect.stringContaining('2100.5 has decimals, but the column is in pence'),
      }),
    ]);
  });

  it('reads the unit from a bracketed note and from cents', async () => {
    for (const [header, currency] of [
      ['Amount (pence)', 'GBP'],
      ['Amount (p)', 'GBP'],
      ['Amount in cents', 'EUR'],
      ['Betrag (ct)', 'EUR'],
    ] as const) {
      const imported = await folder.import(
        await csv(`minor-${currency}.csv`, [
          `Payee,IBAN,${header},Currency,Date`,
          `J Smith,${IBAN},234567,${currency},2030-01-31`,
        ]),
        { group: EUR_GROUP },
      );
      expect(amountOf(imported, 2).amount, header).toBe(2345.67);
    }
  });

  it('is an issue where the currency has no hundredths, never off by a hundred', async () => {
    const imported = await folder.import(
      await csv('yen.csv', [
        'Payee,IBAN,Amount in cents,Currency,Date',
        `Taro Yamada,${IBAN},123400,JPY,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(errorsOf(draftOf(imported, 2))).toContainEqual(
      expect.objectContaining({
        cell: 'C2',
        message: expect.stringContaining('in cents, but JPY amounts have no decimals'),
      }),
    );
  });
});

describe('an amount column in thousands', () => {
  it('pays its amounts as thousands, exactly, as "Amount (£000)" means them', async () => {
    for (const header of [
      'Amount (£000)',
      "Amount (EUR '000)",
      'Amount in thousands',
      'Betrag (TEUR)',
      'Amount (k)',
    ]) {
      const imported = await folder.import(
        await csv('thousands.csv', [
          `Payee,IBAN,${header},Date`,
          `J Smith,${IBAN},1.5,2030-01-31`,
          `A Jones,${IBAN},12,2030-01-31`,
          `B Brown,${IBAN},0.00125,2030-01-31`,
        ]),
        { group: EUR_GROUP },
      );
      expect(amountOf(imported, 2).amount, header).toBe(1500);
      expect(amountOf(imported, 3).amount, header).toBe(12000);
      // Past a thousandth of the unit, it is no amount: an issue, never rounded.
      expect(errorsOf(draftOf(imported, 4)), header).toContainEqual(
        expect.objectContaining({ cell: 'C4', field: 'amount.amount' }),
      );
    }
  });

  it('says so before the import, in its summary, and again when its mapping is saved', async () => {
    const file = await csv('tsd.csv', [
      'Name;IBAN;Betrag in Tsd.;Datum',
      `Anna Schmidt;${IBAN};2,5;2030-01-31`,
    ]);
    const note =
      '"Betrag in Tsd." (column C) is in thousands: each amount is multiplied by 1,000, so 1.5 is paid as 1,500';
    const inspection = await inspect(file, { group: EUR_GROUP });
    expect(aboutAmounts(inspection.mapping_notes)).toEqual([note]);
    const first = await folder.import(file, { group: EUR_GROUP });
    expect(amountOf(first, 2).amount).toBe(2500);
    expect(aboutAmounts(first.summary.mapping_notes)).toEqual([note]);
    // Its mapping saved, the columns are not questioned again; the amounts' unit still is said.
    const again = await folder.import(file, { group: EUR_GROUP });
    expect(again.summary.mapping_source).toBe('saved');
    expect(aboutAmounts(again.summary.mapping_notes)).toEqual([note]);
  });

  it('is not said of an amount column whose header names no unit', async () => {
    const file = await csv('plain.csv', [
      'Payee,IBAN,Amount (EUR),Date',
      `J Smith,${IBAN},1.5,2030-01-31`,
    ]);
    expect(aboutAmounts((await inspect(file, { group: EUR_GROUP })).mapping_notes)).toEqual([]);
    expect(
      aboutAmounts((await folder.import(file, { group: EUR_GROUP })).summary.mapping_notes),
    ).toEqual([]);
  });
});

describe('a number cell whose format shows a currency', () => {
  /** The default styles with cellXfs 7… in these number formats (numFmtId 165…). */
  const stylesIn = (formats: readonly string[]) => {
    const numFmts = formats.map(
      (f, i) => `<numFmt numFmtId="${165 + i}" formatCode="${f.replace(/"/g, '&quot;')}"/>`,
    );
    const xfs = formats.map(
      (_, i) =>
        `<xf numFmtId="${165 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    );
    // Replaced by functions: a "$" in a format must not be read as a replacement pattern.
    return STYLES_XML.replace(
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>',
      () =>
        `<numFmts count="${formats.length + 1}"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>${numFmts.join('')}</numFmts>`,
    ).replace('</cellXfs>', () => `${xfs.join('')}</cellXfs>`);
  };

  it('is in that currency, as the same amount written as text would be', async () => {
    const formats = ['£#,##0.00', '[$EUR] #,##0.00', '[$USD-409] #,##0.00', '"$"#,##0.00'];
    const file = await writeXlsx(folder.dir, 'formatted.xlsx', {
      stylesXml: stylesIn(formats),
      sheets: [
        {
          name: 'Pay',
          rows: [
            row(1, ['Name', 'IBAN', 'Amount', 'Date']),
            row(2, ['Ann Lee', IBAN, { v: 1200, s: 7 }, '2030-01-31']),
            row(3, ['Bob Kay', IBAN, { v: 1300, s: 8 }, '2030-01-31']),
            row(4, ['Cy Orr', IBAN, { v: 1400, s: 9 }, '2030-01-31']),
            row(5, ['Di Fox', IBAN, '£1,050.00', '2030-01-31']),
            row(6, ['Ed Ray', IBAN, { v: 1600, s: 10 }, '2030-01-31']),
            row(7, ['Flo Ng', IBAN, { v: 1700, s: 4 }, '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file, { group: EUR_GROUP });
    expect(amountOf(imported, 2)).toEqual({ type: 'SEND', amount: 1200, currency: 'GBP' });
    expect(amountOf(imported, 3)).toEqual({ type: 'SEND', amount: 1300 });
    expect(amountOf(imported, 4)).toEqual({ type: 'SEND', amount: 1400, currency: 'USD' });
    expect(amountOf(imported, 5)).toEqual({ type: 'SEND', amount: 1050, currency: 'GBP' });
    // "$" is a dozen dollars and pesos, none of them the wallet's euro.
    expect(errorsOf(draftOf(imported, 6))).toContainEqual(
      expect.objectContaining({ cell: 'C6', message: expect.stringContaining('written with $') }),
    );
    expect(amountOf(imported, 7)).toEqual({ type: 'SEND', amount: 1700 });
  });
});

describe('a currency written by name', () => {
  it('is its code, and a name not known is an issue at its own cell, quoted as written', async () => {
    const imported = await folder.import(
      await csv('netsuite.csv', [
        'Vendor,IBAN,Currency,Amount,Date',
        `Northwind Traders Ltd,GB29NWBK60161331926819,British pound,"1,250.00",2030-01-31`,
        `Contoso GmbH,${IBAN},Euros,800.00,2030-01-31`,
        `Fabrikam Inc,${IBAN},US dollars,"2,000.00",2030-01-31`,
        `Zurich AG,${IBAN},Swiss francs,900.00,2030-01-31`,
        `Typo Ltd,GB29NWBK60161331926819,British pund,99.99,2030-01-31`,
      ]),
      { group: EUR_GROUP },
    );
    expect(amountOf(imported, 2).currency).toBe('GBP');
    expect(amountOf(imported, 3).currency).toBeUndefined(); // the wallet's euro
    expect(amountOf(imported, 4).currency).toBe('USD');
    expect(amountOf(imported, 5).currency).toBe('CHF');
    expect(errorsOf(draftOf(imported, 6))).toEqual([
      {
        field: 'amount.currency',
        cell: 'C6',
        message: '"British pund" is not a currency: write the three-letter code, such as GBP',
        severity: 'error',
        source: 'cell',
        // Kept for the editor to start from.
        held: 'British pund',
      },
    ]);
  });
});
