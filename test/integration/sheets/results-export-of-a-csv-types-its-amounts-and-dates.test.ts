// A CSV holds only text. Exported to .xlsx, the amounts and dates the import read become
// numbers and dates, read as the import read them ("2,400.00", "€1.250,00", "31/01/2030", a
// "2.500" by the decimal mark the sheet shows), so the finance person's SUM and date filters
// work on the annotated sheet; each number is the amount's exact decimal. What the import could
// not read stays the text it was, and a CSV export writes every cell as it came in. Fixed in
// Excel and imported again, an export's status columns are what became of the rows then, never
// a payment's fields.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const IBAN = 'DE89370400440532013000';
const LINES = [
  'Payee,IBAN,Amount,Pay date,Reference',
  `Anna,${IBAN},1250.50,2030-03-29,1250`,
  `Bob,${IBAN},"€1.250,00",29/03/2030,2030-03-29`,
  `Cleo,${IBAN},700,2030-02-30,INV-7`,
  `Dan,${IBAN},"2,400.00",2030-04-01,INV-8`,
  `Eve,${IBAN},"EUR 123,456,789,012.345",2030-04-01,INV-9`,
  `Finn,${IBAN},TBC,2030-04-01 10:30,INV-10`,
];
const EUR_GROUP = { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' };

async function exported(name: string, lines = LINES): Promise<string> {
  const { summary } = await folder.import(await folder.csv('typed.csv', lines), {
    group: EUR_GROUP,
  });
  return folder.exportResults(summary.batchId, name);
}

async function firstSheet(path: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

describe('the results export of a CSV import', () => {
  it('writes the amounts and dates the import read as numbers and dates in .xlsx', async () => {
    const sheet = await firstSheet(await exported('typed.xlsx'));
    const cell = (ref: string) => sheet.getCell(ref);

    expect(cell('C2').value).toBe(1250.5);
    expect(cell('C2').numFmt).toBe('#,##0.00');
    expect(cell('D2').value).toEqual(new Date('2030-03-29T00:00:00Z'));
    expect(cell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(cell('C4').value).toBe(700);
    // Thousands separators, a decimal comma, a currency symbol or code: numbers all the same,
    // each shown with the decimals and the currency its text wrote.
    expect(cell('C3').value).toBe(1250);
    expect(cell('C3').numFmt).toBe('"€"#,##0.00');
    expect(cell('C5').value).toBe(2400);
    expect(cell('C5').numFmt).toBe('#,##0.00');
    expect(cell('C6').numFmt).toBe('"EUR "#,##0.000');
    // Exactly the decimal written: the number's shortest form is its digits, every one.
    expect(String(cell('C6').value)).toBe('123456789012.345');
    // A day written day first is that day.
    expect(cell('D3').value).toEqual(new Date('2030-03-29T00:00:00Z'));
    // Not read as an amount or a day: the text as it was.
    expect(cell('C7').value).toBe('TBC');
    expect(cell('D4').value).toBe('2030-02-30');
    expect(cell('D7').value).toBe('2030-04-01 10:30');
    // A reference that looks like a number or a day is not an amount or a date column's.
    expect(cell('E2').value).toBe('1250');
    expect(cell('E3').value).toBe('2030-03-29');
  });

  it('reads "2.500" and "05.03.2030" by the mark and the order the sheet shows, as the import did', async () => {
    const lines = [
      'Name;IBAN;Betrag;Datum',
      `Anna;${IBAN};1.234,56;31.03.2030`,
      `Bob;${IBAN};2.500;05.03.2030`,
    ];
    const imported = await folder.import(await folder.csv('german.csv', lines), {
      group: EUR_GROUP,
    });
    const path = await folder.exportResults(imported.summary.batchId, 'german.xlsx');
    const sheet = await firstSheet(path);
    const bob = draftOf(imported, 3);
    expect(sheet.getCell('C3').value).toBe(bob.payment.amount.amount);
    expect(sheet.getCell('C3').numFmt).toBe('#,##0');
    expect(sheet.getCell('D3').value).toEqual(new Date(bob.payment.execution.date.slice(0, 10)));
    expect(sheet.getCell('C2').value).toBe(draftOf(imported, 2).payment.amount.amount);
  });

  it('keeps "2.500" as text where no amount of the sheet shows its decimal mark', async () => {
    const sheet = await firstSheet(
      await exported('unshown.xlsx', [
        'Payee,IBAN,Amount',
        `Anna,${IBAN},2.500`,
        `Bob,${IBAN},700`,
      ]),
    );
    expect(sheet.getCell('C2').value).toBe('2.500');
    expect(sheet.getCell('C3').value).toBe(700);
  });

  it('writes every cell of a CSV export as the text that came in', async () => {
    const text = await readFile(await exported('typed.csv'), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/^Anna,DE89370400440532013000,1250\.50,2030-03-29,1250,/);
    expect(lines[3]).toMatch(/^Cleo,DE89370400440532013000,700,2030-02-30,INV-7,/);
  });

  it('imports again with its status columns left out and its payments as they were', async () => {
    for (const name of ['again.xlsx', 'again.csv']) {
      const again = await folder.import(await exported(name), { group: EUR_GROUP });
      expect(again.summary.mapping).toMatchObject({
        'Payout Desk state': null,
        'Service status at sync': null,
        'Payment id': null,
        'Correlation id': 'correlation_id',
        Error: null,
        'Payout amount': null,
        'Payout currency': null,
        'Payout payee': null,
        'Payout account': null,
        'Payout date': null,
        Amount: 'amount',
      });
      const amounts = [...again.rows.values()].map((draft) => draft.payment.amount.amount);
      expect(amounts).toEqual([1250.5, 1250, 700, 2400, 123456789012.345, undefined]);
    }
  });
});
