// A row's mapped cells read as the values their fields need, each cell by its field's kind,
// and every cell that cannot be read kept as an issue at that cell.
import type { DraftIssue } from '../../outbox/draft-types';
import { cellAccountNumber, cellBankCode } from '../coercion/cell-bank-codes';
import {
  cellAmount,
  type CellAmount,
  fromHundredths,
  fromThousands,
  type SheetDecimalMark,
} from '../coercion/cell-amounts';
import { cellBoolean } from '../coercion/cell-boolean';
import { cellCode, cellCountry, cellCurrency } from '../coercion/cell-codes';
import type { Coerced } from '../coercion/cell-coerced';
import { cellDate, dateMarkOf, type DateOrder } from '../coercion/cell-dates';
import { cellText, trimCellText } from '../coercion/cell-text';
import { HELD_LIMIT } from '../../../../shared/domain/held-text';
import { hasSeparators } from '../../../../shared/domain/bank-identifiers';
import type { ColumnMapping, MappedColumn } from '../understanding/column-mapping';
import type { DateMarks, DateOrders } from '../understanding/date-orders';
import { field, type FieldId } from '../understanding/fields';
import { cellRef, EMPTY, type SheetRow } from '../reading/sheet-types';

type TextField = Exclude<FieldId, 'amount' | 'approved' | 'user_tag'>;

export interface RowValues {
  text: Partial<Record<TextField, string>>;
  amount?: CellAmount;
  approved?: boolean;
  tags: Record<string, string>;
  /** The cell each mapped field came from ("D17"). */
  cells: Partial<Record<FieldId, string>>;
  /** Fields read from a number cell, whose leading zeros Excel may have dropped. */
  fromNumbers: Set<FieldId>;
  /**
   * Fields read from text with separators in it ("60-16-1"): typed by a person, never a number
   * Excel wrote, so no zero it dropped is put back (a digit missing is shown as such).
   */
  separated: Set<FieldId>;
  /**
   * Fields whose cell holds something that could not be read (an issue at that cell): a formula
   * Excel has not calculated, an error value, a text too long for a cell, or text that is not
   * what the field takes. The sheet is not silent there, so such a field is never filled from
   * another column or a default (row-beneficiary.ts, row-to-draft.ts): that would pass a guess
   * off as what the cell holds.
   */
  unreadable: Set<FieldId>;
  /** What the row's text dates show of their columns' order (date-orders.ts). */
  dateMarks?: DateMarks;
  /**
   * The column the bank code is read from: of a sort code and a routing number column (Wise's
   * sortCode and abartn), the one the row fills; its header names the code's scheme.
   */
  bankCodeColumn?: number;
}

export interface ReadingContext {
  date1904: boolean;
  /** The order the mapping given says; it outweighs what the dates show. */
  dateOrder?: DateOrder;
  /** The order each date column's unambiguous dates show, where they show only one. */
  dateOrders?: DateOrders;
  /** The mark the sheet writes decimals with, where an amount alone cannot tell. */
  decimalMark?: SheetDecimalMark;
  /**
   * No amount of the whole sheet shows its mark, so `decimalMark` is a guess (English, or what
   * the file's format suggests) and an amount that reads either way is flagged. Known only once
   * every row is read: such rows are read again with it (sheet-import.ts).
   */
  decimalMarkUnshown?: true;
  /** The amount column counts hundredths, in this unit ("pence", "cents"): its header says so. */
  amountHundredths?: string;
  /** The amount column counts thousands, in this unit ("000", "k"): its header says so. */
  amountThousands?: string;
}

