// Every foreign key's referencing column gets an index. SQLite checks a foreign key on each
// deletion of a referenced row by looking for rows that still point at it: without an index on
// the referencing column that is a scan of the whole referencing table, once per row deleted.
// Deleting a batch's 12,000 new payees beside another batch of 10,000 drafts scanned
// payment_drafts 12,000 times (14 s for a refused import of 12,000 rows, which leaves nothing
// and so deletes what it staged); at 100,000 beside 100,000 it would have taken hours.
// Only drafts with a new payee name one, so the largest index leaves out the rest.
import type { Migration } from './migration';

export const foreignKeyIndexes: Migration = {
  version: 8,
  name: 'index every foreign key',
  up(db) {
    db.exec(`
      CREATE INDEX payment_drafts_by_beneficiary ON payment_drafts(beneficiary_draft_id)
        WHERE beneficiary_draft_id IS NOT NULL;
      CREATE INDEX sync_runs_by_batch ON sync_runs(batch_id);
      CREATE INDEX chunks_by_sync_run ON chunks(sync_run_id) WHERE sync_run_id IS NOT NULL;
      CREATE INDEX import_jobs_by_chunk ON import_jobs(chunk_id) WHERE chunk_id IS NOT NULL;
    `);
  },
};
