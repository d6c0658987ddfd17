// Long changes to a batch's drafts (a deletion, a bulk edit, an undo) done a step at a time.
// At 100,000 drafts each is seconds of writing, which in one transaction held every other call
// (the status bar, another screen's list) until its end. Each step is a transaction of its own;
// between steps the other calls are answered, and the status bar shows the job's progress. The
// batch's lock is held throughout: a sync (here, or in the CLI beside) would otherwise send
// drafts between two steps of a change meant as one.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DeskError } from '../../../shared/desk/errors';
import { lockOwner } from '../outbox/batch-lock';
import type { Batch } from '../outbox/batch-repository';
import type { JournalOperation, JournalStep } from '../outbox/edit-journal';
import type { SqlPart } from '../outbox/draft-filters';
import { changed, type DeskContext } from './desk-context';
import { recheckTwins, warnOfDuplicatesPutBack } from './draft-revision';
import { removeAppendedRows } from '../sheets';

/** Drafts per step of a change done in SQL (a deletion, an undo): about a tenth of a second. */
export const SQL_STEP = 5_000;

export interface Steps {
  /** Does the next step in a transaction of its own; answers how many drafts (0: all done). */
  step(): number;
  /**
   * After a cancel or a failed step, undoes the next step of what was done, in a transaction of
   * its own; answers how many drafts (0: all undone). Without it, what was done stays.
   */
  putBack?(): number;
}

export interface StepsRun {
  /** Drafts the steps went through before they ended or were stopped. */
  done: number;
  cancelled: boolean;
}

/**
 * Runs `steps.step` until it does nothing or the job is cancelled, as a job on the batch that
 * holds its lock, telling the progress after each step. Cancelled, or when a step throws,
 * `putBack` (where there is one) runs to its end, uncancellable, the progress counting down; the
 * step's error is thrown after it. A job cancelled before it started does no step at all.
 */
export async function inSteps(
  ctx: DeskContext,
  batch: Batch,
  job: { kind: 'delete_drafts' | 'bulk_edit' | 'undo'; id: string | undefined },
  total: number,
  steps: Steps,
): Promise<StepsRun> {
  const { outbox } = ctx;
  const owner = lockOwner(job.kind);
  const lock = outbox.locks.acquire(batch.id, owner);
  if (!lock.ok) throw new DeskError('busy', `batch "${batch.name}": ${lock.error.message}`);
  try {
    return await ctx.jobs.run(
      { id: job.id, kind: job.kind, batchId: batch.id },
      async (signal, jobId) => {
        let done = 0;
        const putBack = async () => {
          if (!steps.putBack) return;
          let left = done;
          for (let back = steps.putBack(); back > 0; back = steps.putBack()) {
            left = Math.max(0, left - back);
            ctx.events.emit({
              type: 'job.progress',
              job_id: jobId,
              done: left,
              total,
              putting_back: true,
            });
            await nextTurn();
          }
        };
        while (!signal.aborted) {
          let taken: number;
          try {
            taken = steps.step();
          } catch (error) {
            await putBack();
            throw error;
          }
          if (taken === 0) return { done, cancelled: false };
          done += taken;
          ctx.events.emit({ type: 'job.progress', job_id: jobId, done, total });
          await nextTurn();
        }
        await putBack();
        return { done, cancelled: true };
      },
    );
  } finally {
    outbox.locks.release(batch.id, owner);
  }
}

/** The words of a cancelled change: when it had done nothing, one draft, or `count` drafts. */
export interface CancelledWords {
  nothing: string;
  one: string;
  many: (count: string) => string;
}

/**
 * A change recorded in the journal as one operation (one Undo takes it all back), done in steps:
 * each `step` runs in a transaction of its own and hands `record` the drafts it is about to
 * change, before it changes them. Cancelled, or when a step throws, what the steps did is put
 * back from the journal, and a cancel answers `cancelled` in `words`: nothing is left half done.
 * Answers how many drafts were changed.
 */
export async function journaledSteps(
  ctx: DeskContext,
  batch: Batch,
  job: { kind: 'delete_drafts' | 'bulk_edit'; id: string | undefined },
  change: {
    total: number;
    journal: { kind: 'edit' | 'delete'; label: string };
    step(record: (drafts: SqlPart) => void): number;
    cancelled: CancelledWords;
  },
): Promise<number> {
  const { outbox } = ctx;
  let operation: JournalOperation | undefined;
  const record = (drafts: SqlPart) => {
    if (operation) outbox.journal.recordMore(operation, drafts);
    else
      operation = outbox.journal.record(
        batch.id,
        change.journal.kind,
        change.journal.label,
        drafts,
      );
  };
  const run = await inSteps(ctx, batch, job, change.total, {
    step: () => outbox.db.transaction(() => change.step(record))(),
    // Nothing else can have touched the drafts meanwhile: the batch's lock is still held. A
    // draft put back may be a twin whose warning went with the change (recheckTwins): the pair
    // is flagged again, on the draft put back, which keeps its approval as the change found it.
    putBack: () => {
      const recorded = operation;
      if (!recorded) return 0;
      const step = outbox.db.transaction(() =>
        putBackStep(ctx, batch, recorded, { keepApproval: true }),
      )();
      return step.restored + step.left;
    },
  });
  changed(ctx, batch.id);
  if (run.cancelled) {
    const { nothing, one, many } = change.cancelled;
    throw new DeskError(
      'cancelled',
      run.done === 0 ? nothing : run.done === 1 ? one : many(run.done.toLocaleString('en')),
    );
  }
  return run.done;
}

/**
 * Puts back the next step of a journaled change (an undo, or a change cancelled halfway) and
 * looks again at the possible duplicates it touched: a warning whose twin was one of these
 * drafts under the values they leave goes, or names the twin left (recheckTwins), and a draft
 * put back is warned of a twin it has now (warnOfDuplicatesPutBack).
 */
export function putBackStep(
  ctx: DeskContext,
  batch: Batch,
  operation: JournalOperation,
  options: { keepApproval?: boolean } = {},
): JournalStep {
  const { outbox } = ctx;
  const leaving = outbox.drafts.keysOf(outbox.journal.nextStepIds(operation, SQL_STEP));
  const appendedFrom =
    operation.kind === 'append' ? outbox.journal.appendedFrom(operation) : undefined;
  const put = outbox.journal.restoreStep(operation, SQL_STEP);
  recheckTwins(outbox, [...new Set([...leaving, ...outbox.drafts.keysOf(put.ids)])]);
  warnOfDuplicatesPutBack(ctx, batch, put.ids, options);
  // A sheet's rows all taken back: its totals and notes go from the batch's sheet too.
  if (put.done && appendedFrom !== undefined && put.left === 0) {
    removeAppendedRows(outbox, batch.id, appendedFrom);
  }
  return put;
}
