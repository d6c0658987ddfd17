// Deleting a batch. Refused while a job works on it or once anything of it was sent; then the
// batch leaves every list at once, with its line in the audit log, and its rows go a step at a
// time, each step a transaction of its own. At 100,000 drafts that is seconds of writing, which
// in one transaction held every other call (the status, another screen's list) until its end;
// between steps they are answered, and the status bar shows the deletion's progress. A deletion
// stopped halfway (the app closed) is finished at the next start, as an import's batch is
// (create-desk.ts): the batch is never seen half deleted.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeskInput, DeskOutput } from '../../../shared/desk';
import { DeskError } from '../../../shared/desk/errors';
import { lockOwner } from '../outbox/batch-lock';
import type { Batch } from '../outbox/batch-repository';
import { batchOf, changed, type DeskContext } from './desk-context';
import { recheckTwins } from './draft-revision';

/** Rows deleted per step: about a tenth of a second of writing on a slow machine. */
const DELETE_STEP = 5_000;

export async function deleteBatch(
  ctx: DeskContext,
  { batch: ref, job_id }: DeskInput<'deleteBatch'>,
  signal?: AbortSignal,
): Promise<DeskOutput<'deleteBatch'>> {
  const { outbox } = ctx;
  const batch = batchOf(ctx, ref);
  ctx.jobs.refuseWhileBusy(batch.id, batch.name, 'deleted');
  refuseOnceSent(ctx, batch, 'deleted');
  // A sync of it in another process (the CLI beside the app) holds its lock.
  const owner = lockOwner('delete_batch');
  const lock = outbox.locks.acquire(batch.id, owner);
  if (!lock.ok) throw new DeskError('busy', `batch "${batch.name}": ${lock.error.message}`);
  const drafts = outbox.queries.batchFigures(batch.id, null).counts.drafts;
  const total = outbox.batches.rowsToDelete(batch.id);
  // Drafts of other batches warned as possible duplicates of this one's: looked at again once
  // it is gone (recheckTwins), so that no warning names a row of a batch deleted.
  const twinKeys = outbox.drafts.keysWarnedElsewhere(batch.id);
  outbox.db.transaction(() => {
    outbox.batches.hide(batch.id);
    outbox.audit.append('delete_batch', {
      batchId: batch.id,
      details: { name: batch.name, drafts },
    });
  })();
  // The lists are told once it is gone: a screen that showed the batch would ask for it now and
  // be told there is none, while its deletion is still under way.
  await ctx.jobs.run(
    { id: job_id, kind: 'delete_batch', batchId: batch.id, signal },
    async (jobSignal, jobId) => {
      let done = 0;
      for (;;) {
        const deleted = outbox.batches.deleteSome(batch.id, DELETE_STEP);
        if (deleted === 0) {
          outbox.db.transaction(() => recheckTwins(outbox, twinKeys))();
          return;
        }
        done += deleted;
        ctx.events.emit({ type: 'job.progress', job_id: jobId, done, total });
        if (jobSignal.aborted) {
          // Left out of the lists for the next start to finish: the lock goes, so that it may.
          outbox.locks.release(batch.id, owner);
          throw new DeskError(
            'cancelled',
            `the deletion of batch "${batch.name}" was stopped halfway: it is finished when the app next starts`,
          );
        }
        await nextTurn();
      }
    },
  );
  changed(ctx, null);
  return { deleted: batch.name, drafts };
}

/** Once anything of a batch left for the service, it stays as it was sent. */
export function refuseOnceSent(ctx: DeskContext, batch: Batch, what: string): void {
  if (ctx.outbox.sync.anythingSent(batch.id)) {
    throw new DeskError(
      'conflict',
      `batch "${batch.name}" has payments sent to the service, so it cannot be ${what}`,
    );
  }
}
