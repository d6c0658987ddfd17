// A CSV holds only text, so its amounts and dates would go into an .xlsx export as text cells,
// which SUM and date filters skip. In the columns mapped to an amount or a date, a cell the
// import read as one goes back as a number or a date: read again by the same coercion, with what
// the import learnt of the sheet (its decimal mark, each date column's order), so "2,400.00",
// "€1.250,00" and "31/01/2030" are typed as the import read them. The number is the amount's
// own JSON number (money.ts), made from its exact thousandths, never parsed from the text as a
// float. What the import could not read ("TBC", "2030-02-30", "2.500" where the sheet showed no
// mark) stays the text it was. A CSV export writes every cell as the text that came in.
import { amountToNumber } from '../../../../shared/domain/money';
import { cellAmount, type CellAmount, type SheetDecimalMark } from '../coercion/cell-amounts';
import { cellDate, type DateOrder } from '../coercion/cell-dates';
import type { CellValue } from '../reading/sheet-types';
import type { FormattedValue, SourceValue } from './results-export';

/** What a mapped column holds, and how its text is read. */
export type TypedColumn = { kind: 'amount' } | { kind: 'date'; order?: DateOrder };

/** The cells of a row, those in typed columns read as the import read them. */
export function typedCells(
  columns: ReadonlyMap<number, TypedColumn>,
  decimalMark: SheetDecimalMark | undefined,
): (cells: SourceValue[]) => SourceValue[] {
  return (cells) =>
    cells.map((cell, index) => {
      const column = columns.get(index);
      if (!column || typeof cell !== 'string') return cell;
      return column.kind === 'amount'
        ? (typedAmount(cell, decimalMark) ?? cell)
        : (typedDate(cell, column.order) ?? cell);
    });
}

function typedAmount(
  text: string,
  decimalMark: SheetDecimalMark | undefined,
): FormattedValue | undefined {
  const read = cellAmount(textCell(text), decimalMark);
  if (!read.ok || read.value === null) return undefined;
  const amount = read.value;
  // "2.500" read by a mark the sheet never showed was a guess, flagged at its cell.
  if (amount.ambiguous && decimalMark === undefined) return undefined;
  let value: number;
  try {
    value = amountToNumber(amount.milli);
  } catch {
    return undefined; // more digits than a JSON number carries exactly: the text says it
  }
  return { value, format: amountFormat(text, amount, decimalMark), shown: text };
}

/**
 * A number format that shows the amount as the text did: its decimals (up to 3), thousands
 * grouped, and a currency symbol or code where the text wrote one, on the side it wrote it.
 */
function amountFormat(
  text: string,
  amount: CellAmount,
  decimalMark: SheetDecimalMark | undefined,
): string {
  const mark = amount.shows ?? (amount.ambiguous ? decimalMark : undefined);
  const decimals = /([.,])(\d+)\D*$/.exec(text);
  const places = decimals && decimals[1] === mark ? Math.min(3, decimals[2]?.length ?? 0) : 0;
  const number = places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
  if (!amount.currency && !amount.symbol) return number;
  const [first, last] = [text.search(/\d/), text.search(/\d\D*$/)];
  return `${literal(text.slice(0, first))}${number}${literal(text.slice(last + 1))}`;
}

/** The currency a text writes beside its digits, as a format's quoted text; signs stay out. */
function literal(text: string): string {
  const kept = text.replace(/[-+().,"\d]/g, '');
  return kept.trim() === '' ? '' : `"${kept}"`;
}

function typedDate(text: string, order: DateOrder | undefined): FormattedValue | undefined {
  // A date and time is read as its day alone: the text keeps the time.
  if (/\d:\d/.test(text)) return undefined;
  const read = cellDate(textCell(text), { date1904: false, ...(order ? { order } : {}) });
  if (!read.ok || read.value === null) return undefined;
  const day = new Date(`${read.value}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return undefined;
  return { value: day, format: 'yyyy-mm-dd', shown: text };
}

function textCell(text: string): CellValue {
  return { kind: 'text', text };
}
