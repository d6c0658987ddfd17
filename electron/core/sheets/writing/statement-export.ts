// A wallet statement as a sheet, to reconcile against the payout batches. Row 1 is the header,
// so the file re-imports like any other sheet; the wallet and period go on a second sheet.
// Amounts are never computed here, only formatted: an xlsx cell holds the service's own JSON
// number with a format showing the currency's decimals, and a CSV cell the decimal text of that
// number padded to them. Dates are written in UTC, the same on every machine.
import { currencyMinorUnits } from '../../../../shared/domain/currencies';
import type { StatementItem } from '../../../../shared/service/wallet';
import { sidesOf } from '../../../../shared/desk/statement-sides';
import { asAsync, breather, exportFormat, writeCsvFile, writeXlsxFile } from './export-writers';
import type { XlsxStreamWriter } from './export-writers';
import { csvLine, isoDate, numberText, xlsxCellValue, type CellInput } from './safe-text';

export interface StatementInput {
  wallet: { id: string; name: string; currency: string };
  /** The period asked for, as ISO 8601 date-times. */
  start: string;
  end: string;
  items: AsyncIterable<StatementItem> | Iterable<StatementItem>;
}

export const STATEMENT_COLUMNS = [
  'Date (UTC)',
  'Action',
  'Description',
  'Counterpart',
  // The wallet's side (statement-sides.ts): one of the two on each line, so each sums alone.
  'Out',
  'In',
  'Currency',
  'Counterpart amount',
  'Counterpart currency',
  'Fees',
  'Fees currency',
  'Rate',
  'Balance',
  'Execution id',
  'Item id',
] as const;
const WIDTHS = [17, 8, 36, 28, 14, 14, 8, 16, 10, 12, 8, 12, 14, 38, 38];
export const STATEMENT_SHEET = 'Statement';
export const ABOUT_SHEET = 'About';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** A money cell: the service's number and the currency it is counted in. */
interface Money {
  amount: number;
  currency: string;
}

/** Writes the statement as .xlsx or .csv, by the path's extension; returns the items written. */
export async function writeStatement(
  path: string,
  input: StatementInput,
): Promise<{ rows: number }> {
  const format = exportFormat(path);
  let rows = 0;
  async function* items(): AsyncGenerator<StatementItem> {
    for await (const item of asAsync(input.items)) {
      rows += 1;
      yield item;
    }
  }
  if (format === 'csv') {
    await writeCsvFile(path, csvLines(input.wallet.currency, items()));
  } else {
    await writeXlsxFile(path, async (workbook) => {
      await fillStatement(workbook, input.wallet.currency, items());
      fillAbout(workbook, input, rows);
    });
  }
  return { rows };
}

/** The cells of one item; money stays as {amount, currency} until the format decides. */
function cellsOf(item: StatementItem, walletCurrency: string): (CellInput | Money)[] {
  const counterpart = item.counterpart;
  const sides = sidesOf(item);
  const own = sides.out ?? sides.in;
  return [
    utcDate(item.date),
    item.action,
    item.description,
    counterpart.name ?? counterpart.bank_details?.account_name ?? counterpart.id ?? '',
    sides.out,
    sides.in,
    own?.currency ?? walletCurrency,
    sides.counterpart,
    sides.counterpart.currency,
    // The spec says only "total fees included"; they come out of the debit, so its currency.
    { amount: item.fees, currency: item.debit.currency },
    item.debit.currency,
    item.rate,
    { amount: item.balance, currency: walletCurrency },
    item.execution_id,
    item.id,
  ];
}

function isMoney(cell: CellInput | Money): cell is Money {
  return typeof cell === 'object' && cell !== null && !(cell instanceof Date);
}

/** The instant as a Date; exceljs writes a Date as its UTC wall-clock time. */
function utcDate(text: string): Date | string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date;
}

async function* csvLines(
  walletCurrency: string,
  items: AsyncIterable<StatementItem>,
): AsyncGenerator<string> {
  yield csvLine(STATEMENT_COLUMNS);
  for await (const item of items) {
    yield csvLine(
      cellsOf(item, walletCurrency).map((cell) => {
        if (isMoney(cell)) return decimalText(cell.amount, currencyMinorUnits(cell.currency));
        // Always the time too, even at midnight: a statement line is an instant, not a day.
        if (cell instanceof Date) return cell.toISOString().replace('.000Z', 'Z');
        return cell;
      }),
    );
  }
}

/**
 * The number's own shortest decimal text, padded with zeros to the currency's decimals: 12.5
 * GBP is "12.50", 1200 JPY "1200". Never rounded: an amount with more decimals than its
 * currency keeps them, and an unknown currency gets the number as it came.
 */
export function decimalText(amount: number, places: number | undefined): string {
  const text = numberText(amount);
  if (places === undefined || !Number.isFinite(amount)) return text;
  const fraction = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  if (fraction >= places) return text;
  return `${text}${fraction === 0 ? '.' : ''}${'0'.repeat(places - fraction)}`;
}

/** Excel's format for a currency's amounts: `#,##0.00` for GBP, `#,##0` for JPY. */
export function amountFormat(currency: string): string {
  const places = currencyMinorUnits(currency);
  if (places === undefined) return 'General';
  return places === 0 ? '#,##0' : `#,##0.${'0'.repeat(places)}`;
}

async function fillStatement(
  workbook: XlsxStreamWriter,
  walletCurrency: string,
  items: AsyncIterable<StatementItem>,
): Promise<void> {
  const sheet = workbook.addWorksheet(STATEMENT_SHEET, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  sheet.columns = WIDTHS.map((width) => ({ width }));
  const header = sheet.addRow(STATEMENT_COLUMNS.map(xlsxCellValue));
  header.font = { bold: true };
  header.commit();
  const breathe = breather();
  for await (const item of items) {
    const cells = cellsOf(item, walletCurrency);
    const row = sheet.addRow(
      cells.map((cell) => xlsxCellValue(isMoney(cell) ? cell.amount : cell)),
    );
    cells.forEach((cell, index) => {
      if (isMoney(cell)) row.getCell(index + 1).numFmt = amountFormat(cell.currency);
      if (cell instanceof Date) row.getCell(index + 1).numFmt = DATE_TIME_FORMAT;
    });
    row.commit();
    await breathe();
  }
  sheet.commit();
}

/** The second sheet: which wallet and period the statement covers. */
function fillAbout(workbook: XlsxStreamWriter, input: StatementInput, rows: number): void {
  const sheet = workbook.addWorksheet(ABOUT_SHEET);
  sheet.columns = [{ width: 16 }, { width: 40 }];
  const facts: [string, CellInput][] = [
    ['Wallet', input.wallet.name],
    ['Wallet id', input.wallet.id],
    ['Currency', input.wallet.currency],
    ['Period start', periodText(input.start, 'start')],
    ['Period end', periodText(input.end, 'end')],
    ['Items', rows],
  ];
  for (const [label, value] of facts) {
    sheet.addRow([xlsxCellValue(label), xlsxCellValue(value)]).commit();
  }
  sheet.commit();
}

/**
 * The period in UTC like the dates, as text: it names the request, it is not data. A day alone
 * means the whole day, as `statement --to DAY` asks for it: a start at its midnight, an end at
 * its last millisecond. An end at midnight keeps its time, or it would read as the day it
 * leaves out.
 */
function periodText(text: string, edge: 'start' | 'end'): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  if (edge === 'start') return isoDate(date);
  const iso = date.toISOString();
  return iso.endsWith('T23:59:59.999Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}
