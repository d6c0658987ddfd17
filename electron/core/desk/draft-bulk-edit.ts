// A bulk edit of a selection or a filter, a step at a time (batch-steps.ts): each step reads
// the next drafts by rowid, copies them into the journal, and revises each with the shared
// rules, in one transaction. At 100,000 drafts it is most of a minute of work on a slow machine,
// which in one transaction held every other call; now the status bar shows it, and it can be
// cancelled. Cancelled, or stopped by a draft that refuses the change, it puts back what it had
// changed from the journal: nothing is left half edited. The edit stays one operation in the
// journal, so one Undo takes it all back.
import type { DeskInput, DeskOutput } from '../../../shared/desk';
import { draftsNamed } from '../outbox/draft-filters';
import { journaledSteps } from './batch-steps';
import type { DeskContext } from './desk-context';
import { recheckTwins, reviseDraft } from './draft-revision';
import { editableSelection } from './draft-selection';

/** Drafts per step: each is revised in JavaScript, a fifth of a second a step at 100,000 drafts. */
const STEP = 500;

export async function bulkEdit(
  ctx: DeskContext,
  { batch: ref, selection: asked, changes, job_id }: DeskInput<'bulkEdit'>,
): Promise<DeskOutput<'bulkEdit'>> {
  const { outbox } = ctx;
  const { batch, where, total, sent } = editableSelection(ctx, ref, asked);
  if (total === 0) {
    return { changed: 0, unapproved: 0, refused_total: sent.total, refused: sent.refused };
  }
  const label = `the bulk edit of ${total.toLocaleString('en')} draft${total === 1 ? '' : 's'}`;
  let after = 0;
  // Approved drafts the change makes drafts again: what was approved is no longer what would be
  // sent (saveContent). Said in the answer; a bulk edit that does not finish puts them back.
  let unapproved = 0;
  const done = await journaledSteps(
    ctx,
    batch,
    { kind: 'bulk_edit', id: job_id },
    {
      total,
      journal: { kind: 'edit', label },
      step(record) {
        const page = outbox.drafts.where(where, after, STEP, total > STEP);
        if (page.drafts.length === 0) return 0;
        record(draftsNamed(page.drafts.map((draft) => draft.id)));
        const gone = new Set<string>();
        for (const draft of page.drafts) {
          if (draft.state === 'approved') unapproved += 1;
          const key = reviseDraft(ctx, batch, draft, changes);
          if (key !== undefined) gone.add(key);
        }
        recheckTwins(outbox, [...gone]);
        after = page.last;
        return page.drafts.length;
      },
      cancelled: {
        nothing: 'the bulk edit was cancelled before it changed anything',
        one: 'the bulk edit was cancelled: the draft it had changed is as it was',
        many: (count) =>
          `the bulk edit was cancelled: the ${count} drafts it had changed are as they were`,
      },
    },
  );
  outbox.audit.append('bulk_edit', {
    batchId: batch.id,
    // What each field was set to, as well as which: the log says "to 5 January 2026".
    details: { fields: Object.keys(changes), changes, drafts: done },
  });
  return { changed: done, unapproved, refused_total: sent.total, refused: sent.refused };
}
