// Which sheet of a file is the payment list, and where its header row is. A named sheet is
// taken as asked; otherwise the first visible sheet whose first rows hold a header naming an
// amount and a payee. Sheets passed over are skipped unread beyond their first rows.
import type { SheetDecimalMark } from './cell-amounts';
import type { MappingEntries } from './column-mapping';
import { firstRowsDecimalMark } from './decimal-marks';
import {
  HEADER_SEARCH_ROWS,
  findHeaderRow,
  mappingMiss,
  type HeaderRow,
  type MappingMiss,
  type SavedMappings,
} from './header-detection';
import type { SheetLimits } from './limits';
import { sheetsOf } from './sheet-sources';
import { SheetFileError, type SheetRow } from './sheet-types';
import type { XlsxSheet } from './xlsx-reader';

export interface ChosenSheet {
  sheet: XlsxSheet;
  header: HeaderRow;
  /** The rows read to find the header, the header included, in order. */
  firstRows: SheetRow[];
  /** The decimal mark to read amounts with, as the first rows show it (decimal-marks.ts). */
  decimalMark?: SheetDecimalMark;
  /** The rows after those. */
  rest: AsyncIterator<SheetRow>;
  /** Ends reading the file (and its other sheets) once the rows are done or abandoned. */
  close(): Promise<void>;
}

export async function chooseSheet(
  path: string,
  limits: SheetLimits,
  wanted: { sheet?: string; mapping?: MappingEntries; saved?: SavedMappings },
): Promise<ChosenSheet> {
  const sheets = sheetsOf(path, limits);
  const seen: string[] = [];
  // Why the mapping given fits no sheet, at the sheet it comes nearest.
  let miss: (MappingMiss & { sheet: string }) | undefined;
  try {
    // Not a for-await loop: leaving one closes the workbook, and the chosen sheet's rows are
    // still to be read.
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      const sheet = next.value;
      seen.push(sheet.name);
      const named = wanted.sheet !== undefined;
      if (named && sheet.name.toLowerCase() !== wanted.sheet?.toLowerCase()) continue;
      if (!named && sheet.hidden) continue;
      const rows = sheet.rows[Symbol.asyncIterator]();
      const firstRows: SheetRow[] = [];
      while (firstRows.length < HEADER_SEARCH_ROWS) {
        const next = await rows.next();
        if (next.done) break;
        firstRows.push(next.value);
      }
      const header = findHeaderRow(firstRows, wanted.mapping, wanted.saved);
      if (header) {
        const below = firstRows.slice(header.position + 1);
        const decimalMark = firstRowsDecimalMark(below, header.mapping, sheet.decimalHint);
        return {
          sheet,
          header,
          firstRows,
          ...(decimalMark ? { decimalMark } : {}),
          rest: rows,
          close: async () => {
            await rows.return?.();
            await sheets.return(undefined);
          },
        };
      }
      await rows.return?.();
      const missed = wanted.mapping ? mappingMiss(firstRows, wanted.mapping) : undefined;
      if (missed && (!miss || missed.found > miss.found)) miss = { ...missed, sheet: sheet.name };
      if (named) throw miss ? mappingRefused(miss) : noHeader(sheet.name, !!wanted.mapping);
    }
  } catch (error) {
    await sheets.return(undefined);
    throw error;
  }
  if (wanted.sheet !== undefined) {
    throw new SheetFileError(
      'no_such_sheet',
      `there is no sheet "${wanted.sheet}"; the file has: ${seen.join(', ') || 'no sheets'}`,
    );
  }
  if (miss) throw mappingRefused(miss);
  throw new SheetFileError(
    'no_payment_list',
    `no sheet looks like a payment list (${seen.join(', ') || 'no sheets'}): none has, in its first ${HEADER_SEARCH_ROWS} rows, a header row naming an amount and the payee (name, account or IBAN). Name the sheet with --sheet, or give the columns with --mapping`,
  );
}

function mappingRefused(miss: MappingMiss & { sheet: string }): SheetFileError {
  return new SheetFileError(
    miss.error.code,
    `${miss.error.message} (sheet "${miss.sheet}", header row ${miss.row})`,
  );
}

function noHeader(sheet: string, withMapping: boolean): SheetFileError {
  return new SheetFileError(
    'no_payment_list',
    withMapping
      ? `no row among the first ${HEADER_SEARCH_ROWS} of sheet "${sheet}" has all the columns the mapping names`
      : `sheet "${sheet}" has no header row naming an amount and the payee in its first ${HEADER_SEARCH_ROWS} rows: give the columns with --mapping`,
  );
}
