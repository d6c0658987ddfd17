// A worksheet's XML and its shared strings are read in chunks as they inflate. Wherever the
// chunks are cut, even inside a UTF-8 character, the rows and strings are the same. Between two
// chunks only a tag or cell still open is kept: a long run of whitespace is not (a sheet padded
// with megabytes of it would otherwise be scanned again with every chunk), and a tag that never
// closes is refused once it is longer than any real cell.
import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import { SharedStringsReader } from '../../../electron/core/sheets/reading/shared-strings-reader';
import {
  WorksheetParser,
  type ParsedRow,
  type WorkbookContext,
} from '../../../electron/core/sheets/reading/worksheet-parser';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const workbook: WorkbookContext = {
  sharedStrings: ['Payee', 'Zoë Ashworth'],
  numberFormat: (style) => ['General', 'dd/mm/yyyy', '#,##0.00'][style],
  struckThrough: () => false,
  date1904: false,
};

function parse(chunks: string[]): { rows: ParsedRow[]; parser: WorksheetParser } {
  const parser = new WorksheetParser(workbook);
  const rows = chunks.flatMap((chunk) => parser.push(bytes(chunk)));
  return { rows, parser };
}

const SHEET =
  '<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<cols><col min="3" max="3" hidden="1"/></cols><sheetData>' +
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
  '<row r="3" hidden="1"><c r="A3" t="inlineStr"><is><r><t>Café </t></r><r><t xml:space="preserve">&amp; Olé</t></r><rPh><t>カフェ</t></rPh></is></c>' +
  '<c r="B3" s="1"><v>47514</v></c><c r="C3" s="2"><v>1234.5</v></c><c r="D3" s="2"/></row>' +
  '<row r="4"><c r="A4" t="str"><f>UPPER(A3)</f><v>CAFÉ &amp; OLÉ</v></c><c r="B4"><f>B3-B3</f><v>0</v></c>' +
  '<c r="C4" t="b"><f>FALSE()</f><v>0</v></c><c r="D4" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="E4"><f>SUM(B3)</f></c></row>' +
  '<!-- <row r="9"><c r="A9"><v>9</v></c></row> --><row r="5"/></sheetData>' +
  '<mergeCells count="1"><mergeCell ref="B3:B5"/></mergeCells>' +
  // An extension's own elements are not rows and cells, whatever their names.
  '<extLst><ext uri="{x}"><x:row r="7"><x:c r="A7"><x:v>7</x:v></x:c></x:row></ext></extLst></worksheet>';

