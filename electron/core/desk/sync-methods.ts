// Sync: what a sync would do, first; validation of new beneficiaries; the sync itself with its
// stages and each import job's progress as events, cancellable between requests; retry of what
// failed; and approval at the service of payments sent for approval there (the checker's step).
import { settingsOf } from './settings-methods';
import { DeskError } from '../../../shared/desk/errors';
import { ServiceCallError } from '../client';
import type { SyncPreview } from '../../../shared/desk/sync';
import type { MoneyTotal } from '../../../shared/desk/common';
import type { WalletFundingNeed } from '../../../shared/desk/wallets';
import { formatAmount, parseAmount } from '../../../shared/domain/money';
import { SyncEngine, type SyncProgress } from '../sync/sync-engine';
import type { Batch } from '../outbox/batch-repository';
import { selectionIn } from './draft-selection';
import {
  approveAtService,
  serviceApprovalSplit,
  secondApproverSendRefusal,
} from './service-approval';
import { batchOf, changed, profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { revalidateBatch, warnTwinsOfSent } from './draft-revision';
import { chooseGroup, groupView } from './group-choice';
import { fundingNeed } from './funding-need';
import { walletBalance } from './live-methods';
import { batchChecks } from '../sheets';

type SyncHandlers = Pick<
  DeskHandlers,
  | 'syncPreview'
  | 'validateBeneficiaries'
  | 'sync'
  | 'cancelSync'
  | 'cancelJob'
  | 'retryFailed'
  | 'approveAtService'
>;

export function syncHandlers(ctx: DeskContext): SyncHandlers {
  const { outbox } = ctx;
  return {
    syncPreview: async ({ batch: ref, profile }) => preview(ctx, batchOf(ctx, ref), profile),

    validateBeneficiaries: ({ batch: ref, profile, job_id, beneficiaries }, signal) => {
      const batch = batchOf(ctx, ref);
      return ctx.jobs.run(
        { id: job_id, kind: 'validate', batchId: batch.id, signal },
        async (jobSignal, jobId) => {
          const name = profileOf(ctx, profile ?? batch.profile);
          const result = await ctx.connections.use(name, ({ client }) =>
            new SyncEngine(outbox, client, {
              onProgress: (event) => {
                if (event.stage !== 'job') {
                  ctx.events.emit({
                    type: 'sync.stage',
                    job_id: jobId,
                    batch_id: batch.id,
                    ...event,
                  });
                }
              },
            }).validate(batch.id, jobSignal, beneficiaries),
          );
          outbox.audit.append('validate', { batchId: batch.id, details: result });
          changed(ctx, batch.id);
          return result;
        },
      );
    },

    sync: ({ batch: ref, profile, chunk_size, job_id, confirmed }, signal) => {
      const batch = batchOf(ctx, ref);
      return ctx.jobs.run(
        { id: job_id, kind: 'sync', batchId: batch.id, signal },
        async (jobSignal, jobId) => {
          const name = profileOf(ctx, profile ?? batch.profile);
          // The batch's counts move as chunks are sent and jobs answer: said as they do, where
          // the screen's "Sent 0" stood until the sync ended. Every two seconds at most: each
          // word has the screens open read again, the funding need asking the service too.
          let saidChanged = 0;
          const moved = () => {
            if (Date.now() - saidChanged < 2000) return;
            saidChanged = Date.now();
            changed(ctx, batch.id);
          };
          const stage = (event: SyncProgress) => {
            if (event.stage === 'job') {
              const { stage: _job, job_id: serviceJob, ...progress } = event;
              ctx.events.emit({
                type: 'sync.job',
                batch_id: batch.id,
                service_job_id: serviceJob,
                ...progress,
              });
            } else {
              ctx.events.emit({ type: 'sync.stage', job_id: jobId, batch_id: batch.id, ...event });
            }
            if (event.stage === 'sending' || event.stage === 'job') moved();
          };
          const secondApprover = secondApproverSendRefusal(ctx, batch);
          if (secondApprover) throw new DeskError('conflict', secondApprover);
          stage({ stage: 'checking' });
          await checkGroup(ctx, batch, name);
          const connected = await ctx.connections.connect(name);
          const engine = new SyncEngine(outbox, connected.client, {
            chunkSize: chunk_size ?? settingsOf(ctx).chunk_size,
            onProgress: stage,
          });
          const { heldBack, ...result } = await engine.sync(
            batch.id,
            jobSignal,
            confirmed &&
              ((selection) => refuseOtherThanConfirmed(ctx, batch, selection, confirmed)),
          );
          warnTwinsOfSent(ctx, batch.id);
          // The run's start is logged by the engine; how it ended, with what it left, here.
          const states = result.counts.by_state;
          outbox.audit.append('sync_outcome', {
            batchId: batch.id,
            details: {
              state: result.state,
              accepted: states.accepted ?? 0,
              failed: states.failed ?? 0,
              awaiting: (states.submitted ?? 0) + (states.sending ?? 0),
              still_to_send: states.approved ?? 0,
              held_back: heldBack,
              ...(result.error ? { error: result.error } : {}),
            },
          });
          ctx.connections.noteContact(connected.name, result.state !== 'offline', result.error);
          changed(ctx, batch.id);
          return { ...result, held_back: heldBack };
        },
      );
    },

    cancelSync: ({ batch: ref }) => ({
      cancelling: ctx.jobs.cancelBatch(batchOf(ctx, ref).id, 'sync'),
    }),

    cancelJob: ({ job_id }) => ({ cancelling: ctx.jobs.cancel(job_id) }),

    retryFailed: ({ batch: ref, selection }) => {
      const batch = batchOf(ctx, ref);
      // Failed drafts were approved once and looked at then: their warnings stand acknowledged.
      const failed = selectionIn(ctx, batch, selection ?? { filter: { states: ['failed'] } });
      const result = outbox.db.transaction(() => {
        const outcome = outbox.bulk.approve(batch.id, failed, true);
        outbox.audit.append('retry_failed', {
          batchId: batch.id,
          details: { requeued: outcome.approved, refused: outcome.refused_total },
        });
        return outcome;
      })();
      changed(ctx, batch.id);
      return {
        requeued: result.approved,
        refused_total: result.refused_total,
        refused: result.refused,
      };
    },

    approveAtService: ({ batch: ref, profile, selection: asked, job_id }, signal) => {
      const batch = batchOf(ctx, ref);
      const selection = asked && selectionIn(ctx, batch, asked);
      return ctx.jobs.run(
        { id: job_id, kind: 'approve_at_service', batchId: batch.id, signal },
        (jobSignal, jobId) =>
          approveAtService(ctx, batch, {
            profile: profileOf(ctx, profile ?? batch.profile),
            selection,
            signal: jobSignal,
            jobId,
          }),
      );
    },
  };
}

/**
 * Before anything is sent: the batch has a group, and the service still knows it and takes
 * payments into it. A group chosen offline is checked here; its wallet, seen now, may change
 * the rules on the drafts' amounts, so they are checked again first.
 */
async function checkGroup(ctx: DeskContext, batch: Batch, profile: string): Promise<void> {
  if (!batch.groupId) {
    throw new DeskError(
      'conflict',
      `batch "${batch.name}" has no payment group yet: choose the group it pays from, then sync`,
    );
  }
  // Checked before every sync, not only the first: a group deleted since (its payments with
  // it) let a retry through to fail payment by payment, "Group … does not exist".
  let choice;
  try {
    choice = await chooseGroup(ctx, profile, batch.groupId);
  } catch (error) {
    // A beneficiary key may read no group, yet may still create its own payee: the sync goes
    // on to do that, and stops before any payment (which such a key may not send either).
    if (error instanceof ServiceCallError && error.beneficiaryKeyRefusal) return;
    if (error instanceof DeskError && error.code === 'not_found') {
      throw new DeskError(
        'conflict',
        `the service has no payment group ${batch.groupId} any more (deleted, with any payments it held): nothing was sent; choose another group for batch "${batch.name}", then sync`,
      );
    }
    throw error;
  }
  if (!choice.checked) return; // offline: the sync says so at its first request
  ctx.outbox.batches.setGroup(batch.id, choice.group);
  if (choice.group.walletCurrency !== batch.walletCurrency) {
    revalidateBatch(ctx.outbox, batch.id, {
      today: ctx.today(),
      walletCurrency: choice.group.walletCurrency ?? undefined,
    });
  }
}

async function preview(
  ctx: DeskContext,
  batch: Batch,
  profile: string | undefined,
): Promise<SyncPreview> {
  const { outbox } = ctx;
  const wallet = batch.walletCurrency;
  const all = outbox.queries.batchFigures(batch.id, wallet);
  const toSend = outbox.queries.batchFigures(batch.id, wallet, ['approved']);
  const goes = serviceApprovalSplit(ctx, batch);
  const counts = all.counts;
  const inFlight = counts.by_state.sending + counts.by_state.submitted;
  const blockers: string[] = [];
  if (!batch.groupId)
    blockers.push('the batch has no payment group: choose the group it pays from');
  const secondApprover = secondApproverSendRefusal(ctx, batch);
  if (secondApprover) blockers.push(secondApprover);
  const notes: string[] = [];
  if (toSend.counts.drafts === 0 && inFlight === 0) {
    // Nothing left to send at all is not a batch waiting for approvals.
    notes.push(
      counts.by_state.draft > 0
        ? 'no draft is approved to send: approve the drafts that are ready'
        : 'every payment of the batch has been sent: there is nothing left to send',
    );
  }
  const left = counts.by_state.draft;
  if (left > 0) {
    notes.push(
      `${left.toLocaleString('en')} draft${left === 1 ? ' is' : 's are'} not approved and stay${left === 1 ? 's' : ''} behind` +
        (counts.with_errors > 0
          ? ` (${counts.with_errors.toLocaleString('en')} with errors to fix)`
          : ''),
    );
  }
  if (inFlight > 0) notes.push(`${inFlight.toLocaleString('en')} sent earlier are settled first`);
  if (toSend.counts.drafts > 0) {
    // Among what this sync sends: rows left behind (with errors, not approved) are not sent.
    notes.push(
      ...Object.values(batchChecks(outbox.queries, batch.id, batch.walletCurrency ?? null, true)),
    );
    // Net pay is what the payee is to receive: sent as the amount debited, it arrives less fees.
    const salaries = outbox.queries.salariesSent(batch.id);
    if (salaries > 0) {
      const one = salaries === 1;
      notes.push(
        `${salaries.toLocaleString('en')} salar${one ? 'y goes' : 'ies go'} as the amount debited (SEND): any fee the service charges comes out of what the payee receives; to pay ${one ? 'it' : 'them'} in full, make the amount the one received by editing ${one ? 'its' : 'their'} amount type to LAND`,
      );
    }
  }
  const syncedBy = profileOf(ctx, profile ?? batch.profile);
  if (ctx.connections.keyKind(syncedBy) === 'beneficiary') {
    notes.push(
      `profile "${syncedBy}" uses a beneficiary key, which may update only its own beneficiary record: a sync with it creates or updates no other payee and sends no payment; use a profile whose API key covers the whole account`,
    );
  }
  const debits = [];
  if (batch.walletId && wallet) {
    // Payments the service holds approved for this wallet are debited whatever this sync sends:
    // the balance covers this batch only with what is left once they are. The wallet's need
    // reads its balance too; with nothing waiting or awaiting it has no need, only a balance.
    const need = (await fundingNeed(ctx, syncedBy, { walletId: batch.walletId })).wallets[0];
    const balance = need ? balanceOf(need) : await walletBalance(ctx, syncedBy, batch.walletId);
    const held = need?.held_at_service ?? null;
    const heldMilli = held ? (parseAmount(held.amount) ?? 0n) : 0n;
    const debit = toSend.milli.get(wallet) ?? 0n;
    const others = toSend.totals
      .filter((total) => total.currency !== wallet)
      .reduce((sum, total) => sum + total.count, 0);
    const short =
      balance && debit + heldMilli > balance.milli ? debit + heldMilli - balance.milli : null;
    debits.push({
      wallet_id: batch.walletId,
      currency: wallet,
      amount: formatAmount(debit, 3),
      not_estimated: others,
      balance: balance ? formatAmount(balance.milli, 3) : null,
      balance_fetched_at: balance?.fetchedAt ?? null,
      held_at_service: held,
      short_by: short === null ? null : formatAmount(short, 3),
    });
  }
  return {
    batch_id: batch.id,
    batch: batch.name,
    profile: syncedBy,
    profile_kind:
      ctx.outbox.profiles.get(syncedBy)?.kind === 'production'
        ? ('production' as const)
        : ('sandbox' as const),
    group: groupView(ctx, batch.profile, batch),
    service_approval: batch.serviceApproval,
    to_send: toSend.counts.drafts,
    go_approved: goes.approved,
    go_for_approval: goes.forApproval,
    in_flight: inFlight,
    totals: toSend.totals,
    debits,
    counts,
    blockers,
    notes,
  };
}

/** A wallet's balance as its funding need read it, in exact thousandths; null when unknown. */
function balanceOf(need: WalletFundingNeed): { milli: bigint; fetchedAt: string } | null {
  const milli = need.balance === null ? null : parseAmount(need.balance);
  return milli === null || need.balance_fetched_at === null
    ? null
    : { milli, fetchedAt: need.balance_fetched_at };
}

/**
 * Refuses a sync whose approved payments are not those the person confirmed: as many, and as
 * much in each currency. Approved, unapproved or changed since the confirmation, they are for a
 * confirmation of their own.
 */
function refuseOtherThanConfirmed(
  ctx: DeskContext,
  batch: Batch,
  selection: string,
  confirmed: { to_send: number; totals: MoneyTotal[] },
): void {
  const now = ctx.outbox.syncSelection.figures(selection, batch.walletCurrency ?? null);
  const asConfirmed = new Map(
    confirmed.totals.map((total) => [total.currency, parseAmount(total.amount) ?? 0n]),
  );
  const same =
    now.count === confirmed.to_send &&
    now.totals.size === asConfirmed.size &&
    [...now.totals].every(([currency, milli]) => asConfirmed.get(currency) === milli);
  if (same) return;
  const count = (n: number) => `${n.toLocaleString('en')} payment${n === 1 ? '' : 's'}`;
  throw new DeskError(
    'conflict',
    `the approved payments of batch "${batch.name}" changed since the sync was confirmed (${count(confirmed.to_send)} confirmed, ${count(now.count)} approved now, or other amounts): nothing was sent; look at what it sends again`,
  );
}
