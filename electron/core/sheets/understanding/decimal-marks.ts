// How a sheet writes its decimals, as its amounts show. "1.234,56", "12,5" and "1.234.567"
// show a comma; "1,234.56", "12.50" and "1,234,567" a dot; "2.500" shows nothing and means
// 2.5 or 2500 as the rest of the sheet writes. The first rows (read to find the header) give
// the mark the import reads with; every row read is tallied, and when the whole sheet settles
// on the other mark, the amounts that could be read either way are read again. When no amount
// of the whole sheet shows a mark, those amounts are read as English and flagged: a wrong guess
// pays a thousand times too much or too little.
import { currencyMinorUnits, currencyPrecisionProblem } from '../../../../shared/domain/currencies';
import { formatAmount } from '../../../../shared/domain/money';
import type { DecimalMark } from '../coercion/amount-digits';
import { cellAmount, type CellAmount, type SheetDecimalMark } from '../coercion/cell-amounts';
import type { ColumnMapping } from './column-mapping';
import type { ReadingContext } from '../drafting/row-values';
import { EMPTY, type SheetRow } from '../reading/sheet-types';

/** What one row's amount tells of the sheet's mark: the mark it shows, or that it needs one. */
export type AmountMark = { shows: DecimalMark } | { ambiguous: true };

export function amountMarkOf(amount: CellAmount | undefined): AmountMark | undefined {
  if (amount?.shows) return { shows: amount.shows };
  return amount?.ambiguous ? { ambiguous: true } : undefined;
}

/** The mark an ambiguous amount is read with: a sheet that shows none reads as English does. */
function readsWith(mark: SheetDecimalMark | undefined): SheetDecimalMark {
  return mark ?? '.';
}

export class DecimalMarkTally {
  private readonly shown = new Set<DecimalMark>();
  /** Rows whose amount could be read either way, in the order read. */
  readonly ambiguousRows: number[] = [];

  note(row: number, mark: AmountMark | undefined): void {
    if (!mark) return;
    if ('shows' in mark) this.shown.add(mark.shows);
    else this.ambiguousRows.push(row);
  }

  /** The sheet's mark: the one its amounts show, `both`, or `fallback` where none shows one. */
  settled(fallback: SheetDecimalMark | undefined): SheetDecimalMark | undefined {
    if (this.shown.size === 2) return 'both';
    const [only] = this.shown;
    return only ?? fallback;
  }

  /**
   * What the ambiguous amounts are read again with once every row is tallied: the mark the
   * sheet settled on, when another than `first` (the one they were read with), or that no
   * amount of the sheet shows one, so that they are flagged. Undefined when they stand as read.
   */
  rereadWith(first: SheetDecimalMark | undefined): Partial<ReadingContext> | undefined {
    if (this.ambiguousRows.length === 0) return undefined;
    if (this.shown.size === 0) return { decimalMarkUnshown: true };
    const settled = readsWith(this.settled(first));
    return settled === readsWith(first) ? undefined : { decimalMark: settled };
  }
}

/**
 * The mark to read a sheet with, from its first rows below the header: what their amounts
 * show, else what the file's format suggests (`hint`, sheet-types.ts), else none.
 */
export function firstRowsDecimalMark(
  rows: readonly SheetRow[],
  mapping: ColumnMapping,
  hint: DecimalMark | undefined,
): SheetDecimalMark | undefined {
  const column = mapping.columns.find((c) => c.field === 'amount')?.index;
  if (column === undefined) return hint;
  const tally = new DecimalMarkTally();
  for (const row of rows) {
    const read = cellAmount(row.cells[column] ?? EMPTY);
    if (read.ok && read.value) tally.note(row.number, amountMarkOf(read.value));
  }
  return tally.settled(hint);
}

/**
 * The warning for an amount read by a mark no amount of its sheet shows, when its other
 * reading is as good a payment in its currency: "2.500" read as 2.50 EUR may be 2500.00 EUR.
 * None where the other reading could not be paid ("2.345" as 2.345 EUR has too many decimals),
 * nor in a three-decimal currency (KWD, BHD), whose amounts are written "2.500" as a rule.
 */
export function unshownMarkWarning(amount: CellAmount, currency: string): string | null {
  const places = currencyMinorUnits(currency);
  const { milli, otherwise } = amount;
  if (otherwise === undefined || places === undefined || places >= 3) return null;
  if (currencyPrecisionProblem(milli, currency) || currencyPrecisionProblem(otherwise, currency)) {
    return null;
  }
  const read = formatAmount(milli, places);
  const other = formatAmount(otherwise, places);
  return (
    `read as ${read} ${currency}, but it may mean ${other} ${currency}: no amount in this sheet ` +
    `shows whether it writes decimals with a dot or a comma: write whichever is meant, ${other} or ${read}`
  );
}
