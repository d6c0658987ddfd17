// What the Wallets screen asks of the outbox beside the service's own views: which drafts and
// batches a statement page's DEBIT lines paid (by payment id, which the service's statement
// carries as `execution_id`), and what the batches waiting to sync will debit per wallet.
import { z } from 'zod';
import { DecimalText, Id, Timestamp } from './common';
import { DraftState } from './drafts';

/** One statement page's worth of ids at most: a look-up never walks a whole batch. */
export const StatementLinksInput = z.object({ payment_ids: z.array(Id).min(1).max(500) });

export const StatementLink = z.object({
  payment_id: z.string(),
  batch_id: z.string(),
  batch_name: z.string(),
  /** The draft's row in the sheet it came from; null for a draft typed in the app. */
  row: z.int().nullable(),
  state: DraftState,
});
export const StatementLinks = z.object({ links: z.array(StatementLink) });
export type StatementLink = z.infer<typeof StatementLink>;

export const FundingNeedInput = z.object({ profile: z.string().optional() });

export const WalletFundingNeed = z.object({
  wallet_id: z.string(),
  currency: z.string(),
  /** Batches with approved drafts not yet sent, and what each will debit (fees not included). */
  batches: z.array(
    z.object({ id: z.string(), name: z.string(), amount: DecimalText, count: z.int() }),
  ),
  amount: DecimalText,
  /** Drafts in other currencies: their debit is known only once the service converts them. */
  not_estimated: z.int(),
  balance: DecimalText.nullable(),
  balance_fetched_at: Timestamp.nullable(),
  /** What the balance lacks; null when it covers the need (or is unknown). */
  missing: DecimalText.nullable(),
});
export const FundingNeed = z.object({ wallets: z.array(WalletFundingNeed) });
export type WalletFundingNeed = z.infer<typeof WalletFundingNeed>;
