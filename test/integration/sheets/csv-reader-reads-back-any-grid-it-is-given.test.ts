// Any grid of texts, written as RFC 4180 CSV with any delimiter, line end and encoding, reads
// back as the same grid: no cell trimmed, split, merged or changed, whatever characters it holds.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCsv } from '../../../electron/core/sheets/reading/csv-reader';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import {
  encode,
  readGrid,
  tempFolder,
  toCsv,
  type Encoding,
  type TempFolder,
} from '../../support/csv-files';

let folder: TempFolder;
beforeAll(async () => {
  folder = await tempFolder();
});
afterAll(() => folder.remove());

/** What makes CSV hard, and what spreadsheets hold: quotes, delimiters, line ends, formulas. */
const TRICKY = ['"', ',', ';', '\t', '\r', '\n', '\r\n', ' ', '0', '=', '+', '-', '@', 'sep='];

/**
 * Windows-1252 text that cannot also be read as UTF-8: no character here is a byte that starts a
 * UTF-8 sequence (0xC2-0xF4), so any one above ASCII makes the file invalid UTF-8.
 */
const WESTERN = [...'€£¥§°±µ¿’“”–—ŠŽÀÁöøüúýÿõ', ...'ABCxyz019 .'];

/** Any character but a NUL (never text) and U+FEFF (at the start of a file, a BOM). */
const anyText = fc
  .string({ unit: 'binary', maxLength: 8 })
  .map((text) => text.replace(/[\0\uFEFF]/g, ''));

const cell = (pieces: fc.Arbitrary<string>) =>
  fc.array(fc.oneof(fc.constantFrom(...TRICKY), pieces), { maxLength: 5 }).map((p) => p.join(''));

const grid = (pieces: fc.Arbitrary<string>) =>
  fc.array(fc.array(cell(pieces), { minLength: 1, maxLength: 6 }), {
    minLength: 1,
    maxLength: 12,
  });

const unicodeEncodings: Encoding[] = [
  'utf-8',
  'utf-8 with BOM',
  'utf-16le with BOM',
  'utf-16be with BOM',
];

const written = fc.oneof(
  fc.record({ grid: grid(anyText), encoding: fc.constantFrom(...unicodeEncodings) }),
  fc.record({
    grid: grid(fc.constantFrom(...WESTERN)),
    encoding: fc.constant<Encoding>('windows-1252'),
  }),
);

/** The grid repeated past the first 64 KiB chunks, so that chunk ends fall anywhere in it. */
function pastTheFirstChunks(grid: string[][], delimiter: string): string[][] {
  const times = Math.ceil(70_000 / toCsv(grid, delimiter).length);
  return Array.from({ length: times }, () => grid).flat();
}

// 18 s on this 2-core machine alone, twice that beside other work: the limit is for a hang.
it(
  'reads back any grid written as CSV, with any delimiter, line end and encoding',
  { timeout: 90_000 },
  async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(
        written,
        fc.constantFrom(',', ';', '\t'),
        fc.constantFrom('\r\n', '\n', '\r'),
        fc.boolean(),
        async ({ grid, encoding }, delimiter, lineEnd, long) => {
          const rows = long ? pastTheFirstChunks(grid, delimiter) : grid;
          const bytes = encode(toCsv(rows, delimiter, lineEnd), encoding);
          const path = await folder.write(`grid-${(file += 1)}.csv`, bytes);
          const source = await openCsv(path, SHEET_LIMITS);
          expect(await readGrid(source)).toEqual(rows);
        },
      ),
      { numRuns: 150 },
    );
  },
);
