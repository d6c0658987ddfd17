// Reads a worksheet's XML into rows of CellValues as it inflates, chunk by chunk (see
// xml-chunks.ts). exceljs reads the workbook's small parts (its sheet list and styles); the
// rows are read here, because exceljs makes a Row, a Cell and a style object for every cell:
// its parse of a 100,000-row sheet alone takes longer than writing the sheet's drafts
// (bench:sheets, parse_seconds against write_drafts_seconds). And its reader drops what a
// payment list needs: hidden rows, merged ranges, formula results that are 0, FALSE, "" or an
// error, and rows or cells that leave out their reference.
import { columnIndex, EMPTY, SheetFileError, type CellRange, type CellValue } from './sheet-types';
import {
  attributes,
  attributeSpans,
  ChunkedXmlReader,
  digitsAt,
  content,
  elementEnd,
  localName,
  nameEndOf,
  runsText,
  SLASH,
  xmlText,
} from './xml-chunks';

export interface WorkbookContext {
  /** The workbook's shared strings (shared-strings-reader.ts), by index. */
  sharedStrings: readonly string[];
  /** The number format of a cell style (the `s` attribute), if it has one. */
  numberFormat(styleId: number): string | undefined;
  /** Whether a cell style's font is struck through (Excel's Ctrl+5). */
  struckThrough(styleId: number): boolean;
  date1904: boolean;
}

export interface ParsedRow {
  number: number;
  cells: CellValue[];
  hidden?: true;
  /** Columns whose value is struck through, by 0-based index (SheetRow's `struck`). */
  struck?: number[];
}

/** A hidden "rest of the sheet" (up to column 16384) is a formatting habit, not real columns. */
const MAX_HIDDEN_SPAN = 1000;
/** Distinct dates worked out once and kept, over all date styles (about ten years of days). */
const MAX_DATES_KEPT = 4096;
/** Excel's last column, XFD, as a 0-based index. */
const LAST_COLUMN = 16_383;

export class WorksheetParser extends ChunkedXmlReader {
  /** Columns hidden in the sheet, by 0-based index; the XML lists them before the rows. */
  readonly hiddenColumns = new Set<number>();
  /** Merged ranges; the XML lists them after the rows. */
  readonly merges: CellRange[] = [];
  private done: ParsedRow[] = [];
  /** Rows and cells are read only within <sheetData>, whatever an extension list holds. */
  private inSheetData = false;
  private row: ParsedRow | undefined;
  private lastRow = 0;
  private lastColumn = -1;
  private readonly formats = new Map<number, StyleFormat>();
  private readonly struckStyles = new Map<number, boolean>();
  private datesKept = 0;
  /** Where a cell's r, s and t attributes are (attributeSpans), for one cell at a time. */
  private readonly cellSpans = new Int32Array(6);

  constructor(private readonly workbook: WorkbookContext) {
    super();
  }

  /** Reads one chunk of the XML; returns the rows it completed. */
  push(chunk: Uint8Array): ParsedRow[] {
    this.feed(chunk);
    const done = this.done;
    this.done = [];
    return done;
  }

  protected element(text: string, open: number): number {
    const close = text.indexOf('>', open);
    if (close === -1) return -1;
    if (text.charCodeAt(open + 1) === SLASH) {
      const name = localName(text, open + 2, close);
      if (name === 'row') this.endRow();
      else if (name === 'sheetData') this.inSheetData = false;
      return close + 1;
    }
    const nameEnd = nameEndOf(text, open + 1, close);
    const name = localName(text, open + 1, nameEnd);
    if (this.inSheetData && name === 'c') return this.cell(text, open, nameEnd, close);
    switch (name) {
      case 'sheetData':
        this.inSheetData = text.charCodeAt(close - 1) !== SLASH;
        return close + 1;
      case 'row': {
        if (!this.inSheetData) return close + 1;
        const [r, hidden] = attributes(text, nameEnd, close, ROW_ATTRIBUTES);
        const number = Number(r);
        this.lastRow = Number.isInteger(number) && number > 0 ? number : this.lastRow + 1;
        this.lastColumn = -1;
        this.row = { number: this.lastRow, cells: [] };
        if (hidden === '1' || hidden === 'true') this.row.hidden = true;
        if (text.charCodeAt(close - 1) === SLASH) this.endRow();
        return close + 1;
      }
      case 'col': {
        const [min, max, hidden] = attributes(text, nameEnd, close, COL_ATTRIBUTES);
        if (hidden === '1' || hidden === 'true') {
          const from = Number(min ?? 0);
          const to = Math.min(Number(max ?? from), from + MAX_HIDDEN_SPAN);
          for (let column = from; column <= to; column += 1) this.hiddenColumns.add(column - 1);
        }
        return close + 1;
      }
      case 'mergeCell': {
        const [ref] = attributes(text, nameEnd, close, MERGE_ATTRIBUTES);
        const match = ref && /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/i.exec(ref);
        if (match) {
          this.merges.push({
            top: Number(match[2]),
            left: columnIndex(match[1] ?? 'A'),
            bottom: Number(match[4]),
            right: columnIndex(match[3] ?? 'A'),
          });
        }
        return close + 1;
      }
      default:
        return close + 1;
    }
  }

