// Builds .xlsx files from SpreadsheetML written by hand, without exceljs: the importer reads
// workbooks with exceljs, so its tests must not also make them with it, or both sides would
// share the same misreadings. Every part is plain XML assembled here and zipped with fflate.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync, type DeflateOptions } from 'fflate';
import {
  contentTypesXml,
  relationshipsXml,
  SharedStrings,
  STYLES_XML,
  workbookXml,
  worksheetXml,
} from './xlsx-by-hand-xml';

/** The `t=` of a cell. Omitted, a cell is a number, as Excel writes them. */
export type CellType = 's' | 'str' | 'inlineStr' | 'n' | 'b' | 'e';

/** `<f>`: a plain formula as a string, or a shared one (`t="shared"`, `ref` on the master). */
export type FormulaSpec = string | { text?: string; t: 'shared'; si: number; ref?: string };

/**
 * One `<c>`. `v` is the cached value: for `t: 's'` a number is an index into the shared
 * strings and a string is added to them; for `inlineStr` it becomes `<is><t>`; without `v`
 * the cell has no `<v>` (a formula never calculated, or a styled empty cell).
 */
export interface CellSpec {
  ref: string;
  t?: CellType;
  v?: string | number | boolean;
  f?: FormulaSpec;
  /** Index into cellXfs; see STYLE. */
  s?: number;
}

export interface RowSpec {
  r: number;
  cells: CellSpec[];
  hidden?: boolean;
}

export interface ColSpec {
  min: number;
  max: number;
  width?: number;
  hidden?: boolean;
}

export type HyperlinkSpec = { ref: string; url: string } | { ref: string; location: string };

export interface SheetSpec {
  name: string;
  state?: 'hidden' | 'veryHidden';
  /** Rows in the cell DSL, or the inside of `<sheetData>` verbatim. */
  rows: RowSpec[] | string;
  cols?: ColSpec[];
  merges?: string[];
  hyperlinks?: HyperlinkSpec[];
  /** `<dimension ref>`; computed from DSL rows when omitted, absent for verbatim rows. */
  dimension?: string;
  /** The part's file name under xl/worksheets/; sheetN.xml (N = position) by default. */
  file?: string;
}

export interface RichRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** ARGB, e.g. 'FFFF0000'. */
  color?: string;
}

/** A plain shared string, or a rich one: `<si><r>…</r><r>…</r></si>`. */
export type SharedString = string | RichRun[];

export interface XlsxSpec {
  /** In workbook order. */
  sheets: SheetSpec[];
  /** Shared strings placed first, at indexes 0…; strings in `t: 's'` cells follow. */
  sharedStrings?: SharedString[];
  /** true writes `date1904="1"` as Excel does; 'true' writes it as LibreOffice does. */
  date1904?: boolean | 'true';
  /** xl/styles.xml verbatim; STYLES_XML (see STYLE) by default. */
  stylesXml?: string;
  /**
   * Zip entry order. 'sheets-first' is Excel's (sharedStrings after the sheets: a streaming
   * reader meets cells before their strings); 'shared-strings-first' puts styles and
   * sharedStrings before the sheets. A list of part paths comes first in that order, the
   * remaining parts follow in the default order.
   */
  entryOrder?: 'sheets-first' | 'shared-strings-first' | string[];
  /** Deflate level of every entry, 0 (stored) to 9; 6 by default. */
  level?: DeflateOptions['level'];
}

/** Indexes into the cellXfs of STYLES_XML. */
export const STYLE = {
  general: 0,
  /** Built-in numFmtId 14, the locale's short date. */
  date: 1,
  /** Custom numFmt 164, `dd/mm/yyyy`. */
  ddmmyyyy: 2,
  /** Built-in numFmtId 49, `@`: the cell was formatted as text. */
  text: 3,
  /** Built-in numFmtId 4, `#,##0.00`. */
  money: 4,
  /** A border and a fill, General: the look of formatted rows that hold nothing. */
  bordered: 5,
  bold: 6,
} as const;

/** 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

type RowValue = string | number | boolean | null | Omit<CellSpec, 'ref'>;

/**
 * A row from values in column order starting at A: strings become shared strings, numbers
 * numbers, booleans `t="b"`, null leaves the column empty, an object is a cell without ref.
 */
export function row(r: number, values: RowValue[], options: { hidden?: boolean } = {}): RowSpec {
  const cells: CellSpec[] = [];
  values.forEach((value, index) => {
    if (value === null) return;
    const ref = `${columnLetters(index + 1)}${r}`;
    if (typeof value === 'string') cells.push({ ref, t: 's', v: value });
    else if (typeof value === 'number') cells.push({ ref, v: value });
    else if (typeof value === 'boolean') cells.push({ ref, t: 'b', v: value });
    else cells.push({ ref, ...value });
  });
  return { r, cells, ...options };
}

