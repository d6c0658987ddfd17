// What the Wallets screen asks of the outbox: the drafts and batches a statement page's DEBIT
// lines paid, per wallet what must still leave it (funding-need.ts), and a batch's reconciliation.
import { formatAmount } from '../../../shared/domain/money';
import { PaymentLinkRepository } from '../outbox/payment-link-repository';
import { DeskError } from '../../../shared/desk/errors';
import { isLastPage } from '../../../shared/service';
import type { DeskOutput } from '../../../shared/desk';
import { batchOf, profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { fetchGroups } from './group-choice';
import { fundingNeed } from './funding-need';

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
