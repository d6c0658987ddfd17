// The sheets of an .xlsx in the workbook's tab order, each cell one of our CellValues (never
// "[object Object]"), with Excel's limits on cell text checked as the rows pass: a cell longer
// than Excel allows is marked overlong (an issue at its cell), too much text refuses the sheet.
// A sheet whose rows are not read (or not all read) is not inflated further.
import { stat } from 'node:fs/promises';
import { GuardedWorkbookReader } from './guarded-workbook-reader';
import { InflateBudget } from './inflate-budget';
import type { SheetLimits } from './limits';
import { SheetFileError, textCell, type SheetRow, type SheetSource } from './sheet-types';
import type { ParsedRow } from './worksheet-parser';

export interface XlsxSheet extends SheetSource {
  /** Hidden or very hidden in the workbook: never chosen unless named. */
  hidden: boolean;
  /** No visible sheet comes after this one: a sheet being chosen need not look further. */
  lastVisible: boolean;
  /** What the file is, told from its first bytes (sheet-sources.ts). */
  format: 'xlsx' | 'csv';
  /** Every sheet of the file in tab order, this one included: a CSV is one. */
  fileSheets: readonly { name: string; hidden: boolean }[];
}

const isHidden = (state: string) => state === 'hidden' || state === 'veryHidden';

export async function* xlsxSheets(path: string, limits: SheetLimits): AsyncGenerator<XlsxSheet> {
  const budget = new InflateBudget((await stat(path)).size, limits);
  const reader = new GuardedWorkbookReader(path, budget);
  for await (const sheet of reader.sheets()) {
    yield {
      name: sheet.name,
      hidden: isHidden(sheet.state),
      lastVisible: sheet.lastVisible,
      format: 'xlsx',
      fileSheets: sheet.tabs.map((tab) => ({ name: tab.name, hidden: isHidden(tab.state) })),
      // The workbook part is read before the sheets, so the date system is known by now.
      date1904: reader.date1904,
      hiddenColumns: sheet.parser.hiddenColumns,
      merges: sheet.parser.merges,
      rows: withinTextLimits(sheet.rows, limits),
      readFraction: sheet.readFraction,
    };
  }
}

async function* withinTextLimits(
  rows: AsyncIterable<ParsedRow>,
  limits: SheetLimits,
): AsyncGenerator<SheetRow> {
  let textChars = 0;
  for await (const row of rows) {
    for (let column = 0; column < row.cells.length; column += 1) {
      const value = row.cells[column];
      if (value?.kind !== 'text') continue;
      // Longer than Excel lets a cell be, yet within the 1 MiB of XML a cell may take
      // (xml-chunks.ts): an issue at its cell, as in a CSV, and the rest of the row is read.
      if (value.text.length > limits.maxCellChars) {
        row.cells[column] = textCell(value.text, limits.maxCellChars);
      }
      textChars += value.text.length;
    }
    if (textChars > limits.maxSheetTextChars) {
      throw new SheetFileError(
        'text_too_large',
        `the sheet holds more than ${limits.maxSheetTextChars.toLocaleString('en')} characters of text by row ${row.number}: one text repeated in many cells makes it far larger than a payment list, so it was not read`,
      );
    }
    yield row;
  }
}
