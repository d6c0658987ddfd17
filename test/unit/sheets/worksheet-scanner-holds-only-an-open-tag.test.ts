// The worksheet scanner reads the sheet's XML in chunks and keeps, between two chunks, only a
// tag or cell still open: a long run of whitespace is not kept (a sheet padded with megabytes
// of it would otherwise be scanned again with every chunk), and a tag that never closes is
// refused once it is longer than any real cell.
import { describe, expect, it } from 'vitest';
import { WorksheetScanner } from '../../../electron/core/sheets/worksheet-scanner';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('the worksheet scanner', () => {
  it('reads hidden rows and merges across chunks padded with whitespace', () => {
    const scanner = new WorksheetScanner();
    scanner.push(bytes('<worksheet><sheetData><row r="2" hid'));
    scanner.push(bytes('den="1"><c r="A2"><v>1</v></c></row>'));
    for (let n = 0; n < 200; n += 1) scanner.push(bytes(' '.repeat(64 * 1024)));
    scanner.push(
      bytes('</sheetData><mergeCells><mergeCell ref="B3:B5"/></mergeCells></worksheet>'),
    );
    scanner.push(new Uint8Array(0), true);
    expect([...scanner.hiddenRows]).toEqual([2]);
    expect(scanner.merges).toEqual([{ top: 3, left: 1, bottom: 5, right: 1 }]);
  });

  it('refuses a tag that runs on past a megabyte', () => {
    const scanner = new WorksheetScanner();
    scanner.push(bytes('<worksheet><sheetData><row r="2"><c r="A2" s="'));
    expect(() => {
      for (let n = 0; n < 40; n += 1) scanner.push(bytes('1'.repeat(64 * 1024)));
    }).toThrow(expect.objectContaining({ code: 'cell_too_long' }));
  });
});
