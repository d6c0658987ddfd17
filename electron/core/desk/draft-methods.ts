// Drafts: the grid's windows, one draft, edits revalidated by the domain's rules, bulk edits of
// a selection or a filter (in steps: draft-bulk-edit.ts), deletion and undo (draft-deletion.ts), and approval (local:
// "ready to send"). Everything over a whole batch is SQL over the columns beside each draft, a page at a
// time where a draft must be read: a batch is never held in memory.
import { DeskError } from '../../../shared/desk/errors';
import { type Draft, type Selection } from '../../../shared/desk/drafts';
import { whyNotEditable } from '../../../shared/domain/draft-state';
import type { Batch } from '../outbox/batch-repository';
import { batchOf, changed, type DeskContext, type DeskHandlers } from './desk-context';
import { recheckTwins, reviseAndAudit } from './draft-revision';
import { bulkEdit } from './draft-bulk-edit';
import { deleteDrafts, undoLast } from './draft-deletion';
import { editDrafts } from './draft-paste';
import { selectionIn } from './draft-selection';

type DraftHandlers = Pick<
  DeskHandlers,
  | 'draftWindow'
  | 'getDraft'
  | 'editDraft'
  | 'editDrafts'
  | 'bulkEdit'
  | 'deleteDrafts'
  | 'undo'
  | 'approve'
  | 'unapprove'
>;

export function draftHandlers(ctx: DeskContext): DraftHandlers {
  const { outbox } = ctx;
  return {
    draftWindow: (input) => {
      const batch = batchOf(ctx, input.batch);
      return outbox.queries.window(batch.id, input, batch.walletCurrency);
    },

    getDraft: ({ id }) => draftOf(ctx, id),

    editDraft: ({ id, changes }) => {
      const draft = draftOf(ctx, id);
      const batch = outbox.batches.get(draft.batch_id) as Batch;
      const which = draft.row === null ? 'this draft' : `row ${draft.row}`;
      const refused = whyNotEditable(draft.state, which);
      if (refused) throw new DeskError('conflict', refused);
      const edited = outbox.db.transaction(() => {
        const where = { sql: 'p.id = ?', params: [id] };
        outbox.journal.record(batch.id, 'edit', `the edit of ${which}`, where);
        const { gone } = reviseAndAudit(ctx, batch, draft, changes);
        if (gone !== undefined) recheckTwins(outbox, [gone]);
        // Read after the twins: a duplicate warning on this draft may have gone with them.
        return draftOf(ctx, id);
      })();
      changed(ctx, batch.id);
      return edited;
    },

    editDrafts: (input) => editDrafts(ctx, input),

    bulkEdit: (input) => bulkEdit(ctx, input),

    deleteDrafts: (input) => deleteDrafts(ctx, input),

    undo: (input) => undoLast(ctx, input),

    approve: ({ batch: ref, selection: asked, include_warnings }) => {
      const batch = batchOf(ctx, ref);
      const selection = selectionIn(ctx, batch, asked);
      const result = outbox.db.transaction(() => {
        const outcome = outbox.bulk.approve(batch.id, selection, include_warnings);
        // A refusal changes nothing: logged, an approval of rows with warnings that the person
        // then left unconfirmed read as "0 drafts approved", a decision never made.
        if (outcome.approved === 0) return outcome;
        outbox.audit.append('approve', {
          batchId: batch.id,
          details: {
            approved: outcome.approved,
            refused: outcome.refused_total,
            include_warnings,
          },
        });
        return outcome;
      })();
      changed(ctx, batch.id);
      return result;
    },

    unapprove: ({ batch: ref, selection: asked }) => {
      const batch = batchOf(ctx, ref);
      const selection = selectionIn(ctx, batch, asked);
      const result = outbox.db.transaction(() => {
        const outcome = outbox.bulk.unapprove(batch.id, selection);
        outbox.audit.append('unapprove', {
          batchId: batch.id,
          details: { unapproved: outcome.unapproved },
        });
        return outcome;
      })();
      changed(ctx, batch.id);
      return result;
    },
  };
}

function draftOf(ctx: DeskContext, id: string): Draft {
  const draft = ctx.outbox.drafts.get(id);
  if (!draft) throw new DeskError('not_found', `no draft ${id}`);
  return draft;
}

export type { Selection };
