// Where the list starts: the header row is the row among the first ones whose cells name the
// most payment fields, so title lines, blank lines and notes above it are passed over. A sheet
// without such a row (instructions, a chart's data) is not a payment list.
import { mappingFromJson, proposeMapping, type ColumnMapping } from './column-mapping';
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
}

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

export function headerTexts(row: SheetRow): string[] {
  return row.cells.map((cell) =>
    cell.kind === 'text' ? cell.text.trim() : cell.kind === 'number' ? String(cell.value) : '',
  );
}

/**
 * The header row among `rows` (the first HEADER_SEARCH_ROWS of a sheet), with its mapping:
 * the one given as JSON where it fits this sheet, else the one proposed from the headers.
 */
export function findHeaderRow(rows: readonly SheetRow[], given?: unknown): HeaderRow | undefined {
  let best: (HeaderRow & { score: number }) | undefined;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, position) => {
    const headers = headerTexts(row);
    if (given !== undefined) {
      if (best) return;
      try {
        best = {
          position,
          number: row.number,
          headers,
          mapping: mappingFromJson(given, headers),
          score: 1,
        };
      } catch {
        // not this row: the given mapping names columns this row does not have
      }
      return;
    }
    const score = headerScore(row, headers);
    if (score > 0 && (!best || score > best.score)) {
      best = { position, number: row.number, headers, mapping: proposeMapping(headers), score };
    }
  });
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
