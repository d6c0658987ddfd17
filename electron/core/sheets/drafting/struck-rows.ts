// A row struck through in a workbook. In Excel people strike a payment out (Ctrl+5) to mean
// "cancelled, do not pay" while keeping it in sight; read like any other row, it would be paid.
// The reader says which cells are struck (../reading/, from the font of each cell's style);
// whether that makes the row struck is decided here, and it is a warning, not an error: the
// person looks and decides, and approving it asks them to acknowledge it, as with a hidden row.
import type { DraftIssue } from '../../outbox/draft-types';
import { cellRef, EMPTY, type SheetRow } from '../reading/sheet-types';
import type { ColumnMapping } from '../understanding/column-mapping';
import { field } from '../understanding/fields';

/**
 * A row is struck through when its amount cell is (what would be paid is what was struck), or
 * more than half of its filled mapped cells are (a row struck out whole but for a cell typed or
 * pasted in later). One other cell struck alone says nothing of the payment (a name or an
 * account corrected, the old one kept struck beside it): a warning there would be noise, and
 * noise teaches people to acknowledge warnings unread. Columns the mapping leaves out are not
 * counted: a struck note beside the payment is not the payment.
 */
export function isStruckThrough(row: SheetRow, mapping: ColumnMapping): boolean {
  if (!row.struck || row.struck.length === 0) return false;
  const struck = new Set(row.struck);
  const amount = mapping.columns.find((column) => column.field === 'amount');
  if (amount && struck.has(amount.index)) return true;
  const filled = mapping.columns.filter(
    (column) => (row.cells[column.index] ?? EMPTY).kind !== 'empty',
  );
  const struckFilled = filled.filter((column) => struck.has(column.index)).length;
  return struckFilled * 2 > filled.length;
}

const struckMessage = (row: number) =>
  `row ${row} is struck through in the workbook: it may be cancelled; check that it should be paid`;

/**
 * The warning of a struck row, at its amount's cell, where the grid shows it beside the amount
 * (at the row where no column is mapped to the amount); undefined for a row not struck.
 */
export function struckRowWarning(row: SheetRow, mapping: ColumnMapping): DraftIssue | undefined {
  if (!isStruckThrough(row, mapping)) return undefined;
  const amount = mapping.columns.find((column) => column.field === 'amount');
  return {
    field: amount ? field('amount').target : 'row',
    ...(amount ? { cell: cellRef(amount.index, row.number) } : {}),
    message: struckMessage(row.number),
    severity: 'warning',
    source: 'cell',
  };
}

/**
 * An issue of what the workbook says of a row beyond its cells' values (hidden, struck
 * through): a row read again from its cells alone (merged cells filled, amounts read with the
 * sheet's decimal mark) keeps it.
 */
export function isBeyondItsCells(issue: DraftIssue, row: number): boolean {
  return issue.field === 'row' || issue.message === struckMessage(row);
}
