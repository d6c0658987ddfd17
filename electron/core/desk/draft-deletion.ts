// Deleting drafts, and undoing the last change, a step at a time. At 100,000 drafts each is
// seconds of writing (7 s to delete, 7 s to put back, measured through the desk), which in one
// transaction held every other call (the status bar, another screen's list) until its end.
// Each step is a transaction of its own, between steps the other calls are answered, and the
// status bar shows the job's progress. The deletion stays one operation in the journal, so one
// Undo brings it all back; an undo stopped halfway (the app closed) goes on at the next Undo.
// The batch's lock is held throughout: a sync (here, or in the CLI beside) would otherwise send
// drafts a later step was to delete. Either can be cancelled by its job id: a cancelled deletion
// puts back what it had deleted (nothing is left half deleted); a cancelled undo stops, and the
// next undo puts back the rest.
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
  { batch: ref, selection: asked, job_id }: DeskInput<'deleteDrafts'>,
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
  let operation: Operation | undefined;
  const run = await inSteps(ctx, batch, { kind: 'delete_drafts', id: job_id }, total, {
    step() {
      return outbox.db.transaction(() => {
        // The drafts the selection still finds, the first of them: each step takes the next ones.
        const part = outbox.bulk.firstOf(where, STEP);
        if (operation) outbox.journal.recordMore(operation, part);
        else operation = outbox.journal.record(batch.id, 'delete', label, part);
        return outbox.bulk.delete(part);
      })();
    },
    // Cancelled: what the steps so far deleted is put back, a step at a time, from the journal.
    // Nothing else can have touched those drafts meanwhile: the batch's lock is still held.
    putBack() {
      if (!operation) return 0;
      const journaled = operation;
      const step = outbox.db.transaction(() => outbox.journal.restoreStep(journaled, STEP))();
      return step.restored + step.left;
    },
  });
  changed(ctx, batch.id);
  if (run.cancelled) {
    throw new DeskError(
      'cancelled',
      run.done === 0
        ? 'the deletion was cancelled before it deleted anything'
        : run.done === 1
          ? 'the deletion was cancelled: the draft it had deleted is back'
          : `the deletion was cancelled: the ${countOf(run.done, 'draft')} it had deleted are back`,
    );
  }
  outbox.audit.append('delete', { batchId: batch.id, details: { drafts: run.done } });
  return { deleted: run.done, refused_total: sent.total, refused: sent.refused };
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
  let finished = false;
  // Cancelled, an undo stops between steps: the rest stays in the journal, under the same
  // change, for the next undo to put back.
  const run = await inSteps(ctx, batch, { kind: 'undo', id: job_id }, total, {
    step() {
      if (finished) return 0;
      const step = outbox.db.transaction(() => outbox.journal.restoreStep(operation, STEP))();
      restored += step.restored;
      left += step.left;
      finished = step.done;
      // Progress counts the drafts gone through: a step of drafts all sent since puts none back.
      return step.restored + step.left;
    },
  });
  const remaining = run.cancelled ? outbox.journal.size(operation) : 0;
  outbox.audit.append('undo', {
    batchId: batch.id,
    details: {
      undone: operation.label,
      drafts: restored,
      left,
      ...(remaining ? { remaining } : {}),
    },
  });
  changed(ctx, batch.id);
  return {
    undone:
      left > 0
        ? `${operation.label}, but for ${countOf(left, 'draft')} sent since`
        : operation.label,
    drafts: restored,
    remaining,
  };
}

const countOf = (count: number, noun: string): string =>
  `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

interface Steps {
  /** Does the next step; answers how many drafts it went through (0: all done). */
  step(): number;
  /** After a cancel, undoes the next step of what was done; answers how many (0: all undone). */
  putBack?(): number;
}

/**
 * Runs `steps.step` until it does nothing or the job is cancelled, as a job on the batch that
 * holds its lock, telling the progress after each step. Cancelled, `putBack` (where there is one)
 * runs to its end, uncancellable, the progress counting down. Answers how much was done.
 */
async function inSteps(
  ctx: DeskContext,
  batch: Batch,
  job: { kind: 'delete_drafts' | 'undo'; id: string | undefined },
  total: number,
  steps: Steps,
): Promise<{ done: number; cancelled: boolean }> {
  const { outbox } = ctx;
  const owner = lockOwner(job.kind);
  const lock = outbox.locks.acquire(batch.id, owner);
  if (!lock.ok) throw new DeskError('busy', `batch "${batch.name}": ${lock.error.message}`);
  try {
    return await ctx.jobs.run(
      { id: job.id, kind: job.kind, batchId: batch.id },
      async (signal, jobId) => {
        let done = 0;
        // A job cancelled before it started (its cancel came first) does no step at all.
        while (!signal.aborted) {
          const taken = steps.step();
          if (taken === 0) return { done, cancelled: false };
          done += taken;
          ctx.events.emit({ type: 'job.progress', job_id: jobId, done, total });
          await nextTurn();
        }
        if (steps.putBack) {
          let left = done;
          for (let back = steps.putBack(); back > 0; back = steps.putBack()) {
            left = Math.max(0, left - back);
            ctx.events.emit({ type: 'job.progress', job_id: jobId, done: left, total });
            await nextTurn();
          }
        }
        return { done, cancelled: true };
      },
    );
  } finally {
    outbox.locks.release(batch.id, owner);
  }
}
