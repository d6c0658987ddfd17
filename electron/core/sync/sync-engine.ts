// The sync of one batch, exactly once and resumable (DESIGN.md): recover chunks a crash left
// `sending`, follow jobs already submitted, validate and upsert new beneficiaries, send the
// approved payments as bulk imports in chunks, follow the jobs to per-item results. Offline
// is a state, not a crash: the run stops where it is and the next run carries on.
import { randomUUID } from 'node:crypto';
import type { PaymentImportItem, PaymentImportJob, ValidationIssue } from '../../../shared/service';
import type { PaymentsClient } from '../client/payments-client';
import { ServiceCallError } from '../client/service-error';
import type { Outbox } from '../outbox';
import { lockOwner } from '../outbox/batch-lock';
import type { DraftCounts, PaymentDraft } from '../outbox/draft-types';
import { recoverItem } from './chunk-recovery';
import { submitChunk, type ChunkLedger } from './chunk-submission';

export interface SyncOptions {
  chunkSize?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (event: SyncProgress) => void;
}

export type SyncProgress =
  | { stage: 'recovering'; chunks: number }
  | { stage: 'beneficiaries'; total: number }
  | { stage: 'sending'; sent: number; total: number }
  | { stage: 'job'; job_id: string; processed: number; total: number; failed: number };

export interface SyncResult {
  /** done; offline (no answer); interrupted (429 or 5xx past retries). Both resume next run. */
  state: 'done' | 'offline' | 'interrupted';
  counts: DraftCounts;
  jobs: { job_id: string; status: string; total: number; processed: number; failed: number }[];
  error?: string;
}

/** Beneficiaries per validation request (the sandbox's bulk maximum is 1,000). */
const VALIDATION_BATCH = 1000;

export class BatchLockedError extends Error {
  readonly code = 'batch_locked';
}

export class SyncEngine {
  private readonly chunkSize: number;
  private readonly pollMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly progress: (event: SyncProgress) => void;

  constructor(
    private readonly outbox: Outbox,
    private readonly client: PaymentsClient,
    options: SyncOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? 500;
    this.pollMs = options.pollMs ?? 250;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.progress = options.onProgress ?? (() => {});
  }

  async sync(batchId: string): Promise<SyncResult> {
    const owner = lockOwner(randomUUID().slice(0, 8));
    const lock = this.outbox.locks.acquire(batchId, owner);
    if (!lock.ok) throw new BatchLockedError(lock.error.message);
    const heartbeat = setInterval(() => this.outbox.locks.heartbeat(batchId, owner), 20_000);
    const runId = this.outbox.sync.startRun(batchId);
    this.outbox.audit.append('sync', { batchId, details: { run: runId } });
    try {
      await this.recover(batchId);
      await this.followJobs(batchId);
      await this.syncBeneficiaries(batchId);
      await this.sendPayments(batchId, runId);
      await this.followJobs(batchId);
      return this.finish(batchId, runId, 'done');
    } catch (error) {
      // The service could not be reached, or is in trouble past our retries: stop where we are.
      // A chunk whose request went unanswered stays `sending`; the next run settles it by PUT.
      if (error instanceof ServiceCallError && error.kind === 'network') {
        return this.finish(batchId, runId, 'offline', error.message);
      }
      if (
        error instanceof ServiceCallError &&
        (error.status === 429 || (error.status ?? 0) >= 500)
      ) {
        return this.finish(batchId, runId, 'interrupted', error.message);
      }
      // Anything else ends the run as failed and goes to the caller. A certificate that cannot
      // be verified (kind 'tls') is among these, not offline: no later run gets past it until
      // the profile changes. Its request never left, so a chunk it caught `sending` is settled
      // by PUT next time, as after a crash.
      this.outbox.sync.finishRun(runId, 'failed', this.outbox.drafts.counts(batchId), {
        message: (error as Error).message,
      });
      throw error;
    } finally {
      clearInterval(heartbeat);
      this.outbox.locks.release(batchId, owner);
    }
  }

  private finish(
    batchId: string,
    runId: string,
    state: SyncResult['state'],
    error?: string,
  ): SyncResult {
    const counts = this.outbox.drafts.counts(batchId);
    this.outbox.sync.finishRun(runId, state, counts, error);
    return { state, counts, jobs: this.outbox.sync.jobsOf(batchId), ...(error ? { error } : {}) };
  }

