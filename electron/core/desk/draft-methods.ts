// Drafts: the grid's windows, one draft, edits revalidated by the domain's rules, bulk edits of
// a selection or a filter, deletion and undo (in steps: draft-deletion.ts), and approval (local:
// "ready to send"). Everything over a whole batch is SQL over the columns beside each draft, a page at a
// time where a draft must be read: a batch is never held in memory.
import { DeskError } from '../../../shared/desk/errors';
import { contentOf, type Draft, type Selection } from '../../../shared/desk/drafts';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import { isEditable } from '../../../shared/domain/draft-state';
import type { Batch } from '../outbox/batch-repository';
import type { SqlPart } from '../outbox/draft-filters';
import { batchOf, changed, type DeskContext, type DeskHandlers } from './desk-context';
import { duplicateCheck, needsDuplicateCheck, revisedIssues } from './draft-revision';
import { deleteDrafts, undoLast } from './draft-deletion';
import { selectionIn } from './draft-selection';

type DraftHandlers = Pick<
  DeskHandlers,
  | 'draftWindow'
  | 'getDraft'
  | 'editDraft'
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
      if (!isEditable(draft.state)) {
        throw new DeskError(
          'conflict',
          `${which} was sent to the service (${draft.state}) and can no longer change`,
        );
      }
      outbox.db.transaction(() => {
        const where = { sql: 'p.id = ?', params: [id] };
        outbox.journal.record(batch.id, 'edit', `the edit of ${which}`, where);
        revise(ctx, batch, draft, changes);
        outbox.audit.append('edit', {
          batchId: batch.id,
          subjectId: id,
          details: { fields: Object.keys(changes) },
        });
      })();
      changed(ctx, batch.id);
      return draftOf(ctx, id);
    },

    bulkEdit: ({ batch: ref, selection: asked, changes }) => {
      const batch = batchOf(ctx, ref);
      const selection = selectionIn(ctx, batch, asked);
      const sent = outbox.bulk.sent(batch.id, selection);
      const where = outbox.bulk.editable(batch.id, selection);
      const count = outbox.bulk.count(where);
      const edited = outbox.db.transaction(() => {
        if (count === 0) return 0;
        const label = `the bulk edit of ${count.toLocaleString('en')} draft${count === 1 ? '' : 's'}`;
        outbox.journal.record(batch.id, 'edit', label, where);
        const done = eachDraft(ctx, where, (draft) => revise(ctx, batch, draft, changes));
        outbox.audit.append('bulk_edit', {
          batchId: batch.id,
          details: { fields: Object.keys(changes), drafts: done },
        });
        return done;
      })();
      changed(ctx, batch.id);
      return { changed: edited, refused_total: sent.total, refused: sent.refused };
    },

    deleteDrafts: (input) => deleteDrafts(ctx, input),

    undo: (input) => undoLast(ctx, input),

    approve: ({ batch: ref, selection: asked, include_warnings }) => {
      const batch = batchOf(ctx, ref);
      const selection = selectionIn(ctx, batch, asked);
      const result = outbox.db.transaction(() => {
        const outcome = outbox.bulk.approve(batch.id, selection, include_warnings);
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

/** Applies the changes to a draft, works out its issues anew and saves it (in a transaction). */
function revise(ctx: DeskContext, batch: Batch, draft: Draft, changes: DraftChanges): void {
  const applied = applyDraftChanges(contentOf(draft), changes);
  if (!applied.ok) {
    const which = draft.row === null ? '' : ` (row ${draft.row})`;
    throw new DeskError('invalid_input', `${applied.message}${which}`, { field: applied.field });
  }
  const edited = new Set(Object.keys(changes));
  const walletCurrency = batch.walletCurrency ?? undefined;
  const context = { today: ctx.today(), walletCurrency };
  const issues = revisedIssues(draft.issues, applied.content, context, edited);
  let key: string | null | undefined;
  if (needsDuplicateCheck(edited)) {
    const found = duplicateCheck(ctx.outbox, draft, applied.content, walletCurrency);
    key = found.key;
    if (found.issue) issues.push(found.issue);
  }
  const saved = ctx.outbox.drafts.saveContent(draft, applied.content, issues, key);
  if (!saved.ok) throw new DeskError('conflict', saved.reason);
}

/** Runs `act` on each draft `where` finds, a page at a time; returns how many. */
function eachDraft(ctx: DeskContext, where: SqlPart, act: (draft: Draft) => void): number {
  let count = 0;
  for (let after = 0; ;) {
    const page = ctx.outbox.drafts.where(where, after, 500);
    for (const draft of page.drafts) act(draft);
    count += page.drafts.length;
    if (page.drafts.length < 500) return count;
    after = page.last;
  }
}

export type { Selection };
