// The payees the outbox knows, as one list: each new beneficiary drafted with a payment (its
// own row, its own id at the service), each payee saved on its own without a payment, and each
// beneficiary the service already held that a payment names by id only (one row per id, however
// many payments name it). Counted, searched, sorted and paged on the payee index (migration
// 007), which triggers keep: a batch of 100,000 drafts is never read, sorted or counted row by
// row to show fifty payees; only the fifty shown are read from where they live.
import type { Db } from './database';
import { foldCase } from './payee-fold';
import { listReadyBatches } from './payee-index';

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
// under); a payee named by id only is known by that id. Each is read by its key: a drafted
// payee by its id, then its payment by the batch and sheet row the two share (payments have no
// index by their new payee: an import would pay for it on every row); one named by id by that
// id (payment_drafts_by_held_target).
const DRAFTED = `
  SELECT b.id, b.sync_state AS status, b.remote_status, b.updated_at, p.payee AS name,
    b.body_json, p.id AS draft_id, p.source_row, p.state AS draft_state, p.issues_json,
    b.batch_id, bt.name AS batch_name, 1 AS payments, p.rowid AS first_payment
  FROM beneficiary_drafts b
  JOIN payment_drafts p ON p.batch_id = b.batch_id AND p.source_row IS b.source_row
    AND p.beneficiary_draft_id = b.id
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
/** An entry of the payee index (migration 007): the list's order, and where the payee lives. */
interface PayeeEntry {
  id: string;
  kind: 'drafted' | 'held' | 'saved';
}

export class BeneficiaryQueries {
  private readonly sql;

  constructor(private readonly db: Db) {
    this.sql = {
      drafted: db.prepare(`${DRAFTED} WHERE b.id = ?`),
      saved: db.prepare(`${STANDALONE} WHERE s.id = ?`),
      held: db.prepare(`${HELD} AND ${TARGET} = ? GROUP BY 1`),
      heldInBatch: db.prepare(`${HELD} AND ${TARGET} = ? AND p.batch_id = ? GROUP BY 1`),
      heldTwice: db
        .prepare(
          `SELECT 1 FROM payee_index INDEXED BY payee_index_held WHERE kind = 'held'
           GROUP BY id HAVING COUNT(*) > 1 LIMIT 1`,
        )
        .pluck(),
    };
  }

  /**
   * A window of the payees a search finds, sorted by name, and how many it finds in all: the
   * order, filters and count from the payee index, then the window's own rows (fifty lookups).
   */
  window(query: BeneficiaryQuery): { total: number; rows: BeneficiaryRow[] } {
    listReadyBatches(this.db);
    const where = filtersOf(query);
    // A payee named by id in two batches has an entry in each: listed once. In one batch each
    // payee has one entry, and most outboxes have no such payee: then the list is the index as
    // it stands, which SQLite counts and skips through without reading an entry.
    const once = query.batchId || !this.sql.heldTwice.get() ? '' : 'GROUP BY sort_key, id';
    const total = this.db
      .prepare(
        once === ''
          ? `SELECT COUNT(*) FROM payee_index ${where.sql}`
          : `SELECT COUNT(*) FROM (SELECT 1 FROM payee_index ${where.sql} ${once})`,
      )
      .pluck()
      .get(...where.params) as number;
    const entries = this.db
      .prepare(
        `SELECT id, kind FROM payee_index ${where.sql} ${once}
         ORDER BY sort_key, id LIMIT ? OFFSET ?`,
      )
      .all(...where.params, query.take, query.skip) as PayeeEntry[];
    const rows = entries.flatMap((entry) => this.rowOf(entry, query.batchId) ?? []);
    return { total, rows };
  }

  get(id: string): BeneficiaryRow | undefined {
    return (
      this.rowOf({ id, kind: 'saved' }) ??
      this.rowOf({ id, kind: 'drafted' }) ??
      this.rowOf({ id, kind: 'held' })
    );
  }

  /** A listed payee's row; one named by id only, as the payments of `batchId` (or all) name it. */
  private rowOf(entry: PayeeEntry, batchId?: string): BeneficiaryRow | undefined {
    switch (entry.kind) {
      case 'drafted':
        return this.sql.drafted.get(entry.id) as BeneficiaryRow | undefined;
      case 'saved':
        return this.sql.saved.get(entry.id) as BeneficiaryRow | undefined;
      case 'held':
        return (
          batchId === undefined
            ? this.sql.held.get(entry.id)
            : this.sql.heldInBatch.get(entry.id, batchId)
        ) as BeneficiaryRow | undefined;
    }
  }
}

/** The query's filters over the payee index (a WHERE clause, or none): a batch, a status, words. */
function filtersOf(query: BeneficiaryQuery): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (query.savedHere) clauses.push(`kind = 'saved'`);
  if (query.batchId) {
    clauses.push('batch_id = ?');
    params.push(query.batchId);
  }
  if (query.status) {
    clauses.push('status = ?');
    params.push(query.status);
  }
  const words = query.search ? foldCase(query.search).split(/\s+/).filter(Boolean) : [];
  for (const word of words) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The key is the folded name (or the id of a payee known by id only); LIKE is case-blind
    // for ASCII, and the folded name is lower case for the rest.
    clauses.push(
      `(sort_key LIKE ? ESCAPE '\\' OR account LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`,
    );
    params.push(like, like, like);
  }
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params };
}
