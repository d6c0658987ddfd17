// The reading worker hands rows over in batches, a bounded number ahead of the importer. Ordinary
// payment rows go a hundred at a time (what the import's speed was tuned with); rows of huge
// texts go a few at a time, so the text in flight stays small whatever a row holds.
import { describe, expect, it } from 'vitest';
import {
  BATCH_CHARS,
  ROWS_PER_BATCH,
  RowBatch,
  type ReadRow,
} from '../../../electron/core/sheets/drafting/sheet-reading-protocol';
import { encodeCells } from '../../../electron/core/sheets/drafting/source-cells';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';

const text = (value: string): CellValue => ({ kind: 'text', text: value });

const cellsOf = (row: ReadRow): string => ('cells' in row ? (row.cells ?? '') : '');

/** Feeds rows of these cells to a batch as the worker does; the batches it sends. */
function batchesOf(cells: CellValue[], rows: number): string[][] {
  const batch = new RowBatch();
  const sent: string[][] = [];
  for (let number = 2; number < rows + 2; number += 1) {
    const json = JSON.stringify(encodeCells(cells));
    batch.add({ number, cells: json }, json.length);
    if (batch.full) sent.push(batch.take().map(cellsOf));
  }
  if (batch.rows.length > 0) sent.push(batch.take().map(cellsOf));
  return sent;
}

describe('batches of rows between the reading worker and the importer', () => {
  it('hold a hundred ordinary payment rows each', () => {
    const payment = [
      text('Müller GmbH'),
      text('DE89370400440532013000'),
      { kind: 'number', value: 1234.56 } as CellValue,
      { kind: 'date', date: '2030-01-31' } as CellValue,
      text('Invoice 2030-0117 for consulting in January'),
    ];
    const sent = batchesOf(payment, 1000);
    expect(sent.map((rows) => rows.length)).toEqual(Array(1000 / ROWS_PER_BATCH).fill(100));
  });

  it('of huge texts hold only as many rows as keep their text near the bound', () => {
    const huge = Array.from({ length: 10 }, () => text('A'.repeat(32_000)));
    const sent = batchesOf(huge, 200);
    expect(sent.flat()).toHaveLength(200);
    for (const rows of sent) {
      const chars = rows.reduce((sum, row) => sum + row.length, 0);
      const last = rows[rows.length - 1] ?? '';
      // Full once past the bound: at most one row beyond it.
      expect(chars - last.length).toBeLessThan(BATCH_CHARS);
    }
    expect(Math.max(...sent.map((rows) => rows.length))).toBeLessThan(ROWS_PER_BATCH / 10);
  });

  it('start empty again once taken', () => {
    const batch = new RowBatch();
    batch.add({ number: 2, cells: 'x'.repeat(BATCH_CHARS) }, BATCH_CHARS);
    expect(batch.full).toBe(true);
    expect(batch.take()).toHaveLength(1);
    expect(batch.full).toBe(false);
    expect(batch.rows).toEqual([]);
  });
});
