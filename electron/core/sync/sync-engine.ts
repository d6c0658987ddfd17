// The sync of one batch, exactly once and resumable (DESIGN.md): recover chunks a crash left
// `sending`, follow jobs already submitted, validate and create new beneficiaries, send the
// approved payments as bulk imports in chunks, follow the jobs to per-item results. Offline
// is a state, not a crash: the run stops where it is and the next run carries on. A cancelled
// run stops at the next safe point: between requests, never between recording a chunk
// `sending` and sending it.
import type { DraftCounts } from '../../../shared/desk/batches';
import type { Draft } from '../../../shared/desk/drafts';
import type { SyncStage } from '../../../shared/desk/events';
import type { PaymentImportItem, PaymentImportJob } from '../../../shared/service';
import { beneficiaryKeyMessage } from '../client/beneficiary-key';
import type { PaymentsClient } from '../client/payments-client';
import { ServiceCallError } from '../client/service-error';
import type { Outbox } from '../outbox';
import { lockOwner } from '../outbox/batch-lock';
import { BeneficiaryStage } from './beneficiary-stage';
import { recoverItem } from './chunk-recovery';
import { submitChunk, type ChunkLedger } from './chunk-submission';

export interface SyncOptions {
  chunkSize?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (event: SyncProgress) => void;
}

export type SyncProgress =
  | { stage: SyncStage; done?: number; total?: number }
  | {
      stage: 'job';
      job_id: string;
      status: string;
      processed: number;
      total: number;
      failed: number;
    };

export interface SyncResult {
  /** done; offline (no answer); interrupted (429 or 5xx past retries); cancelled. All resume. */
  state: 'done' | 'offline' | 'interrupted' | 'cancelled';
  counts: DraftCounts;
  jobs: { job_id: string; status: string; total: number; processed: number; failed: number }[];
  /**
   * Approved payments this run did not send: the service found their new payee wrong, and its
   * findings took each back to draft, to be fixed and approved again.
   */
  heldBack: number;
  error?: string;
}

export class BatchLockedError extends Error {
  readonly code = 'batch_locked';
}

/**
 * The profile's beneficiary key was refused some of the batch's new payees: the run stops
 * before any payment, since payments to payees the service does not hold would only fail.
 */
export class BeneficiaryKeyStop extends Error {
  constructor(
    readonly refusal: ServiceCallError,
    readonly refused: number,
  ) {
    const payees =
      refused === 1 ? '1 new payee was' : `${refused.toLocaleString('en')} new payees were`;
    super(
      `${beneficiaryKeyMessage(refusal)}. ${payees} not created (their drafts say so, and stay approved) and no payment was sent`,
    );
    this.name = 'BeneficiaryKeyStop';
  }
}

/** Thrown at a safe point when the run's signal was aborted. */
class Cancelled extends Error {}

export class SyncEngine {
  private readonly chunkSize: number;
  private readonly pollMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly progress: (event: SyncProgress) => void;
  private readonly beneficiaries: BeneficiaryStage;

  constructor(
    private readonly outbox: Outbox,
    private readonly client: PaymentsClient,
    options: SyncOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? 500;
    this.pollMs = options.pollMs ?? 250;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.progress = options.onProgress ?? (() => {});
    this.beneficiaries = new BeneficiaryStage(outbox, client);
  }

  /**
   * Sends the payments approved when it starts (sync-selection.ts), and no other. `confirm`, given
   * the selection's id, may refuse it before anything is recorded or sent: the person confirmed
   * other payments than those approved now.
   */
  async sync(
    batchId: string,
    signal?: AbortSignal,
    confirm?: (selection: string) => void,
  ): Promise<SyncResult> {
    const owner = lockOwner('sync');
    const lock = this.outbox.locks.acquire(batchId, owner);
    if (!lock.ok) throw new BatchLockedError(lock.error.message);
    const heartbeat = setInterval(() => this.outbox.locks.heartbeat(batchId, owner), 20_000);
    const selection = this.outbox.syncSelection.take(batchId);
    try {
      confirm?.(selection.id);
      return await this.run(batchId, selection, signal);
    } finally {
      this.outbox.syncSelection.drop(selection.id);
      clearInterval(heartbeat);
      this.outbox.locks.release(batchId, owner);
    }
  }

