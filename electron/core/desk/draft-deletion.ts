// Deleting drafts, and undoing the last change, a step at a time. At 100,000 drafts each is
// seconds of writing (7 s to delete, 7 s to put back, measured through the desk), which in one
// transaction held every other call (the status bar, another screen's list) until its end.
// Each step is a transaction of its own, between steps the other calls are answered, and the
// status bar shows the job's progress. The deletion stays one operation in the journal, so one
// Undo brings it all back; an undo stopped halfway (the app closed) goes on at the next Undo.
// The batch's lock is held throughout: a sync (here, or in the CLI beside) would otherwise send
// drafts a later step was to delete.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeskInput, DeskOutput } from '../../../shared/desk';
import { DeskError } from '../../../shared/desk/errors';
import { lockOwner } from '../outbox/batch-lock';
import type { Batch } from '../outbox/batch-repository';
import type { JournalOperation as Operation } from '../outbox/edit-journal';
import { batchOf, changed, type DeskContext } from './desk-context';
import { selectionIn } from './draft-selection';

/** Drafts per step: about a tenth of a second of writing on a slow machine. */
const STEP = 5_000;

export async function deleteDrafts(
  ctx: DeskContext,
  { batch: ref, selection: asked }: DeskInput<'deleteDrafts'>,
): Promise<DeskOutput<'deleteDrafts'>> {
  const { outbox } = ctx;
  const batch = batchOf(ctx, ref);
  const selection = selectionIn(ctx, batch, asked);
  const sent = outbox.bulk.sent(batch.id, selection);
  const where = outbox.bulk.editable(batch.id, selection);
  const total = outbox.bulk.count(where);
  if (total === 0) return { deleted: 0, refused_total: sent.total, refused: sent.refused };
  const label =
    total === 1
      ? 'the deletion of a draft'
      : `the deletion of ${total.toLocaleString('en')} drafts`;
  const deleted = await inSteps(ctx, batch, 'delete_drafts', total, (first) => {
    let operation = first;
    const done = outbox.db.transaction(() => {
      // The drafts the selection still finds, the first of them: each step takes the next ones.
      const part = outbox.bulk.firstOf(where, STEP);
      if (operation) outbox.journal.recordMore(operation, part);
      else operation = outbox.journal.record(batch.id, 'delete', label, part);
      return outbox.bulk.delete(part);
    })();
    return { done, operation };
  });
  outbox.audit.append('delete', { batchId: batch.id, details: { drafts: deleted } });
  changed(ctx, batch.id);
  return { deleted, refused_total: sent.total, refused: sent.refused };
}

export async function undoLast(
  ctx: DeskContext,
  { batch: ref }: DeskInput<'undo'>,
): Promise<DeskOutput<'undo'>> {
  const { outbox } = ctx;
  const batch = batchOf(ctx, ref);
  const operation = outbox.journal.latest(batch.id);
  if (!operation) throw new DeskError('not_found', `nothing to undo in batch "${batch.name}"`);
  const total = outbox.journal.size(operation);
  let restored = 0;
  let left = 0;
  let finished = false;
  await inSteps(ctx, batch, 'undo', total, () => {
    if (finished) return { done: 0, operation };
    const step = outbox.db.transaction(() => outbox.journal.restoreStep(operation, STEP))();
    restored += step.restored;
    left += step.left;
    finished = step.done;
    // Progress counts the drafts gone through: a step of drafts all sent since puts none back.
    return { done: step.restored + step.left, operation };
  });
  outbox.audit.append('undo', {
    batchId: batch.id,
    details: { undone: operation.label, drafts: restored, left },
  });
  changed(ctx, batch.id);
  return {
    undone:
      left > 0
        ? `${operation.label}, but for ${left} draft${left === 1 ? '' : 's'} sent since`
        : operation.label,
    drafts: restored,
  };
}

/**
 * Runs `step` until it does nothing, as a job on the batch that holds its lock, telling the
 * progress after each step; answers how much was done.
 */
async function inSteps(
  ctx: DeskContext,
  batch: Batch,
  kind: 'delete_drafts' | 'undo',
  total: number,
  step: (operation: Operation | undefined) => { done: number; operation: Operation | undefined },
): Promise<number> {
  const { outbox } = ctx;
  const owner = lockOwner(kind);
  const lock = outbox.locks.acquire(batch.id, owner);
  if (!lock.ok) throw new DeskError('busy', `batch "${batch.name}": ${lock.error.message}`);
  try {
    return await ctx.jobs.run({ kind, batchId: batch.id }, async (_signal, jobId) => {
      let done = 0;
      let operation: Operation | undefined;
      for (;;) {
        const taken = step(operation);
        operation = taken.operation;
        if (taken.done === 0) return done;
        done += taken.done;
        ctx.events.emit({ type: 'job.progress', job_id: jobId, done, total });
        await nextTurn();
      }
    });
  } finally {
    outbox.locks.release(batch.id, owner);
  }
}
