// Sync through the contract: what a sync would send, first (counts, totals per currency, what
// it will debit per wallet against the last known balance, and whether the payments go
// approved or for approval); validation of new beneficiaries; the sync itself, cancel, retry;
// approval at the service of payments sent for approval.
import { z } from 'zod';
import { BatchRef, DecimalText, Id, JobId, MoneyTotal, Refusals, Timestamp } from './common';
import { BatchGroup, DraftCounts, ServiceApproval } from './batches';
import { Selection } from './drafts';

const Profile = { profile: z.string().optional() };

export const SyncPreviewInput = z.object({ batch: BatchRef, ...Profile });

export const WalletDebit = z.object({
  wallet_id: z.string(),
  currency: z.string(),
  /** What the payments in the wallet's own currency will debit, fees not included. */
  amount: DecimalText,
  /** Payments in other currencies: their debit is known only once the service converts them. */
  not_estimated: z.int(),
  /** The wallet's balance as last fetched; null when never fetched. */
  balance: DecimalText.nullable(),
  balance_fetched_at: Timestamp.nullable(),
  /**
   * What the service already holds to debit from the wallet (funding-need.ts), paid
   * from the balance before or beside this batch; null when the groups were never fetched.
   */
  held_at_service: z.object({ amount: DecimalText, fetched_at: Timestamp }).nullable(),
  /**
   * How much the known debit and what is held at the service exceed the balance; null when
   * they do not (or it is unknown).
   */
  short_by: DecimalText.nullable(),
});

export const SyncPreview = z.object({
  batch_id: z.string(),
  batch: z.string(),
  profile: z.string(),
  /** Whose money the sync moves: a production profile's is real, and the confirmation says so. */
  profile_kind: z.enum(['sandbox', 'production']),
  group: BatchGroup.nullable(),
  service_approval: ServiceApproval,
  /** Approved drafts the sync will send, of which these go approved and these for approval. */
  to_send: z.int(),
  go_approved: z.int(),
  go_for_approval: z.int(),
  /** Submitted earlier and still followed, or left unanswered by a crash: settled first. */
  in_flight: z.int(),
  totals: z.array(MoneyTotal),
  debits: z.array(WalletDebit),
  counts: DraftCounts,
  /** What stops a sync now, in words; empty when it can run. */
  blockers: z.array(z.string()),
  /** What the person should know before it runs: drafts left behind, warnings. */
  notes: z.array(z.string()),
});
export type SyncPreview = z.infer<typeof SyncPreview>;

export const ValidateInput = z.object({
  batch: BatchRef,
  ...Profile,
  job_id: JobId.optional(),
  /** Only these new payees of the batch (their beneficiary ids): a selection, not all of it. */
  beneficiaries: z.array(Id).min(1).max(1000).optional(),
});
export const ValidationDone = z.object({ checked: z.int(), invalid: z.int() });

export const SyncInput = z.object({
  batch: BatchRef,
  ...Profile,
  /** Payments per request; without it, the chunk size in the settings. */
  chunk_size: z.int().min(1).max(1000).optional(),
  job_id: JobId.optional(),
  /**
   * What the person confirmed: the preview's `to_send` and `totals`. The sync refuses to start
   * when the payments approved are no longer those (approved or changed since). Either way, a
   * sync sends the payments approved when it starts, never one approved while it runs.
   */
  confirmed: z.object({ to_send: z.int(), totals: z.array(MoneyTotal) }).optional(),
});

export const ServiceJob = z.object({
  job_id: z.string(),
  status: z.string(),
  total: z.int(),
  processed: z.int(),
  failed: z.int(),
});

export const SyncOutcome = z.object({
  /** done; offline (no answer); interrupted (429 or 5xx past retries); cancelled. All resume. */
  state: z.enum(['done', 'offline', 'interrupted', 'cancelled']),
  counts: DraftCounts,
  jobs: z.array(ServiceJob),
  /**
   * Approved payments this run did not send: the service found their new payee wrong (its
   * findings at the fields), and each went back to draft, to be fixed and approved again.
   */
  held_back: z.int(),
  error: z.string().optional(),
});
export type SyncOutcome = z.infer<typeof SyncOutcome>;

export const CancelSyncInput = z.object({ batch: BatchRef });
export const CancelJobInput = z.object({ job_id: JobId });
export const Cancelling = z.object({ cancelling: z.boolean() });

export const RetryFailedInput = z.object({ batch: BatchRef, selection: Selection.optional() });
export const RetryFailedResult = z.object({ requeued: z.int(), ...Refusals });

export const ApproveAtServiceInput = z.object({
  batch: BatchRef,
  ...Profile,
  selection: Selection.optional(),
  job_id: JobId.optional(),
});
export const ApproveAtServiceResult = z.object({ approved: z.int(), ...Refusals });
