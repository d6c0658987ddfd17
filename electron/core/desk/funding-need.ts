// What each wallet must still pay out against its balance: the approved drafts of the batches
// waiting to sync, the payments this desk sent for approval at the service, and what the
// service already holds to debit from the wallet's groups (payments pending there, not yet
// debited, whoever sent them). The balance drops only when a payment is debited, so a balance
// that covers a batch alone may not cover it once the payments already held are paid first;
// and once every batch is sent, the wallet still has a need until the service has debited them.
// Only the profile's own batches count: another profile's wallets are another service's.
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
  /** `awaitingMilli` by the group each batch pays from, to tell it apart in what groups hold. */
  awaitingByGroup: Map<string, bigint>;
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
    if (batch.profile !== profile) continue;
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
    // A batch all sent may still be held at the service, not yet debited: its wallet is asked.
    if (toSend.counts.drafts === 0 && sent.counts.drafts === 0) continue;
    const need: Need = needs.get(batch.walletId) ?? {
      walletId: batch.walletId,
      currency: batch.walletCurrency,
      batches: [],
      milli: 0n,
      notEstimated: 0,
      awaitingMilli: 0n,
      awaitingCount: 0,
      awaitingNotEstimated: 0,
      awaitingByGroup: new Map(),
    };
    needs.set(batch.walletId, need);
    need.awaitingNotEstimated += awaitingOthers;
    if (awaiting) {
      const milli = parseAmount(awaiting.amount) ?? 0n;
      need.awaitingMilli += milli;
      need.awaitingCount += awaiting.count;
      if (batch.groupId) {
        need.awaitingByGroup.set(
          batch.groupId,
          (need.awaitingByGroup.get(batch.groupId) ?? 0n) + milli,
        );
      }
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
    const held = await heldAtService(ctx, profile, need);
    const lacks = (milli: bigint) =>
      balance && milli > balance.milli ? formatAmount(milli - balance.milli, 3) : null;
    const heldApproved = held?.approvedMilli ?? 0n;
    const awaitingAny = need.awaitingCount + need.awaitingNotEstimated > 0;
    // Sent and debited since, or never held: nothing left for the balance to cover.
    if (need.batches.length === 0 && !awaitingAny && heldApproved === 0n) continue;
    // Once every payment held is approved: all the groups hold, or at least what this desk
    // knows it sent for approval (the groups may have been fetched before it was).
    const heldAll = held && held.allMilli > need.awaitingMilli ? held.allMilli : need.awaitingMilli;
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
 * being routed), as last fetched; null when the groups were never fetched. `approvedMilli` is
 * the part for payments approved there: all of a group's where none awaits approval, none
 * where none is approved, and where both, what this desk did not send for approval (its
 * payments in other currencies among those, whose debit only the service knows, included).
 */
async function heldAtService(
  ctx: DeskContext,
  profile: string,
  need: Pick<Need, 'walletId' | 'currency' | 'awaitingByGroup'>,
): Promise<{ approvedMilli: bigint; allMilli: bigint; fetchedAt: string } | null> {
  let approvedMilli = 0n;
  let allMilli = 0n;
  let fetchedAt: string | null = null;
  for (let skip = 0; skip < MOST_GROUPS; skip += GROUP_PAGE) {
    let page;
    try {
      page = await fetchGroups(ctx, profile, { wallet: [need.walletId], skip, take: GROUP_PAGE });
    } catch (error) {
      if (error instanceof ServiceCallError || error instanceof DeskError) return null;
      throw error;
    }
    // The oldest page's time: the sum is as old as its oldest part.
    if (fetchedAt === null || page.fetched_at < fetchedAt) fetchedAt = page.fetched_at;
    for (const group of page.items) {
      const { amount: held, pending, pending_approval: awaiting, routing } = group.info.payments;
      if (group.wallet.id !== need.walletId || held.currency !== need.currency) continue;
      const milli = amountFromNumber(held.amount);
      allMilli += milli;
      if (pending + routing === 0) continue;
      if (awaiting === 0) approvedMilli += milli;
      else {
        const ours = need.awaitingByGroup.get(group.id) ?? 0n;
        approvedMilli += milli > ours ? milli - ours : 0n;
      }
    }
    if (isLastPage(page, GROUP_PAGE)) break;
  }
  return fetchedAt === null ? null : { approvedMilli, allMilli, fetchedAt };
}
