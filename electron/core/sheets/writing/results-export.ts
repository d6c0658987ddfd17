// The sync results as the finance person's own sheet: the sheet that came in, every row where
// it was, with what became of each payment appended on the right, so the file can be filtered,
// shared or fed back, and a cell an error names ("D17") is that cell of the exported sheet.
// The title and notes above the header, the header, and the totals and notes the import
// skipped stay at their row numbers; blank rows stay blank. Payment rows stream from the
// outbox to the file one at a time: a 100,000-payment batch never sits in memory, whichever
// format is asked for.
import { asAsync, breather, exportFormat, writeCsvFile, writeXlsxFile } from './export-writers';
import type { XlsxStreamWriter } from './export-writers';
import { csvLine, xlsxCellValue, type CellInput } from './safe-text';
import { withoutTrailingEmpty } from '../drafting/source-cells';

/**
 * A number or a date with the number format the sheet shows it in: written as a typed cell
 * with that format in .xlsx, and as `shown` in CSV, which has no formats: a number as the
 * sheet shows it ("040004"), a date as its ISO day ("2030-01-31") whatever its format.
 */
export interface FormattedValue {
  value: number | Date;
  format: string;
  shown: string;
}

export type SourceValue = string | number | boolean | null | FormattedValue;

export interface ResultRow {
  /** The sheet row the payment came from (1-based), where it goes back. */
  row: number;
  /** The row's cells as they were imported, from column A. */
  source: SourceValue[];
  /** The draft's state in Payout Desk. */
  state: string;
  /** The payment's status at the service, once known. */
  remoteStatus: string | null;
  paymentId: string;
  correlationId: string;
  error: string | null;
  /**
   * What the payment pays as Payout Desk holds it, an edit in the app included (the sheet's own
   * cells stay as they came in): its amount as exact decimal text and its currency. Null where
   * it has no amount it could pay.
   */
  payout?: { amount: string; currency: string | null } | null;
  /** Whom it pays as Payout Desk holds it, an edit included: the payee's name and account. */
  paidTo?: { payee: string | null; account: string | null };
  /** The day it is paid on as Payout Desk holds it (YYYY-MM-DD). */
  paidOn?: string | null;
}

/** A row that is not a payment: above the header, or skipped below it (and why). */
export interface KeptLine {
  row: number;
  source: SourceValue[];
  skipped?: string;
  /** The State column of a row skipped: SKIPPED_STATE, or DELETED_STATE for a draft deleted. */
  state?: string;
}

export interface ResultsInput {
  /** The name of the sheet that came in. */
  sheet: string;
  /** The header's row number and its cells, as they were. */
  headerRow: number;
  header: SourceValue[];
  /**
   * How many columns the payment rows reach, where more than the header and kept rows: the
   * status columns go to the right of the widest row, so that none of its cells is taken for
   * a status.
   */
  width?: number;
  /** The rows that are not payments, in row order. */
  kept?: readonly KeptLine[];
  /** The payments, in row order. */
  rows: AsyncIterable<ResultRow> | Iterable<ResultRow>;
}

/** The columns appended to the imported ones, in the order written. */
export const RESULT_COLUMNS = [
  'Payout Desk state',
  'Service status at sync',
  'Payment id',
  'Correlation id',
  'Error',
  'Payout amount',
  'Payout currency',
  'Payout payee',
  'Payout account',
  'Payout date',
] as const;

/** The state of a row the import skipped; the Error column says why. */
export const SKIPPED_STATE = 'skipped';
/** The state of a row whose draft was deleted in the app: its cells stay at their row. */
export const DELETED_STATE = 'deleted';

const RESULT_WIDTHS = [18, 16, 38, 38, 60, 16, 10, 30, 34, 12];
/**
 * Rows down to the header stay in view while scrolling, as a person freezes them; a header
 * lower than this would freeze most of a laptop's screen, so the sheet is left unfrozen.
 */
const MOST_FROZEN_ROWS = 10;

/** One row of the exported sheet: its number and its cells from column A. */
interface Line {
  row: number;
  cells: SourceValue[];
}

/** Writes the results as .xlsx or .csv, by the path's extension; returns the payments written. */
export async function writeResults(path: string, input: ResultsInput): Promise<{ rows: number }> {
  const format = exportFormat(path);
  const kept = input.kept ?? [];
  const width = Math.max(
    input.width ?? 0,
    withoutTrailingEmpty(input.header).length,
    ...kept.map((line) => withoutTrailingEmpty(line.source).length),
  );
  const layout = { headerRow: input.headerRow, width };
  let rows = 0;
  const lines = sheetLines(input, width, () => (rows += 1));
  if (format === 'csv') {
    await writeCsvFile(path, csvLines(width + RESULT_COLUMNS.length, lines));
  } else {
    await writeXlsxFile(path, (workbook) =>
      fillSheet(workbook, sheetName(input.sheet), layout, input.header, lines),
    );
  }
  return { rows };
}

/**
 * Every row of the sheet in order: the kept rows above the header, the header with the status
 * headings, then the payments and the skipped rows merged by row number. A row whose number
 * is not past the last one written (which an imported batch never has) goes on the next row:
 * a file is written front to back, and losing the row would be worse than moving it.
 */