  private endRow(): void {
    if (this.row) this.done.push(this.row);
    this.row = undefined;
  }

  /** One `<c>` element, read once it is whole. */
  private cell(text: string, open: number, nameEnd: number, close: number): number {
    const after = elementEnd(text, open, nameEnd, close);
    if (after === -1) return -1;
    const spans = this.cellSpans;
    attributeSpans(text, nameEnd, close, CELL_ATTRIBUTES, spans);
    const [refStart = -1, refEnd = -1, styleStart = -1, styleEnd = -1, typeStart = -1, typeEnd] =
      spans;
    const column = refStart === -1 ? this.lastColumn + 1 : referenceColumn(text, refStart, refEnd);
    if (column > LAST_COLUMN) throw beyondLastColumn(text.slice(refStart, refEnd));
    this.lastColumn = column;
    const row = this.row;
    if (!row || column < 0 || after === close + 1) return after;
    // A cell without a style has the workbook's first (OOXML's default for s).
    const style = styleStart === -1 ? 0 : digitsAt(text, styleStart, styleEnd);
    const value = this.value(
      text,
      close + 1,
      after,
      Number.isNaN(style) ? 0 : style,
      typeStart === -1 ? undefined : text.slice(typeStart, typeEnd),
    );
    // A formatted but empty cell adds nothing: missing cells read as empty.
    if (value === EMPTY) return after;
    const cells = row.cells;
    while (cells.length < column) cells.push(EMPTY);
    cells[column] = value;
    if (this.struckThrough(style)) (row.struck ??= []).push(column);
    return after;
  }

  /** The value of a cell from its content (between `from` and `to`) and attributes. */
  private value(
    text: string,
    from: number,
    to: number,
    style: number,
    type: string | undefined,
  ): CellValue {
    if (type === 'inlineStr') return textOf(xmlText(runsText(text, from, to) ?? ''));
    let formula: string | undefined;
    let raw: string | undefined;
    for (let at = text.indexOf('<', from); at !== -1 && at < to; at = text.indexOf('<', at)) {
      const close = text.indexOf('>', at);
      if (text.charCodeAt(at + 1) !== SLASH) {
        const name = localName(text, at + 1, nameEndOf(text, at + 1, close));
        const value = text.charCodeAt(close - 1) === SLASH ? '' : content(text, close + 1);
        if (name === 'v') raw = value;
        else if (name === 'f') formula = value;
      }
      at = close + 1;
    }
    // A formula never calculated: no <v>, or an empty one, as openpyxl and other scripts write
    // it. Only a text result can be empty (t="str", as Excel saves ="" ); a number, a truth
    // value, an error or a date cannot, so an empty one is no result, not a blank cell.
    if (raw === undefined || (formula !== undefined && type !== 'str' && raw.trim() === '')) {
      return formula === undefined ? EMPTY : { kind: 'formula', formula: xmlText(formula) };
    }
    switch (type) {
      case 's':
        return this.sharedString(raw);
      case 'str':
        return textOf(xmlText(raw));
      case 'b':
        return { kind: 'boolean', value: raw.trim() === '1' || raw.trim() === 'true' };
      case 'e':
        return { kind: 'error', code: xmlText(raw) };
      case 'd': {
        const known = this.formatOf(style);
        return isoDateValue(raw, known.dates ? known.format : undefined);
      }
      default:
        return this.number(raw, style);
    }
  }

