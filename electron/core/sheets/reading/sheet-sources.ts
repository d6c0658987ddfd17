// The sheets of a file, whatever it is: an .xlsx's worksheets, or a CSV as one sheet. Which
// reader runs is decided by the file's first bytes, not its name.
import { openCsv } from './csv-reader';
import { sniffFileKind } from './file-kind';
import type { SheetLimits } from './limits';
import type { SheetSource } from './sheet-types';
import { xlsxSheets, type XlsxSheet } from './xlsx-reader';

export async function* sheetsOf(path: string, limits: SheetLimits): AsyncGenerator<XlsxSheet> {
  if ((await sniffFileKind(path, limits)) === 'xlsx') {
    yield* xlsxSheets(path, limits);
    return;
  }
  const csv: SheetSource = await openCsv(path, limits);
  yield {
    ...csv,
    hidden: false,
    lastVisible: true,
    format: 'csv',
    fileSheets: [{ name: csv.name, hidden: false }],
  };
}
