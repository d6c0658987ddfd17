// Hostile workbooks for the importer's limits (electron/core/sheets/reading/limits.ts). The big
// ones are streamed straight into a file, entry by entry, so the test process never holds more
// than a few megabytes however large the workbook claims to be.
import { closeSync, openSync, writeSync } from 'node:fs';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { strToU8, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
import { buildXlsx, row, workbookParts, type XlsxSpec } from './xlsx-by-hand';

const MTIME = new Date(2030, 0, 1);
const WORKSHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const WORKSHEET_CLOSE = '</sheetData></worksheet>';
/** The part the single-sheet specs below put their sheet in. */
const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** A zip written to a file as its entries are made. */
class ZipFileWriter {
  private readonly fd: number;
  private readonly zip: Zip;

  constructor(path: string) {
    const fd = openSync(path, 'w');
    this.fd = fd;
    this.zip = new Zip((error, chunk) => {
      if (error) throw error;
      writeSync(fd, chunk);
    });
  }

  /** Adds an entry and returns the function that feeds it; pass final=true on the last chunk. */
  entry(path: string, level: 0 | 6 | 9 = 6): (chunk: Uint8Array, final?: boolean) => void {
    const file = new ZipDeflate(path, { level });
    file.mtime = MTIME;
    this.zip.add(file);
    return (chunk, final = false) => file.push(chunk, final);
  }

  /**
   * Adds an entry made of `count` copies of `unit` between `head` and `tail`, deflating the
   * unit once and repeating its compressed bytes. Each piece is deflated on its own with a
   * sync flush, which ends it on a byte boundary without the final-block bit, so the pieces
   * concatenate into one valid deflate stream. Gigabytes take under a second this way, where
   * fflate would deflate them for half a minute (and reach only ~340:1).
   */
  repeatedEntry(path: string, head: string, unit: string, count: number, tail: string): number {
    const headBytes = Buffer.from(head);
    const unitBytes = Buffer.from(unit);
    const tailBytes = Buffer.from(tail);
    const size = headBytes.length + count * unitBytes.length + tailBytes.length;
    if (size > 0xffff_ffff)
      throw new Error('a zip entry past 4 GiB needs ZIP64, which fflate does not write');
    const piece = (bytes: Buffer, last: boolean) =>
      new Uint8Array(
        deflateRawSync(bytes, {
          level: 9,
          finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
        }),
      );
    // fflate writes the CRC and sizes from these fields after the final chunk.
    const file: ZipInputFile = { filename: path, compression: 8, size, crc: 0, mtime: MTIME };
    this.zip.add(file);
    const send = (chunk: Uint8Array, final: boolean) =>
      file.ondata!(null, chunk as Uint8Array<ArrayBuffer>, final);
    let crc = crc32(headBytes);
    send(piece(headBytes, false), false);
    const unitDeflated = piece(unitBytes, false);
    for (let i = 0; i < count; i++) {
      crc = crc32(unitBytes, crc);
      send(unitDeflated, false);
    }
    file.crc = crc32(tailBytes, crc);
    send(piece(tailBytes, true), true);
    return size;
  }

  /** Adds every part of a spec except `skip`. */
  parts(spec: XlsxSpec, skip: string): void {
    for (const [path, xml] of workbookParts(spec)) {
      if (path !== skip) this.entry(path)(strToU8(xml), true);
    }
  }

  end(): void {
    this.zip.end();
    closeSync(this.fd);
  }
}

export interface ZipBombOptions {
  /** Bytes the sheet inflates to; 3 GiB by default (at most 4 GiB - 1: no ZIP64). */
  inflatedBytes?: number;
  /**
   * 'rows': `<row><c><v>1</v></c></row>` repeated (~400:1, 3 GiB in ~8 MB); 'whitespace':
   * spaces inside `<sheetData>` (~1000:1, 3 GiB in ~3 MB).
   */
  filler?: 'rows' | 'whitespace';
}

/**
 * A one-sheet workbook whose sheet inflates to gigabytes. Every other part is ordinary, and
 * the central directory declares the true sizes and CRC: only the size gives it away.
 */
export function writeZipBomb(
  path: string,
  options: ZipBombOptions = {},
): { inflatedBytes: number } {
  const target = options.inflatedBytes ?? 3 * 1024 ** 3;
  // A unit of ~1 MiB: each deflated copy carries a few bytes of block overhead.
  const unit =
    options.filler === 'whitespace'
      ? ' '.repeat(1024 ** 2)
      : '<row><c><v>1</v></c></row>'.repeat(40_000);
  const count = Math.ceil((target - WORKSHEET_OPEN.length - WORKSHEET_CLOSE.length) / unit.length);
  const zip = new ZipFileWriter(path);
  zip.parts({ sheets: [{ name: 'Payments', rows: '' }] }, SHEET_PART);
  const inflatedBytes = zip.repeatedEntry(SHEET_PART, WORKSHEET_OPEN, unit, count, WORKSHEET_CLOSE);
  zip.end();
  return { inflatedBytes };
}

/**
 * "Payments" with a header row (Payee | IBAN | Amount) and `dataRows` rows of Müller GmbH |
 * DE89370400440532013000 | 12.5, in rows 2 to dataRows + 1. Rows are deflated as they are
 * made: 200,001 rows take ~1 s and make a file of ~2 MB.
 */
export function writeTooManyRowsWorkbook(path: string, dataRows = 200_001): void {
  const spec: XlsxSpec = {
    sharedStrings: ['Payee', 'IBAN', 'Amount', 'Müller GmbH', 'DE89370400440532013000'],
    sheets: [{ name: 'Payments', rows: '' }],
  };
  const zip = new ZipFileWriter(path);
  zip.parts(spec, SHEET_PART);
  const push = zip.entry(SHEET_PART);
  push(
    strToU8(
      `${WORKSHEET_OPEN}<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>`,
    ),
  );
  const batch = 10_000;
  for (let first = 2; first <= dataRows + 1; first += batch) {
    const last = Math.min(first + batch - 1, dataRows + 1);
    const rows: string[] = [];
    for (let r = first; r <= last; r++) {
      rows.push(
        `<row r="${r}"><c r="A${r}" t="s"><v>3</v></c><c r="B${r}" t="s"><v>4</v></c><c r="C${r}"><v>12.5</v></c></row>`,
      );
    }
    push(strToU8(rows.join('')));
  }
  push(strToU8(WORKSHEET_CLOSE), true);
  zip.end();
}

/**
 * `length` characters of readable text ("Payee name, line 1. Payee name, line 2. …"), ending
 * in "." so that trimming cannot shorten it.
 */
export function longText(length: number): string {
  let text = '';
  for (let line = 1; text.length < length; line++) text += `Payee name, line ${line}. `;
  return `${text.slice(0, length - 1)}.`;
}

/**
 * One shared string of `chars` characters referenced by `cells` cells (10 a row, A to J,
 * from row 1): 32,000 × 100,000 = 3.2 billion characters once expanded, from a file of
 * ~300 KB.
 */
export function sharedStringsBombWorkbook(
  options: { chars?: number; cells?: number } = {},
): Uint8Array {
  const { chars = 32_000, cells = 100_000 } = options;
  const columns = 'ABCDEFGHIJ';
  const rows: string[] = [];
  for (let r = 1; r <= Math.ceil(cells / columns.length); r++) {
    const inRow = Math.min(columns.length, cells - (r - 1) * columns.length);
    const cellsXml = [...columns.slice(0, inRow)].map(
      (col) => `<c r="${col}${r}" t="s"><v>0</v></c>`,
    );
    rows.push(`<row r="${r}">${cellsXml.join('')}</row>`);
  }
  return buildXlsx({
    sharedStrings: [longText(chars)],
    sheets: [{ name: 'Payments', rows: rows.join('') }],
  });
}

/**
 * "Payments": header Payee | Amount, then one row whose payee is `chars` characters long
 * (40,000 by default, past Excel's 32,767) and whose amount is 100; the text is a shared
 * string or an inline string.
 */
export function longCellWorkbook(
  options: { chars?: number; as?: 'shared' | 'inline' } = {},
): Uint8Array {
  const { chars = 40_000, as = 'shared' } = options;
  const payee = {
    t: as === 'shared' ? ('s' as const) : ('inlineStr' as const),
    v: longText(chars),
  };
  return buildXlsx({
    sheets: [{ name: 'Payments', rows: [row(1, ['Payee', 'Amount']), row(2, [payee, 100])] }],
  });
}
