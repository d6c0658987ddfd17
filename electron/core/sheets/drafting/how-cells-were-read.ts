// What an import learnt of how the sheet writes what a cell alone cannot tell, kept with the
// batch so that the results export reads a CSV's amounts and dates as the import did
// (../writing/csv-typed-cells.ts): the decimal mark the sheet showed (not one guessed), and the
// order each date column was read in.
import type { SheetDecimalMark } from '../coercion/cell-amounts';
import type { DateOrders } from '../understanding/date-orders';
import { FIELDS } from '../understanding/fields';
import type { DraftContext } from './row-to-draft';

const DATE_FIELDS = FIELDS.filter((field) => field.kind === 'date').map((field) => field.id);

export function howCellsWereRead(context: DraftContext): {
  decimal_mark?: SheetDecimalMark;
  date_orders?: DateOrders;
} {
  const orders: DateOrders = {};
  for (const id of DATE_FIELDS) {
    const order = context.dateOrder ?? context.dateOrders?.[id];
    if (order) orders[id] = order;
  }
  return {
    ...(context.decimalMark && !context.decimalMarkUnshown
      ? { decimal_mark: context.decimalMark }
      : {}),
    ...(Object.keys(orders).length > 0 ? { date_orders: orders } : {}),
  };
}
