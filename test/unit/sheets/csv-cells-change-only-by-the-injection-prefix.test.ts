import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  numberText,
  quoteCsvField,
  safeCsvText,
  startsLikeFormula,
  UTF8_BOM,
  xlsxCellValue,
} from '../../../electron/core/sheets/writing/safe-text';

/** What a standards-compliant CSV reader sees in one line of our CSV. */
function readLine(line: string): string[] {
  const records = parse(UTF8_BOM + line, { bom: true, relax_column_count: false }) as string[][];
  expect(records).toHaveLength(1);
  return records[0] ?? [];
}

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r', '\n'];
/** Texts that often start with a dangerous character, and every other shape of text too. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.tuple(fc.constantFrom(...DANGEROUS), fc.string()).map(([start, rest]) => start + rest),
  fc.string({ unit: fc.constantFrom('"', ',', ';', '\r', '\n', "'", 'a', ' ', '=', '-') }),
);

describe('a text in a CSV cell', () => {
  it('reads back unchanged, or with one leading quote when it starts like a formula', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const [before, cell, after] = readLine(csvLine(['x', text, 'y']));
        expect(before).toBe('x');
        expect(after).toBe('y');
        const dangerous = startsLikeFormula(text);
        expect(cell).toBe(dangerous ? `'${text}` : text);
        // The prefix is only ever added to texts that start with a dangerous character.
        if (dangerous) expect(DANGEROUS).toContain(text[0]);
      }),
      { numRuns: 2000 },
    );
  });

  it('never starts like a formula once made safe', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(startsLikeFormula(safeCsvText(text))).toBe(false);
      }),
    );
  });

  it('is prefixed for each character OWASP names', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(safeCsvText(text)).toBe(`'${text}`);
    }
    expect(safeCsvText('\n=1')).toBe("'\n=1");
  });

  it('that is a plain signed number stays a number for the spreadsheet', () => {
    for (const text of ['-12.50', '+3', '-0', '-1000000']) expect(safeCsvText(text)).toBe(text);
    expect(safeCsvText('-12.50+1')).toBe("'-12.50+1");
    expect(safeCsvText('-1e5')).toBe("'-1e5");
  });

  it('is quoted for commas, semicolons, quotes and line breaks, and only then', () => {
    expect(quoteCsvField('plain text')).toBe('plain text');
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('a;b')).toBe('"a;b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('two\nlines')).toBe('"two\nlines"');
    expect(quoteCsvField('cr\r')).toBe('"cr\r"');
  });
});

describe('other values in a CSV cell', () => {
  it('write numbers, negative ones too, as plain decimals without a prefix', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(1e21)).toBe('1000000000000000000000');
    expect(csvCell(1.5e-7)).toBe('0.00000015');
    expect(csvCell(-2.5e-7)).toBe('-0.00000025');
  });

  it('write any finite number as a decimal that reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = numberText(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('write booleans as Excel does, empty cells as nothing, days as ISO dates', () => {
    expect(csvLine([true, false, null, undefined, new Date(Date.UTC(2026, 11, 31))])).toBe(
      'TRUE,FALSE,,,2026-12-31\r\n',
    );
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 9, 30)))).toBe('2026-01-02T09:30:00Z');
  });
});

describe('an xlsx cell value', () => {
  it('is the text itself, never a formula object, with line ends as Excel writes them', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(xlsxCellValue(text)).toBe(text.replace(/\r\n?/g, '\n'));
      }),
    );
    expect(xlsxCellValue('=1+1')).toBe('=1+1');
    expect(xlsxCellValue('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('keeps numbers, booleans and dates, and writes a non-finite number as text', () => {
    expect(xlsxCellValue(-12.5)).toBe(-12.5);
    expect(xlsxCellValue(false)).toBe(false);
    expect(xlsxCellValue(null)).toBeNull();
    expect(xlsxCellValue(Number.NaN)).toBe('NaN');
    expect(xlsxCellValue(new Date(Number.NaN))).toBeNull();
  });

  it('is cut to the 32,767 characters Excel can open', () => {
    const cut = xlsxCellValue('x'.repeat(40_000));
    expect(typeof cut === 'string' && cut.length).toBe(32_767);
  });
});
