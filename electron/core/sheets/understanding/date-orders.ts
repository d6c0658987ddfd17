// How a sheet's date columns write days and months, as their dates show. "31/01/2030" shows day
// first, "01/31/2030" month first; "02/05/2030" shows nothing and is 2 May or 5 February as the
// rest of its column writes. The first rows (read to find the header) give the order each
// column is read with; every row read is tallied, and when a column settles on an order its
// first rows did not show, its dates that could be read either way are read again with it. A
// column that shows both orders, or none, reads such dates as issues (unless the mapping given
// says `date_order`): paying on 5 February instead of 2 May is worse than asking.
import { dateMarkOf, type DateMark, type DateOrder } from '../coercion/cell-dates';
import type { ColumnMapping } from './column-mapping';
import { field, type FieldId } from './fields';
import { EMPTY, type SheetRow } from '../reading/sheet-types';

/** The order each date column (by its field) is read in, where its dates settle one. */
export type DateOrders = Partial<Record<FieldId, DateOrder>>;
/** What one row's dates tell of their columns' orders, by field. */
export type DateMarks = Partial<Record<FieldId, DateMark>>;

export function dateColumns(mapping: ColumnMapping): { index: number; field: FieldId }[] {
  return mapping.columns
    .filter((c) => field(c.field).kind === 'date')
    .map((c) => ({ index: c.index, field: c.field }));
}

export class DateOrderTally {
  private readonly shown = new Map<FieldId, Set<DateOrder>>();
  /** Rows with a date that could be read either way, in the order read, each once. */
  readonly ambiguousRows: number[] = [];

  note(row: number, marks: DateMarks | undefined): void {
    if (!marks) return;
    let ambiguous = false;
    for (const [id, mark] of Object.entries(marks) as [FieldId, DateMark][]) {
      if ('ambiguous' in mark) ambiguous = true;
      else {
        const orders = this.shown.get(id) ?? new Set<DateOrder>();
        orders.add(mark.shows);
        this.shown.set(id, orders);
      }
    }
    if (ambiguous) this.ambiguousRows.push(row);
  }

  /** Each column's order where all its unambiguous dates show the same one. */
  settled(): DateOrders {
    const orders: DateOrders = {};
    for (const [id, shown] of this.shown) {
      const [only] = shown;
      if (shown.size === 1 && only) orders[id] = only;
    }
    return orders;
  }

  /**
   * The orders to read the ambiguous dates again with once every row is tallied, when they
   * differ from `first` (those they were read with); undefined when they stand as read.
   */
  rereadWith(first: DateOrders | undefined): DateOrders | undefined {
    if (this.ambiguousRows.length === 0) return undefined;
    const settled = this.settled();
    const fields = new Set([...Object.keys(settled), ...Object.keys(first ?? {})] as FieldId[]);
    const same = [...fields].every((id) => settled[id] === first?.[id]);
    return same ? undefined : settled;
  }
}

/** The order each date column shows in the first rows below the header, where one shows. */
export function firstRowsDateOrders(
  rows: readonly SheetRow[],
  mapping: ColumnMapping,
): DateOrders | undefined {
  const columns = dateColumns(mapping);
  if (columns.length === 0) return undefined;
  const tally = new DateOrderTally();
  for (const row of rows) tally.note(row.number, rowDateMarks(row, columns));
  const orders = tally.settled();
  return Object.keys(orders).length > 0 ? orders : undefined;
}

export function rowDateMarks(
  row: SheetRow,
  columns: readonly { index: number; field: FieldId }[],
): DateMarks | undefined {
  let marks: DateMarks | undefined;
  for (const column of columns) {
    const mark = dateMarkOf(row.cells[column.index] ?? EMPTY);
    if (mark) (marks ??= {})[column.field] = mark;
  }
  return marks;
}
