// CSV files written byte for byte as the programs finance teams use would write them, in a
// temporary folder, and what the CSV reader makes of them as plain text.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SheetRow, SheetSource } from '../../electron/core/sheets/reading/sheet-types';

export type Encoding =
  | 'utf-8'
  | 'utf-8 with BOM'
  | 'utf-16le with BOM'
  | 'utf-16be with BOM'
  | 'utf-16le'
  | 'utf-16be'
  | 'windows-1252';

const BOM = '\uFEFF';

/** The bytes of `text` in `encoding`, written here rather than by the code under test. */
export function encode(text: string, encoding: Encoding): Uint8Array {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-8 with BOM':
      return Buffer.from(BOM + text, 'utf8');
    case 'utf-16le with BOM':
      return Buffer.from(BOM + text, 'utf16le');
    case 'utf-16le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be with BOM':
      return Buffer.from(BOM + text, 'utf16le').swap16();
    case 'utf-16be':
      return Buffer.from(text, 'utf16le').swap16();
    case 'windows-1252':
      return Uint8Array.from([...text].map(windows1252Byte));
  }
}

/** Code points of bytes 0x80-0x9F in Windows-1252 (0 where the byte is unassigned). */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161,
  0x203a, 0x0153, 0, 0x017e, 0x0178,
];

function windows1252Byte(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  const high = CP1252_HIGH.indexOf(code);
  if (high >= 0) return 0x80 + high;
  throw new Error(`${char} has no byte in Windows-1252`);
}

/** An RFC 4180 writer that also quotes every candidate delimiter, as careful writers do. */
export function toCsv(grid: string[][], delimiter: string, lineEnd = '\r\n'): string {
  const field = (text: string) =>
    /[",;\t\r\n]|^sep=/i.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  return grid.map((row) => row.map(field).join(delimiter) + lineEnd).join('');
}

export interface TempFolder {
  write(name: string, content: string | Uint8Array): Promise<string>;
  remove(): Promise<void>;
}

export async function tempFolder(): Promise<TempFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'payout-desk-csv-'));
  return {
    async write(name, content) {
      const path = join(dir, name);
      await writeFile(path, content);
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** All the rows of a source, read to the end. */
export async function readAll(source: SheetSource): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of source.rows) rows.push(row);
  return rows;
}

/** The rows as text: an empty cell is ''. */
export async function readGrid(source: SheetSource): Promise<string[][]> {
  return (await readAll(source)).map((row) =>
    row.cells.map((cell) => {
      if (cell.kind === 'empty') return '';
      if (cell.kind === 'text') return cell.text;
      throw new Error(`a CSV cell came back as ${cell.kind}`);
    }),
  );
}