async function* sheetLines(
  input: ResultsInput,
  width: number,
  counted: () => void,
): AsyncGenerator<Line> {
  const kept = input.kept ?? [];
  let last = 0;
  const place = (row: number, cells: SourceValue[]): Line => {
    last = Math.max(row, last + 1);
    return { row: last, cells };
  };
  let next = 0;
  for (let line = kept[next]; line && line.row < input.headerRow; line = kept[next]) {
    yield place(line.row, [...withoutTrailingEmpty(line.source)]);
    next += 1;
  }
  // A sheet without a header row (header row 0, read by column letters) has no row for the
  // status headings: its rows stay where they were, so that "D1" in an error is D1 here.
  if (input.headerRow > 0) {
    yield place(input.headerRow, [...padded(input.header, width), ...RESULT_COLUMNS]);
  }
  const skippedLine = (line: KeptLine): Line =>
    place(line.row, [
      ...padded(line.source, width),
      ...(line.skipped === undefined
        ? []
        : [line.state ?? SKIPPED_STATE, null, null, null, line.skipped]),
    ]);
  let index = 0;
  for await (const result of asAsync(input.rows)) {
    index += 1;
    for (let line = kept[next]; line && line.row < result.row; line = kept[next]) {
      yield skippedLine(line);
      next += 1;
    }
    const source = withoutTrailingEmpty(result.source);
    if (source.length > width) {
      throw new Error(
        `result ${index} has ${source.length} source cells but the sheet is ${width} columns wide`,
      );
    }
    counted();
    yield place(result.row, [
      ...padded(source, width),
      result.state,
      result.remoteStatus,
      result.paymentId,
      result.correlationId,
      result.error,
      ...payoutCells(result.payout),
      result.paidTo?.payee ?? null,
      result.paidTo?.account ?? null,
      dayCell(result.paidOn),
    ]);
  }
  for (const line of kept.slice(next)) yield skippedLine(line);
}

/**
 * The payout's amount as a number Excel adds up, shown with its currency's decimals (CSV writes
 * the exact text), and its currency. The number is for the sheet's SUM only: the amount itself
 * is the decimal text, which `shown` keeps.
 */
function payoutCells(payout: ResultRow['payout']): SourceValue[] {
  if (!payout) return [null, null];
  const places = payout.amount.split('.')[1]?.length ?? 0;
  const format = places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
  return [{ value: Number(payout.amount), format, shown: payout.amount }, payout.currency];
}

/** A day as a date cell (UTC midnight, which exceljs writes as that day), its ISO text in CSV. */
function dayCell(day: string | null | undefined): SourceValue {
  if (!day) return null;
  const value = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? day : { value, format: 'yyyy-mm-dd', shown: day };
}

function padded(cells: readonly SourceValue[], width: number): SourceValue[] {
  const trimmed = withoutTrailingEmpty(cells);
  return [...trimmed, ...new Array<null>(Math.max(0, width - trimmed.length)).fill(null)];
}

function isFormatted(value: SourceValue): value is FormattedValue {
  return typeof value === 'object' && value !== null;
}

/**
 * Each row as the CSV record of its row number, the rows between as empty records. Every
 * record is as wide as the sheet, as Excel writes a CSV: a reader that wants records of one
 * length (csv-parse by default, many an import tool) reads it as it reads Excel's.
 */
async function* csvLines(columns: number, lines: AsyncIterable<Line>): AsyncGenerator<string> {
  const empty = csvLine(new Array<null>(columns).fill(null));
  let row = 0;
  for await (const line of lines) {
    for (row += 1; row < line.row; row += 1) yield empty;
    const cells = line.cells.map((cell): CellInput => (isFormatted(cell) ? cell.shown : cell));
    yield csvLine([...cells, ...new Array<null>(Math.max(0, columns - cells.length)).fill(null)]);
  }
}

/**
 * The sheet's own name where Excel allows it (at most 31 characters, none of : \ / ? * [ ],
 * not starting or ending with an apostrophe); a name left empty becomes "Results".
 */
export function sheetName(name: string): string {
  const allowed = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return allowed === '' ? 'Results' : allowed;
}

async function fillSheet(
  workbook: XlsxStreamWriter,
  name: string,
  layout: { headerRow: number; width: number },
  header: readonly SourceValue[],
  lines: AsyncIterable<Line>,
): Promise<void> {
  const { headerRow, width } = layout;
  const sheet = workbook.addWorksheet(
    name,
    headerRow > 0 && headerRow <= MOST_FROZEN_ROWS
      ? { views: [{ state: 'frozen', ySplit: headerRow }] }
      : {},
  );
  sheet.columns = [
    ...Array.from({ length: width }, (_, index) => {
      const heading = header[index];
      const length = typeof heading === 'string' ? heading.length : 8;
      return { width: Math.min(40, Math.max(10, length + 2)) };
    }),
    ...RESULT_WIDTHS.map((columnWidth) => ({ width: columnWidth })),
  ];
  const breathe = breather();
  for await (const line of lines) {
    const row = sheet.getRow(line.row);
    line.cells.forEach((value, index) => {
      if (value === null) return;
      const cell = row.getCell(index + 1);
      if (isFormatted(value)) {
        cell.value = xlsxCellValue(value.value);
        cell.numFmt = value.format;
      } else cell.value = xlsxCellValue(value);
    });
    if (line.row === headerRow) row.font = { bold: true };
    row.commit();
    await breathe();
  }
  sheet.commit();
}
