// What each wallet must still pay out against its balance: the approved drafts of the batches
// waiting to sync, the payments this desk sent for approval at the service, and what the
// service already holds to debit from the wallet's groups (payments pending there, not yet
// debited, whoever sent them). The balance drops only when a payment is debited, so a balance
// that covers a batch alone may not cover it once the payments already held are paid first.
import { amountFromNumber, formatAmount, parseAmount } from '../../../shared/domain/money';
import { DeskError } from '../../../shared/desk/errors';
import { isLastPage } from '../../../shared/service';
import type { WalletFundingNeed } from '../../../shared/desk/wallets';
import { ServiceCallError } from '../client';
import type { DeskContext } from './desk-context';
import { fetchGroups } from './group-choice';
import { walletBalance } from './live-methods';

/** Groups asked for a page at a time, and at most this many of one wallet's. */
const GROUP_PAGE = 500;
const MOST_GROUPS = 10_000;

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
 * Approved drafts not yet sent, per wallet: each batch's own figures, summed exactly; the
 * payments sent that wait for an approver at the service, and what the service holds already,
 * which the balance must cover too. `only`: that wallet's alone (a sync's confirmation).
 */
export async function fundingNeed(
  ctx: DeskContext,
  profile: string,
  only?: { walletId: string },
): Promise<{ wallets: WalletFundingNeed[] }> {
  const needs = new Map<string, Need>();
  for (const batch of ctx.outbox.batches.list()) {
    if (batch.state !== 'ready' || !batch.walletId || !batch.walletCurrency) continue;
    if (only && batch.walletId !== only.walletId) continue;
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
  const wallets: WalletFundingNeed[] = [];
  for (const need of needs.values()) {
    const balance = await walletBalance(ctx, profile, need.walletId);
    const held = await heldAtService(ctx, profile, need.walletId, need.currency);
    const lacks = (milli: bigint) =>
      balance && milli > balance.milli ? formatAmount(milli - balance.milli, 3) : null;
    // What the service holds counts the payments this desk sent for approval too (they are
    // pending there): the rest of it is debited first, approved or not by this desk.
    const heldMilli = held?.milli ?? 0n;
    const heldApproved = heldMilli > need.awaitingMilli ? heldMilli - need.awaitingMilli : 0n;
    const heldAll = heldMilli > need.awaitingMilli ? heldMilli : need.awaitingMilli;
    wallets.push({
      wallet_id: need.walletId,
      currency: need.currency,
      batches: need.batches,
      amount: formatAmount(need.milli, 3),
      not_estimated: need.notEstimated,
      balance: balance ? formatAmount(balance.milli, 3) : null,
      balance_fetched_at: balance?.fetchedAt ?? null,
      held_at_service: held
        ? {
            amount: formatAmount(heldApproved, 3),
            fetched_at: held.fetchedAt,
          }
        : null,
      missing: lacks(need.milli + heldApproved),
      awaiting_approval: {
        amount: formatAmount(need.awaitingMilli, 3),
        count: need.awaitingCount,
        not_estimated: need.awaitingNotEstimated,
      },
      missing_once_approved: lacks(need.milli + heldAll),
    });
  }
  return { wallets };
}

/**
 * What the service holds to debit from a wallet, summed over its groups (each group's
 * `info.payments.amount`, the charges it holds: payments pending, approved or not, and those
 * being routed), as last fetched; null when the groups were never fetched.
 */
async function heldAtService(
  ctx: DeskContext,
  profile: string,
  walletId: string,
  currency: string,
): Promise<{ milli: bigint; fetchedAt: string } | null> {
  let milli = 0n;
  let fetchedAt: string | null = null;
  for (let skip = 0; skip < MOST_GROUPS; skip += GROUP_PAGE) {
    let page;
    try {
      page = await fetchGroups(ctx, profile, { wallet: [walletId], skip, take: GROUP_PAGE });
    } catch (error) {
      if (error instanceof ServiceCallError || error instanceof DeskError) return null;
      throw error;
    }
    // The oldest page's time: the sum is as old as its oldest part.
    if (fetchedAt === null || page.fetched_at < fetchedAt) fetchedAt = page.fetched_at;
    for (const group of page.items) {
      const held = group.info.payments.amount;
      if (group.wallet.id === walletId && held.currency === currency) {
        milli += amountFromNumber(held.amount);
      }
    }
    if (isLastPage(page, GROUP_PAGE)) break;
  }
  return fetchedAt === null ? null : { milli, fetchedAt };
}