  private async run(
    batchId: string,
    selection: { id: string; count: number },
    signal?: AbortSignal,
  ): Promise<SyncResult> {
    const runId = this.outbox.sync.startRun(batchId);
    this.outbox.audit.append('sync', { batchId, details: { run: runId } });
    const checkpoint = () => {
      if (signal?.aborted) throw new Cancelled();
    };
    let heldBack = 0;
    try {
      checkpoint();
      await this.recover(batchId, checkpoint);
      await this.followJobs(batchId, checkpoint);
      this.progress({ stage: 'beneficiaries' });
      const payees = await this.beneficiaries.run(batchId, {
        states: ['approved'],
        save: true,
        progress: (done, total) => this.progress({ stage: 'beneficiaries', done, total }),
        stopped: () => signal?.aborted === true,
      });
      heldBack = payees.invalid;
      checkpoint();
      if (payees.refusal) throw new BeneficiaryKeyStop(payees.refusal, payees.refused);
      await this.sendPayments(batchId, runId, selection, checkpoint);
      await this.followJobs(batchId, checkpoint);
      this.progress({ stage: 'done' });
      return this.finish(batchId, runId, 'done', heldBack);
    } catch (error) {
      if (error instanceof Cancelled) return this.finish(batchId, runId, 'cancelled', heldBack);
      // The service could not be reached, or is in trouble past our retries: stop where we are.
      // A chunk whose request went unanswered stays `sending`; the next run settles it by PUT.
      if (error instanceof ServiceCallError && error.kind === 'network') {
        return this.finish(batchId, runId, 'offline', heldBack, error.message);
      }
      if (
        error instanceof ServiceCallError &&
        (error.status === 429 || (error.status ?? 0) >= 500)
      ) {
        return this.finish(batchId, runId, 'interrupted', heldBack, error.message);
      }
      // Anything else ends the run as failed and goes to the caller. A certificate that cannot
      // be verified (kind 'tls') is among these, not offline: no later run gets past it until
      // the profile changes. Its request never left, so its chunk went back to `approved`.
      this.outbox.sync.finishRun(runId, 'failed', this.counts(batchId), {
        message: (error as Error).message,
      });
      throw error;
    }
  }

  /**
   * Remote validation of the batch's new beneficiaries (drafts not yet sent): the service's
   * findings land on the drafts' fields as blocking issues. Sends nothing else.
   */
  async validate(
    batchId: string,
    signal?: AbortSignal,
    /** Only these beneficiaries (ids) of the batch: a selection. */
    only?: readonly string[],
  ): Promise<{ checked: number; invalid: number }> {
    const { checked, invalid } = await this.beneficiaries.run(batchId, {
      states: ['draft', 'approved'],
      only,
      save: false,
      progress: (done, total) => this.progress({ stage: 'beneficiaries', done, total }),
      stopped: () => signal?.aborted === true,
    });
    return { checked, invalid };
  }

  private counts(batchId: string): DraftCounts {
    return this.outbox.queries.batchFigures(batchId, null).counts;
  }

  private finish(
    batchId: string,
    runId: string,
    state: SyncResult['state'],
    heldBack: number,
    error?: string,
  ): SyncResult {
    const counts = this.counts(batchId);
    this.outbox.sync.finishRun(runId, state, counts, error);
    const jobs = this.outbox.sync.jobsOf(batchId);
    return { state, counts, jobs, heldBack, ...(error ? { error } : {}) };
  }

