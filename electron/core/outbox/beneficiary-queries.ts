// The payees the outbox knows, as one list: each new beneficiary drafted with a payment (its
// own row, its own id at the service), each payee saved on its own without a payment, and each
// beneficiary the service already held that a payment names by id only (one row per id, however
// many payments name it). Counted, searched,
// sorted and paged in SQL: a batch of 100,000 drafts is never read to show fifty payees.
import type { Db } from './database';

export interface BeneficiaryRow {
  id: string;
  status: 'draft' | 'invalid' | 'synced' | 'held';
  /** 'active' or 'inactive' as the service last answered; null when it never said. */
  remote_status: string | null;
  updated_at: string;
  name: string | null;
  body_json: string | null;
  draft_id: string | null;
  source_row: number | null;
  draft_state: string | null;
  issues_json: string;
  /** Null for a payee saved on its own, in no batch. */
  batch_id: string | null;
  batch_name: string | null;
  payments: number;
}

export interface BeneficiaryQuery {
  skip: number;
  take: number;
  search?: string | undefined;
  batchId?: string | undefined;
  status?: BeneficiaryRow['status'] | undefined;
  /** Only the payees saved on their own. */
  savedHere?: boolean | undefined;
}

// Drafted payees carry their payment's columns (its payee name is the name they are paid
// under); a payee named by id only is known by that id. Each part is filtered on its own, so
// that a count without a search reads indexed columns only and no text is folded.
const DRAFTED = `
  SELECT b.id, b.sync_state AS status, b.remote_status, b.updated_at, p.payee AS name,
    b.body_json, p.id AS draft_id, p.source_row, p.state AS draft_state, p.issues_json,
    b.batch_id, bt.name AS batch_name, 1 AS payments, p.rowid AS first_payment
  FROM beneficiary_drafts b
  JOIN payment_drafts p ON p.beneficiary_draft_id = b.id
  JOIN batches bt ON bt.id = b.batch_id AND bt.state = 'ready'`;
const TARGET = `json_extract(p.body_json, '$.target.id')`;
const HELD = `
  SELECT ${TARGET} AS id, 'held' AS status, NULL AS remote_status, MAX(p.updated_at) AS updated_at,
    NULL AS name, NULL AS body_json, NULL AS draft_id, NULL AS source_row, NULL AS draft_state,
    '[]' AS issues_json,
    -- SQLite takes these bare columns from the row MIN() picked: the first payment to it.
    p.batch_id, bt.name AS batch_name, COUNT(*) AS payments, MIN(p.rowid) AS first_payment
  FROM payment_drafts p
  JOIN batches bt ON bt.id = p.batch_id AND bt.state = 'ready'
  WHERE p.beneficiary_draft_id IS NULL AND coalesce(${TARGET}, '') <> ''
    AND ${TARGET} NOT IN (SELECT id FROM beneficiary_drafts)
    AND ${TARGET} NOT IN (SELECT id FROM standalone_beneficiaries)`;
// A payee saved on its own: no payment, no batch.
const STANDALONE = `
  SELECT s.id, s.sync_state AS status, s.remote_status, s.updated_at, s.name, s.body_json,
    NULL AS draft_id, NULL AS source_row, NULL AS draft_state, s.issues_json,
    NULL AS batch_id, NULL AS batch_name, 0 AS payments, NULL AS first_payment
  FROM standalone_beneficiaries s`;
// Names sort as a person reads them, accents aside; only a name beyond ASCII needs folding.
const SORT_KEY = `CASE WHEN coalesce(name, id) GLOB '*[^ -~]*'
  THEN payee_sort_key(coalesce(name, id)) ELSE lower(coalesce(name, id)) END`;

export class BeneficiaryQueries {
  constructor(private readonly db: Db) {
    // SQLite's lower() folds ASCII only: "Émile" would sort after "Zoe" and a search for
    // "émile" would miss him.
    db.function('payee_sort_key', { deterministic: true }, (name: unknown) =>
      typeof name === 'string' ? foldCase(name) : name,
    );
  }

  /** A window of the payees a search finds, sorted by name, and how many it finds in all. */
  window(query: BeneficiaryQuery): { total: number; rows: BeneficiaryRow[] } {
    const known = knownSql(query);
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM (${known.sql})`)
      .pluck()
      .get(...known.params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM (${known.sql}) ORDER BY ${SORT_KEY}, id LIMIT ? OFFSET ?`)
      .all(...known.params, query.take, query.skip) as BeneficiaryRow[];
    return { total, rows };
  }

  get(id: string): BeneficiaryRow | undefined {
    return this.db
      .prepare(
        `SELECT * FROM (${DRAFTED} WHERE b.id = ? UNION ALL ${STANDALONE} WHERE s.id = ?
           UNION ALL ${HELD} AND ${TARGET} = ? GROUP BY 1)`,
      )
      .get(id, id, id) as BeneficiaryRow | undefined;
  }
}

/** Both parts with the query's filters in each: a batch, a status, words of a search. */
function knownSql(query: BeneficiaryQuery): { sql: string; params: unknown[] } {
  const drafted: string[] = [];
  const held: string[] = [];
  const standalone: string[] = [];
  const draftedParams: unknown[] = [];
  const heldParams: unknown[] = [];
  const standaloneParams: unknown[] = [];
  if (query.savedHere) {
    drafted.push('0');
    held.push('0');
  }
  if (query.batchId) {
    standalone.push('0');
    drafted.push('b.batch_id = ?');
    draftedParams.push(query.batchId);
    held.push('p.batch_id = ?');
    heldParams.push(query.batchId);
  }
  if (query.status) {
    drafted.push('b.sync_state = ?');
    draftedParams.push(query.status);
    if (query.status !== 'held') held.push('0');
    standalone.push('s.sync_state = ?');
    standaloneParams.push(query.status);
  }
  const words = query.search ? foldCase(query.search).split(/\s+/).filter(Boolean) : [];
  for (const word of words) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // LIKE is case-blind for ASCII; the name is folded for the rest (É is e).
    drafted.push(
      `(payee_sort_key(p.payee) LIKE ? ESCAPE '\\'
        OR json_extract(b.body_json, '$.bank_details.account_number') LIKE ? ESCAPE '\\'
        OR b.id LIKE ? ESCAPE '\\')`,
    );
    draftedParams.push(like, like, like);
    held.push(`${TARGET} LIKE ? ESCAPE '\\'`);
    heldParams.push(like);
    standalone.push(
      `(payee_sort_key(s.name) LIKE ? ESCAPE '\\'
        OR json_extract(s.body_json, '$.bank_details.account_number') LIKE ? ESCAPE '\\'
        OR s.id LIKE ? ESCAPE '\\')`,
    );
    standaloneParams.push(like, like, like);
  }
  const and = (clauses: string[]) => clauses.map((clause) => ` AND ${clause}`).join('');
  return {
    sql: `${DRAFTED} WHERE 1 = 1${and(drafted)} UNION ALL ${STANDALONE} WHERE 1 = 1${and(standalone)}
      UNION ALL ${HELD}${and(held)} GROUP BY 1`,
    params: [...draftedParams, ...standaloneParams, ...heldParams],
  };
}

/** Lower case without accents: "Émile" is found by "emile" and sorts among the E's. */
function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
