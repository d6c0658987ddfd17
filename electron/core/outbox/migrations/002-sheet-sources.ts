// What a sheet import keeps so that the sheet can go back out annotated and a second import
// of the same payments is noticed: the batch's source (file, sheet, header row, headers and
// mapping), each draft's source cells, and a key for finding possible duplicates.
import type { Migration } from './migration';

export const sheetSources: Migration = {
  version: 2,
  name: 'sheet source of batches and drafts, duplicate keys',
  up(db) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN source_json TEXT;
      ALTER TABLE payment_drafts ADD COLUMN source_json TEXT;
      -- account, amount and date of the payment: the same three twice is worth a look
      ALTER TABLE payment_drafts ADD COLUMN duplicate_key TEXT;
      CREATE INDEX payment_drafts_by_duplicate_key ON payment_drafts(duplicate_key)
        WHERE duplicate_key IS NOT NULL;
    `);
  },
};
