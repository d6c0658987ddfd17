// Where the list starts: the header row is the row among the first ones whose cells name the
// most payment fields, so title lines, blank lines and notes above it are passed over. A sheet
// without such a row (instructions, a chart's data) is not a payment list.
import {
  mappingFromEntries,
  proposeMapping,
  sourceKey,
  type ColumnMapping,
  type MappingEntries,
} from './column-mapping';
import { matchHeader } from './header-matching';
import type { SheetRow } from './sheet-types';

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
 * the one given as JSON where it fits this sheet; else the first row whose headers were seen
 * before, with the mapping saved then; else the row that names the most payment fields, with
 * the mapping proposed from its headers.
 */
export function findHeaderRow(
  rows: readonly SheetRow[],
  given?: MappingEntries,
  saved: SavedMappings = {},
): HeaderRow | undefined {
  const candidates = rows.slice(0, HEADER_SEARCH_ROWS).map((row, position) => ({
    position,
    number: row.number,
    headers: headerTexts(row),
    row,
  }));
  const fitting = (given: MappingEntries, source: HeaderRow['source']) => {
    for (const { row: _row, ...candidate } of candidates) {
      if (candidate.headers.every((header) => header === '')) continue;
      try {
        return { ...candidate, mapping: mappingFromEntries(given, candidate.headers), source };
      } catch {
        // not this row: the mapping names columns this row does not have
      }
    }
    return undefined;
  };
  if (given !== undefined) return fitting(given, 'given');
  for (const { row: _row, ...candidate } of candidates) {
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
  let best: (HeaderRow & { score: number }) | undefined;
  for (const { row, ...candidate } of candidates) {
    const score = headerScore(row, candidate.headers);
    if (score > 0 && (!best || score > best.score)) {
      best = {
        ...candidate,
        mapping: proposeMapping(candidate.headers),
        source: 'proposed',
        score,
      };
    }
  }
  if (!best) return undefined;
  const { score: _score, ...header } = best;
  return header;
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
