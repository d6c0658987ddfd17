// What a batch's results export is made of: the sheet's source as the import kept it with the
// batch (its name, header row and the rows that are not payments), and the batch's drafts at
// their rows. A batch imported before the import kept those rows has its header's texts only:
// it exports its header and payments, still each at its own row number.
import type { ImportRepository } from '../outbox/import-repository';
import type { KeptRow } from './kept-rows';
import { sourceValue } from './result-rows';
import type { ResultRow, ResultsInput } from './results-export';
import { decodeCells } from './source-cells';

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
}

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
  const kept = keptRows
    .filter((row) => row !== headerRow)
    .map((row) => ({
      row: row.row,
      source: decodeCells(row.cells).map(sourceValue),
      ...(row.skipped === undefined ? {} : { skipped: row.skipped }),
    }));
  const keptWidth = Math.max(header.length, ...kept.map((row) => row.source.length));
  return {
    sheet: sheetOf(source),
    headerRow: source.header_row,
    header,
    width: imports.sourceWidth(batchId, keptWidth),
    kept,
    rows,
  };
}

/** A CSV's sheet is named after the file without its extension, as Excel names it on opening. */
function sheetOf(source: BatchSheetSource): string {
  return source.sheet === source.file
    ? source.sheet.replace(/\.(csv|txt|tsv)$/i, '')
    : source.sheet;
}
