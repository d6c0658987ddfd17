// What the Wallets screen asks of the outbox: the drafts and batches a statement page's DEBIT
// lines paid, and per wallet what the batches waiting to sync will debit against its balance.
import { formatAmount } from '../../../shared/domain/money';
import { PaymentLinkRepository } from '../outbox/payment-link-repository';
import { profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { walletBalance } from './live-methods';

type WalletHandlers = Pick<DeskHandlers, 'statementLinks' | 'fundingNeed'>;

export function walletHandlers(ctx: DeskContext): WalletHandlers {
  const links = new PaymentLinkRepository(ctx.outbox.db);
  return {
    statementLinks: ({ payment_ids }) => ({ links: links.find(payment_ids) }),
    fundingNeed: ({ profile }) => fundingNeed(ctx, profileOf(ctx, profile)),
  };
}

interface Need {
  walletId: string;
  currency: string;
  batches: { id: string; name: string; amount: string; count: number }[];
  milli: bigint;
  notEstimated: number;
}

/** Approved drafts not yet sent, per wallet: each batch's own figures, summed exactly. */
async function fundingNeed(ctx: DeskContext, profile: string) {
  const needs = new Map<string, Need>();
  for (const batch of ctx.outbox.batches.list()) {
    if (batch.state !== 'ready' || !batch.walletId || !batch.walletCurrency) continue;
    const toSend = ctx.outbox.queries.batchFigures(batch.id, batch.walletCurrency, ['approved']);
    if (toSend.counts.drafts === 0) continue;
    const need = needs.get(batch.walletId) ?? {
      walletId: batch.walletId,
      currency: batch.walletCurrency,
      batches: [],
      milli: 0n,
      notEstimated: 0,
    };
    const debit = toSend.milli.get(batch.walletCurrency) ?? 0n;
    need.milli += debit;
    need.notEstimated += toSend.totals
      .filter((total) => total.currency !== batch.walletCurrency)
      .reduce((sum, total) => sum + total.count, 0);
    need.batches.push({
      id: batch.id,
      name: batch.name,
      amount: formatAmount(debit, 3),
      count: toSend.counts.drafts,
    });
    needs.set(batch.walletId, need);
  }
  const wallets = [];
  for (const need of needs.values()) {
    const balance = await walletBalance(ctx, profile, need.walletId);
    const missing = balance && need.milli > balance.milli ? need.milli - balance.milli : null;
    wallets.push({
      wallet_id: need.walletId,
      currency: need.currency,
      batches: need.batches,
      amount: formatAmount(need.milli, 3),
      not_estimated: need.notEstimated,
      balance: balance ? formatAmount(balance.milli, 3) : null,
      balance_fetched_at: balance?.fetchedAt ?? null,
      missing: missing === null ? null : formatAmount(missing, 3),
    });
  }
  return { wallets };
}
