// Every cell an export or template writes passes through here, so that no text a payee, a
// spreadsheet or the service gave us can become a formula in the finance person's Excel
// (OWASP "CSV injection": a cell starting with = + - @, tab, CR or LF is read as a formula,
// and a formula can run commands through DDE or send the sheet's data to a URL).
//
// - CSV has no cell types, so a dangerous text is prefixed with a single quote: Excel and
//   LibreOffice then show it as text, quote included. That one character is the only change.
// - xlsx has cell types: a JS string becomes a string cell, which no spreadsheet evaluates.
//   exceljs has no `quotePrefix` style, so the cell is not protected against a later manual
//   edit (F2, Enter) in Excel; as written it is inert, and tests check that no `<f>` appears.
import { SHEET_LIMITS } from '../reading/limits';

/** What a writer may put in a cell. */
export type CellInput = string | number | boolean | Date | null | undefined;

/** The value handed to exceljs: never an object such as `{ formula }` or `{ richText }`. */
export type XlsxCellValue = string | number | boolean | Date | null;

/** Excel and Excel's CSV import both look for this to read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r\n]/;
/**
 * A plain decimal such as "-12.50" or "+3" is read by every spreadsheet as a number, never as a
 * formula, so it is left alone: an exported negative amount stays a negative amount.
 */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** True when a spreadsheet could take this text for a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** The text as a CSV cell may hold it: prefixed with `'` when it could be read as a formula. */
export function safeCsvText(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/**
 * RFC 4180 quoting. Semicolons are quoted too: Excel in a locale whose list separator is `;`
 * (most of continental Europe) splits on them even in a comma-separated file.
 */
export function quoteCsvField(text: string): string {
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell of a CSV line: made safe, then quoted. */
export function csvCell(value: CellInput): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return quoteCsvField(safeCsvText(isoDate(value)));
  return quoteCsvField(safeCsvText(value));
}

/** A CSV line with Excel's own line end (CRLF). */
export function csvLine(values: readonly CellInput[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * The value for an xlsx cell. Strings stay strings (exceljs writes them as string cells,
 * never formulas, whatever they start with); a number that is not finite would make exceljs write `NaN` into the XML,
 * which Excel refuses to open, so it is written as its text instead.
 */
export function xlsxCellValue(value: CellInput): XlsxCellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return xlsxText(value);
}

/**
 * Line ends become LF, Excel's own line break in a cell: XML turns a raw CR into LF on reading,
 * so writing LF says what every reader will see. Excel refuses to open a workbook with a cell
 * longer than 32,767 characters (it "repairs" it by deleting the sheet's data), so a longer
 * text is cut and marked.
 */
function xlsxText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n');
  const max = SHEET_LIMITS.maxCellChars;
  return lines.length <= max ? lines : `${lines.slice(0, max - 1)}…`;
}

/**
 * The shortest decimal that reads back as the same double, without an exponent: "1e-7" or
 * "1e+21" would be read by a spreadsheet as a different kind of text, or not as a number.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const [mantissa = '', exponentText = '0'] = text.toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * ISO 8601 in UTC: a UTC midnight is a calendar day ("2026-12-31"), anything else a date-time
 * without the ".000" of whole seconds. UTC, so the text is the same on every machine.
 */
export function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.replace('.000Z', 'Z');
}