/** Each piece of `bytes` of `size` bytes, the last one shorter. */
function* pieces(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('the shared strings', () => {
  const TABLE =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="5" uniqueCount="5">' +
    '<si><t>Payee</t></si><si><t xml:space="preserve">  Müller &amp; Söhne  </t></si>' +
    '<si><r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">Zoë </t></r><r><t>Ashworth-Łukasiewicz</t></r></si>' +
    '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>' +
    '<si><t/></si><si><t>&#x1F4B7; &lt;pay&gt; &#8364;</t></si></sst>';

  it('are each as a person sees them, whatever the chunks', () => {
    const expected = [
      'Payee',
      '  Müller & Söhne  ',
      'Zoë Ashworth-Łukasiewicz',
      '東京',
      '',
      '💷 <pay> €',
    ];
    for (const size of [1, 5, 64, 1 << 20]) {
      const reader = new SharedStringsReader();
      for (const piece of pieces(bytes(TABLE), size)) reader.push(piece);
      expect(reader.strings).toEqual(expected);
    }
  });
});

describe('the worksheet parser', () => {
  it('reads every cell shape, whatever the chunks', () => {
    const whole = parse([SHEET]);
    expect(whole.rows).toEqual([
      {
        number: 1,
        cells: [
          { kind: 'text', text: 'Payee' },
          { kind: 'empty' },
          { kind: 'text', text: 'Zoë Ashworth' },
        ],
      },
      {
        number: 3,
        hidden: true,
        cells: [
          { kind: 'text', text: 'Café & Olé' },
          { kind: 'date', date: '2030-01-31', format: 'dd/mm/yyyy' },
          { kind: 'number', value: 1234.5, format: '#,##0.00' },
        ],
      },
      {
        number: 4,
        cells: [
          { kind: 'text', text: 'CAFÉ & OLÉ' },
          { kind: 'number', value: 0 },
          { kind: 'boolean', value: false },
          { kind: 'error', code: '#DIV/0!' },
          { kind: 'formula', formula: 'SUM(B3)' },
        ],
      },
      { number: 5, cells: [] },
    ]);
    expect([...whole.parser.hiddenColumns]).toEqual([2]);
    expect(whole.parser.merges).toEqual([{ top: 3, left: 1, bottom: 5, right: 1 }]);
    // Cut after every byte of the UTF-8: a character split across two chunks, too.
    for (const size of [1, 7, 64]) {
      const parser = new WorksheetParser(workbook);
      const rows: ParsedRow[] = [];
      for (const piece of pieces(bytes(SHEET), size)) rows.push(...parser.push(piece));
      expect(rows).toEqual(whole.rows);
    }
  });

  it('counts rows and cells that leave out their reference, as OOXML allows', () => {
    const { rows } = parse([
      '<worksheet><sheetData><row><c t="inlineStr"><is><t>Payee</t></is></c><c><v>1</v></c></row>',
      '<row><c r="B2"><v>2</v></c><c><v>3</v></c></row></sheetData></worksheet>',
    ]);
    expect(rows).toEqual([
      {
        number: 1,
        cells: [
          { kind: 'text', text: 'Payee' },
          { kind: 'number', value: 1 },
        ],
      },
      {
        number: 2,
        cells: [{ kind: 'empty' }, { kind: 'number', value: 2 }, { kind: 'number', value: 3 }],
      },
    ]);
  });

  it('reads an ISO date cell (t="d") in its style’s date format, and none from another style', () => {
    const { rows } = parse([
      '<worksheet><sheetData><row r="1"><c r="A1" t="d" s="1"><v>2030-01-31T00:00:00</v></c>',
      '<c r="B1" t="d" s="2"><v>2030-01-31T09:30:00</v></c></row></sheetData></worksheet>',
    ]);
    expect(rows).toEqual([
      {
        number: 1,
        cells: [
          { kind: 'date', date: '2030-01-31', format: 'dd/mm/yyyy' },
          { kind: 'date', date: '2030-01-31', time: '09:30:00' },
        ],
      },
    ]);
  });

  it('reads a sheet whose tags carry a namespace prefix', () => {
    const { rows } = parse([
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>',
      '<x:row r="2"><x:c r="B2" t="s"><x:v>0</x:v></x:c></x:row></x:sheetData></x:worksheet>',
    ]);
    expect(rows).toEqual([
      { number: 2, cells: [{ kind: 'empty' }, { kind: 'text', text: 'Payee' }] },
    ]);
  });

  it('reads hidden rows and merges across chunks padded with whitespace', () => {
    const parser = new WorksheetParser(workbook);
    const rows = [
      ...parser.push(bytes('<worksheet><sheetData><row r="2" hid')),
      ...parser.push(bytes('den="1"><c r="A2"><v>1</v></c></row>')),
    ];
    for (let n = 0; n < 200; n += 1) parser.push(bytes(' '.repeat(64 * 1024)));
    parser.push(bytes('</sheetData><mergeCells><mergeCell ref="B3:B5"/></mergeCells></worksheet>'));
    expect(rows).toEqual([{ number: 2, hidden: true, cells: [{ kind: 'number', value: 1 }] }]);
    expect(parser.merges).toEqual([{ top: 3, left: 1, bottom: 5, right: 1 }]);
  });

  it('refuses a tag that runs on past a megabyte', () => {
    const parser = new WorksheetParser(workbook);
    parser.push(bytes('<worksheet><sheetData><row r="2"><c r="A2" s="'));
    expect(() => {
      for (let n = 0; n < 40; n += 1) parser.push(bytes('1'.repeat(64 * 1024)));
    }).toThrow(expect.objectContaining({ code: 'cell_too_long' }));
  });

  it('takes a cell as long as a cell may take, and refuses one more wherever the chunks end', () => {
    /** A cell whose XML is `chars` long. */
    const cell = (chars: number) => {
      const [open, close] = ['<c r="A2" t="inlineStr"><is><t>', '</t></is></c>'];
      return `${open}${'x'.repeat(chars - open.length - close.length)}${close}`;
    };
    const longest = cell(SHEET_LIMITS.maxRawCellChars);
    for (const size of [64 * 1024, 2 * SHEET_LIMITS.maxRawCellChars]) {
      const sheet = (xml: string) =>
        pieces(
          bytes(`<worksheet><sheetData><row r="2">${xml}</row></sheetData></worksheet>`),
          size,
        );
      const parser = new WorksheetParser(workbook);
      const rows = [...sheet(longest)].flatMap((chunk) => parser.push(chunk));
      expect(rows[0]?.cells[0]).toMatchObject({ kind: 'text' });
      const refusing = new WorksheetParser(workbook);
      expect(() => {
        for (const chunk of sheet(cell(SHEET_LIMITS.maxRawCellChars + 1))) refusing.push(chunk);
      }).toThrow(expect.objectContaining({ code: 'cell_too_long' }));
    }
  });

  it('refuses a cell beyond the last column Excel has', () => {
    expect(() =>
      parse(['<worksheet><sheetData><row r="1"><c r="XFE1"><v>1</v></c></row></sheetData>']),
    ).toThrow(
      expect.objectContaining({ code: 'unreadable', message: expect.stringMatching(/XFE1/) }),
    );
  });
});
