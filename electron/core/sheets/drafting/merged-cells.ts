// Merged cells in a payment list: a value merged down a column ("Pay date" once for a block of
// rows) belongs to every row of the block, so those rows are read again with it filled in.
// Merges across columns add nothing (the value belongs to its first column), and merges above
// the header are titles. A workbook lists its merges after its rows, hence the second reading.
import type { ColumnMapping } from '../understanding/column-mapping';
import type { DraftWriter } from './draft-writer';
import type { SheetDraft } from './row-to-draft';
import { EMPTY, type CellRange, type SheetRow } from '../reading/sheet-types';

export function fillMergedCells(
  merges: readonly CellRange[],
  headerRow: number,
  mapping: ColumnMapping,
  writer: DraftWriter,
  read: (row: SheetRow) => SheetDraft,
): void {
  const mapped = new Set(mapping.columns.map((column) => column.index));
  for (const merge of merges) {
    if (merge.bottom <= merge.top || merge.top <= headerRow || !mapped.has(merge.left)) continue;
    const value = writer.cellsOf(merge.top)?.[merge.left];
    if (!value || value.kind === 'empty') continue;
    for (let number = merge.top + 1; number <= merge.bottom; number += 1) {
      const cells = writer.cellsOf(number);
      if (!cells) continue; // skipped (blank) rows stay skipped
      if ((cells[merge.left] ?? EMPTY).kind !== 'empty') continue;
      while (cells.length <= merge.left) cells.push(EMPTY);
      cells[merge.left] = value;
      const row = { number, cells };
      writer.rewrite(read(row));
    }
  }
}
