// The payees a bulk import may send: new ones the service does not hold yet, whose details can
// still change here (a drafted payee while its payment is unsent; one saved on its own until it
// is created). A batch's are read a page at a time by the payment's rowid, never whole; a
// selection by its ids.
import type { Db } from './database';

export interface ImportablePayee {
  id: string;
  body_json: string;
  name: string | null;
  /** The draft that carries it; null for a payee saved on its own. */
  draft_id: string | null;
  source_row: number | null;
  batch_id: string | null;
  /** Where the next page starts: the payment's rowid for a batch's payees, else the payee's. */
  key: number;
}

const DRAFTED = `
  SELECT b.id, b.body_json, p.payee AS name, p.id AS draft_id, p.source_row, b.batch_id,
    p.rowid AS key
  FROM payment_drafts p JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
  JOIN batches bt ON bt.id = b.batch_id AND bt.state = 'ready'
  WHERE b.sync_state <> 'synced' AND p.state IN (SELECT value FROM json_each(@states))`;
const STANDALONE = `
  SELECT s.id, s.body_json, s.name, NULL AS draft_id, NULL AS source_row, NULL AS batch_id,
    s.rowid AS key
  FROM standalone_beneficiaries s WHERE s.sync_state <> 'synced'`;
const IDS = 'IN (SELECT value FROM json_each(@ids))';

export class BeneficiaryImportQueries {
  private readonly sql;

  constructor(db: Db) {
    this.sql = {
      countInBatch: db.prepare(`SELECT COUNT(*) FROM (${DRAFTED} AND p.batch_id = @batch)`).pluck(),
      pageInBatch: db.prepare(
        `${DRAFTED} AND p.batch_id = @batch AND p.rowid > @after ORDER BY p.rowid LIMIT @limit`,
      ),
      countSavedHere: db.prepare(`SELECT COUNT(*) FROM (${STANDALONE})`).pluck(),
      pageSavedHere: db.prepare(`${STANDALONE} AND s.rowid > @after ORDER BY s.rowid LIMIT @limit`),
      countByIds: db
        .prepare(
          `SELECT COUNT(*) FROM (${DRAFTED} AND b.id ${IDS} UNION ALL ${STANDALONE} AND s.id ${IDS})`,
        )
        .pluck(),
      byIds: db.prepare(`${DRAFTED} AND b.id ${IDS} UNION ALL ${STANDALONE} AND s.id ${IDS}`),
    };
  }

  /**
   * `states`: the draft states whose payment is unsent (its payee may still change). Counted in
   * SQL: a batch of 100,000 is not read to say how many will go.
   */
  countInBatch(batchId: string, states: readonly string[]): number {
    return this.sql.countInBatch.get({ batch: batchId, states: JSON.stringify(states) }) as number;
  }

  pageInBatch(
    batchId: string,
    states: readonly string[],
    after: number,
    limit: number,
  ): ImportablePayee[] {
    return this.sql.pageInBatch.all({
      batch: batchId,
      states: JSON.stringify(states),
      after,
      limit,
    }) as ImportablePayee[];
  }

  /** Payees saved on their own that the service does not hold yet. */
  countSavedHere(): number {
    return this.sql.countSavedHere.get() as number;
  }

  pageSavedHere(after: number, limit: number): ImportablePayee[] {
    return this.sql.pageSavedHere.all({ after, limit }) as ImportablePayee[];
  }

  countByIds(ids: readonly string[], states: readonly string[]): number {
    return this.sql.countByIds.get({
      ids: JSON.stringify(ids),
      states: JSON.stringify(states),
    }) as number;
  }

  /** Those of `ids` that may be sent, in the order the ids were given. */
  byIds(ids: readonly string[], states: readonly string[]): ImportablePayee[] {
    const rows = this.sql.byIds.all({
      ids: JSON.stringify(ids),
      states: JSON.stringify(states),
    }) as ImportablePayee[];
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }
}
