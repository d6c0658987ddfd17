// What the Wallets screen asks of the outbox: the drafts and batches a statement page's DEBIT
// lines paid, and per wallet what the batches waiting to sync will debit against its balance.
import { formatAmount, parseAmount } from '../../../shared/domain/money';
import { PaymentLinkRepository } from '../outbox/payment-link-repository';
import { DeskError } from '../../../shared/desk/errors';
import { isLastPage } from '../../../shared/service';
import type { DeskOutput } from '../../../shared/desk';
import type { WalletFundingNeed } from '../../../shared/desk/wallets';
import { batchOf, profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { fetchGroups } from './group-choice';
import { walletBalance } from './live-methods';

type WalletHandlers = Pick<DeskHandlers, 'statementLinks' | 'fundingNeed' | 'reconcileBatch'>;

const STATEMENT_PAGE = 500;
const NOT_YET_LISTED = 100;

export function walletHandlers(ctx: DeskContext): WalletHandlers {
  const links = new PaymentLinkRepository(ctx.outbox.db);
  return {
    statementLinks: ({ payment_ids }) => ({ links: links.find(payment_ids) }),
    fundingNeed: ({ profile }) => fundingNeed(ctx, profileOf(ctx, profile)),
    reconcileBatch: ({ batch: ref, profile, job_id }, signal) => {
      const batch = batchOf(ctx, ref);
      const walletId = batch.walletId;
      if (!walletId) {
        throw new DeskError('conflict', `batch "${batch.name}" has no group yet: nothing was sent`);
      }
      return ctx.jobs.run(
        { id: job_id, kind: 'reconcile', batchId: batch.id, signal },
        (jobSignal, jobId) =>
          reconcile(ctx, links, profileOf(ctx, profile ?? batch.profile), {
            batchId: batch.id,
            groupId: batch.groupId,
            walletId,
            walletCurrency: batch.walletCurrency,
            start: new Date(batch.createdAt),
            signal: jobSignal,
            jobId,
          }),
      );
    },
  };
}

/**
 * Reads the wallet's statement from the day the batch was made, page by page (the period the
 * first page answered for), and matches each page's DEBIT lines to the batch's accepted drafts
 * by payment id in the outbox: the drafts are never loaded whole, only the ids that debited.
 */
async function reconcile(
  ctx: DeskContext,
  links: PaymentLinkRepository,
  profile: string,
  request: {
    batchId: string;
    groupId: string | null;
    walletId: string;
    /** The currency of a payment that names none. */
    walletCurrency: string | null;
    start: Date;
    signal: AbortSignal;
    jobId: string;
  },
) {
  const { batchId, walletId } = request;
  const accepted = links.countAccepted(batchId);
  const debited = new Set<string>();
  const period = await ctx.connections.use(profile, async ({ client }) => {
    let skip = 0;
    let bounds: { start: string; end: string } | null = null;
    for (;;) {
      if (request.signal.aborted)
        throw new DeskError('cancelled', 'the reconciliation was cancelled');
      const page = await client.statement(walletId, {
        ...(bounds ?? { start: request.start.toISOString() }),
        skip,
        take: STATEMENT_PAGE,
      });
      bounds ??= { start: page.start_date, end: page.end_date };
      const ids = page.items
        .filter((item) => item.action === 'DEBIT')
        .map((item) => item.execution_id);
      if (ids.length > 0) for (const id of links.acceptedOf(batchId, ids)) debited.add(id);
      skip += page.items.length;
      ctx.events.emit({
        type: 'job.progress',
        job_id: request.jobId,
        done: debited.size,
        total: accepted,
      });
      if (isLastPage(page, STATEMENT_PAGE)) return bounds;
    }
  });
  const notYet: DeskOutput<'reconcileBatch'>['not_yet_drafts'] = [];
  let after = { row: -2, id: '' };
  while (notYet.length < NOT_YET_LISTED) {
    const window = links.acceptedWindow(batchId, after, STATEMENT_PAGE);
    for (const draft of window) {
      if (debited.has(draft.id) || notYet.length >= NOT_YET_LISTED) continue;
      notYet.push({
        id: draft.id,
        row: draft.row,
        payee: draft.payee,
        amount: draft.milli === null ? null : formatAmount(BigInt(draft.milli), 3),
        currency: draft.currency ?? request.walletCurrency,
      });
    }
    const last = window.at(-1);
    if (!last || window.length < STATEMENT_PAGE) break;
    after = { row: last.row ?? -1, id: last.id };
  }
  return {
    batch_id: batchId,
    wallet_id: walletId,
    start: period.start,
    end: period.end,
    accepted,
    debited: debited.size,
    not_yet: accepted - debited.size,
    not_yet_drafts: notYet,
    group_failed:
      accepted > debited.size && request.groupId
        ? await groupFailed(ctx, profile, request.groupId)
        : null,
  };
}

/** The failed payments a group counts, fetched now; null when the service did not answer. */
async function groupFailed(ctx: DeskContext, profile: string, groupId: string) {
  const answer = await fetchGroups(ctx, profile, { id: [groupId] }).catch(() => null);
  if (!answer || answer.stale) return null;
  return answer.items.find((group) => group.id === groupId)?.info.payments.failed ?? null;
}

interface Need {
  walletId: string;
  currency: string;
  batches: WalletFundingNeed['batches'];
  milli: bigint;
  notEstimated: number;
  /** Sent for approval at the service, in the wallet's currency: debited once approved there. */
  awaitingMilli: bigint;
  awaitingCount: number;
  /** Sent for approval in other currencies: their debit is known once the service converts. */
  awaitingNotEstimated: number;
}

/**
 * Approved drafts not yet sent, per wallet: each batch's own figures, summed exactly; and the
 * payments sent that wait for an approver at the service, which the balance must cover too.
 */
async function fundingNeed(ctx: DeskContext, profile: string) {
  const needs = new Map<string, Need>();
  for (const batch of ctx.outbox.batches.list()) {
    if (batch.state !== 'ready' || !batch.walletId || !batch.walletCurrency) continue;
    const [toSend, sent] = ctx.outbox.queries.batchFigureSets(batch.id, batch.walletCurrency, [
      ['approved'],
      ['submitted', 'accepted'],
    ]);
    const awaiting = sent.awaitingTotals.find((t) => t.currency === batch.walletCurrency);
    // Awaiting in other currencies: the wallet pays them too, at a cost known once converted.
    const awaitingOthers = sent.awaitingTotals
      .filter((t) => t.currency !== batch.walletCurrency)
      .reduce((sum, t) => sum + t.count, 0);
    if (toSend.counts.drafts === 0 && !awaiting && awaitingOthers === 0) continue;
    const need = needs.get(batch.walletId) ?? {
      walletId: batch.walletId,
      currency: batch.walletCurrency,
      batches: [],
      milli: 0n,
      notEstimated: 0,
      awaitingMilli: 0n,
      awaitingCount: 0,
      awaitingNotEstimated: 0,
    };
    needs.set(batch.walletId, need);
    need.awaitingNotEstimated += awaitingOthers;
    if (awaiting) {
      need.awaitingMilli += parseAmount(awaiting.amount) ?? 0n;
      need.awaitingCount += awaiting.count;
    }
    if (toSend.counts.drafts === 0) continue;
    const debit = toSend.milli.get(batch.walletCurrency) ?? 0n;
    need.milli += debit;
    // The count beside the amount is of the payments that amount adds up: those in the
    // wallet's currency. The others are counted apart, as not estimated.
    let counted = 0;
    let others = 0;
    for (const total of toSend.totals) {
      if (total.currency === batch.walletCurrency) counted += total.count;
      else others += total.count;
    }
    need.notEstimated += others;
    need.batches.push({
      id: batch.id,
      name: batch.name,
      amount: formatAmount(debit, 3),
      count: counted,
      not_estimated: others,
    });
  }
  const wallets = [];
  for (const need of needs.values()) {
    const balance = await walletBalance(ctx, profile, need.walletId);
    const lacks = (milli: bigint) =>
      balance && milli > balance.milli ? formatAmount(milli - balance.milli, 3) : null;
    const missing = lacks(need.milli);
    wallets.push({
      wallet_id: need.walletId,
      currency: need.currency,
      batches: need.batches,
      amount: formatAmount(need.milli, 3),
      not_estimated: need.notEstimated,
      balance: balance ? formatAmount(balance.milli, 3) : null,
      balance_fetched_at: balance?.fetchedAt ?? null,
      missing,
      awaiting_approval: {
        amount: formatAmount(need.awaitingMilli, 3),
        count: need.awaitingCount,
        not_estimated: need.awaitingNotEstimated,
      },
      missing_once_approved: lacks(need.milli + need.awaitingMilli),
    });
  }
  return { wallets };
}
