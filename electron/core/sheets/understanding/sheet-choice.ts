// Which sheet of a file is the payment list, and where its header row is. A named sheet is
// taken as asked; otherwise, of the visible sheets whose first rows hold a header naming an
// amount and a payee, the one whose header names the most payment fields and shows payment
// rows below it (the first of equals): a summary of totals by payee placed before the list
// itself is passed over. Only each sheet's first rows are read to choose; the chosen sheet's
// rows are read on from there, without opening the file again.
import type { SheetDecimalMark } from '../coercion/cell-amounts';
import type { MappingEntries } from './column-mapping';
import { firstRowsDateOrders, type DateOrders } from './date-orders';
import { firstRowsDecimalMark } from './decimal-marks';
import {
  HEADER_SEARCH_ROWS,
  findHeaderRow,
  mappingMiss,
  type HeaderRow,
  type MappingMiss,
  type SavedMappings,
} from './header-detection';
import type { SheetLimits } from '../reading/limits';
import { isBlank, skipReason } from './row-filters';
import { sheetsOf } from '../reading/sheet-sources';
import { SheetFileError, type SheetRow } from '../reading/sheet-types';
import type { XlsxSheet } from '../reading/xlsx-reader';

export interface ChosenSheet {
  sheet: XlsxSheet;
  header: HeaderRow;
  /** The rows read to find the header, the header included, in order. */
  firstRows: SheetRow[];
  /** The decimal mark to read amounts with, as the first rows show it (decimal-marks.ts). */
  decimalMark?: SheetDecimalMark;
  /** The order each date column's first rows show (date-orders.ts). */
  dateOrders?: DateOrders;
  /** The rows after those. */
  rest: AsyncIterator<SheetRow>;
  /** The other sheets that looked like payment lists, and why this one was taken instead. */
  passedOver: PassedOverSheet[];
  /** Ends reading the file (and its other sheets) once the rows are done or abandoned. */
  close(): Promise<void>;
}

export interface PassedOverSheet {
  sheet: string;
  reason: string;
}

/** A sheet with a header row, its first rows read and the rest still to read. */
interface Candidate {
  sheet: XlsxSheet;
  header: HeaderRow;
  firstRows: SheetRow[];
  rows: AsyncIterator<SheetRow>;
  /** How many payment fields its header names (tags aside). */
  fields: number;
  /** A row below the header, among the first rows, is a payment (not blank, a total or a note). */
  payments: boolean;
}

export async function chooseSheet(
  path: string,
  limits: SheetLimits,
  wanted: { sheet?: string; headerRow?: number; mapping?: MappingEntries; saved?: SavedMappings },
): Promise<ChosenSheet> {
  const sheets = sheetsOf(path, limits);
  const seen: string[] = [];
  // Why the mapping given fits no sheet, at the sheet it comes nearest.
  let miss: (MappingMiss & { sheet: string }) | undefined;
  let best: Candidate | undefined;
  const others: Candidate[] = [];
  // Sheets with rows but no header among them (a notes sheet): passed over, and said so.
  const headerless: string[] = [];
  // Whether any sheet looked at has a row with something in it: a file without one is empty.
  let anyRow = false;
  try {
    // Not a for-await loop: leaving one closes the workbook, and the chosen sheet's rows are
    // still to be read. For the same reason the loop stops at the last visible sheet once a
    // sheet is chosen, before the workbook runs out of sheets and closes.
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      const sheet = next.value;
      seen.push(sheet.name);
      const named = wanted.sheet !== undefined;
      if (named && sheet.name.toLowerCase() !== wanted.sheet?.toLowerCase()) continue;
      if (!named && sheet.hidden) continue;
      const rows = sheet.rows[Symbol.asyncIterator]();
      const firstRows: SheetRow[] = [];
      // A header row picked further down than the search is read down to.
      const picked = wanted.headerRow ?? 0;
      while (firstRows.length < HEADER_SEARCH_ROWS || (firstRows.at(-1)?.number ?? 0) < picked) {
        const next = await rows.next();
        if (next.done) break;
        firstRows.push(next.value);
      }
      anyRow ||= firstRows.some((row) => !row.cells.every(isBlank));
      const header = findHeaderRow(
        firstRows,
        wanted.mapping,
        wanted.saved,
        wanted.headerRow,
        sheet.hiddenColumns,
      );
      if (header) {
        const candidate = { sheet, header, firstRows, rows, ...rank(header, firstRows) };
        if (named) return chosen(candidate, [], [], sheets);
        const [kept, left] =
          best && !outranks(candidate, best) ? [best, candidate] : [candidate, best];
        if (left) {
          await left.rows.return?.();
          others.push(left);
        }
        best = kept;
      } else {
        await rows.return?.();
        const pickedRows = wanted.headerRow
          ? firstRows.filter((row) => row.number === wanted.headerRow)
          : firstRows;
        const missed = wanted.mapping ? mappingMiss(pickedRows, wanted.mapping) : undefined;
        if (missed && (!miss || missed.found > miss.found)) miss = { ...missed, sheet: sheet.name };
        if (named && miss) throw mappingRefused(miss);
        if (named && wanted.headerRow) {
          throw notAHeader(
            [sheet.name],
            wanted.headerRow,
            !!wanted.mapping && pickedRows.length > 0,
          );
        }
        if (named) throw noHeader(sheet.name, !!wanted.mapping);
        if (firstRows.some((row) => !row.cells.every(isBlank))) headerless.push(sheet.name);
      }
      if (best && sheet.lastVisible) return chosen(best, others, headerless, sheets);
    }
  } catch (error) {
    await best?.rows.return?.();
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
  if (!anyRow) {
    throw new SheetFileError(
      'empty_file',
      seen.length > 1
        ? 'the file is empty: none of its sheets has a row'
        : 'the file is empty: it has no rows',
    );
  }
  if (wanted.headerRow !== undefined) throw notAHeader(seen, wanted.headerRow, false);
  throw new SheetFileError(
    'no_payment_list',
    `no sheet looks like a payment list (${seen.join(', ') || 'no sheets'}): none has, in its first ${HEADER_SEARCH_ROWS} rows, a header row naming an amount and the payee (name, account or IBAN)`,
  );
}