/** The serial number Excel stores for a calendar date (ISO yyyy-mm-dd). */
export function dateSerial(isoDate: string, options: { date1904?: boolean } = {}): number {
  const epoch = options.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return (Date.parse(`${isoDate}T00:00:00Z`) - epoch) / 86_400_000;
}

/** The workbook's parts as path → XML, in the default ('sheets-first') order. */
export function workbookParts(spec: XlsxSpec): Map<string, string> {
  const strings = new SharedStrings(spec.sharedStrings ?? []);
  const counter = { references: 0 };
  const sheetParts = spec.sheets.map((sheet, index) => {
    const file = sheet.file ?? `sheet${index + 1}.xml`;
    const links = (sheet.hyperlinks ?? []).flatMap((l) => ('url' in l ? [l.url] : []));
    const rels = links.map((url, i) => ({
      id: `rId${i + 1}`,
      type: 'hyperlink',
      target: url,
      external: true,
    }));
    return { sheet, file, xml: worksheetXml(sheet, strings, counter), rels };
  });
  const hasStrings = strings.items.length > 0;
  const workbookRels = sheetParts.map((p, i) => ({
    id: `rId${i + 1}`,
    type: 'worksheet',
    target: `worksheets/${p.file}`,
  }));
  workbookRels.push({ id: `rId${sheetParts.length + 1}`, type: 'styles', target: 'styles.xml' });
  if (hasStrings) {
    workbookRels.push({
      id: `rId${sheetParts.length + 2}`,
      type: 'sharedStrings',
      target: 'sharedStrings.xml',
    });
  }
  const date1904 = spec.date1904 === 'true' ? 'true' : spec.date1904 ? '1' : undefined;
  const workbook = workbookXml(
    sheetParts.map((p) => p.sheet),
    date1904,
  );
  const contentTypes = contentTypesXml([
    ['/xl/workbook.xml', 'sheet.main+xml'],
    ...sheetParts.map((p): [string, string] => [`/xl/worksheets/${p.file}`, 'worksheet+xml']),
    ['/xl/styles.xml', 'styles+xml'],
    ...(hasStrings ? [['/xl/sharedStrings.xml', 'sharedStrings+xml'] as [string, string]] : []),
  ]);

  const parts = new Map<string, string>([
    ['[Content_Types].xml', contentTypes],
    [
      '_rels/.rels',
      relationshipsXml([{ id: 'rId1', type: 'officeDocument', target: 'xl/workbook.xml' }]),
    ],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', relationshipsXml(workbookRels)],
  ]);
  for (const p of sheetParts) {
    parts.set(`xl/worksheets/${p.file}`, p.xml);
    if (p.rels.length) parts.set(`xl/worksheets/_rels/${p.file}.rels`, relationshipsXml(p.rels));
  }
  parts.set('xl/styles.xml', spec.stylesXml ?? STYLES_XML);
  if (hasStrings) parts.set('xl/sharedStrings.xml', strings.toXml(counter.references));
  return parts;
}

function orderedPaths(paths: string[], order: XlsxSpec['entryOrder']): string[] {
  if (order === undefined || order === 'sheets-first') return paths;
  if (order === 'shared-strings-first') {
    const early = ['xl/styles.xml', 'xl/sharedStrings.xml'].filter((p) => paths.includes(p));
    const rest = paths.filter((p) => !early.includes(p));
    const firstSheet = rest.findIndex((p) => p.startsWith('xl/worksheets/'));
    rest.splice(firstSheet < 0 ? rest.length : firstSheet, 0, ...early);
    return rest;
  }
  const unknown = order.filter((p) => !paths.includes(p));
  if (unknown.length)
    throw new Error(`entryOrder names parts the workbook lacks: ${unknown.join(', ')}`);
  return [...order, ...paths.filter((p) => !order.includes(p))];
}

/** The .xlsx bytes of a spec. */
export function buildXlsx(spec: XlsxSpec): Uint8Array<ArrayBuffer> {
  const parts = workbookParts(spec);
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  for (const path of orderedPaths([...parts.keys()], spec.entryOrder)) {
    files[path] = encoder.encode(parts.get(path)!);
  }
  // A fixed timestamp keeps the bytes the same from run to run.
  return zipSync(files, { level: spec.level ?? 6, mtime: new Date(2030, 0, 1) });
}

/** Writes bytes to dir/name (creating dir) and returns the path. */
export async function writeBytes(dir: string, name: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** Builds a spec into dir/name and returns the path. */
export function writeXlsx(dir: string, name: string, spec: XlsxSpec): Promise<string> {
  return writeBytes(dir, name, buildXlsx(spec));
}
