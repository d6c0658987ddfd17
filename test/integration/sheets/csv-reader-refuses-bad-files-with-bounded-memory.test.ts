import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCsv } from '../../../electron/core/sheets/reading/csv-reader';
import { SHEET_LIMITS, type SheetLimits } from '../../../electron/core/sheets/reading/limits';
import { SheetFileError } from '../../../electron/core/sheets/reading/sheet-types';
import {
  encode,
  readAll,
  readGrid,
  tempFolder,
  toCsv,
  type TempFolder,
} from '../../support/csv-files';

let folder: TempFolder;
beforeAll(async () => {
  folder = await tempFolder();
});
afterAll(() => folder.remove());

const limited = (limits: Partial<SheetLimits>): SheetLimits => ({ ...SHEET_LIMITS, ...limits });

/** The refusal of reading a file through (from openCsv or from its rows), and the rows read before it. */
async function refusal(content: string | Uint8Array, limits: SheetLimits = SHEET_LIMITS) {
  const path = await folder.write('list.csv', content);
  let rowsBefore = 0;
  try {
    const source = await openCsv(path, limits);
    for await (const _row of source.rows) rowsBefore += 1;
  } catch (error) {
    expect(error).toBeInstanceOf(SheetFileError);
    const { code, message } = error as SheetFileError;
    return { code, message, rowsBefore };
  }
  throw new Error('the file was read without a refusal');
}

/** Lines of ASCII reaching past the first 64 KiB, the part the encoding is told from. */
const PAST_THE_HEAD = 'Name,Note\n' + 'Payee,paid in full\n'.repeat(4_000);
const ROW_AFTER = 4_002;

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
]);