export function readRow(
  row: SheetRow,
  mapping: ColumnMapping,
  context: ReadingContext,
  issues: DraftIssue[],
): RowValues {
  const values: RowValues = {
    text: {},
    tags: {},
    cells: {},
    fromNumbers: new Set(),
    separated: new Set(),
    unreadable: new Set(),
  };
  for (const column of mapping.columns) {
    const cell = row.cells[column.index] ?? EMPTY;
    const ref = cellRef(column.index, row.number);
    if (column.field === 'bank_code') {
      if (!readsBankCodeFrom(column, row, mapping, values, issues)) continue;
      values.bankCodeColumn = column.index;
    }
    values.cells[column.field] = ref;
    if (cell.kind === 'number') values.fromNumbers.add(column.field);
    else if (cell.kind === 'text' && hasSeparators(cell.text)) values.separated.add(column.field);
    const read =
      column.field === 'amount'
        ? amountOf(cell, context)
        : column.field === 'approved'
          ? cellBoolean(cell)
          : column.field === 'user_tag'
            ? cellText(cell)
            : readByKind(column.field, cell, context);
    if (cell.kind === 'text' && field(column.field).kind === 'date') {
      const mark = dateMarkOf(cell);
      if (mark) (values.dateMarks ??= {})[column.field] = mark;
    }
    if (!read.ok) {
      values.unreadable.add(column.field);
      const held = cell.kind === 'text' ? trimCellText(cell.text) : '';
      issues.push({
        field: field(column.field).target,
        cell: ref,
        message: read.message,
        severity: 'error',
        source: 'cell',
        ...(held && held.length <= HELD_LIMIT ? { held } : {}),
      });
    } else if (read.value !== null) {
      if (column.field === 'amount') values.amount = read.value as CellAmount;
      else if (column.field === 'approved') values.approved = read.value as boolean;
      else if (column.field === 'user_tag') {
        values.tags[column.tagKey ?? column.header] = read.value as string;
      } else values.text[column.field] = read.value as string;
    }
  }
  return values;
}

/**
 * Whether a row's bank code is read from this column. Of two (column-mapping.ts lets a second
 * one of another scheme stand beside the first), the second is read only where the first is
 * blank; a row that fills both is an error at the second, since only the person knows which
 * bank is the payee's.
 */
function readsBankCodeFrom(
  column: MappedColumn,
  row: SheetRow,
  mapping: ColumnMapping,
  values: RowValues,
  issues: DraftIssue[],
): boolean {
  const first = mapping.columns.find((c) => c.index === values.bankCodeColumn);
  if (first === undefined) return true;
  if (isBlankCode(row.cells[column.index])) return false;
  if (isBlankCode(row.cells[first.index])) return true;
  const [firstRef, ref] = [first, column].map((c) => cellRef(c.index, row.number));
  issues.push({
    field: field('bank_code').target,
    cell: ref,
    message: `the row gives a bank code under both "${first.header}" (${firstRef}) and "${column.header}" (${ref}): clear the one that is not the payee's bank's`,
    severity: 'error',
    source: 'cell',
  });
  return false;
}

function isBlankCode(cell: SheetRow['cells'][number] | undefined): boolean {
  const read = cellBankCode(cell ?? EMPTY);
  return read.ok && read.value === null;
}

function amountOf(cell: SheetRow['cells'][number], context: ReadingContext): Coerced<CellAmount> {
  const read = cellAmount(cell, context.decimalMark);
  if (!read.ok || read.value === null) return read;
  if (context.amountThousands) return fromThousands(read.value, context.amountThousands);
  if (!context.amountHundredths) return read;
  return fromHundredths(read.value, context.amountHundredths);
}

function readByKind(
  id: TextField,
  cell: SheetRow['cells'][number],
  context: ReadingContext,
): Coerced<string> {
  switch (field(id).kind) {
    case 'date':
      return cellDate(cell, {
        date1904: context.date1904,
        order: context.dateOrder ?? context.dateOrders?.[id],
      });
    case 'code':
      if (id === 'bank_country' || id === 'address_country') return cellCountry(cell);
      if (id === 'amount_currency' || id === 'account_currency' || id === 'source_currency') {
        return cellCurrency(cell);
      }
      return cellCode(cell);
    case 'account':
      return cellAccountNumber(cell);
    case 'bank_code':
      return cellBankCode(cell);
    default:
      return cellText(cell);
  }
}