  /** Chunks a crash left `sending`: settled item by item with PUT, never resent as a chunk. */
  private async recover(batchId: string): Promise<void> {
    const chunks = this.outbox.sync.chunks(batchId, 'sending');
    if (chunks.length > 0) this.progress({ stage: 'recovering', chunks: chunks.length });
    for (const chunk of chunks) {
      for (const draft of this.outbox.drafts
        .inChunk(chunk.id)
        .filter((d) => d.state === 'sending')) {
        const outcome = await recoverItem(this.client, itemOf(draft));
        this.outbox.db.transaction(() => {
          if (outcome.kind === 'recovered') {
            this.outbox.drafts.transition(draft, { type: 'recovered_by_put' });
            this.outbox.drafts.recordOutcome(draft.id, { remoteStatus: 'PENDING' });
          } else if (outcome.kind === 'already_submitted') {
            this.outbox.drafts.transition(draft, { type: 'recovered_already_submitted' });
            this.outbox.drafts.recordOutcome(draft.id, { remoteStatus: 'SUBMITTED' });
          } else {
            this.outbox.drafts.transition(draft, { type: 'recovery_refused' });
            this.outbox.drafts.recordOutcome(draft.id, { error: errorOf(outcome.error) });
          }
        })();
      }
      this.outbox.sync.setChunk(chunk.id, 'recovered');
    }
  }

  /**
   * Remote validation of the batch's new beneficiaries (payout-desk validate): the service's
   * findings land on the drafts' fields as blocking issues. Sends nothing else.
   */
  async validate(batchId: string): Promise<{ checked: number; invalid: number }> {
    const drafts = [
      ...this.outbox.drafts.inState(batchId, 'draft'),
      ...this.outbox.drafts.inState(batchId, 'approved'),
    ].filter((draft) => draft.beneficiary && draft.beneficiary.syncState !== 'synced');
    let invalid = 0;
    for (let start = 0; start < drafts.length; start += VALIDATION_BATCH) {
      const part = drafts.slice(start, start + VALIDATION_BATCH);
      const findings = await this.remoteFindings(part);
      for (const draft of part) {
        const issues = findings.get(draft.id);
        if (issues) {
          this.landFindings(draft, issues);
          invalid += 1;
        }
      }
    }
    return { checked: drafts.length, invalid };
  }

  private async syncBeneficiaries(batchId: string): Promise<void> {
    const pending = this.outbox.drafts
      .inState(batchId, 'approved')
      .filter((draft) => draft.beneficiary && draft.beneficiary.syncState !== 'synced');
    if (pending.length === 0) return;
    this.progress({ stage: 'beneficiaries', total: pending.length });
    for (let start = 0; start < pending.length; start += VALIDATION_BATCH) {
      const part = pending.slice(start, start + VALIDATION_BATCH);
      const findings = await this.remoteFindings(part);
      for (const draft of part) {
        const issues = findings.get(draft.id);
        if (issues) {
          this.landFindings(draft, issues);
          continue;
        }
        await this.client.putBeneficiary(draft.beneficiary!.id, draft.beneficiary!.body);
        this.outbox.sync.markBeneficiarySynced(draft.beneficiary!.id, 'synced');
      }
    }
  }

  /** The service's validation of the drafts' new beneficiaries, by draft id. */
  private async remoteFindings(
    drafts: PaymentDraft[],
  ): Promise<Map<string | undefined, ValidationIssue[]>> {
    const result = await this.client.validateBeneficiaries(
      drafts.map((draft) => {
        const { type, bank_details, entity, country, currency } = draft.beneficiary!.body;
        return {
          id: draft.id,
          entity_type: type,
          entity,
          bank_details: { ...bank_details, account_country: country, account_currency: currency },
        };
      }),
    );
    return new Map(result.invalid.map((item) => [item.id, item.issues]));
  }

  /** The service's findings land on the draft's fields; the draft waits to be fixed. */
  private landFindings(draft: PaymentDraft, issues: ValidationIssue[]): void {
    this.outbox.drafts.edit(draft.id, draft.payment, [
      ...draft.issues.filter((issue) => !issue.field.startsWith('beneficiary.') || issue.cell),
      ...issues.map((issue) => ({
        field: `beneficiary.${issue.field.replace(/^\$\.?/, '')}`,
        message: issue.message,
        severity: 'error' as const,
      })),
    ]);
    this.outbox.sync.markBeneficiarySynced(draft.beneficiary!.id, 'invalid', issues);
  }

