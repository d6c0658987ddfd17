// Deleting drafts, and undoing the last change, a step at a time (batch-steps.ts). The
// deletion stays one operation in the journal, so one Undo brings it all back; an undo stopped
// halfway (cancelled, or the app closed) goes on at the next Undo. A cancelled deletion puts
// back what it had deleted: nothing is left half deleted.
import type { DeskInput, DeskOutput } from '../../../shared/desk';
import { DeskError } from '../../../shared/desk/errors';
import { inSteps, journaledSteps, putBackStep, SQL_STEP } from './batch-steps';
import { batchOf, changed, type DeskContext } from './desk-context';
import { editableSelection } from './draft-selection';
import { recheckTwins } from './draft-revision';

export async function deleteDrafts(
  ctx: DeskContext,
  { batch: ref, selection: asked, job_id }: DeskInput<'deleteDrafts'>,
): Promise<DeskOutput<'deleteDrafts'>> {
  const { outbox } = ctx;
  const { batch, where, total, sent } = editableSelection(ctx, ref, asked);
  if (total === 0) return { deleted: 0, refused_total: sent.total, refused: sent.refused };
  const label =
    total === 1
      ? 'the deletion of a draft'
      : `the deletion of ${total.toLocaleString('en')} drafts`;
  const deleted = await journaledSteps(
    ctx,
    batch,
    { kind: 'delete_drafts', id: job_id },
    {
      total,
      journal: { kind: 'delete', label },
      step(record) {
        // The drafts the selection still finds, the first of them: each step takes the next ones.
        const part = outbox.bulk.firstOf(where, SQL_STEP);
        record(part);
        const keys = outbox.bulk.duplicateKeys(part);
        const deleted = outbox.bulk.delete(part);
        // A draft warned of as the deleted one's twin is one no more, unless a third is left.
        recheckTwins(outbox, keys);
        return deleted;
      },
      cancelled: {
        nothing: 'the deletion was cancelled before it deleted anything',
        one: 'the deletion was cancelled: the draft it had deleted is back',
        many: (count) => `the deletion was cancelled: the ${count} drafts it had deleted are back`,
      },
    },
  );
  outbox.audit.append('delete', { batchId: batch.id, details: { drafts: deleted } });
  return { deleted, refused_total: sent.total, refused: sent.refused };
}

export async function undoLast(
  ctx: DeskContext,
  { batch: ref, job_id }: DeskInput<'undo'>,
): Promise<DeskOutput<'undo'>> {
  const { outbox } = ctx;
  const batch = batchOf(ctx, ref);
  const operation = outbox.journal.latest(batch.id);
  if (!operation) throw new DeskError('not_found', `nothing to undo in batch "${batch.name}"`);
  const total = outbox.journal.size(operation);
  let restored = 0;
  let left = 0;
  let unapproved = 0;
  let finished = false;
  // Cancelled, an undo stops between steps: the rest stays in the journal, under the same
  // change, for the next undo to put back.
  const run = await inSteps(ctx, batch, { kind: 'undo', id: job_id }, total, {
    step() {
      if (finished) return 0;
      const step = outbox.db.transaction(() => putBackStep(ctx, batch, operation))();
      restored += step.restored;
      left += step.left;
      unapproved += step.unapproved;
      finished = step.done;
      // Progress counts the drafts gone through: a step of drafts all sent since puts none back.
      return step.restored + step.left;
    },
  });
  // Cancelled before its first step (as a cancel that came first makes it): nothing happened,
  // which is said as the other changes say it, with nothing in the audit log.
  if (run.cancelled && restored + left === 0) {
    throw new DeskError('cancelled', 'the undo was cancelled before it put anything back');
  }
  const remaining = run.cancelled ? outbox.journal.size(operation) : 0;
  outbox.audit.append('undo', {
    batchId: batch.id,
    details: {
      undone: operation.label,
      ...(operation.kind === 'append' ? { change: 'append' } : {}),
      drafts: restored,
      left,
      ...(unapproved ? { unapproved } : {}),
      ...(remaining ? { remaining } : {}),
    },
  });
  changed(ctx, batch.id);
  return {
    undone:
      restored === 0 && left > 0
        ? `nothing: ${operation.label} ${operation.kind === 'append' ? 'added' : 'changed'} ${left === 1 ? 'a draft' : `${countOf(left, 'draft')}`} sent since, left as ${left === 1 ? 'it is' : 'they are'}`
        : left > 0
          ? `${operation.label}, but for ${countOf(left, 'draft')} sent since`
          : operation.label,
    change: operation.kind,
    drafts: restored,
    unapproved,
    remaining,
  };
}

const countOf = (count: number, noun: string): string =>
  `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