  private sharedString(raw: string): CellValue {
    const shared = this.workbook.sharedStrings[digitsAt(raw, 0, raw.length)];
    return shared === undefined
      ? { kind: 'error', code: `missing shared text ${raw}` }
      : textOf(shared);
  }

  private number(raw: string, style: number): CellValue {
    if (raw.trim() === '') return EMPTY;
    const value = Number(raw);
    if (!Number.isFinite(value)) return { kind: 'error', code: xmlText(raw) };
    const known = this.formatOf(style);
    if (known.dates) return this.dateOf(value, known);
    const { format } = known;
    return format === undefined ? { kind: 'number', value } : { kind: 'number', value, format };
  }

  /**
   * A date serial as a date in its style's format. The same few dates fill a payment list's
   * date column, so each is worked out once per style; CellValues are never changed once made,
   * so one object serves them all.
   */
  private dateOf(serial: number, style: DateFormat): CellValue {
    let date = style.dates.get(serial);
    if (!date) {
      date = serialDateValue(serial, this.workbook.date1904, style.format);
      if (this.datesKept < MAX_DATES_KEPT) {
        style.dates.set(serial, date);
        this.datesKept += 1;
      }
    }
    return date;
  }

  /** Asked once a style: the styles part is exceljs's model, a few lookups away. */
  private struckThrough(style: number): boolean {
    let struck = this.struckStyles.get(style);
    if (struck === undefined) {
      struck = this.workbook.struckThrough(style);
      this.struckStyles.set(style, struck);
    }
    return struck;
  }

  private formatOf(style: number): StyleFormat {
    let known = this.formats.get(style);
    if (!known) {
      const format = this.workbook.numberFormat(style);
      if (format === undefined || format === 'General') known = {};
      else if (isDateFormat(format)) known = { format, dates: new Map() };
      else known = { format };
      this.formats.set(style, known);
    }
    return known;
  }
}

/** A cell style's number format; a date format keeps the dates read in it, by serial. */
type StyleFormat = { format?: string; dates?: undefined } | DateFormat;
type DateFormat = { format: string; dates: Map<number, CellValue> };

const ROW_ATTRIBUTES = ['r', 'hidden'] as const;
const COL_ATTRIBUTES = ['min', 'max', 'hidden'] as const;
const MERGE_ATTRIBUTES = ['ref'] as const;
const CELL_ATTRIBUTES = ['r', 's', 't'] as const;

/** The 0-based column of a reference like `AB12` written from `from` to `to`; -1 if none. */
function referenceColumn(text: string, from: number, to: number): number {
  let column = 0;
  let at = from;
  for (; at < to; at += 1) {
    const code = text.charCodeAt(at) & ~0x20; // upper case
    if (code < 0x41 || code > 0x5a) break;
    // Past XFD already: stop counting before the number grows without bound.
    if (column > LAST_COLUMN) break;
    column = column * 26 + (code - 0x40);
  }
  return at === from ? -1 : column - 1;
}

/**
 * Whether a number format shows a date or time, by the rule exceljs and most readers use: a
 * date or time letter outside quoted text and outside brackets (`[Red]`, `[$-409]`).
 */
function isDateFormat(format: string): boolean {
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** A serial in the workbook's date system, as its calendar day and wall-clock time. */
function serialDateValue(serial: number, date1904: boolean, format: string): CellValue {
  const epochMs = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return { kind: 'error', code: 'invalid date' };
  const iso = date.toISOString();
  const time = iso.slice(11, 19);
  return time === '00:00:00'
    ? { kind: 'date', date: iso.slice(0, 10), format }
    : { kind: 'date', date: iso.slice(0, 10), time, format };
}

/** A `t="d"` cell: an ISO 8601 date or date-time as written, in its style's date format. */
function isoDateValue(raw: string, format: string | undefined): CellValue {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(raw.trim());
  if (!match?.[1]) return { kind: 'error', code: xmlText(raw) };
  const date: CellValue = { kind: 'date', date: match[1] };
  if (match[2] && match[2] !== '00:00:00') date.time = match[2];
  if (format !== undefined) date.format = format;
  return date;
}

function textOf(text: string): CellValue {
  return text === '' ? EMPTY : { kind: 'text', text };
}

function beyondLastColumn(ref: string): SheetFileError {
  return new SheetFileError(
    'unreadable',
    `the sheet has a cell at ${ref}, beyond Excel's last column XFD, so the file was not made by a spreadsheet program and was not read`,
  );
}
