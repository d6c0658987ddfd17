// Batches through the contract: each with its counts by state (issues split into errors and
// warnings), its totals per currency, its group and wallet, how its payments go to the service
// (approved, or for approval there), and its last sync.
import { z } from 'zod';
import { BatchName, BatchRef, Id, JobId, MoneyTotal, Timestamp } from './common';
import { DraftState } from './drafts';

export const BatchState = z.enum(['importing', 'ready']);

/**
 * How the batch's payments reach the service. Approving a draft here means "ready to send";
 * at the service `approved` means "ready to execute". `approved`: sent approved (the desk's
 * approval is the last); `for_approval`: sent awaiting an approver at the service, who may
 * approve them later from the desk (the checker's step).
 */
export const ServiceApproval = z.enum(['approved', 'for_approval']);
export type ServiceApproval = z.infer<typeof ServiceApproval>;

export const BatchGroup = z.object({
  id: Id,
  /** As last fetched; null when the group was given by id and not yet seen. */
  name: z.string().nullable(),
  wallet_id: z.string().nullable(),
  wallet_currency: z.string().nullable(),
  /** As last fetched with the group; null when the group was not seen yet. */
  wallet_name: z.string().nullable(),
});
export type BatchGroup = z.infer<typeof BatchGroup>;

export const DraftCounts = z.object({
  drafts: z.int(),
  /** Drafts with at least one error: they cannot be approved until fixed. */
  with_errors: z.int(),
  /**
   * Drafts with at least one warning, worth a look before approval; a draft with an error too
   * is counted here as well as in `with_errors`, as the "with warnings" filter finds it.
   */
  with_warnings: z.int(),
  by_state: z.record(DraftState, z.int()),
  /** Of the drafts the service holds: approved there, and awaiting approval there. */
  approved_at_service: z.int(),
  awaiting_approval_at_service: z.int(),
});
export type DraftCounts = z.infer<typeof DraftCounts>;

export const SyncRunState = z.enum([
  'running',
  'done',
  'offline',
  'interrupted',
  'cancelled',
  'failed',
]);

export const SyncRun = z.object({
  state: SyncRunState,
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  error: z.string().nullable(),
});

export const Batch = z.object({
  id: Id,
  name: z.string(),
  profile: z.string(),
  state: BatchState,
  service_approval: ServiceApproval,
  /** Null until a group is chosen: a batch can be prepared offline and given one before sync. */
  group: BatchGroup.nullable(),
  source: z.object({ file: z.string(), sheet: z.string() }).nullable(),
  created_at: Timestamp,
  counts: DraftCounts,
  /** Sums of the drafts' amounts by currency, exact. */
  totals: z.array(MoneyTotal),
  /** Of the payments the service holds awaiting an approver there: their sums by currency. */
  awaiting_approval_totals: z.array(MoneyTotal),
  /**
   * Why the person at this desk may not approve those at the service (the settings ask for a
   * second approver, and they approved the batch here); null when they may, or none await.
   */
  approve_at_service_refused: z.string().nullable(),
  last_sync: SyncRun.nullable(),
});
export type Batch = z.infer<typeof Batch>;

/** One batch as its editor shows it. */
export const BatchDetail = Batch.extend({
  /**
   * What Undo would take back ("the bulk edit of 3 drafts"), or null when there is nothing to
   * undo, or the latest change's rows were all sent since (its undo would put nothing back).
   * The desk keeps its journal of changes across sessions: the editor cannot tell alone.
   */
  undo: z.string().nullable(),
});
export type BatchDetail = z.infer<typeof BatchDetail>;

export const BatchList = z.object({ batches: z.array(Batch) });

export const RenameBatchInput = z.object({ batch: BatchRef, name: BatchName });
export const SetBatchGroupInput = z.object({
  batch: BatchRef,
  group_id: Id,
  profile: z.string().optional(),
});
export const SetBatchGroupResult = z.object({
  batch: Batch,
  /** False when the service could not be reached: the group is checked again before sync. */
  checked: z.boolean(),
});
export const SetServiceApprovalInput = z.object({
  batch: BatchRef,
  service_approval: ServiceApproval,
});
/**
 * Long work for a large batch (seconds at 100,000 drafts): done a step at a time, reporting its
 * progress under `job_id`, with the batch out of every list from the start.
 */
export const DeleteBatchInput = z.object({ batch: BatchRef, job_id: JobId.optional() });
export const DeleteBatchResult = z.object({ deleted: z.string(), drafts: z.int() });