  private async sendPayments(batchId: string, runId: string): Promise<void> {
    const total = this.outbox.drafts.counts(batchId).approved;
    let sent = 0;
    const drafts = this.outbox.drafts;
    const ids = (items: PaymentImportItem[]) => items.map((item) => item.id as string);
    const ledger: ChunkLedger = {
      recordSending: (items) =>
        this.outbox.db.transaction(() => {
          const chunkId = this.outbox.sync.createChunk(batchId, runId, items.length);
          drafts.transitionMany(ids(items), 'approved', { type: 'chunk_recorded' }, { chunkId });
          return chunkId;
        })(),
      recordAccepted: (chunkId, job) =>
        this.outbox.db.transaction(() => {
          this.outbox.sync.setChunk(chunkId, 'sent', job.job_id);
          this.outbox.sync.saveJob(chunkId, job);
          drafts.transitionMany(drafts.idsInChunk(chunkId), 'sending', { type: 'chunk_accepted' });
        })(),
      recordRejected: (chunkId, item, error) =>
        this.outbox.db.transaction(() => {
          drafts.transitionMany([item.id as string], 'sending', { type: 'item_rejected' });
          drafts.recordOutcome(item.id as string, { error: errorOf(error) });
          this.outbox.sync.setChunk(chunkId, 'done');
        })(),
      recordReturned: (chunkId, items) =>
        this.outbox.db.transaction(() => {
          drafts.transitionMany(ids(items), 'sending', { type: 'chunk_rejected_elsewhere' });
          this.outbox.sync.setChunk(chunkId, 'returned');
        })(),
    };
    // A chunk's worth at a time: 100,000 drafts are never all in memory, and each chunk sent
    // leaves `approved`, so the next read finds the next ones.
    for (;;) {
      const part = drafts.inState(batchId, 'approved', this.chunkSize);
      if (part.length === 0) break;
      const result = await submitChunk(
        part.map(itemOf),
        (items) => this.client.importPayments(items),
        ledger,
      );
      sent += part.length - result.rejected.length;
      this.progress({ stage: 'sending', sent, total });
    }
  }

  /** Follows every submitted chunk's job until it is DONE, landing per-item results on drafts. */
  private async followJobs(batchId: string): Promise<void> {
    for (const chunk of this.outbox.sync.chunks(batchId, 'sent')) {
      let job: PaymentImportJob;
      for (;;) {
        try {
          job = await this.client.paymentImportJob(chunk.job_id as string);
        } catch (error) {
          // A deployment without the job call: the drafts stay submitted (DESIGN.md fallback).
          if (error instanceof ServiceCallError && error.isMissingCall) return;
          throw error;
        }
        this.outbox.sync.saveJob(chunk.id, job);
        this.progress({
          stage: 'job',
          job_id: job.job_id,
          processed: job.processed,
          total: job.total,
          failed: job.failed,
        });
        if (job.status === 'DONE') break;
        await this.sleep(this.pollMs);
      }
      const succeeded = job.progress
        .filter((item) => item.status === 'SUCCESS')
        .map((item) => item.id);
      const failed = job.progress.filter((item) => item.status === 'FAILED');
      this.outbox.db.transaction(() => {
        this.outbox.drafts.transitionMany(
          succeeded,
          'submitted',
          { type: 'job_item_succeeded' },
          { remoteStatus: 'PENDING' },
        );
        for (const item of failed) {
          if (
            this.outbox.drafts.transitionMany([item.id], 'submitted', {
              type: 'job_item_failed',
            }) === 1
          ) {
            this.outbox.drafts.recordOutcome(item.id, { error: item.error ?? { error: 'failed' } });
          }
        }
        this.outbox.sync.setChunk(chunk.id, 'done');
      })();
    }
  }
}

function itemOf(draft: PaymentDraft): PaymentImportItem {
  return { ...draft.payment, id: draft.id, correlation_id: draft.correlationId };
}

function errorOf(error: ServiceCallError) {
  return {
    status: error.status,
    error: error.error,
    description: error.description,
    error_code: error.errorCode,
    message: error.message,
  };
}