  /** Chunks a crash left `sending`: settled item by item with PUT, never resent as a chunk. */
  private async recover(batchId: string, checkpoint: () => void): Promise<void> {
    const chunks = this.outbox.sync.chunks(batchId, 'sending');
    if (chunks.length === 0) return;
    const approval = this.serviceApproval(batchId);
    let done = 0;
    this.progress({ stage: 'recovering', done, total: chunks.length });
    for (const chunk of chunks) {
      for (const draft of this.outbox.drafts
        .inChunk(chunk.id)
        .filter((d) => d.state === 'sending')) {
        checkpoint();
        const item = this.itemOf(draft, approval);
        const outcome = await recoverItem(this.client, item);
        this.outbox.db.transaction(() => {
          const drafts = this.outbox.drafts;
          if (outcome.kind === 'recovered') {
            drafts.transition(draft, { type: 'recovered_by_put' });
            drafts.recordOutcome(draft.id, { remoteStatus: 'PENDING' });
            drafts.recordServiceApproval(draft.id, item.approved === true);
          } else if (outcome.kind === 'already_submitted') {
            drafts.transition(draft, { type: 'recovered_already_submitted' });
            drafts.recordOutcome(draft.id, { remoteStatus: 'SUBMITTED' });
          } else {
            drafts.transition(draft, { type: 'recovery_refused' });
            drafts.recordOutcome(draft.id, { error: errorOf(outcome.error) });
          }
        })();
      }
      this.outbox.sync.setChunk(chunk.id, 'recovered');
      this.progress({ stage: 'recovering', done: (done += 1), total: chunks.length });
    }
  }

  private async sendPayments(
    batchId: string,
    runId: string,
    selection: { id: string },
    checkpoint: () => void,
  ) {
    // Those of the selection still approved: a payee the service found wrong held some back.
    const total = this.outbox.syncSelection.figures(selection.id, null).count;
    const approval = this.serviceApproval(batchId);
    let sent = 0;
    const drafts = this.outbox.drafts;
    const ids = (items: PaymentImportItem[]) => items.map((item) => item.id as string);
    const ledger: ChunkLedger = {
      recordSending: (items) =>
        this.outbox.db.transaction(() => {
          const chunkId = this.outbox.sync.createChunk(batchId, runId, items.length);
          // What each item asks of the service, approved or for approval, is kept with it.
          for (const approved of [true, false]) {
            const part = ids(items.filter((item) => (item.approved === true) === approved));
            if (part.length === 0) continue;
            drafts.transitionMany(
              part,
              'approved',
              { type: 'chunk_recorded' },
              {
                chunkId,
                serviceApproved: approved,
              },
            );
          }
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
    this.progress({ stage: 'sending', done: 0, total });
    // A chunk's worth at a time: 100,000 drafts are never all in memory, and each chunk sent
    // leaves `approved`, so the next read finds the next ones.
    for (;;) {
      checkpoint();
      const part = this.outbox.syncSelection.approved(selection.id, this.chunkSize);
      if (part.length === 0) break;
      const result = await submitChunk(
        part.map((draft) => this.itemOf(draft, approval)),
        (items) => this.client.importPayments(items),
        ledger,
      );
      sent += part.length - result.rejected.length;
      this.progress({ stage: 'sending', done: sent, total });
    }
  }

  /** Follows every submitted chunk's job until it is DONE, landing per-item results on drafts. */
  private async followJobs(batchId: string, checkpoint: () => void): Promise<void> {
    const chunks = this.outbox.sync.chunks(batchId, 'sent');
    if (chunks.length > 0) this.progress({ stage: 'following', done: 0, total: chunks.length });
    let followed = 0;
    for (const chunk of chunks) {
      let job: PaymentImportJob;
      for (;;) {
        checkpoint();
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
          status: job.status,
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
      this.progress({ stage: 'following', done: (followed += 1), total: chunks.length });
    }
  }

  /** Whether the batch's payments go approved by default (batches.service_approval). */
  private serviceApproval(batchId: string): { approved: boolean; groupId: string | null } {
    const batch = this.outbox.batches.get(batchId);
    return {
      approved: batch?.serviceApproval === 'approved',
      groupId: batch?.groupId ?? null,
    };
  }

  /**
   * The item a draft sends: its body with its fixed ids, paid from the batch's group (a batch
   * prepared offline gets its group later), approved as the draft says or else as the batch
   * does.
   */
  private itemOf(
    draft: Draft,
    batch: { approved: boolean; groupId: string | null },
  ): PaymentImportItem {
    const payment = draft.payment as unknown as PaymentImportItem;
    return {
      ...payment,
      source: { type: 'group', id: batch.groupId ?? payment.source.id },
      approved: draft.payment.approved ?? batch.approved,
      id: draft.id,
      correlation_id: draft.correlation_id,
    };
  }
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
