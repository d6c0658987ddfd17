// Below a payment list sit lines that are not payments: totals (in any column, the payee's
// included), the subtotals Excel's Data > Subtotal inserts, formulas dragged down into empty
// rows, sign-offs. Each is skipped and reported with its reason; a row that names a payee is
// never skipped, whatever its name or whatever it lacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder, type ImportedSheet } from '../../support/sheet-import';
import { dateSerial, row, STYLE, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const csv = (name: string, lines: string[]) => folder.csv(name, lines);

/** The skipped rows by number; each reason must name what the row holds. */
const skippedOf = (imported: ImportedSheet) =>
  new Map(imported.summary.skipped.map((s) => [s.row, s.reason]));

describe('totals and summary rows', () => {
  it("Excel's Data > Subtotal lines are skipped, each saying which label it has", async () => {
    const imported = await folder.import(
      await csv('subtotals.csv', [
        'Department,Name,IBAN,Amount,Date',
        'Sales,Ann,DE89370400440532013000,100,2030-02-01',
        'Sales Total,,,100,',
        'Ops,Bob,FR1420041010050500013M02606,200,2030-02-01',
        'Ops Total,,,200,',
        'Grand Total,,,300,',
      ]),
    );
    expect([...imported.rows.keys()]).toEqual([2, 4]);
    const skipped = skippedOf(imported);
    expect([...skipped.keys()]).toEqual([3, 5, 6]);
    expect(skipped.get(3)).toMatch(/total.*Sales Total/i);
    expect(skipped.get(5)).toMatch(/total.*Ops Total/i);
    expect(skipped.get(6)).toMatch(/total.*Grand Total/i);
    expect(errorsOf(draftOf(imported, 2))).toEqual([]);
  });

  it('a "Total" written in the payee column itself is skipped, the rows above kept', async () => {
    const imported = await folder.import(
      await csv('total-in-name.csv', [
        'Beneficiary Name;IBAN;Net Pay;Payment Date',
        'Jean Dupont;FR1420041010050500013M02606;1.234,56;31.01.2030',
        'Hans Müller;DE89370400440532013000;2.000,00;31.01.2030',
        ';;;',
        'Total;;3.234,56;',
      ]),
    );
    expect([...imported.rows.keys()]).toEqual([2, 3]);
    expect(skippedOf(imported).get(5)).toMatch(/total.*"Total"/i);
  });

  it('a total labelled in the payee column, with no account and no date, is skipped', async () => {
    const imported = await folder.import(
      await csv('labelled-totals.csv', [
        'Name,IBAN,Amount,Date',
        'Ann Lee,DE89370400440532013000,100,2030-02-01',
        'Bob Ray,FR1420041010050500013M02606,200,2030-02-01',
        'Subtotal Ops,,300,',
        'Cy Noor,DE89370400440532013000,400,2030-02-01',
        'Total Sales,,400,',
        'Total net pay,,700,',
      ]),
    );
    expect([...imported.rows.keys()]).toEqual([2, 3, 5]);
    const skipped = skippedOf(imported);
    expect(skipped.get(4)).toMatch(/total.*"Subtotal Ops"/i);
    expect(skipped.get(6)).toMatch(/total.*"Total Sales"/i);
    expect(skipped.get(7)).toMatch(/total.*"Total net pay"/i);
  });
});

describe('an amount alone under the list', () => {
  it('is skipped as a total: what an unlabelled =SUM leaves, nobody to pay', async () => {
    const spec = {
      sheets: [
        {
          name: 'Payroll',
          rows: [
            row(1, ['Employee Name', 'IBAN', 'Net Pay', 'Currency', 'Pay Date']),
            row(2, ['Ann One', 'DE89370400440532013000', 200, 'EUR', '2030-01-31']),
            row(3, ['Bob Two', 'FR1420041010050500013M02606', 100, 'EUR', '2030-01-31']),
            row(4, [null, null, { f: 'SUM(C2:C3)', v: 300, s: STYLE.money }]),
            row(5, [null, null, { f: 'SUM(C2:C3)', v: 300, s: STYLE.money }, 'EUR']),
          ],
        },
      ],
    };
    const imported = await folder.import(await writeXlsx(folder.dir, 'unlabelled.xlsx', spec));
    expect([...imported.rows.keys()]).toEqual([2, 3]);
    const skipped = skippedOf(imported);
    expect(skipped.get(4)).toMatch(/amount with no payee, account or date.*total/);
    expect(skipped.get(5)).toMatch(/amount with no payee, account or date.*total/);
  });

  it('is kept as an incomplete payment when anything else is written beside it', async () => {
    const imported = await folder.import(
      await csv('amount-and-reference.csv', [
        'Name,IBAN,Amount,Reference',
        'Ann Lee,DE89370400440532013000,100,Inv 1',
        ',,250,Inv 2',
      ]),
    );
    expect([...imported.rows.keys()]).toEqual([2, 3]);
  });
});

describe('below a workbook list, written by hand', () => {
  // As a payroll sheet is kept: Net Pay is a formula dragged down past the last employee
  // (cached 0 where the row is empty), then a sign-off, the totals, a count and a dash.
  const netPay = (r: number, cached: number) => ({ f: `B${r}*C${r}`, v: cached, s: STYLE.money });
  const spec = {
    sheets: [
      {
        name: 'Payroll',
        rows: [
          row(1, ['Employee Name', 'Hours', 'Rate', 'Net Pay', 'IBAN', 'Pay Date']),
          row(2, [
            'Ann One',
            10,
            20,
            netPay(2, 200),
            'DE89370400440532013000',
            { v: dateSerial('2030-01-31'), s: STYLE.ddmmyyyy },
          ]),
          row(3, [
            'Bob Two',
            5,
            20,
            netPay(3, 100),
            'FR1420041010050500013M02606',
            { v: dateSerial('2030-01-31'), s: STYLE.ddmmyyyy },
          ]),
          ...[4, 5, 6, 7, 8].map((r) => row(r, [null, null, null, netPay(r, 0)])),
          row(9, ['Approved by:', 'J. Smith']),
          row(10, ['Total', null, null, { f: 'SUM(D2:D8)', v: 300, s: STYLE.money }]),
          row(11, ['Count', null, null, 2]),
          row(12, [null, null, null, '-']),
        ],
      },
    ],
  };

  it('formula rows showing 0, the sign-off, totals, count and dash are skipped with reasons', async () => {
    const imported = await folder.import(await writeXlsx(folder.dir, 'payroll.xlsx', spec));
    expect([...imported.rows.keys()]).toEqual([2, 3]);
    expect(errorsOf(draftOf(imported, 2))).toEqual([]);
    expect(errorsOf(draftOf(imported, 3))).toEqual([]);
    const skipped = skippedOf(imported);
    // The five formula rows are one entry, as a run of blank rows is.
    expect([...skipped.keys()]).toEqual([4, 9, 10, 11, 12]);
    expect(imported.summary.skipped[0]).toMatchObject({ row: 4, last_row: 8 });
    expect(skipped.get(4)).toMatch(/zero/);
    expect(skipped.get(9)).toMatch(/note.*Approved by/);
    expect(skipped.get(10)).toMatch(/total.*"Total"/i);
    expect(skipped.get(11)).toMatch(/"Count"/);
    expect(skipped.get(12)).toMatch(/dash/);
  });
});

describe('a row that names a payee', () => {
  it('becomes a draft with its issues, however close it looks to a totals or note line', async () => {
    const imported = await folder.import(
      await csv('payees.csv', [
        'Payee,IBAN,Amount,Date',
        // A real company whose name starts with "Total", its amount still to come.
        'Totalfina,FR1420041010050500013M02606,,2030-01-31',
        // The same without an account: still someone to pay, only incomplete.
        'Total SA,,250,2030-01-31',
        'Max,,100,2030-01-31',
        // Missing its amount, and its date too: a payee all the same.
        'Jean Dupont,DE89370400440532013000,,',
        'Approved by: the board,DE89370400440532013000,50,2030-01-31',
        'Zero Pay,DE89370400440532013000,0,2030-01-31',
      ]),
    );
    expect(imported.summary.skipped).toEqual([]);
    expect([...imported.rows.keys()]).toEqual([2, 3, 4, 5, 6, 7]);
    const fieldsInError = (r: number) => errorsOf(draftOf(imported, r)).map((i) => i.field);
    expect(fieldsInError(2)).toContain('amount.amount');
    expect(fieldsInError(3)).toContain('beneficiary.bank_details.account_number');
    expect(fieldsInError(4)).toContain('beneficiary.bank_details.account_number');
    expect(fieldsInError(5)).toEqual(expect.arrayContaining(['amount.amount', 'execution.date']));
    expect(fieldsInError(7)).toContain('amount.amount');
  });
});
