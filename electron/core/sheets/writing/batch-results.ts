// What a batch's results export is made of: the sheet's source as the import kept it with the
// batch (its name, header row and the rows that are not payments), and the batch's drafts at
// their rows. A batch imported before the import kept those rows has its header's texts only:
// it exports its header and payments, still each at its own row number.
import type { ImportRepository } from '../../outbox/import-repository';
import { mappingFromEntries } from '../understanding/column-mapping';
import { field } from '../understanding/fields';
import type { KeptRow } from '../drafting/kept-rows';
import type { SheetDecimalMark } from '../coercion/cell-amounts';
import type { DateOrder } from '../coercion/cell-dates';
import { typedCells, type TypedColumn } from './csv-typed-cells';
import { sourceValue } from './result-rows';
import {
  DELETED_STATE,
  type KeptLine,
  type ResultRow,
  type ResultsInput,
  type SourceValue,
} from './results-export';
import { decodeCells, type SourceCell } from '../drafting/source-cells';

/** What an import keeps with its batch (sheet-import.ts), as JSON. */
export interface BatchSheetSource {
  file: string;
  /** The sheet's name; for a CSV, the file's name. */
  sheet: string;
  header_row: number;
  headers: string[];
  /** null: a column the import left out; older batches list only the mapped ones. */
  mapping: Record<string, string | null>;
  /** The header and the other non-blank rows that are not payments; absent in older batches. */
  kept_rows?: KeptRow[];
  /** Non-blank rows past the bound of what is kept (kept-rows.ts), left empty in the export. */
  kept_rows_left_out?: number;
  /**
   * How a CSV's amounts that a cell alone cannot tell ("2.500") were read: the decimal mark the
   * sheet showed; absent where it showed none, and in older batches (csv-typed-cells.ts).
   */
  decimal_mark?: SheetDecimalMark;
  /** The order each date column of a CSV was read in, by field, where one was known. */
  date_orders?: Record<string, DateOrder>;
}

/** What the Error column says of a row whose draft was deleted. */
const DELETED_NOTE = 'deleted in Payout Desk: not paid';

export function batchResults(
  imports: ImportRepository,
  batchId: string,
  source: BatchSheetSource,
  rows: AsyncIterable<ResultRow> | Iterable<ResultRow>,
): ResultsInput {
  const keptRows = source.kept_rows ?? [];
  const headerRow = keptRows.find(
    (kept) => kept.row === source.header_row && kept.skipped === undefined,
  );
  const header = headerRow ? decodeCells(headerRow.cells).map(sourceValue) : source.headers;
  const deleted = imports.deletedRows(batchId).map((row): KeptLine => ({
    row: row.row,
    source: decodeCells(row.cells as SourceCell[]).map(sourceValue),
    skipped: DELETED_NOTE,
    state: DELETED_STATE,
  }));
  const kept = keptRows
    .filter((row) => row !== headerRow)
    .map((row): KeptLine => ({
      row: row.row,
      source: decodeCells(row.cells).map(sourceValue),
      ...(row.skipped === undefined ? {} : { skipped: row.skipped }),
    }))
    .concat(deleted)
    .sort((a, b) => a.row - b.row);
  const keptWidth = Math.max(header.length, ...kept.map((row) => row.source.length));
  const typed = csvTypedColumns(source);
  return {
    sheet: sheetOf(source),
    headerRow: source.header_row,
    header,
    width: imports.sourceWidth(batchId, keptWidth),
    kept: typed
      ? kept.map((row) => (row.skipped === undefined ? row : { ...row, source: typed(row.source) }))
      : kept,
    rows: typed ? typedRows(rows, typed) : rows,
  };
}

/**
 * The columns of a CSV mapped to an amount or a date, whose cells an .xlsx export writes typed
 * where the import read them (csv-typed-cells.ts). A workbook's cells already have their types,
 * and keep them.
 */
function csvTypedColumns(
  source: BatchSheetSource,
): ((cells: SourceValue[]) => SourceValue[]) | undefined {
  if (!fromCsv(source)) return undefined;
  let columns;
  try {
    columns = mappingFromEntries({ entries: source.mapping }, source.headers).columns;
  } catch {
    return undefined; // a mapping that no longer fits its headers: the cells go as they came
  }
  const typed = new Map<number, TypedColumn>();
  for (const column of columns) {
    if (column.field === 'user_tag') continue;
    const kind = field(column.field).kind;
    if (kind === 'amount') typed.set(column.index, { kind });
    if (kind === 'date') {
      const order = source.date_orders?.[column.field];
      typed.set(column.index, order ? { kind, order } : { kind });
    }
  }
  return typed.size === 0 ? undefined : typedCells(typed, source.decimal_mark);
}

async function* typedRows(
  rows: AsyncIterable<ResultRow> | Iterable<ResultRow>,
  typed: (cells: SourceValue[]) => SourceValue[],
): AsyncGenerator<ResultRow> {
  for await (const row of rows) yield { ...row, source: typed(row.source) };
}

/** A CSV import keeps the file's name as its sheet's: a workbook's sheets have names of their own. */
function fromCsv(source: BatchSheetSource): boolean {
  return source.sheet === source.file;
}

/** A CSV's sheet is named after the file without its extension, as Excel names it on opening. */
function sheetOf(source: BatchSheetSource): string {
  return fromCsv(source) ? source.sheet.replace(/\.(csv|txt|tsv)$/i, '') : source.sheet;
}
