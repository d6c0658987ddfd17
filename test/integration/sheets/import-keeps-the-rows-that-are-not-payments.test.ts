// The rows of a sheet that are not payments (title, notes, the header, a totals row) are kept
// with the batch, so that its results export can give the sheet back whole; blank rows, even
// thousands of formatted ones, are not, and what is kept is bounded.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptRows, type KeptRow } from '../../../electron/core/sheets/drafting/kept-rows';
import { OutboxFolder } from '../../support/sheet-import';
import { HEADER, HEADER_ROW, writeTitledPayroll } from '../../support/titled-payroll';

let folder: OutboxFolder;
let file: string;
beforeAll(async () => {
  folder = await OutboxFolder.create();
  file = join(folder.dir, 'titled.xlsx');
  await writeTitledPayroll(file);
});
afterAll(() => folder.remove());

describe('an import of a sheet with titles, totals and formatted blank rows', () => {
  it('keeps the title, the note, the header, the totals row and the note below, and no blank row', async () => {
    const { summary } = await folder.import(file);
    const source = folder.outbox.imports.batchSource<{
      header_row: number;
      kept_rows?: KeptRow[];
      kept_rows_left_out?: number;
    }>(summary.batchId);
    expect(source?.header_row).toBe(HEADER_ROW);
    // Kept with the reason the import's report gave the person.
    const reason = (row: number) => summary.skipped.find((skip) => skip.row === row)?.reason;
    expect(reason(8)).toMatch(/total/i);
    expect(reason(10)).toMatch(/note/i);
    expect(source?.kept_rows).toEqual([
      { row: 1, cells: ['ACME payroll, January 2030'] },
      { row: 2, cells: ['Note: pay by Friday'] },
      { row: HEADER_ROW, cells: HEADER },
      {
        row: 8,
        cells: [null, null, null, 1234.5, null, 'Total', null, 'checked by AB'],
        skipped: reason(8),
      },
      {
        row: 10,
        cells: ['Approved by J. Smith'],
        skipped: reason(10),
      },
    ]);
    expect(source?.kept_rows_left_out).toBeUndefined();
    // 3,000 formatted blank rows cost nothing: the whole source stays under a kilobyte.
    const json = folder.outbox.db
      .prepare('SELECT source_json FROM batches WHERE id = ?')
      .pluck()
      .get(summary.batchId) as string;
    expect(json.length).toBeLessThan(1024);
  });
});

describe('the rows kept', () => {
  it('stop at the bound of rows, counting the rest', () => {
    const kept = new KeptRows({ rows: 2, chars: 1_000 });
    for (const row of [3, 1, 2]) kept.add(row, JSON.stringify([`note ${row}`]), 'a note');
    expect(kept.list().map((line) => line.row)).toEqual([1, 3]);
    expect(kept.leftOut).toBe(1);
  });

  it('stop at the bound of characters, and keep a blank row out without counting it', () => {
    const kept = new KeptRows({ rows: 100, chars: 30 });
    kept.add(1, JSON.stringify(['a short title']));
    kept.add(2, JSON.stringify([null, '', null]));
    kept.add(3, JSON.stringify(['x'.repeat(40)]));
    kept.add(4, JSON.stringify(['short']));
    expect(kept.list()).toEqual([
      { row: 1, cells: ['a short title'] },
      { row: 4, cells: ['short'] },
    ]);
    expect(kept.leftOut).toBe(1);
  });
});
