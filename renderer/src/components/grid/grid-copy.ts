// What the grid copies: rows as TSV, each cell as the editor would start from it where it can be
// edited ("1,810.90", "2030-01-31"), so that a paste, here or into a spreadsheet, reads it back;
// else as shown. Copied as shown, an amount ("GBP 1,810.90") was refused when pasted into
// another row.
import type { GridColumn, GridSource } from './grid-source';
import { toTsv } from './tsv';

function copied<Row>(column: GridColumn<Row>, row: Row): string {
  return column.editText ? column.editText(row) : column.text(row);
}

export function rowsAsTsv<Row>(columns: readonly GridColumn<Row>[], rows: readonly Row[]): string {
  return toTsv(rows.map((row) => columns.map((column) => copied(column, row))));
}

/** Every row the source holds (under its filter), fetched a window at a time. */
export async function allRowsAsTsv<Row>(
  source: GridSource<Row>,
  rowCount: number,
): Promise<string> {
  const lines: string[][] = [];
  for (let skip = 0; skip < rowCount; skip += 1000) {
    const window = await source.fetch(skip, 1000);
    for (const row of window.rows) lines.push(source.columns.map((column) => copied(column, row)));
    if (window.rows.length === 0) break;
  }
  return toTsv(lines);
}