function rank(header: HeaderRow, firstRows: readonly SheetRow[]) {
  const fields = new Set(header.mapping.columns.map((c) => c.field));
  fields.delete('user_tag');
  const below = firstRows.slice(header.position + 1);
  return {
    fields: fields.size,
    payments: below.some((row) => skipReason(row, header.mapping) === undefined),
  };
}

/** A sheet showing payment rows before one that shows none; then the more fields named. */
function outranks(candidate: Candidate, best: Candidate): boolean {
  if (candidate.payments !== best.payments) return candidate.payments;
  return candidate.fields > best.fields;
}

function chosen(
  best: Candidate,
  others: readonly Candidate[],
  headerless: readonly string[],
  sheets: AsyncGenerator<XlsxSheet>,
): ChosenSheet {
  const { sheet, header, firstRows, rows } = best;
  const below = firstRows.slice(header.position + 1);
  const decimalMark = firstRowsDecimalMark(below, header.mapping, sheet.decimalHint);
  const dateOrders = firstRowsDateOrders(below, header.mapping);
  return {
    sheet,
    header,
    firstRows,
    ...(decimalMark ? { decimalMark } : {}),
    ...(dateOrders ? { dateOrders } : {}),
    rest: rows,
    // In the workbook's tab order, as the person sees the sheets.
    passedOver: [
      ...others.map((other) => ({ sheet: other.sheet.name, reason: passedOver(other, best) })),
      ...headerless.map((name) => ({
        sheet: name,
        reason: `no row in its first ${HEADER_SEARCH_ROWS} names payment columns`,
      })),
    ].sort((a, b) => tabOf(sheet, a.sheet) - tabOf(sheet, b.sheet)),
    close: async () => {
      await rows.return?.();
      await sheets.return(undefined);
    },
  };
}

const tabOf = (sheet: XlsxSheet, name: string) =>
  sheet.fileSheets.findIndex((tab) => tab.name === name);

function passedOver(other: Candidate, best: Candidate): string {
  if (other.payments !== best.payments) {
    return `no payment row below its header in its first ${HEADER_SEARCH_ROWS} rows`;
  }
  const than = `"${best.sheet.name}" (${best.fields})`;
  return other.fields < best.fields
    ? `its header names fewer payment fields (${other.fields}) than ${than}`
    : `its header names as many payment fields as ${than}, which comes first`;
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
      : `sheet "${sheet}" has no header row naming an amount and the payee in its first ${HEADER_SEARCH_ROWS} rows`,
  );
}

/** The row picked as the header is blank, the sheet ends above it, or the mapping does not fit it. */
function notAHeader(sheets: readonly string[], picked: number, mapped: boolean): SheetFileError {
  const where =
    sheets.length === 1
      ? `sheet "${sheets[0]}"`
      : `sheets ${sheets.map((s) => `"${s}"`).join(', ')}`;
  return new SheetFileError(
    'no_payment_list',
    mapped
      ? `row ${picked} of ${where} does not have the columns the mapping names: pick the row that names them, or correct the mapping`
      : `row ${picked} of ${where} is blank or past the end, so it cannot be the header row: pick the row that names the columns`,
  );
}
