import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffDialect } from '../../../electron/core/sheets/reading/csv-dialect';
import { sniffEncoding } from '../../../electron/core/sheets/reading/text-encoding';
import { encode } from '../../support/csv-files';

const delimiterOf = (text: string) => sniffDialect(text, true).delimiter;

describe('sniffDialect', () => {
  it('picks the delimiter that splits the lines most consistently', () => {
    expect(delimiterOf('Name;Amount\nA;1,5\nB;2,25\n')).toBe(';');
    expect(delimiterOf('Name,Note\nA,x;y\nB,z\n')).toBe(',');
    expect(delimiterOf('Name\tNote\nA\tHello, world\nB\tx,y,z\n')).toBe('\t');
    expect(delimiterOf('a,b,c\n1,2,3\n4;5,6\n')).toBe(',');
  });

  it('does not count delimiters inside quotes, even across lines', () => {
    expect(delimiterOf('"Smith, J";1\n"Doe, K\nLondon, UK";2\n')).toBe(';');
  });

  it('prefers a delimiter under which every quote opens or closes a cell', () => {
    // With a comma, the quote after the tab would sit in the middle of a cell.
    expect(delimiterOf('a\t","\tb\n"""x"""\n')).toBe('\t');
  });

  it('finds the delimiter of a list whose rows are mostly one cell', () => {
    expect(delimiterOf('Name\nA\nB\nC\nD\tnote\n')).toBe('\t');
  });

  it('takes a comma when nothing splits the lines', () => {
    expect(delimiterOf('Name\nA\nB\n')).toBe(',');
    expect(delimiterOf('')).toBe(',');
  });

  it('counts the last line only when it is whole', () => {
    // Counted, the cut last line (one tab of two) would make the semicolon more consistent.
    const cut = 'a\tb\tc;d\n'.repeat(4) + 'x;y\tz';
    expect(sniffDialect(cut, false).delimiter).toBe('\t');
    expect(sniffDialect(`${cut}\tw\n`, true).delimiter).toBe('\t');
    expect(sniffDialect(cut, true).delimiter).toBe(';');
  });

  it("takes Excel's sep= line as the delimiter and skips it", () => {
    expect(sniffDialect('sep=;\r\nName,Note;x\r\n', true)).toEqual({ delimiter: ';', skip: 7 });
    expect(sniffDialect('SEP=,\nName;Amount\n', true)).toEqual({ delimiter: ',', skip: 6 });
    expect(sniffDialect('sep=|\rName|Amount\r', true)).toEqual({ delimiter: '|', skip: 6 });
    expect(sniffDialect('sep=\t', true)).toEqual({ delimiter: '\t', skip: 5 });
    expect(sniffDialect('sep=;x\nName,Amount\n', true)).toEqual({ delimiter: ',', skip: 0 });
    expect(sniffDialect('"sep=;"\nName,Amount\n', true)).toEqual({ delimiter: ',', skip: 0 });
  });
});

describe('sniffEncoding', () => {
  const sniff = (bytes: Uint8Array) => sniffEncoding(bytes, true);

  it('trusts a BOM', () => {
    expect(sniff(encode('a', 'utf-8 with BOM'))).toBe('utf-8');
    expect(sniff(encode('a', 'utf-16le with BOM'))).toBe('utf-16le');
    expect(sniff(encode('a', 'utf-16be with BOM'))).toBe('utf-16be');
    // A BOM then bytes invalid in UTF-8: still UTF-8 (the rows will say where it breaks).
    expect(sniff(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0xe9]))).toBe('utf-8');
  });

  it('tells UTF-16 without a BOM by its NULs, in Chinese too', () => {
    expect(sniff(encode('Name,Amount\r\nA,1\r\n', 'utf-16le'))).toBe('utf-16le');
    expect(sniff(encode('Name,Amount\r\nA,1\r\n', 'utf-16be'))).toBe('utf-16be');
    // 一 is U+4E00: one of its bytes is a NUL, on the side where ASCII has none.
    expect(sniff(encode('一,二\r\n', 'utf-16le'))).toBe('utf-16le');
    expect(sniff(encode('姓名\t金额\r\n张三\t100\r\n', 'utf-16be'))).toBe('utf-16be');
  });

  it('does not take binary files with NULs for UTF-16', () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') });
    expect(sniff(zip)).not.toMatch(/utf-16/);
    expect(sniff(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe('utf-8');
  });

  it('takes valid UTF-8 as UTF-8 and anything else as Windows-1252', () => {
    expect(sniff(Buffer.from('Name\nJosé\n'))).toBe('utf-8');
    expect(sniff(encode('Name\nJosé 12,50 €\n', 'windows-1252'))).toBe('windows-1252');
  });

  it('allows a character cut at the end of the first bytes when they are not the whole file', () => {
    const head = Buffer.from('Name\nJos\xc3', 'latin1');
    expect(sniffEncoding(head, false)).toBe('utf-8');
    expect(sniffEncoding(head, true)).toBe('windows-1252');
  });
});