describe('openCsv refuses', () => {
  it('a file over the size limit, before reading it', async () => {
    const result = await refusal(PNG, limited({ maxFileBytes: 40 }));
    expect(result.code).toBe('too_large');
    expect(result.message).toMatch(/split the list into several files/);
  });

  it('a file that cannot be opened', async () => {
    await expect(openCsv(`${PAST_THE_HEAD}/nowhere.csv`)).rejects.toMatchObject({
      code: 'unreadable',
    });
  });

  it('a file gone between opening it and reading its rows', async () => {
    const path = await folder.write('gone.csv', 'Name\nA\n');
    const source = await openCsv(path);
    await rm(path);
    await expect(readAll(source)).rejects.toMatchObject({
      code: 'unreadable',
      message: expect.stringMatching(/^the file could not be read to its end/),
    });
  });

  it.each([
    ['a PNG picture renamed .csv', PNG],
    ['a zip (a workbook) renamed .csv', zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') })],
    ['text with a NUL byte', Buffer.from('Name,Amount\nA,1\0\n')],
  ])('%s, in words a person can act on', async (_what, bytes) => {
    const result = await refusal(bytes);
    expect(result).toMatchObject({ code: 'not_a_spreadsheet', rowsBefore: 0 });
    expect(result.message).toMatch(/not text.*save it again .*CSV UTF-8/);
  });

  it('bytes that are not text after the first 64 KiB, naming the cell', async () => {
    const result = await refusal(`${PAST_THE_HEAD}Last,bro\0ken\nNext,row\n`);
    expect(result.code).toBe('not_a_spreadsheet');
    expect(result.message).toMatch(new RegExp(`^cell B${ROW_AFTER} holds bytes that are not text`));
  });

  it('bytes that are not text inside a quoted cell, naming that cell', async () => {
    const result = await refusal(`${PAST_THE_HEAD}Last,"bro\0ken\nacross lines"\nNext,row\n`);
    expect(result.code).toBe('not_a_spreadsheet');
    expect(result.message).toMatch(new RegExp(`^cell B${ROW_AFTER} holds bytes that are not text`));
  });

  it.each([
    ['a Windows-1252 é', [0xe9]],
    ['a stray continuation byte', [0x80]],
    ['a byte never in UTF-8', [0xff]],
  ])(
    'a file valid UTF-8 in its first 64 KiB holding %s later, naming the cell',
    async (_what, bad) => {
      const bytes = Buffer.concat([
        Buffer.from(`${PAST_THE_HEAD}Last,Ren`),
        Buffer.from(bad),
        Buffer.from('\nNext,row\n'),
      ]);
      const result = await refusal(bytes);
      expect(result.code).toBe('unreadable');
      expect(result.message).toMatch(new RegExp(`^cell B${ROW_AFTER} holds bytes that are not`));
      expect(result.message).toMatch(/save it again .*CSV UTF-8/);
    },
  );

  it('a UTF-8 file that ends in the middle of a character', async () => {
    const bytes = Buffer.concat([Buffer.from(`${PAST_THE_HEAD}Zo`), Buffer.from([0xc3])]);
    const result = await refusal(bytes);
    expect(result.code).toBe('unreadable');
    expect(result.message).toMatch(new RegExp(`^cell A${ROW_AFTER} holds bytes that are not`));
  });

  it('a UTF-16 file with half a surrogate pair', async () => {
    const bytes = Buffer.concat([
      encode('Name\nA,', 'utf-16le with BOM'),
      Buffer.from([0x3d, 0xd8]), // a high surrogate, then no low one
      encode(',x\n', 'utf-16le'),
    ]);
    expect(await refusal(bytes)).toMatchObject({ code: 'unreadable' });
    expect((await refusal(bytes)).message).toMatch(/^cell B2 /);
  });

  it('no file for a cell longer than Excel allows: the cell is overlong, the rows around it read', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `P${i},DE89,${i}\n`).join('');
    const long = 'a'.repeat(40_000);
    const path = await folder.write(
      'long.csv',
      `Name,IBAN,Note\n${rows}X,DE89,${long}\nY,DE89,z\n`,
    );
    const read = await readAll(await openCsv(path));
    expect(read).toHaveLength(13);
    expect(read[11]?.cells[2]).toEqual({
      kind: 'overlong',
      text: long,
      limit: SHEET_LIMITS.maxCellChars,
    });
    expect(read[12]?.cells).toEqual(['Y', 'DE89', 'z'].map((text) => ({ kind: 'text', text })));
  });

  it('takes a cell at the limit in any script', async () => {
    // 32,767 characters of three UTF-8 bytes each, 16,383 emoji (two units, four bytes each),
    // and 32,767 quotes, each written twice.
    const longest = ['€'.repeat(32_767), '😀'.repeat(16_383), '"'.repeat(32_767)];
    const path = await folder.write('longest.csv', toCsv([longest], ','));
    expect(await readGrid(await openCsv(path))).toEqual([longest]);
  });

  it('no row for holding many long cells: the limit is per cell', async () => {
    const row = [...'abcdefghijkl'].map((letter) => letter.repeat(30_000));
    const path = await folder.write('wide.csv', `${row.join(';')}\n`);
    expect(await readGrid(await openCsv(path))).toEqual([row]);
  });

  it('a quote never closed, naming the cell it opens', async () => {
    const result = await refusal('Name,Note\nA,"never closed\nB,x\n');
    expect(result.code).toBe('unreadable');
    expect(result.message).toMatch(/^a quote \("\) opens cell B2 and is never closed/);
  });

  it('a quote never closed in a large file under the default limits', async () => {
    const result = await refusal(`Name,Note\nA,"never closed\n${'C,more text\n'.repeat(100_000)}`);
    expect(result.code).toBe('cell_too_long');
    expect(result.message).toMatch(
      /^cell B2 runs on past 1,048,576 characters, far more than a spreadsheet cell holds \(Excel's own limit is 32,767\)/,
    );
  });

  it('a quote never closed in a large file, after buffering no more than one cell', async () => {
    const rest = 'C,more text\n'.repeat(20_000);
    const limits = limited({ maxRawCellChars: 1_000 });
    const result = await refusal(`Name,Note\nA,"never closed\n${rest}`, limits);
    expect(result.code).toBe('cell_too_long');
    expect(result.message).toMatch(
      /^cell B2 runs on past 1,000 characters,.*a quote \("\).*never closed.*check the quotes in row 2/,
    );
  });

  it('a cell of more characters than can be held, quoted or not, wherever the text stops', async () => {
    const limits = limited({ maxCellChars: 10, maxRawCellChars: 22 });
    const runsOn = (cell: string) => new RegExp(`^cell ${cell} runs on past 22 characters`);
    // Unquoted, quoted, and stopped just after a quote that may close the cell or be doubled.
    for (const [text, cell] of <[string, string][]>[
      [`Name,Note\nA,${'x'.repeat(30)}\n`, 'B2'],
      [`Name,Note\nA,"${'x'.repeat(30)}"\n`, 'B2'],
      [`Name\n"${'x'.repeat(21)}""more"\n`, 'A2'],
      [`Name\n"${'x'.repeat(21)}"\n`, 'A2'],
    ]) {
      const result = await refusal(text, limits);
      expect(result.code).toBe('cell_too_long');
      expect(result.message).toMatch(runsOn(cell));
    }
  });

  it('a row of more characters than can be held, even of empty cells', async () => {
    const limits = limited({ maxRawCellChars: 1_600 });
    const result = await refusal(`Name\nA${','.repeat(5_000)}\n`, limits);
    expect(result.code).toBe('unreadable');
    expect(result.message).toMatch(/^row 2 runs on past 3,200 characters/);
  });

  it('a quote never closed that a later quote seems to close, rather than merge the rows between', async () => {
    const result = await refusal('Name,Note\nA,"never closed\nB,x\nC,"more" text\nD,y\n');
    expect(result.code).toBe('unreadable');
    expect(result.message).toMatch(/^cell B2 starts with a quote \("\) and goes on after/);
  });

  it('a quote inside a cell that does not start with one, naming the cell', async () => {
    const result = await refusal('Item,Size\nMonitor,27" wide\n');
    expect(result.code).toBe('unreadable');
    expect(result.message).toMatch(/^cell B2 has a quote \("\) that does not start the cell/);
  });

  it('a formula with quotes that is more than one text, as a quote out of place', async () => {
    for (const [cell, starts] of [
      [
        '=HYPERLINK("http://pay.example","Pay")',
        /^cell B2 has a quote \("\) that does not start the cell/,
      ],
      ['="0"&A1', /^cell B2 starts with a quote \("\) and goes on after/],
    ] as const) {
      const result = await refusal(`Name,Note\nA,${cell}\n`);
      expect(result.code).toBe('unreadable');
      expect(result.message).toMatch(starts);
    }
  });

  it('a row of more cells than Excel has columns', async () => {
    const result = await refusal(`Name\n${','.repeat(16_384)}\n`);
    expect(result.code).toBe('unreadable');
    expect(result.message).toMatch(/^row 2 has more than 16,384 cells/);
  });

  it('more text than a sheet may hold', async () => {
    const result = await refusal('abcde\n'.repeat(30), limited({ maxSheetTextChars: 100 }));
    expect(result.code).toBe('text_too_large');
  });

  it('more rows than an import takes under its header, while streaming', async () => {
    const limits = limited({ maxRows: 10 });
    const header = 'Name,Amount\n';
    const path = await folder.write('ten.csv', header + 'A,1\n'.repeat(10));
    expect(await readAll(await openCsv(path, limits))).toHaveLength(11);
    const result = await refusal(header + 'A,1\n'.repeat(11), limits);
    expect(result.code).toBe('too_many_rows');
    expect(result.message).toBe(
      'the file has more than 10 rows under its header; an import takes at most 10: split the list into several files',
    );
  });

  it('a 250,000-row file under the default limits, as soon as the limit is passed', async () => {
    const path = await folder.write('big.csv', 'Name,IBAN,Amount\n');
    const out = createWriteStream(path, { flags: 'a' });
    for (let i = 0; i < 250_000; i++) {
      if (!out.write(`Payee ${i},DE89370400440532013000,${i}.00\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const source = await openCsv(path);
    let seen = 0;
    const reading = (async () => {
      for await (const _row of source.rows) seen += 1;
    })();
    await expect(reading).rejects.toMatchObject({ code: 'too_many_rows' });
    expect(seen).toBe(SHEET_LIMITS.maxRows + 1);
  });
});
