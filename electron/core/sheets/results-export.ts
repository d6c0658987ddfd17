// The sync results as the finance person's own sheet: every row that came in, as it came in,
// with what became of it appended on the right, so the file can be filtered, shared or fed
// back. Rows stream from the outbox to the file one at a time: a 100,000-payment batch never
// sits in memory, whichever format is asked for.
import { asAsync, breather, exportFormat, writeCsvFile, writeXlsxFile } from './export-writers';
import type { XlsxStreamWriter } from './export-writers';
import { csvLine, xlsxCellValue, type CellInput } from './safe-text';

export type SourceValue = string | number | boolean | null;

export interface ResultRow {
  /** The row's cells as they were imported, in the order of the header. */
  source: SourceValue[];
  /** The draft's state in Payout Desk. */
  state: string;
  /** The payment's status at the service, once known. */
  remoteStatus: string | null;
  paymentId: string;
  correlationId: string;
  error: string | null;
}

export interface ResultsInput {
  /** The imported sheet's header, as it was. */
  header: string[];
  rows: AsyncIterable<ResultRow> | Iterable<ResultRow>;
}

/** The columns appended to the imported ones, in the order written. */
export const RESULT_COLUMNS = [
  'Payout Desk state',
  'Service status',
  'Payment id',
  'Correlation id',
  'Error',
] as const;

const RESULT_WIDTHS = [18, 16, 38, 38, 60];
export const RESULTS_SHEET = 'Results';

/** Writes the results as .xlsx or .csv, by the path's extension; returns the rows written. */
export async function writeResults(path: string, input: ResultsInput): Promise<{ rows: number }> {
  const format = exportFormat(path);
  const header = [...input.header, ...RESULT_COLUMNS];
  const lines = resultLines(input);
  let rows = 0;
  const counted = async function* (): AsyncGenerator<CellInput[]> {
    for await (const line of lines) {
      rows += 1;
      yield line;
    }
  };
  if (format === 'csv') {
    await writeCsvFile(path, csvLines(header, counted()));
  } else {
    await writeXlsxFile(path, (workbook) =>
      fillSheet(workbook, header, input.header.length, counted()),
    );
  }
  return { rows };
}

/**
 * Each result as one line: its source cells, padded to the header's width so the status lands
 * under its own heading, then the status. A row wider than the header is refused rather than
 * have its extra cells read as a status.
 */
async function* resultLines(input: ResultsInput): AsyncGenerator<CellInput[]> {
  const width = input.header.length;
  let index = 0;
  for await (const row of asAsync(input.rows)) {
    index += 1;
    const source = trimTrailingEmpty(row.source);
    if (source.length > width) {
      throw new Error(
        `result ${index} has ${source.length} source cells but the header names ${width} columns`,
      );
    }
    const padding = new Array<null>(width - source.length).fill(null);
    yield [
      ...source,
      ...padding,
      row.state,
      row.remoteStatus,
      row.paymentId,
      row.correlationId,
      row.error,
    ];
  }
}

function trimTrailingEmpty(cells: readonly SourceValue[]): readonly SourceValue[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] === null || cells[end - 1] === '')) end -= 1;
  return end === cells.length ? cells : cells.slice(0, end);
}

async function* csvLines(
  header: readonly string[],
  lines: AsyncIterable<CellInput[]>,
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const line of lines) yield csvLine(line);
}

async function fillSheet(
  workbook: XlsxStreamWriter,
  header: readonly string[],
  sourceWidth: number,
  lines: AsyncIterable<CellInput[]>,
): Promise<void> {
  const sheet = workbook.addWorksheet(RESULTS_SHEET, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  sheet.columns = header.map((name, index) => ({
    width:
      index < sourceWidth
        ? Math.min(40, Math.max(10, name.length + 2))
        : (RESULT_WIDTHS[index - sourceWidth] ?? 16),
  }));
  const headerRow = sheet.addRow(header.map(xlsxCellValue));
  headerRow.font = { bold: true };
  headerRow.commit();
  const breathe = breather();
  for await (const line of lines) {
    sheet.addRow(line.map(xlsxCellValue)).commit();
    await breathe();
  }
  sheet.commit();
}
