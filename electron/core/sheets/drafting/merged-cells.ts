// Merged cells in a payment list: a value merged down a column ("Pay date" once for a block of
// rows) belongs to every row of the block, so those rows are read again with it filled in.
// An amount is the exception: one amount over several payments may be each one's or the
// block's total, and paying it to every row paid a sheet that showed 800.00 as 1,500.00; each
// row of the block gets it with an error at its cell, for the person to say each one's.
// Merges across columns add nothing (the value belongs to its first column), and merges above
// the header are titles. A workbook lists its merges after its rows, hence the second reading.
import type { DraftIssue } from '../../outbox/draft-types';
import type { ColumnMapping } from '../understanding/column-mapping';
import { field } from '../understanding/fields';
import type { DraftWriter } from './draft-writer';
import type { SheetDraft } from './row-to-draft';
import { cellRef, EMPTY, type CellRange, type SheetRow } from '../reading/sheet-types';

export function fillMergedCells(
  merges: readonly CellRange[],
  headerRow: number,
  mapping: ColumnMapping,
  writer: DraftWriter,
  read: (row: SheetRow) => SheetDraft,
): void {
  const mapped = new Set(mapping.columns.map((column) => column.index));
  const amountColumn = mapping.columns.find((column) => column.field === 'amount')?.index;
  // The amount's merges last: a row read again for another merge keeps what was filled in,
  // but not an issue added beside its cells.
  const downColumns = merges
    .filter((m) => m.bottom > m.top && m.top > headerRow && mapped.has(m.left))
    .sort((a, b) => Number(a.left === amountColumn) - Number(b.left === amountColumn));
  for (const merge of downColumns) {
    const value = writer.cellsOf(merge.top)?.[merge.left];
    if (!value || value.kind === 'empty') continue;
    const isAmount = merge.left === amountColumn;
    for (let number = merge.top; number <= merge.bottom; number += 1) {
      const cells = writer.cellsOf(number);
      if (!cells) continue; // skipped (blank) rows stay skipped
      if (number > merge.top) {
        if ((cells[merge.left] ?? EMPTY).kind !== 'empty') continue;
        while (cells.length <= merge.left) cells.push(EMPTY);
        cells[merge.left] = value;
      } else if (!isAmount) continue; // the top row has its value already
      const draft = read({ number, cells });
      if (isAmount) draft.issues.push(mergedAmountIssue(merge, number));
      writer.rewrite(draft);
    }
  }
}

/** An error at the amount, which leaves it out of every total (draft-insert.ts). */
function mergedAmountIssue(merge: CellRange, row: number): DraftIssue {
  const merged = `${cellRef(merge.left, merge.top)}:${cellRef(merge.right, merge.bottom)}`;
  return {
    field: field('amount').target,
    cell: cellRef(merge.left, row),
    message: `the amount is one cell merged over rows ${merge.top}–${merge.bottom} (${merged}), which may be each payment's or their total: type this row's own amount`,
    severity: 'error',
    source: 'cell',
  };
}
