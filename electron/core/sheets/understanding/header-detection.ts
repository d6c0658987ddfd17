// Where the list starts: the header row is the row among the first ones whose cells name the
// most payment fields, so title lines, blank lines and notes above it are passed over. A sheet
// without such a row (instructions, a chart's data) is not a payment list.
import {
  headersFound,
  letterColumn,
  mappingFromEntries,
  proposeMapping,
  sourceKey,
  type ColumnMapping,
  type MappingEntries,
} from './column-mapping';
import { matchHeader } from './header-matching';
import { SheetFileError, type SheetRow } from '../reading/sheet-types';

/** How far down a header row is looked for. */
export const HEADER_SEARCH_ROWS = 30;

export interface HeaderRow {
  /** Its position among the rows looked at. */
  position: number;
  number: number;
  headers: string[];
  mapping: ColumnMapping;
  /** Given for this import, saved from an earlier import of the same source, or proposed. */
  source: 'given' | 'saved' | 'proposed';
  /** The header's columns hidden in the sheet, by 0-based index; absent when none is. */
  hidden?: number[];
}

/** Mappings saved from earlier imports, by the source key of their headers (sourceKey). */
export type SavedMappings = Readonly<Record<string, MappingEntries>>;

/** A payment list names an amount and whom to pay (an account, a name or a beneficiary id). */
const PAYEE_FIELDS = new Set([
  'account_number',
  'iban',
  'name',
  'account_name',
  'beneficiary_id',
  'company_name',
  'last_name',
]);

function headerTexts(row: SheetRow): string[] {
  return row.cells.map((cell) =>
    cell.kind === 'text' ? cell.text.trim() : cell.kind === 'number' ? String(cell.value) : '',
  );
}

/**
 * The header row among `rows` (the first HEADER_SEARCH_ROWS of a sheet), with its mapping:
 * the first row that has every column a mapping given as JSON names, with that mapping as a
 * correction of the proposal; else the first row whose headers were seen before, with the
 * mapping saved then; else the row that names the most payment fields, with the mapping
 * proposed from its headers. A row the person picked (`picked`, its number) is the header
 * whatever it names, and the mapping is found for it alike.
 */
export function findHeaderRow(
  rows: readonly SheetRow[],
  given?: MappingEntries,
  saved: SavedMappings = {},
  picked?: number,
  hidden: ReadonlySet<number> = new Set(),
): HeaderRow | undefined {
  const found = headerRowOf(rows, given, saved, picked, hidden);
  const hiddenHere = found ? [...hidden].filter((index) => index < found.headers.length) : [];
  return found && hiddenHere.length > 0
    ? { ...found, hidden: hiddenHere.sort((a, b) => a - b) }
    : found;
}

function headerRowOf(
  rows: readonly SheetRow[],
  given: MappingEntries | undefined,
  saved: SavedMappings,
  picked: number | undefined,
  hidden: ReadonlySet<number>,
): HeaderRow | undefined {
  if (given !== undefined && Object.keys(given.entries).length === 0) {
    // Options alone (a date order, no column named): the header and its mapping are found as
    // without a mapping given, the saved one included, and the options apply to them.
    const found = headerRowOf(rows, undefined, saved, picked, hidden);
    return found && given.dateOrder
      ? { ...found, mapping: { ...found.mapping, dateOrder: given.dateOrder } }
      : found;
  }
  const candidates = picked === undefined ? searchedRows(rows) : pickedRow(rows, picked);
  if (given !== undefined) {
    if (Object.keys(given.entries).every((header) => letterColumn(header) !== undefined)) {
      return byLetters(rows, candidates, given, picked !== undefined, hidden);
    }
    for (const { row: _row, ...candidate } of candidates) {
      if (candidate.headers.every((header) => header === '')) continue;
      try {
        const mapping = mappingFromEntries(given, candidate.headers, 'proposed', hidden);
        return { ...candidate, mapping, source: 'given' };
      } catch {
        // not this row: the mapping names columns this row does not have (see mappingMiss)
      }
    }
    return undefined;
  }
  for (const { row: _row, ...candidate } of candidates) {
    if (candidate.headers.every((header) => header === '')) continue;
    const mapping = saved[sourceKey(candidate.headers)];
    if (mapping === undefined) continue;
    try {
      return {
        ...candidate,
        mapping: mappingFromEntries(mapping, candidate.headers),
        source: 'saved',
      };
    } catch {
      // saved for these headers but no longer valid: propose afresh
    }
  }
  return proposedHeader(candidates, picked !== undefined, hidden);
}

