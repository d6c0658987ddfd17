// What the Wallets screen asks of the outbox beside the service's own views: which drafts and
// batches a statement page's DEBIT lines paid (by payment id, which the service's statement
// carries as `execution_id`), and what the batches waiting to sync will debit per wallet.
import { z } from 'zod';
import { BatchRef, DecimalText, Id, JobId, Timestamp } from './common';
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
    z.object({
      id: z.string(),
      name: z.string(),
      amount: DecimalText,
      /** Its payments in the wallet's currency, which `amount` adds up. */
      count: z.int(),
      /** Its payments in other currencies, not in `amount`. */
      not_estimated: z.int(),
    }),
  ),
  amount: DecimalText,
  /** Drafts in other currencies: their debit is known only once the service converts them. */
  not_estimated: z.int(),
  balance: DecimalText.nullable(),
  balance_fetched_at: Timestamp.nullable(),
  /**
   * What the service already holds to debit from the wallet's groups for payments pending
   * there, whoever sent them, beyond those this desk sent for approval in the wallet's currency
   * (`awaiting_approval`): the balance drops only once each is debited, so it must cover these
   * first. As the groups were last fetched; null when they never were.
   */
  held_at_service: z.object({ amount: DecimalText, fetched_at: Timestamp }).nullable(),
  /**
   * What the balance lacks for the batches waiting to sync and the payments held at the
   * service together; null when it covers them (or is unknown).
   */
  missing: DecimalText.nullable(),
  /**
   * Payments sent for approval at the service that this desk has not seen approved there, in the
   * wallet's currency: nothing has left the wallet for them, and they are debited once an
   * approver approves them. One approved at the service by other means is still counted here.
   */
  awaiting_approval: z.object({
    amount: DecimalText,
    count: z.int(),
    /** Those in other currencies, not in `amount`: debited at a cost known once converted. */
    not_estimated: z.int(),
  }),
  /**
   * What the balance lacks for the batches waiting, the payments held at the service and those
   * awaiting approval together; null when it covers them all (or is unknown).
   */
  missing_once_approved: DecimalText.nullable(),
});
export const FundingNeed = z.object({ wallets: z.array(WalletFundingNeed) });
export type WalletFundingNeed = z.infer<typeof WalletFundingNeed>;

/** A batch against its wallet's statement: which of its accepted payments have debited. */
export const ReconcileBatchInput = z.object({
  batch: BatchRef,
  profile: z.string().optional(),
  job_id: JobId.optional(),
});
export const BatchReconciliation = z.object({
  batch_id: z.string(),
  wallet_id: z.string(),
  /** The statement period read: from the day the batch was made to the service's now. */
  start: Timestamp,
  end: Timestamp,
  accepted: z.int(),
  debited: z.int(),
  not_yet: z.int(),
  /**
   * The failed payments the batch's group counts, of all its batches, as the service answered
   * it now (null when it could not be asked): the service says which payment failed nowhere
   * else, and a failed payment is never debited, so some of those not yet debited may be.
   */
  group_failed: z.int().nullable(),
  /** The first hundred accepted drafts with no DEBIT yet, in row order: whom each pays, how much. */
  not_yet_drafts: z.array(
    z.object({
      id: z.string(),
      row: z.int().nullable(),
      payee: z.string().nullable(),
      amount: DecimalText.nullable(),
      currency: z.string().nullable(),
    }),
  ),
});
