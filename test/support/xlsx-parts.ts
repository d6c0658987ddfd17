// The XML parts of an .xlsx, for tests that must see what a spreadsheet program will read,
// not what exceljs makes of it.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';

/** Every part of the workbook by its path in the zip, as text. */
export function xlsxParts(path: string): Record<string, string> {
  const entries = unzipSync(readFileSync(path));
  return Object.fromEntries(
    Object.entries(entries)
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

/** The worksheet parts only (xl/worksheets/sheetN.xml). */
export function worksheetXml(path: string): string[] {
  return Object.entries(xlsxParts(path))
    .filter(([name]) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .map(([, xml]) => xml);
}