/** Each of the first rows as the header, or with the row below it as a header over two rows. */
function searchedRows(rows: readonly SheetRow[]): Candidate[] {
  return rows.slice(0, HEADER_SEARCH_ROWS).map((row, position) => {
    const headers = headerTexts(row);
    const lower = rows[position + 1];
    const split =
      lower && position + 1 < HEADER_SEARCH_ROWS ? twoRowHeaders(headers, lower) : undefined;
    // A header over two rows ends at its lower row: the payments start below it.
    return split && lower
      ? { position: position + 1, number: lower.number, headers: split, row }
      : { position, number: row.number, headers, row };
  });
}

/**
 * The row picked as the header: itself, and first, with the row above it where the two make a
 * header over two rows (the guess names the lower row, so picking the row guessed reads the
 * same header again). None for a blank row or one the sheet does not have.
 */
function pickedRow(rows: readonly SheetRow[], picked: number): Candidate[] {
  const position = rows.findIndex((row) => row.number === picked);
  const row = rows[position];
  if (!row) return [];
  const headers = headerTexts(row);
  if (headers.every((header) => header === '')) return [];
  const upper = rows[position - 1];
  const split = upper ? twoRowHeaders(headerTexts(upper), row) : undefined;
  const alone = { position, number: picked, headers, row };
  return split && upper
    ? [{ position, number: picked, headers: split, row: upper }, alone]
    : [alone];
}

interface Candidate {
  position: number;
  number: number;
  headers: string[];
  row: SheetRow;
}

/**
 * The row that names the most payment fields, with the mapping proposed from its headers; of
 * rows the person picked, one naming none too.
 */
function proposedHeader(
  candidates: readonly Candidate[],
  picked: boolean,
  hidden: ReadonlySet<number>,
): HeaderRow | undefined {
  let best: (HeaderRow & { score: number }) | undefined;
  for (const { row, ...candidate } of candidates) {
    const score = headerScore(row, candidate.headers);
    if ((score > 0 || picked) && (!best || score > best.score)) {
      best = {
        ...candidate,
        mapping: proposeMapping(candidate.headers, hidden),
        source: 'proposed',
        score,
      };
    }
  }
  if (!best) return undefined;
  const { score: _score, ...header } = best;
  return header;
}

/**
 * A mapping that names its columns only by letter fits any row, so it cannot tell the header
 * row: that is the row the headers show, with the letters as a correction of what they propose;
 * without one, the sheet has no header row (a Bacs file, an export of bare rows) and every row
 * is a payment, the first included. The header row is then "row 0", above the first.
 */
function byLetters(
  rows: readonly SheetRow[],
  candidates: readonly Candidate[],
  given: MappingEntries,
  picked: boolean,
  hidden: ReadonlySet<number>,
): HeaderRow | undefined {
  const proposed = proposedHeader(candidates, picked, hidden);
  // A row picked as the header that is blank, or past the sheet's end, is not "no header".
  if (picked && !proposed) return undefined;
  try {
    if (proposed) {
      return {
        ...proposed,
        mapping: mappingFromEntries(given, proposed.headers, 'proposed', hidden),
        source: 'given',
      };
    }
    const first = rows[0];
    if (first === undefined) return undefined;
    const width = Math.max(...rows.slice(0, HEADER_SEARCH_ROWS).map((row) => row.cells.length));
    const headers = Array.from({ length: width }, () => '');
    const mapping = mappingFromEntries(given, headers);
    return { position: -1, number: first.number - 1, headers, mapping, source: 'given' };
  } catch {
    return undefined; // a letter past the sheet's last column: see mappingMiss
  }
}

