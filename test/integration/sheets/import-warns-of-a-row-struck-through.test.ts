// A row struck through in Excel (Ctrl+5) is how people mark a payment cancelled while keeping it
// in sight. It is imported, as the person may still mean it, but with a warning at its amount:
// counted with the warnings, shown in the grid beside the amount, and acknowledged before it is
// approved. Which rows count as struck: the amount struck, or most of the payment's cells.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk } from '../../support/desk';
import { inspect } from '../../support/inspection';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
let file: string;
beforeAll(async () => {
  folder = await OutboxFolder.create();
  file = join(folder.dir, 'struck.xlsx');
  await writeStruckWorkbook(file);
});
afterAll(() => folder.remove());

const IBAN = 'GB29NWBK60161331926819';
const STRUCK = { name: 'Calibri', size: 11, strike: true };

/**
 * Row 2 as it is; 3 struck whole; 4 only its amount; 5 only its name (a correction); 6 its name,
 * IBAN and date but not its amount; 7 only an unmapped note. Rows 3 and 4 share a merged date,
 * so row 4 is read again once the merges are known (a workbook lists them after its rows).
 */
async function writeStruckWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payments');
  sheet.addRow(['Name', 'IBAN', 'Amount', 'Payment date', 'Checked by']);
  const rows = [
    ['Ada Lovelace', 100],
    ['Bob Struck', 200],
    ['Cy Amount', 300],
    ['Di Renamed', 400],
    ['Ed Mostly', 500],
    ['Flo Note', 600],
  ] as const;
  for (const [name, amount] of rows) {
    sheet.addRow([name, IBAN, amount, new Date(Date.UTC(2030, 0, 31)), 'JB']);
  }
  sheet.getCell('D4').value = null;
  sheet.mergeCells('D3:D4');
  const strike = (...refs: string[]) => {
    for (const ref of refs) sheet.getCell(ref).font = STRUCK;
  };
  strike('A3', 'B3', 'C3', 'D3', 'E3');
  strike('C4');
  strike('A5');
  strike('A6', 'B6', 'D6');
  strike('E7');
  await workbook.xlsx.writeFile(path);
}

const warning = (row: number) => ({
  row,
  cell: `C${row}`,
  field: 'amount.amount',
  message: `row ${row} is struck through in the workbook: it may be cancelled; check that it should be paid`,
  severity: 'warning',
});

describe('a row struck through in a workbook', () => {
  it('is imported with a warning at its amount, whichever thread drafts it', async () => {
    for (const drafting of ['worker', 'importer'] as const) {
      // An outbox each: the second import's rows would be duplicates of the first's.
      const alone = await OutboxFolder.create();
      const imported = await alone.import(file, { drafting }).finally(() => alone.remove());
      expect(imported.rows.size, drafting).toBe(6);
      const struck = imported.summary.issues.filter((issue) =>
        issue.message.includes('struck through'),
      );
      expect(struck, drafting).toEqual([3, 4, 6].map(warning));
      // Row 4, read again with its merged date, keeps it.
      expect(draftOf(imported, 4).payment.execution.date).toBe('2030-01-31T09:00:00Z');
      expect(draftOf(imported, 4).issues).toContainEqual(
        expect.objectContaining({ cell: 'C4', severity: 'warning', source: 'cell' }),
      );
      for (const row of [2, 5, 7]) {
        expect(draftOf(imported, row).issues, `${drafting} row ${row}`).toEqual([]);
      }
    }
  });

  it('is approved only once its warning is acknowledged, as the desk approves all', async () => {
    const t = await openTestDesk();
    try {
      const { api } = t.desk;
      const imported = await api.importSheet({ file, batch_name: 'Struck' });
      const all = { batch: imported.batch, selection: { filter: {} } };
      const first = await api.approve(all);
      expect(first).toMatchObject({ approved: 3, refused_total: 3 });
      expect(first.refused_for.warnings).toBe(3);
      const acknowledged = await api.approve({ ...all, include_warnings: true });
      expect(acknowledged).toMatchObject({ approved: 3, refused_total: 0 });
    } finally {
      await t.close();
    }
  });

  it('shows the same warning in the import wizard’s preview', async () => {
    const inspection = await inspect(file);
    const struck = inspection.preview.flatMap((line) =>
      line.issues
        .filter((issue) => issue.message.includes('struck through'))
        .map((issue) => ({ row: line.row, cell: issue.cell, severity: issue.severity })),
    );
    expect(struck).toEqual([3, 4, 6].map((row) => ({ row, cell: `C${row}`, severity: 'warning' })));
  });
});
