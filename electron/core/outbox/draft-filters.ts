// A draft filter, a selection and a sort as SQL over the columns kept beside each draft
// (draft-columns.ts): the grid's window, the counts and a bulk action all find the same drafts,
// and none of them reads a body to do it.
import type { DraftFilter, DraftSort, Selection } from '../../../shared/desk/drafts';

export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * The drafts with these ids, each found by its primary key: one step of a long operation, the
 * very same drafts for each statement of the step.
 */
export const draftsNamed = (ids: readonly string[]): SqlPart => ({
  sql: 'p.id IN (SELECT value FROM json_each(?))',
  params: [JSON.stringify(ids)],
});

/** The fewest characters a search word needs to be looked for in correlation ids. */
const CORRELATION_PIECE = 4;

/** The drafts of a batch a filter finds, as a WHERE clause over payment_drafts `p`. */
export function filterSql(batchId: string, filter: DraftFilter | undefined): SqlPart {
  const clauses = ['p.batch_id = ?'];
  const params: unknown[] = [batchId];
  if (filter?.states) {
    clauses.push(`p.state IN (${filter.states.map(() => '?').join(', ')})`);
    params.push(...filter.states);
  }
  if (filter?.with_errors && filter.with_warnings) {
    // Both asked for: a row with either (an error and a warning together are rare).
    clauses.push('(p.error_count > 0 OR p.warning_count > 0)');
  } else {
    if (filter?.with_errors !== undefined) {
      clauses.push(filter.with_errors ? 'p.error_count > 0' : 'p.error_count = 0');
    }
    if (filter?.with_warnings !== undefined) {
      clauses.push(filter.with_warnings ? 'p.warning_count > 0' : 'p.warning_count = 0');
    }
  }
  const words = filter?.text?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  for (const word of words) {
    // A number may be the row a person sees in their sheet.
    const row = /^\d{1,7}$/.test(word) ? ' OR p.source_row = ?' : '';
    // A correlation id is looked into for a piece of one: most are 32 hex digits, which hold
    // any digit or two, and a search for "5" would find every row by them.
    const id = word.length >= CORRELATION_PIECE ? ` OR p.correlation_id LIKE ? ESCAPE '\\'` : '';
    clauses.push(`(p.search_text LIKE ? ESCAPE '\\'${id}${row})`);
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, ...(id ? [like] : []), ...(row ? [Number(word)] : []));
  }
  return { sql: clauses.join(' AND '), params };
}

export function selectionSql(batchId: string, selection: Selection): SqlPart {
  if ('filter' in selection) return filterSql(batchId, selection.filter);
  if ('rows' in selection) {
    return {
      sql: 'p.batch_id = ? AND p.source_row IN (SELECT value FROM json_each(?))',
      params: [batchId, JSON.stringify(selection.rows)],
    };
  }
  return {
    sql: 'p.batch_id = ? AND p.id IN (SELECT value FROM json_each(?))',
    params: [batchId, JSON.stringify(selection.ids)],
  };
}

const SORT_COLUMNS: Record<DraftSort['by'], string> = {
  row: 'p.source_row',
  amount: 'p.amount_milli',
  // A draft without a currency of its own is in the wallet's.
  currency: "coalesce(p.amount_currency, ?, '')",
  payee: 'p.payee COLLATE NOCASE',
  date: 'p.execution_date',
  state: 'p.state',
};

/**
 * Ties go in the order the drafts were written (the sheet's, but for a row rewritten once its
 * merged cells were known), so that a window never shows a row twice or skips one. By the
 * rowid alone, not the row number: an index on (batch, key) holds the rowid, so it gives the
 * order without a sort of the whole batch.
 */
export function orderSql(sort: DraftSort | undefined, walletCurrency: string | null): SqlPart {
  const direction = sort?.direction === 'desc' ? 'DESC' : 'ASC';
  const by = sort?.by ?? 'row';
  return {
    sql: `ORDER BY ${SORT_COLUMNS[by]} ${direction}, p.rowid ${direction}`,
    params: by === 'currency' ? [walletCurrency] : [],
  };
}