/** Why a mapping given fits none of a sheet's first rows, said of the row it comes nearest. */
export interface MappingMiss {
  row: number;
  /** How many of the mapping's headers that row has. */
  found: number;
  error: SheetFileError;
}

/**
 * For a sheet none of whose first rows fits the mapping given: the reason, at the row with the
 * most of its headers (the first such), else at the row that looks most like a header row. So
 * the person reads which header the sheet lacks, or names twice, instead of only that no row
 * fits.
 */
export function mappingMiss(
  rows: readonly SheetRow[],
  given: MappingEntries,
): MappingMiss | undefined {
  let nearest: { row: SheetRow; headers: string[]; found: number; score: number } | undefined;
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const headers = headerTexts(row);
    if (headers.every((header) => header === '')) continue;
    const found = headersFound(given, headers);
    const score = headerScore(row, headers);
    if (!nearest || found > nearest.found || (found === nearest.found && score > nearest.score)) {
      nearest = { row, headers, found, score };
    }
  }
  if (!nearest || (nearest.found === 0 && nearest.score === 0)) return undefined;
  try {
    mappingFromEntries(given, nearest.headers, 'proposed');
  } catch (error) {
    if (error instanceof SheetFileError) {
      return { row: nearest.row.number, found: nearest.found, error };
    }
    throw error;
  }
  return undefined;
}

function headerScore(row: SheetRow, headers: string[]): number {
  const values = row.cells.filter((cell) => cell.kind === 'number' || cell.kind === 'date').length;
  const texts = row.cells.filter((cell) => cell.kind === 'text').length;
  if (texts < 2 || values > texts) return 0;
  const matched = headers.map(matchHeader).filter((m) => m !== undefined);
  const fields = new Set(matched.map((m) => m.field));
  if (!fields.has('amount') || ![...fields].some((f) => PAYEE_FIELDS.has(f))) return 0;
  return matched.reduce((sum, m) => sum + m.score, 0);
}

/**
 * The headers of a header split over two rows, or undefined: a group header ("Bank details")
 * over the columns the row below names ("IBAN | BIC | Sort code"), as a merged range across
 * columns shows it. Told without the merges, which a workbook lists after its rows: the lower
 * row holds only texts that name fields, each under the group header (its first column, the
 * upper cell of the next column empty and the lower one named) or under an empty upper cell,
 * and the two rows together name more fields than the upper alone. A column then takes the
 * lower row's name, which says what it holds; the group's name only says what it belongs to.
 */
function twoRowHeaders(upper: readonly string[], lowerRow: SheetRow): string[] | undefined {
  const lower = headerTexts(lowerRow);
  const named = lower.flatMap((text, index) => (text === '' ? [] : [index]));
  if (named.length === 0) return undefined;
  const underGroup = (index: number) =>
    (upper[index] ?? '') === '' ||
    ((upper[index + 1] ?? '') === '' && (lower[index + 1] ?? '') !== '');
  const fits = named.every(
    (index) =>
      lowerRow.cells[index]?.kind === 'text' &&
      matchHeader(lower[index] ?? '') !== undefined &&
      underGroup(index),
  );
  if (!fits) return undefined;
  const width = Math.max(upper.length, lower.length);
  const headers = Array.from({ length: width }, (_, index) =>
    (lower[index] ?? '') !== '' ? (lower[index] ?? '') : (upper[index] ?? ''),
  );
  const fields = (texts: readonly string[]) => proposeMapping(texts).columns.length;
  return fields(headers) > fields(upper) ? headers : undefined;
}
