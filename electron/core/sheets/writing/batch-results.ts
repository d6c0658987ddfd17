// What a batch's results export is made of: the sheet's source as the import kept it with the
// batch (its name, header row and the rows that are not payments), and the batch's drafts at
// their rows. A batch imported before the import kept those rows has its header's texts only:
// it exports its header and payments, still each at its own row number.
import type { ImportRepository } from '../../outbox/import-repository';
import { mappingFromEntries } from '../understanding/column-mapping';
import { field } from '../understanding/fields';
import type { KeptRow } from '../drafting/kept-rows';
import { sourceValue } from './result-rows';
import type { ResultRow, ResultsInput, SourceValue } from './results-export';
import { decodeCells } from '../drafting/source-cells';

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
 * A CSV has only text, so its amounts and dates would go into an .xlsx export as text cells,
 * which SUM and date filters skip. In the columns mapped to an amount or a date, a text that
 * is exactly a plain decimal ("1250", "1250.50") or an ISO day ("2030-01-31") goes back as a
 * number or a date (in a CSV export, as the same text); anything else ("€1.250,00",
 * "31/01/2030") stays the text it was. A workbook's cells already have their types, and keep
 * them.
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
  const kinds = new Map<number, 'amount' | 'date'>();
  for (const column of columns) {
    if (column.field === 'user_tag') continue;
    const kind = field(column.field).kind;
    if (kind === 'amount' || kind === 'date') kinds.set(column.index, kind);
  }
  if (kinds.size === 0) return undefined;
  return (cells) =>
    cells.map((cell, index) => {
      const kind = kinds.get(index);
      return kind && typeof cell === 'string' ? typedText(cell, kind) : cell;
    });
}

const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d{0,14})(?:\.(\d{1,3}))?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function typedText(text: string, kind: 'amount' | 'date'): SourceValue {
  if (kind === 'amount') {
    const decimal = PLAIN_DECIMAL.exec(text);
    if (!decimal) return text;
    const places = decimal[1]?.length ?? 0;
    return {
      value: Number(text),
      format: places ? `#,##0.${'0'.repeat(places)}` : '#,##0',
      shown: text,
    };
  }
  if (!ISO_DAY.test(text)) return text;
  const day = new Date(`${text}T00:00:00Z`);
  // "2030-02-30" is no day: it stays the text it was.
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return text;
  return { value: day, format: 'yyyy-mm-dd', shown: text };
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
