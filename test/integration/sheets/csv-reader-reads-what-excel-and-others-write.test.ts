import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCsv } from '../../../electron/core/sheets/reading/csv-reader';
import { EMPTY } from '../../../electron/core/sheets/reading/sheet-types';
import {
  encode,
  readAll,
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

const read = async (content: string | Uint8Array, name = 'payees.csv') =>
  readGrid(await openCsv(await folder.write(name, content)));

const PAYEES = [
  ['Name', 'IBAN', 'Amount'],
  ['René Müller', 'DE89370400440532013000', '1.250,00 €'],
  ['Straße & Söhne', 'FR1420041010050500013M02606', '99,5'],
];

describe('openCsv', () => {
  it('names the source after the file and reports no workbook features', async () => {
    const source = await openCsv(await folder.write('June payouts.csv', 'a,b\r\n'));
    expect(source.name).toBe('June payouts.csv');
    expect(source.date1904).toBe(false);
    expect([...source.hiddenColumns]).toEqual([]);
    expect(source.merges).toEqual([]);
    expect(await readAll(source)).toEqual([
      {
        number: 1,
        cells: [
          { kind: 'text', text: 'a' },
          { kind: 'text', text: 'b' },
        ],
      },
    ]);
  });

  it.each<Encoding>([
    'utf-8',
    'utf-8 with BOM',
    'utf-16le with BOM',
    'utf-16be with BOM',
    'utf-16le',
    'utf-16be',
    'windows-1252',
  ])('reads %s, the BOM not part of the first cell', async (encoding) => {
    const text = toCsv(PAYEES, ';');
    expect(await read(encode(text, encoding))).toEqual(PAYEES);
  });

  it("reads Excel's Unicode Text: UTF-16LE with a BOM, separated by tabs", async () => {
    const bytes = encode(toCsv(PAYEES, '\t'), 'utf-16le with BOM');
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(await read(bytes, 'payees.txt')).toEqual(PAYEES);
  });

  it("reads Excel's plain CSV on Western Windows as Windows-1252: é, € and curly quotes", async () => {
    const bytes = Uint8Array.from([
      ...Buffer.from('Name;Amount;Note\r\nRen', 'latin1'),
      0xe9, // é
      ...Buffer.from(';12,50 ', 'latin1'),
      0x80, // €
      0x3b, // ;
      0x93, // “
      ...Buffer.from('paid', 'latin1'),
      0x94, // ”
      0x0d,
      0x0a,
    ]);
    expect(await read(bytes)).toEqual([
      ['Name', 'Amount', 'Note'],
      ['René', '12,50 €', '“paid”'],
    ]);
  });

  it('keeps names in any script exactly as written', async () => {
    const names = [
      ['Name', 'Country'],
      ['José Núñez', 'ES'],
      ['Weiß', 'DE'],
      ['中文名字', 'CN'],
      ['محمد عبد الله', 'AE'],
      ['Zoë 👩🏽‍💼 🇫🇷', 'FR'],
      ['e\u0301 (decomposed é)', 'FR'],
    ];
    for (const encoding of ['utf-8', 'utf-8 with BOM', 'utf-16le with BOM'] as const) {
      expect(await read(encode(toCsv(names, ','), encoding))).toEqual(names);
    }
  });

  it.each(['é', '€', '😀'])(
    'reads %s split at every byte across the 64 KiB chunks it streams in',
    async (char) => {
      const header = 'Name\n';
      const rows = Array.from({ length: 65 }, () => ['x'.repeat(999)]);
      for (let cut = 1; cut < Buffer.byteLength(char); cut++) {
        // The first `cut` bytes of the character end the first chunk of 65,536 bytes.
        const before = 65_536 - cut - header.length - 65 * 1_000;
        const grid = [['Name'], ...rows, [`${'y'.repeat(before)}${char}`], ['Zoë']];
        const text = toCsv(grid, ',', '\n');
        expect(Buffer.from(text).indexOf(char)).toBe(65_536 - cut);
        expect(await read(text)).toEqual(grid);
      }
    },
  );

  it('reads a UTF-16 surrogate pair split across the chunks it streams in', async () => {
    // 2 bytes of BOM and 32,766 characters before the emoji: its high surrogate ends the chunk.
    const rows = Array.from({ length: 32 }, () => ['x'.repeat(999)]);
    const grid = [['Name'], ...rows, [`${'y'.repeat(761)}😀`], ['Zoë']];
    const bytes = encode(toCsv(grid, ',', '\n'), 'utf-16le with BOM');
    expect(Buffer.from(bytes).indexOf(Buffer.from('😀', 'utf16le'))).toBe(65_534);
    expect(await read(bytes)).toEqual(grid);
  });

  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
  ])('tells the delimiter %j (%s) from the first lines', async (delimiter) => {
    expect(await read(toCsv(PAYEES, delimiter))).toEqual(PAYEES);
  });

  it('is not misled by decimal commas in a semicolon file, nor by quoted commas', async () => {
    expect(await read('Name;Amount\nA;1,5\nB;2,25\nC;3\n')).toEqual([
      ['Name', 'Amount'],
      ['A', '1,5'],
      ['B', '2,25'],
      ['C', '3'],
    ]);
    expect(await read('Name,Amount\n"Smith; J",1;5\n"Doe; K","2;5"\n')).toEqual([
      ['Name', 'Amount'],
      ['Smith; J', '1;5'],
      ['Doe; K', '2;5'],
    ]);
  });

  it("takes Excel's sep= line as the delimiter and not as a row: the header is row 1, as Excel shows it", async () => {
    const source = await openCsv(
      await folder.write('sep.csv', 'sep=,\r\nName;Alias,Amount\r\nA;B,1\r\n'),
    );
    const rows = await readAll(source);
    expect(rows.map((row) => row.number)).toEqual([1, 2]);
    expect(await readGrid(source)).toEqual([
      ['Name;Alias', 'Amount'],
      ['A;B', '1'],
    ]);
    expect(await read(encode('SEP=;\nName;Amount\nA;1,5\n', 'utf-16le with BOM'))).toEqual([
      ['Name', 'Amount'],
      ['A', '1,5'],
    ]);
  });

  it('reads quoted cells holding delimiters, doubled quotes and line breaks of every kind', async () => {
    const text =
      'Name,Address,Note\r\n' +
      '"Smith, John","1 High St\r\nLondon","He said ""pay me"""\r\n' +
      '"Doe","Line\nbreak\rand CR","a,b;c\td"\r\n';
    expect(await read(text)).toEqual([
      ['Name', 'Address', 'Note'],
      ['Smith, John', '1 High St\r\nLondon', 'He said "pay me"'],
      ['Doe', 'Line\nbreak\rand CR', 'a,b;c\td'],
    ]);
  });

  it('keeps every cell the text it is: leading zeros, spaces, formulas, numbers, dates', async () => {
    const row = ['007', ' 12 ', '=1+1', '+49 30 1234', '-5', '1e5', '2024-06-30', '  ', 'TRUE'];
    expect(await read(toCsv([row], ','))).toEqual([row]);
  });

  it('reads ="012345", as systems export a text that keeps its zeros, as the text inside its quotes', async () => {
    const text =
      'Name,Sort code,Account,Reference,Note\r\n' +
      'Ada,="040004",="00012345",="012345","=""012345"""\r\n' +
      'Bob,="",="12 ""A"" 34",=SUM(A1:A3),+cmd\r\n' +
      '="007",@A1,=1+1,-5,="0,1"\r\n';
    expect(await read(text)).toEqual([
      ['Name', 'Sort code', 'Account', 'Reference', 'Note'],
      // Quoted in the file, the cell's text is ="012345" as written (RFC 4180).
      ['Ada', '040004', '00012345', '012345', '="012345"'],
      // Doubled quotes inside are one, as in Excel; a formula that is no text stays as written.
      ['Bob', '', '12 "A" 34', '=SUM(A1:A3)', '+cmd'],
      ['007', '@A1', '=1+1', '-5', '0,1'],
    ]);
  });

  it('reads ="012345" whole where a chunk of the file ends between its = and its quote', async () => {
    const header = 'Name,Account\n';
    // The first chunk streamed is 64 KiB: rows of padding put the cell's = at its last byte.
    const fill = 64 * 1024 - 1 - header.length - 'y,'.length;
    const padding =
      `${'x'.repeat(99)}\n`.repeat(Math.floor(fill / 100)) + `${'x'.repeat((fill % 100) - 1)}\n`;
    const text = `${header}${padding}y,="00012345"\n`;
    expect(text.indexOf('="')).toBe(64 * 1024 - 1);
    expect((await read(text)).at(-1)).toEqual(['y', '00012345']);
  });

  it('reads CRLF, LF, lone CR and a mix, with or without a line end after the last row', async () => {
    const expected = [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ];
    for (const text of [
      'a,b\r\nc,d\r\ne,f\r\n',
      'a,b\nc,d\ne,f\n',
      'a,b\rc,d\re,f\r',
      'a,b\r\nc,d\ne,f',
      'a,b\rc,d\r\ne,f\n',
    ]) {
      expect(await read(text)).toEqual(expected);
    }
  });

  it('numbers rows as a spreadsheet does: a quoted cell over lines is one row, a blank line is a row', async () => {
    const source = await openCsv(
      await folder.write('numbers.csv', 'Name,Note\n"A","two\nlines"\n\nB,x\n,\n'),
    );
    expect(await readAll(source)).toEqual([
      {
        number: 1,
        cells: [
          { kind: 'text', text: 'Name' },
          { kind: 'text', text: 'Note' },
        ],
      },
      {
        number: 2,
        cells: [
          { kind: 'text', text: 'A' },
          { kind: 'text', text: 'two\nlines' },
        ],
      },
      { number: 3, cells: [EMPTY] },
      {
        number: 4,
        cells: [
          { kind: 'text', text: 'B' },
          { kind: 'text', text: 'x' },
        ],
      },
      { number: 5, cells: [EMPTY, EMPTY] },
    ]);
  });

  it('keeps ragged rows as they are, shorter or longer than the header', async () => {
    expect(await read('Name,IBAN,Amount\nA\nB,DE89,1,extra,more\nC,,\n')).toEqual([
      ['Name', 'IBAN', 'Amount'],
      ['A'],
      ['B', 'DE89', '1', 'extra', 'more'],
      ['C', '', ''],
    ]);
  });

  it('reads an empty file as no rows, and one without a line end as one row', async () => {
    expect(await read('')).toEqual([]);
    expect(await read(encode('', 'utf-8 with BOM'))).toEqual([]);
    expect(await read('only')).toEqual([['only']]);
  });

  it('streams the rows again from the start each time they are iterated', async () => {
    const source = await openCsv(await folder.write('twice.csv', 'a\nb\nc\n'));
    for await (const row of source.rows) if (row.number === 2) break;
    expect(await readGrid(source)).toEqual([['a'], ['b'], ['c']]);
    expect(await readGrid(source)).toEqual([['a'], ['b'], ['c']]);
  });
});
