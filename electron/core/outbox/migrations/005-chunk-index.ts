// Only a draft that was sent has a chunk: the index by chunk keeps those alone. A large import
// writes tens of thousands of drafts at once, each of which the index would otherwise hold with
// a NULL chunk, for nothing: a lookup by chunk (`chunk_id = ?`) never finds NULL.
import type { Migration } from './migration';

export const chunkIndex: Migration = {
  version: 5,
  name: 'index drafts by chunk only once they have one',
  up(db) {
    db.exec(`
      DROP INDEX payment_drafts_by_chunk;
      CREATE INDEX payment_drafts_by_chunk ON payment_drafts(chunk_id) WHERE chunk_id IS NOT NULL;
    `);
  },
};
