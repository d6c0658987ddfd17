// Streams the sheets of an .xlsx through exceljs, turning every cell shape exceljs returns
// into a CellValue (never "[object Object]"), with Excel's limits on cell text checked as the
// rows pass. Sheets come in the workbook's tab order; a sheet whose rows are not read (or not
// all read) is not inflated further.
import { stat } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { GuardedWorkbookReader } from './guarded-workbook-reader';
import { InflateBudget } from './inflate-budget';
import type { SheetLimits } from './limits';
import type { FormulaResult, WorksheetScanner } from './worksheet-scanner';
import {
  cellRef,
  EMPTY,
  SheetFileError,
  type CellValue,
  type SheetRow,
  type SheetSource,
} from './sheet-types';

export interface XlsxSheet extends SheetSource {
  /** Hidden or very hidden in the workbook: never chosen unless named. */
  hidden: boolean;
}

export async function* xlsxSheets(path: string, limits: SheetLimits): AsyncGenerator<XlsxSheet> {
  const budget = new InflateBudget((await stat(path)).size, limits);
  const reader = new GuardedWorkbookReader(path, budget);
  for await (const worksheet of reader) {
    const scan = reader.current;
    const named = worksheet as unknown as { name: string; state?: string };
    yield {
      name: named.name,
      hidden: named.state === 'hidden' || named.state === 'veryHidden',
      // The workbook part is read before the sheets, so the date system is known by now.
      date1904: reader.date1904,
      hiddenColumns: scan.hiddenColumns,
      merges: scan.merges,
      rows: sheetRows(worksheet, scan, limits),
    };
  }
}

async function* sheetRows(
  worksheet: AsyncIterable<ExcelJS.Row>,
  scan: WorksheetScanner,
  limits: SheetLimits,
): AsyncGenerator<SheetRow> {
  let textChars = 0;
  for await (const row of worksheet) {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const raw = cell.value;
      const value =
        raw !== null && typeof raw === 'object' && ('formula' in raw || 'sharedFormula' in raw)
          ? formulaValue(raw, scan.formulaResults, cell.address, cell.numFmt)
          : cellValue(raw, cell.numFmt);
      if (value.kind === 'text') {
        if (value.text.length > limits.maxCellChars) {
          throw new SheetFileError(
            'cell_too_long',
            `cell ${cellRef(column - 1, row.number)} holds ${value.text.length.toLocaleString('en')} characters; Excel's own limit is ${limits.maxCellChars.toLocaleString('en')}, so the file was not made by Excel and was not read`,
          );
        }
        textChars += value.text.length;
      }
      while (cells.length < column - 1) cells.push(EMPTY);
      cells[column - 1] = value;
    });
    if (textChars > limits.maxSheetTextChars) {
      throw new SheetFileError(
        'text_too_large',
        `the sheet holds more than ${limits.maxSheetTextChars.toLocaleString('en')} characters of text by row ${row.number}: one text repeated in many cells makes it far larger than a payment list, so it was not read`,
      );
    }
    yield {
      number: row.number,
      cells,
      ...(scan.hiddenRows.has(row.number) ? { hidden: true } : {}),
    };
  }
}

/** Every value shape exceljs's streaming reader produces, as one of ours. */
export function cellValue(value: ExcelJS.CellValue | undefined, format?: string): CellValue {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'string') return value === '' ? EMPTY : { kind: 'text', text: value };
  if (typeof value === 'number') {
    // A formula whose saved result is an error (t="e") reaches us as NaN.
    if (Number.isNaN(value)) return { kind: 'error', code: '#VALUE!' };
    return format && format !== 'General'
      ? { kind: 'number', value, format }
      : { kind: 'number', value };
  }
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value instanceof Date) return dateValue(value);
  if ('richText' in value) return textOf(value.richText.map((run) => run.text).join(''));
  if ('hyperlink' in value) {
    const shown: unknown = value.text;
    if (typeof shown === 'string') return textOf(shown);
    if (shown && typeof shown === 'object' && 'richText' in shown) {
      return cellValue(shown as ExcelJS.CellRichTextValue, format);
    }
    return textOf(value.hyperlink);
  }
  if ('error' in value) return { kind: 'error', code: String(value.error) };
  return { kind: 'error', code: 'unknown cell content' };
}

/**
 * A formula cell by its saved result as the file wrote it (see WorksheetScanner): exceljs
 * drops results that are 0, FALSE, "" or an error, which would read as never calculated.
 */
function formulaValue(
  value: ExcelJS.CellFormulaValue | ExcelJS.CellSharedFormulaValue,
  results: Map<string, FormulaResult>,
  ref: string,
  format: string | undefined,
): CellValue {
  const saved = results.get(ref);
  results.delete(ref);
  const formula = 'formula' in value ? value.formula : value.sharedFormula;
  if (!saved || saved.value === undefined)
    return { kind: 'formula', formula: String(formula ?? '') };
  switch (saved.type) {
    case 'e':
      return { kind: 'error', code: saved.value };
    case 'str':
    case 'inlineStr':
      return textOf(saved.value);
    case 'b':
      return { kind: 'boolean', value: saved.value === '1' || saved.value === 'true' };
    default: {
      const number = Number(saved.value);
      return Number.isFinite(number)
        ? cellValue(number, format)
        : { kind: 'error', code: saved.value };
    }
  }
}

function textOf(text: string): CellValue {
  return text === '' ? EMPTY : { kind: 'text', text };
}

/** exceljs builds dates from serials in UTC: the UTC fields are the sheet's wall-clock date. */
function dateValue(date: Date): CellValue {
  if (Number.isNaN(date.getTime())) return { kind: 'error', code: 'invalid date' };
  const iso = date.toISOString();
  const time = iso.slice(11, 19);
  return time === '00:00:00'
    ? { kind: 'date', date: iso.slice(0, 10) }
    : { kind: 'date', date: iso.slice(0, 10), time };
}
