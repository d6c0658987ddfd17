// What the CSV reader says when it refuses a file: which row or cell, and what to do about it,
// in words for the finance team that exported the file rather than for a developer.
import { CsvError } from 'csv-parse';
import { cellCharBound, rowCharBound, type BoundFault } from './csv-bounds';
import { megabytes } from './file-kind';
import type { SheetLimits } from './limits';
import { SheetFileError, cellRef } from './sheet-types';
import type { TextFault } from './text-encoding';

/** Why the text was cut short, found ahead of the parser; the parser tells in which cell. */
export type CsvFault = TextFault | BoundFault;

/** Excel's own limit of columns (A to XFD). */
export const MAX_COLUMNS = 16_384;
const EXCEL_CELL_CHARS = 32_767;
const RESAVE =
  'open it in Excel and save it again with File > Save As > CSV UTF-8, then import that file';

export const tooLarge = (size: number, limits: SheetLimits) =>
  new SheetFileError(
    'too_large',
    `the file has ${megabytes(size)}; the importer takes files up to ${megabytes(limits.maxFileBytes)}: split the list into several files`,
  );

export const notText = () =>
  new SheetFileError(
    'not_a_spreadsheet',
    `the file is not text, so it is not a CSV (it may be a picture, a PDF or a workbook renamed .csv): choose the payee list itself, or ${RESAVE}`,
  );

export const tooManyRows = (limits: SheetLimits) =>
  new SheetFileError(
    'too_many_rows',
    `the file has more than ${count(limits.maxRows)} rows under its header; an import takes at most ${count(limits.maxRows)}: split the list into several files`,
  );

export const tooManyCells = (row: number) =>
  new SheetFileError(
    'unreadable',
    `row ${count(row)} has more than ${count(MAX_COLUMNS)} cells, more columns than Excel has: ${RESAVE}`,
  );

export const textTooLarge = (limits: SheetLimits) =>
  new SheetFileError(
    'text_too_large',
    `the file holds more than ${count(limits.maxSheetTextChars)} characters of text, more than any payee list: split the list into several files`,
  );

/** The refusal for the cell where the text was cut. */
export function faultAt(
  fault: CsvFault,
  row: number,
  column: number,
  limits: SheetLimits,
): SheetFileError {
  const cell = `cell ${cellRef(column, row)}`;
  switch (fault) {
    case 'not_text':
      return new SheetFileError(
        'not_a_spreadsheet',
        `${cell} holds bytes that are not text, so the file is damaged or is not a CSV: ${RESAVE}`,
      );
    case 'not_encoded':
      return new SheetFileError(
        'unreadable',
        `${cell} holds bytes that are not in the encoding the file starts in (it mixes two encodings): ${RESAVE}`,
      );
    case 'cell_runs_on':
      return new SheetFileError(
        'cell_too_long',
        `${cell} runs on past ${count(cellCharBound(limits))} characters, far more than a spreadsheet cell holds (${cellLimit(limits)}): if it should not, a quote (") that opens it is never closed and the rest of the file reads as one cell; check the quotes in row ${count(row)}, or ${RESAVE}`,
      );
    case 'row_runs_on':
      return rowRunsOn(row, limits);
  }
}

function rowRunsOn(row: number, limits: SheetLimits): SheetFileError {
  return new SheetFileError(
    'unreadable',
    `row ${count(row)} runs on past ${count(rowCharBound(limits))} characters, far more than a row of a payee list: check it, or ${RESAVE}`,
  );
}

/** A refusal for whatever failed while reading rows. */
export function refusal(error: unknown, limits: SheetLimits): SheetFileError {
  if (error instanceof SheetFileError) return error;
  if (!(error instanceof CsvError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new SheetFileError(
      'unreadable',
      `the file could not be read to its end (${reason}): check that it is still there, then import it again`,
    );
  }
  const [row, column] = [Number(error.records) + 1, Number(error.column)];
  const cell = `cell ${cellRef(column, row)}`;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new SheetFileError(
        'unreadable',
        `a quote (") opens ${cell} and is never closed, so the rest of the file cannot be split into cells: add the closing quote in row ${count(row)}, or ${RESAVE}`,
      );
    case 'INVALID_OPENING_QUOTE':
      return new SheetFileError(
        'unreadable',
        `${cell} has a quote (") that does not start the cell; in a CSV such a cell is written in quotes with the quote doubled ("12"" screen"): ${RESAVE}`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new SheetFileError(
        'unreadable',
        `${cell} starts with a quote (") and goes on after the quote that should close it, or that quote is missing: check the quotes in row ${count(row)}, or ${RESAVE}`,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return rowRunsOn(row, limits);
    default:
      return new SheetFileError(
        'unreadable',
        `row ${count(row)} cannot be read as CSV (${error.message}): ${RESAVE}`,
      );
  }
}

function cellLimit(limits: SheetLimits): string {
  return limits.maxCellChars === EXCEL_CELL_CHARS
    ? `Excel's own limit is ${count(EXCEL_CELL_CHARS)}`
    : `the limit is ${count(limits.maxCellChars)}`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
