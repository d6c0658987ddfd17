// The payee list's index (migration 007), where its triggers do not keep it: a trigger on a
// payment's insert would slow every sheet import (see the migration), so
// - a ready batch's payees are listed, all at once and in order, the first time the list is
//   asked for after the batch became ready (an import's batch, in one statement);
// - the two writers of payments into a batch that may be listed already, an undone deletion
//   (edit-journal.ts) and DraftRepository.create, list theirs in their own transaction.
import type { Db } from './database';
import type { SqlPart } from './draft-filters';
import { payeeSortKey } from './migrations/007-payee-index';

const TARGET = `json_extract(p.body_json, '$.target.id')`;
const READY = `JOIN batches bt ON bt.id = p.batch_id AND bt.state = 'ready'`;

/** Lists the payees of every ready batch whose payees are not listed yet. */
export function listReadyBatches(db: Db): void {
  const pending = db
    .prepare(`SELECT id FROM batches WHERE state = 'ready' AND payees_listed = 0`)
    .pluck()
    .all() as string[];
  for (const batchId of pending) {
    db.transaction(() => {
      indexWrittenPayments(db, { sql: 'p.batch_id = ?', params: [batchId] });
      db.prepare('UPDATE batches SET payees_listed = 1 WHERE id = ?').run(batchId);
    })();
  }
}

/** Lists the payees of the payments `written` finds (a WHERE clause over `p`). */
export function indexWrittenPayments(db: Db, written: SqlPart): void {
  // A payee the outbox has of its own is no longer one known by id only.
  db.prepare(
    `DELETE FROM payee_index WHERE kind = 'held' AND (sort_key, id) IN (
       SELECT ${payeeSortKey('p.beneficiary_draft_id')}, p.beneficiary_draft_id FROM payment_drafts p
       WHERE ${written.sql} AND p.beneficiary_draft_id IS NOT NULL)`,
  ).run(...written.params);
  db.prepare(
    `INSERT OR REPLACE INTO payee_index (sort_key, id, batch_id, kind, status, account)
     SELECT ${payeeSortKey('coalesce(p.payee, p.beneficiary_draft_id)')}, b.id, p.batch_id, 'drafted',
       b.sync_state, json_extract(b.body_json, '$.bank_details.account_number')
     FROM payment_drafts p JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id ${READY}
     WHERE ${written.sql}
     -- In the index's order: each entry goes in at its end, never between two.
     ORDER BY 1, 2`,
  ).run(...written.params);
  db.prepare(
    `INSERT OR IGNORE INTO payee_index (sort_key, id, batch_id, kind, status, account)
     SELECT ${payeeSortKey('t')}, t, batch_id, 'held', 'held', NULL FROM (
       SELECT DISTINCT ${TARGET} AS t, p.batch_id FROM payment_drafts p ${READY}
       WHERE ${written.sql} AND p.beneficiary_draft_id IS NULL)
     WHERE coalesce(t, '') <> '' AND t NOT IN (SELECT id FROM beneficiary_drafts)
       AND t NOT IN (SELECT id FROM standalone_beneficiaries)`,
  ).run(...written.params);
}
