// A CSV holds only text. Exported to .xlsx, its plain amounts and ISO days become numbers and
// dates, so the finance person's SUM and date filters work on the annotated sheet; what is
// not plainly one stays the text it was, and a CSV export writes every cell as it came in.
// Fixed in Excel and imported again, an export's status columns are what became of the rows
// then, never a payment's fields.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxFolder } from '../../support/sheet-import';

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
];

async function exported(name: string): Promise<string> {
  const { summary } = await folder.import(await folder.csv('typed.csv', LINES), {
    group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
  });
  return folder.exportResults(summary.batchId, name);
}

describe('the results export of a CSV import', () => {
  it('writes plain amounts and ISO days in mapped columns as numbers and dates in .xlsx', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await exported('typed.xlsx'));
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const cell = (ref: string) => sheet.getCell(ref);

    expect(cell('C2').value).toBe(1250.5);
    expect(cell('C2').numFmt).toBe('#,##0.00');
    expect(cell('D2').value).toEqual(new Date('2030-03-29T00:00:00Z'));
    expect(cell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(cell('C4').value).toBe(700);
    // Not plainly an amount or a day: the text as it was.
    expect(cell('C3').value).toBe('€1.250,00');
    expect(cell('D3').value).toBe('29/03/2030');
    expect(cell('D4').value).toBe('2030-02-30');
    // A reference that looks like a number or a day is not an amount or a date column's.
    expect(cell('E2').value).toBe('1250');
    expect(cell('E3').value).toBe('2030-03-29');
  });

  it('writes every cell of a CSV export as the text that came in', async () => {
    const text = await readFile(await exported('typed.csv'), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/^Anna,DE89370400440532013000,1250\.50,2030-03-29,1250,/);
    expect(lines[3]).toMatch(/^Cleo,DE89370400440532013000,700,2030-02-30,INV-7,/);
  });

  it('imports again with its status columns left out and its payments as they were', async () => {
    for (const name of ['again.xlsx', 'again.csv']) {
      const again = await folder.import(await exported(name), {
        group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
      });
      expect(again.summary.mapping).toMatchObject({
        'Payout Desk state': null,
        'Service status': null,
        'Payment id': null,
        'Correlation id': 'correlation_id',
        Error: null,
        Amount: 'amount',
      });
      expect([...again.rows.values()].map((draft) => draft.payment.amount.amount)).toEqual([
        1250.5, 1250, 700,
      ]);
    }
  });
});
