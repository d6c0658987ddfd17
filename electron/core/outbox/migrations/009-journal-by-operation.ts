// The journal found by operation. Undo takes an operation's entries a step at a time; with only
// the batch's index (batch_id, seq) each step read every entry of the batch's journal up to the
// step's end, older operations included, and the put-back of an edit looked its entry up that
// way once per draft: undoing a bulk edit of 20,000 drafts took 268 s, and it grew with the
// square of the edit's size.
import type { Migration } from './migration';

export const journalByOperation: Migration = {
  version: 9,
  name: 'index the edit journal by operation',
  up(db) {
    db.exec(`CREATE INDEX draft_edits_by_operation ON draft_edits(batch_id, op_id, seq);`);
  },
};
