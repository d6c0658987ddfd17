// What the desk needs of the outbox:
// - a batch's import state (an import writes into an `importing` batch in chunks, and the batch
//   becomes `ready` at the end or is deleted whole), how its payments go to the service
//   (approved, or for approval there), and its group's name as last fetched;
// - columns beside each draft's JSON (outbox/draft-columns.ts) so that windows, counts and
//   totals of 100,000 drafts are SQL over indexed columns, never a batch read into memory (the
//   index by state becomes one that holds the counts and totals too);
// - whether the service holds a payment approved or awaiting approval;
// - a journal of edits, to undo the last ones;
// - the last copy of each live view (groups, wallets), shown with its age when offline;
// - settings (the profile in use).
// Existing drafts get their columns worked out from their JSON, as a draft written now would.
import { draftColumns } from '../draft-columns';
import type { Migration } from './migration';

export const desk: Migration = {
  version: 4,
  name: 'batch state and approval, draft columns, edit journal, service cache, settings',
  up(db) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN state TEXT NOT NULL DEFAULT 'ready'
        CHECK (state IN ('importing', 'ready'));
      ALTER TABLE batches ADD COLUMN service_approval TEXT NOT NULL DEFAULT 'for_approval'
        CHECK (service_approval IN ('approved', 'for_approval'));
      ALTER TABLE batches ADD COLUMN group_name TEXT;

      ALTER TABLE payment_drafts ADD COLUMN error_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE payment_drafts ADD COLUMN warning_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE payment_drafts ADD COLUMN amount_milli INTEGER;
      ALTER TABLE payment_drafts ADD COLUMN amount_currency TEXT;
      ALTER TABLE payment_drafts ADD COLUMN payee TEXT;
      ALTER TABLE payment_drafts ADD COLUMN execution_date TEXT;
      ALTER TABLE payment_drafts ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      ALTER TABLE payment_drafts ADD COLUMN service_approved INTEGER;
      CREATE INDEX payment_drafts_by_amount ON payment_drafts(batch_id, amount_milli);
      -- Counts by state, errors and warnings apart, and totals per currency, read from this index
      -- alone; it also finds a batch's drafts in one state, as the index by state did, which it
      -- replaces (one index more on every draft written would slow every import).
      DROP INDEX payment_drafts_by_state;
      CREATE INDEX payment_drafts_figures ON payment_drafts(batch_id, state, amount_currency,
        error_count, warning_count, service_approved, amount_milli);

      CREATE TABLE draft_edits (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        op_id TEXT NOT NULL,
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        draft_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('edit', 'delete')),
        label TEXT NOT NULL,
        -- the draft's row (and its new beneficiary's) as they were before the operation
        before_json TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX draft_edits_by_batch ON draft_edits(batch_id, seq);

      CREATE TABLE service_cache (
        profile TEXT NOT NULL,
        key TEXT NOT NULL,
        json TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile, key)
      );

      CREATE TABLE settings (key TEXT PRIMARY KEY, value_json TEXT NOT NULL);
    `);
    const page = db.prepare(
      `SELECT p.rowid, p.id, p.body_json, p.issues_json, b.body_json AS beneficiary_json
       FROM payment_drafts p LEFT JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
       WHERE p.rowid > ? ORDER BY p.rowid LIMIT 1000`,
    );
    const update = db.prepare(
      `UPDATE payment_drafts SET error_count = @error_count, warning_count = @warning_count,
         amount_milli = @amount_milli, amount_currency = @amount_currency, payee = @payee,
         execution_date = @execution_date, search_text = @search_text WHERE id = @id`,
    );
    // A page at a time: an outbox of 100,000 drafts is never read into memory at once.
    for (let after = 0; ;) {
      const rows = page.all(after) as {
        rowid: number;
        id: string;
        body_json: string;
        issues_json: string;
        beneficiary_json: string | null;
      }[];
      for (const row of rows) {
        const columns = draftColumns(
          JSON.parse(row.body_json),
          row.beneficiary_json === null ? null : JSON.parse(row.beneficiary_json),
          JSON.parse(row.issues_json),
        );
        update.run({ ...columns, id: row.id });
      }
      const last = rows.at(-1);
      if (!last) break;
      after = last.rowid;
    }
  },
};
