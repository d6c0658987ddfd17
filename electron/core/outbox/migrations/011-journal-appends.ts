// The journal keeps a sheet added to a batch, so that Undo takes the added rows back. Without
// it, Undo right after adding a sheet undid the edit made before it, and the rows added stayed
// with no way to take them back but selecting and deleting them. SQLite cannot change a CHECK,
// so the table is made again with 'append' among its kinds, its entries and indexes kept.
import type { Migration } from './migration';

export const journalAppends: Migration = {
  version: 11,
  name: 'journal the sheets added to a batch',
  up(db) {
    db.exec(`
      CREATE TABLE draft_edits_new (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        op_id TEXT NOT NULL,
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        draft_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('edit', 'delete', 'append')),
        label TEXT NOT NULL,
        -- the draft's row (and its new beneficiary's) as they were before the operation; for an
        -- append, where the sheet's rows begin ({"first_row"}), the draft being new
        before_json TEXT NOT NULL,
        at TEXT NOT NULL
      );
      INSERT INTO draft_edits_new (seq, op_id, batch_id, draft_id, kind, label, before_json, at)
        SELECT seq, op_id, batch_id, draft_id, kind, label, before_json, at FROM draft_edits;
      DROP TABLE draft_edits;
      ALTER TABLE draft_edits_new RENAME TO draft_edits;
      CREATE INDEX draft_edits_by_batch ON draft_edits(batch_id, seq);
      CREATE INDEX draft_edits_by_operation ON draft_edits(batch_id, op_id, seq);
    `);
  },
};
