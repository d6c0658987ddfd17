// Batches: each with its counts by state, errors and warnings apart, exact totals per currency,
// its group and wallet, how its payments go to the service, and its last sync. Renamed freely,
// deleted while nothing of it was sent (batch-deletion.ts), given a group (checked online, from
// the last list offline) and told whether its payments go approved or for approval.
import type { Batch as BatchView } from '../../../shared/desk/batches';
import { DeskError } from '../../../shared/desk/errors';
import type { Batch } from '../outbox/batch-repository';
import { deleteBatch, refuseOnceSent } from './batch-deletion';
import { batchOf, changed, profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { revalidateBatch } from './draft-revision';
import { chooseGroup, groupView } from './group-choice';
import { secondApproverRefusal } from './service-approval';

type BatchHandlers = Pick<
  DeskHandlers,
  | 'listBatches'
  | 'getBatch'
  | 'renameBatch'
  | 'deleteBatch'
  | 'setBatchGroup'
  | 'setServiceApproval'
>;

export function batchHandlers(ctx: DeskContext): BatchHandlers {
  const { outbox } = ctx;
  return {
    listBatches: () => ({ batches: outbox.batches.list().map((batch) => batchView(ctx, batch)) }),

    getBatch: ({ batch: ref }) => {
      const batch = batchOf(ctx, ref);
      // Nothing to offer when the latest change's rows were all sent since: an undo of it would
      // put nothing back ("Undid nothing…"), as the Undo button had promised it would.
      const latest = outbox.journal.latest(batch.id);
      const undo = latest && outbox.journal.putsBack(latest) ? latest.label : null;
      return { ...batchView(ctx, batch), undo };
    },

    renameBatch: ({ batch: ref, name }) => {
      const batch = batchOf(ctx, ref);
      if (name !== batch.name && outbox.batches.nameTaken(name)) {
        throw new DeskError(
          'conflict',
          `a batch named "${name}" already exists: choose another name`,
        );
      }
      outbox.db.transaction(() => {
        outbox.batches.rename(batch.id, name);
        outbox.audit.append('rename', {
          batchId: batch.id,
          details: { from: batch.name, to: name },
        });
      })();
      changed(ctx, null);
      return batchView(ctx, batchOf(ctx, batch.id));
    },

    deleteBatch: (input, signal) => deleteBatch(ctx, input, signal),

    setBatchGroup: async ({ batch: ref, group_id, profile }) => {
      const batch = batchOf(ctx, ref);
      ctx.jobs.refuseWhileBusy(batch.id, batch.name, 'moved to another group');
      // Once the service holds a payment of it, the batch stays in its group; a batch whose
      // payments were all removed (its group deleted with them) may move, to send them again.
      if (ctx.outbox.groupDrafts.batchHoldsAny(batch.id)) {
        refuseOnceSent(ctx, batch, 'moved to another group');
      }
      const choice = await chooseGroup(ctx, profileOf(ctx, profile ?? batch.profile), group_id);
      const [from, to] = [batch.walletCurrency, choice.group.walletCurrency];
      if (from !== null && to !== null && from !== to) refuseNewCurrency(ctx, batch, from, to);
      outbox.db.transaction(() => {
        outbox.batches.setGroup(batch.id, choice.group);
        outbox.groupDrafts.moveToGroup(batch.id, {
          groupId: choice.group.groupId,
          walletCurrency: to,
        });
        outbox.audit.append('set_group', {
          batchId: batch.id,
          details: { group: group_id, checked: choice.checked },
        });
      })();
      if (to !== from) {
        revalidateBatch(outbox, batch.id, { today: ctx.today(), walletCurrency: to ?? undefined });
      }
      changed(ctx, batch.id);
      return { batch: batchView(ctx, batchOf(ctx, batch.id)), checked: choice.checked };
    },

    setServiceApproval: ({ batch: ref, service_approval }) => {
      const batch = batchOf(ctx, ref);
      outbox.db.transaction(() => {
        outbox.batches.setServiceApproval(batch.id, service_approval);
        outbox.audit.append('set_service_approval', {
          batchId: batch.id,
          details: { service_approval },
        });
      })();
      changed(ctx, batch.id);
      return batchView(ctx, batchOf(ctx, batch.id));
    },
  };
}

/**
 * A batch whose amounts are in its wallet's currency, named by none of them, stays with a wallet
 * in that currency: moved to one in another, 1,000 USD would be paid as 1,000 GBP, and whether
 * the sheet meant dollars or only the wallet said so, nothing here can tell. Imported again into
 * the other group, the sheet is read against that wallet: what it names stays, the rest is in
 * the wallet's currency, as the person then sees.
 */
function refuseNewCurrency(ctx: DeskContext, batch: Batch, from: string, to: string): void {
  const implied = ctx.outbox.groupDrafts.amountsInWalletCurrency(batch.id);
  if (implied === 0) return;
  throw new DeskError(
    'conflict',
    `${implied.toLocaleString('en')} amount${implied === 1 ? '' : 's'} of batch "${batch.name}" ${implied === 1 ? 'is' : 'are'} in ${from}, its wallet's currency, without naming it: a ${to} wallet would pay ${implied === 1 ? 'it' : 'them'} as ${to}. To pay from that group, import the sheet again into it (its amounts are then read against the ${to} wallet), and delete this batch`,
    { from, to, amounts: implied },
  );
}

type SyncRun = ReturnType<DeskContext['outbox']['sync']['lastRun']>;

/**
 * A run recorded as going whose process is gone (killed, or the machine stopped before it could
 * say how it ended) is shown as interrupted, not as syncing for ever: the next sync takes its
 * lock over and carries on where it stopped.
 */
function endedWithItsProcess(ctx: DeskContext, batchId: string, run: SyncRun): SyncRun {
  if (run?.state !== 'running' || ctx.outbox.locks.isHeldFor(batchId, 'sync')) return run;
  return {
    ...run,
    state: 'interrupted',
    error: 'the sync stopped with the app that ran it: sync again to finish it',
  };
}

export function batchView(ctx: DeskContext, batch: Batch): BatchView {
  const { counts, totals, awaitingTotals } = ctx.outbox.queries.batchFigures(
    batch.id,
    batch.walletCurrency,
  );
  const source = ctx.outbox.imports.batchSource<{ file: string; sheet: string }>(batch.id);
  const run = endedWithItsProcess(ctx, batch.id, ctx.outbox.sync.lastRun(batch.id));
  return {
    id: batch.id,
    name: batch.name,
    profile: batch.profile,
    state: batch.state,
    service_approval: batch.serviceApproval,
    group: groupView(ctx, batch.profile, batch),
    source: source ? { file: source.file, sheet: source.sheet } : null,
    created_at: batch.createdAt,
    counts,
    totals,
    awaiting_approval_totals: awaitingTotals,
    // Asked of the audit log only where there is something to approve there.
    approve_at_service_refused:
      counts.awaiting_approval_at_service > 0 ? secondApproverRefusal(ctx, batch) : null,
    last_sync: run
      ? {
          state: run.state as NonNullable<BatchView['last_sync']>['state'],
          started_at: run.started_at,
          finished_at: run.finished_at,
          error: run.error,
        }
      : null,
  };
}
