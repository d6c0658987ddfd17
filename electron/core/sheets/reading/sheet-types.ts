// What a sheet reader hands on, whatever the file was: rows of cells in a shape of our own, so
// that the .xlsx reader (worksheet-parser.ts) and the .csv reader feed one mapping and one set
// of checks. Every cell shape a workbook can hold is turned into one of these as it is read.
import type { DecimalMark } from '../coercion/amount-digits';

/**
 * One cell's value as the file holds it, before any coercion to a field.
 * - `date`: a cell Excel shows as a date; `date` is its calendar day (YYYY-MM-DD) and `time`
 *   its wall-clock time, both as written in the sheet, so that no time zone can move them.
 *   `format` is its number format where the file gives one (`dd/mm/yyyy`), so that the results
 *   export shows the date as the sheet did; a text date (a CSV's) has none.
 * - `number`: a number cell; `format` is its number format where the file gives one (a serial
 *   in a date column is read as a date by the coercion, using `date1904` of the sheet).
 * - `error`: an error value such as `#N/A`, or a formula whose result is an error.
 * - `formula`: a formula the file saved without a result (no `<v>`, or an empty one where the
 *   result cannot be empty); nothing can be read from it.
 * - `overlong`: a text longer than a spreadsheet cell can hold (`limit`, Excel's 32,767 unless a
 *   test says otherwise). Its text is kept, so that the results export gives the sheet back, but
 *   never read as a value: the coercion makes it an issue at its cell.
 */
export type CellValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; format?: string }
  | { kind: 'date'; date: string; time?: string; format?: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'error'; code: string }
  | { kind: 'formula'; formula: string }
  | { kind: 'overlong'; text: string; limit: number };

export const EMPTY: CellValue = Object.freeze({ kind: 'empty' });

/**
 * A text as both readers make it a cell: empty, text, or, past what a cell can hold, overlong.
 * A cell that long is an issue and not a refusal: only a cell past `maxRawCellChars` (limits.ts),
 * which no spreadsheet program writes, refuses the file.
 */
export function textCell(text: string, maxCellChars: number): CellValue {
  if (text === '') return EMPTY;
  return text.length > maxCellChars
    ? { kind: 'overlong', text, limit: maxCellChars }
    : { kind: 'text', text };
}

export interface SheetRow {
  /** 1-based row number as the spreadsheet shows it (a CSV's first line is row 1). */
  number: number;
  /** Cells by 0-based column index (A = 0); missing trailing cells are empty. */
  cells: CellValue[];
  /** The row is hidden in the workbook (a CSV has none). */
  hidden?: boolean;
  /**
   * Columns, by 0-based index, whose value is struck through in the workbook (a CSV has none):
   * how people mark a row cancelled. What counts as a struck row is the drafting's to say.
   */
  struck?: readonly number[];
}

/** A merged range of cells: rows 1-based, columns 0-based, both ends included. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A sheet being read: its name, the date system of its workbook, and its rows in order. */
export interface SheetSource {
  /** The sheet's name, or the file's name for a CSV. */
  name: string;
  /** True when the workbook counts dates from 1904 (old Mac Excel): serials shift by 1,462 days. */
  date1904: boolean;
  /** Columns hidden in the workbook, by 0-based index; known by the time the first row is read. */
  hiddenColumns: ReadonlySet<number>;
  /** Merged ranges; a workbook lists them after its rows, so complete once the rows are read. */
  merges: readonly CellRange[];
  /**
   * The decimal mark the file's format suggests, for a sheet whose amounts show none
   * (decimal-marks.ts): a comma for a CSV separated by semicolons, as Excel saves one where
   * decimals are written with a comma.
   */
  decimalHint?: DecimalMark;
  rows: AsyncIterable<SheetRow>;
  /**
   * How much of the sheet the rows read so far took, from 0 to 1 (its bytes: a row count is not
   * known before the end), for a progress bar to show how far an import has come; undefined
   * where the file does not tell its size.
   */
  readFraction?(): number | undefined;
}

/** A file that cannot be imported, with a message that says what to do; nothing was changed. */
export class SheetFileError extends Error {
  constructor(
    readonly code:
      | 'not_a_spreadsheet'
      | 'password_protected'
      | 'legacy_xls'
      | 'too_large'
      | 'zip_bomb'
      | 'too_many_rows'
      | 'cell_too_long'
      | 'text_too_large'
      | 'unreadable'
      | 'no_such_sheet'
      | 'empty_file'
      | 'no_payment_list'
      | 'no_payment_rows'
      | 'bad_mapping'
      | 'batch_exists'
      | 'no_batch_name'
      | 'batch_not_found'
      | 'headers_differ'
      | 'batch_changed',
    message: string,
  ) {
    super(message);
    this.name = 'SheetFileError';
  }
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "D17" for column 3, row 17. */
export function cellRef(columnIndex: number, rowNumber: number): string {
  return `${columnLetter(columnIndex)}${rowNumber}`;
}

/** A -> 0, Z -> 25, AA -> 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const letter of letters.toUpperCase()) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}
