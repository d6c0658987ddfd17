// Reads a CSV as the sheet importer's rows, streaming: bytes from disk, decoded as they come,
// bounded, split into cells by csv-parse, so that a file of any allowed size is never held whole.
// Every cell stays the text the file holds (leading zeros, spaces, '=1+1'); the coercion decides.
// One exception, as Excel reads it: ="012345" is the text 012345 (csv-excel-text.ts).
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { boundCells, rowCharBound } from './csv-bounds';
import { sniffDialect, type CsvDialect } from './csv-dialect';
import { excelTextCells } from './csv-excel-text';
import {
  MAX_COLUMNS,
  faultAt,
  notText,
  refusal,
  textTooLarge,
  tooLarge,
  tooManyCells,
  tooManyRows,
  type CsvFault,
} from './csv-refusals';
import { SHEET_LIMITS, type SheetLimits } from './limits';
import {
  SheetFileError,
  textCell,
  type CellValue,
  type SheetRow,
  type SheetSource,
} from './sheet-types';
import {
  CUT,
  HEAD_BYTES,
  decodeChunks,
  decodeHead,
  sniffEncoding,
  type TextEncoding,
} from './text-encoding';

/**
 * Opens a CSV: checks its size, tells its encoding and delimiter from its first 64 KiB, and
 * refuses a file that is not text. Its rows stream from disk each time they are iterated; a
 * refusal found on the way is thrown from the iteration, after the rows before it.
 */
export async function openCsv(
  path: string,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<SheetSource> {
  const { head, wholeFile, size } = await readHead(path, limits);
  const encoding = sniffEncoding(head, wholeFile);
  const text = decodeHead(head, encoding, wholeFile);
  if (text.includes(CUT)) throw notText();
  const dialect = sniffDialect(text, wholeFile);
  const read = { bytes: 0 };
  return {
    name: basename(path),
    date1904: false,
    hiddenColumns: new Set(),
    merges: [],
    ...(dialect.delimiter === ';' ? { decimalHint: ',' } : {}),
    rows: { [Symbol.asyncIterator]: () => readRows(path, encoding, dialect, limits, read) },
    readFraction: () => (size > 0 ? Math.min(1, read.bytes / size) : undefined),
  };
}

async function readHead(path: string, limits: SheetLimits) {
  const cannotOpen = () => {
    throw new SheetFileError('unreadable', `${basename(path)} cannot be opened: check the path`);
  };
  const { size } = await stat(path).catch(cannotOpen);
  if (size > limits.maxFileBytes) throw tooLarge(size, limits);
  const handle = await open(path, 'r').catch(cannotOpen);
  try {
    const buffer = new Uint8Array(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { head: buffer.subarray(0, bytesRead), wholeFile: bytesRead === size, size };
  } finally {
    await handle.close();
  }
}

async function* readRows(
  path: string,
  encoding: TextEncoding,
  dialect: CsvDialect,
  limits: SheetLimits,
  read: { bytes: number },
): AsyncGenerator<SheetRow> {
  let fault: CsvFault | undefined;
  const onFault = (found: CsvFault) => (fault ??= found);
  const bytes = createReadStream(path, { highWaterMark: HEAD_BYTES });
  const decoded = skipChars(decodeChunks(bytes, encoding, onFault), dialect.skip);
  const texts = excelTextCells(decoded, dialect.delimiter);
  const text = Readable.from(boundCells(texts, dialect.delimiter, limits, onFault));
  const parser = parse({
    delimiter: dialect.delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // Strict quotes. csv-parse's relax_quotes would keep `12" screen` as written, as Excel does,
    // but would also take a quote never closed as closed by the next stray quote, and silently
    // merge the rows between into one cell: payees would drop out of the batch without a word.
    // Excel writes such a cell as "12"" screen", so saving the file again from Excel fixes it.
    relax_quotes: false,
    // Never reached (boundCells cuts rows first, and csv-parse counts UTF-8 bytes of the cell
    // being read, up to 3 per character): a backstop should the two ever disagree.
    max_record_size: 3 * rowCharBound(limits) + 16,
  });
  pipeline(text, parser, () => {
    // A failure anywhere surfaces on the parser's iterator, below.
  });
  const cells = cellReader(limits, () => fault);
  let number = 0;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      number += 1;
      // maxRows counts data rows: one more is the header (the template's rows 2 to maxRows + 1).
      if (number > limits.maxRows + 1) throw tooManyRows(limits);
      read.bytes = bytes.bytesRead;
      yield { number, cells: cells(fields, number) };
    }
  } catch (error) {
    throw refusal(error, limits);
  }
}

async function* skipChars(texts: AsyncIterable<string>, skip: number): AsyncGenerator<string> {
  for await (const text of texts) {
    const rest = skip > 0 ? text.slice(skip) : text;
    skip = Math.max(0, skip - text.length);
    if (rest !== '') yield rest;
  }
}

/** Each row's fields as cells, checked against the limits. */
function cellReader(limits: SheetLimits, fault: () => CsvFault | undefined) {
  let textChars = 0;
  return (fields: string[], row: number): CellValue[] => {
    if (fields.length > MAX_COLUMNS) throw tooManyCells(row);
    return fields.map((text, column) => {
      if (text.includes(CUT)) throw faultAt(fault() ?? 'not_text', row, column, limits);
      textChars += text.length;
      if (textChars > limits.maxSheetTextChars) throw textTooLarge(limits);
      // Longer than Excel allows is an issue at the cell, as in an .xlsx: csv-bounds.ts has
      // already refused a cell that runs on past what any spreadsheet writes.
      return textCell(text, limits.maxCellChars);
    });
  };
}
