// The sheet rows whose drafts were deleted in the app. The results export gives the sheet back
// row by row: a deleted draft's row went out blank, its cells lost, and a blank row in a sheet a
// finance person reconciles against reads as a line that was never there. Kept here, its
// cells go back at its row, marked deleted; an undo that brings the draft back takes it out.
import type { Migration } from './migration';

export const deletedRows: Migration = {
  version: 10,
  name: 'keep the sheet rows of deleted drafts',
  up(db) {
    db.exec(`
      CREATE TABLE deleted_rows (
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        source_row INTEGER NOT NULL,
        -- the row's cells as the import kept them with its draft (sheets/drafting/source-cells.ts)
        source_json TEXT NOT NULL,
        UNIQUE (batch_id, source_row)
      );
    `);
  },
};
