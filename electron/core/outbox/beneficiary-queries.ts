// The payees the outbox knows, as one list: each new beneficiary drafted with a payment (its
// own row, its own id at the service), and each beneficiary the service already held that a
// payment names by id only (one row per id, however many payments name it). Counted, searched,
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
  batch_id: string;
  batch_name: string;
  payments: number;
}

export interface BeneficiaryQuery {
  skip: number;
  take: number;
  search?: string | undefined;
  batchId?: string | undefined;
  status?: BeneficiaryRow['status'] | undefined;
}

// Drafted payees carry their payment's columns (its payee name is the name they are paid
// under); a payee named by id only is known by that id. `words` is what a search looks in.
const KNOWN = `
  WITH known AS (
    SELECT b.id, b.sync_state AS status, b.remote_status, b.updated_at, p.payee AS name,
      b.body_json, p.id AS draft_id, p.source_row, p.state AS draft_state, p.issues_json,
      b.batch_id, bt.name AS batch_name, 1 AS payments,
      payee_sort_key(coalesce(p.payee, '') || ' ' ||
        coalesce(json_extract(b.body_json, '$.bank_details.account_number'), '') || ' ' || b.id)
        AS words,
      p.rowid AS first_payment
    FROM beneficiary_drafts b
    JOIN payment_drafts p ON p.beneficiary_draft_id = b.id
    JOIN batches bt ON bt.id = b.batch_id AND bt.state = 'ready'
    UNION ALL
    SELECT json_extract(p.body_json, '$.target.id') AS id, 'held', NULL, MAX(p.updated_at), NULL,
      NULL, NULL, NULL, NULL, '[]',
      -- SQLite takes these bare columns from the row MIN() picked: the first payment to it.
      p.batch_id, bt.name, COUNT(*), payee_sort_key(json_extract(p.body_json, '$.target.id')), MIN(p.rowid)
    FROM payment_drafts p
    JOIN batches bt ON bt.id = p.batch_id AND bt.state = 'ready'
    WHERE p.beneficiary_draft_id IS NULL
      AND coalesce(json_extract(p.body_json, '$.target.id'), '') <> ''
      AND json_extract(p.body_json, '$.target.id') NOT IN (SELECT id FROM beneficiary_drafts)
    GROUP BY 1
  )`;

export class BeneficiaryQueries {
  constructor(private readonly db: Db) {
    // SQLite's lower() folds ASCII only: "Émile" would sort after "Zoe" and a search for
    // "émile" would miss him. Names sort and are found as a person reads them, accents aside.
    db.function('payee_sort_key', { deterministic: true }, (name: unknown) =>
      typeof name === 'string' ? foldCase(name) : name,
    );
  }

  /** A window of the payees a search finds, sorted by name, and how many it finds in all. */
  window(query: BeneficiaryQuery): { total: number; rows: BeneficiaryRow[] } {
    const where = whereOf(query);
    const total = this.db
      .prepare(`${KNOWN} SELECT COUNT(*) FROM known WHERE ${where.sql}`)
      .pluck()
      .get(...where.params) as number;
    const rows = this.db
      .prepare(
        `${KNOWN} SELECT * FROM known WHERE ${where.sql}
         ORDER BY payee_sort_key(coalesce(name, id)), id LIMIT ? OFFSET ?`,
      )
      .all(...where.params, query.take, query.skip) as BeneficiaryRow[];
    return { total, rows };
  }

  get(id: string): BeneficiaryRow | undefined {
    return this.db.prepare(`${KNOWN} SELECT * FROM known WHERE id = ?`).get(id) as
      BeneficiaryRow | undefined;
  }
}

function whereOf(query: BeneficiaryQuery): { sql: string; params: unknown[] } {
  const clauses = ['1 = 1'];
  const params: unknown[] = [];
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
    clauses.push(`words LIKE ? ESCAPE '\\'`);
    params.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { sql: clauses.join(' AND '), params };
}

/** Lower case without accents: "Émile" is found by "emile" and sorts among the E's. */
function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
