// Long work the desk is doing, each with the AbortController that cancels it: by the job id its
// caller gave (so the window can cancel before the call returns), or for a sync by its batch.
import { randomUUID } from 'node:crypto';
import type { DeskOutput } from '../../../shared/desk';
import { DeskError } from '../../../shared/desk/errors';
import type { DeskEvents } from './desk-events';

/** What a job does, as the status names it to every face. */
export type JobKind = DeskOutput<'status'>['jobs'][number]['kind'];

interface RunningJob {
  id: string;
  kind: JobKind;
  batchId: string | null;
  startedAt: string;
  controller: AbortController;
  /** Settles when the job has stopped, however it ended. */
  done: Promise<unknown>;
}

/** How long a cancel that came before its job is kept, and how many such are kept at most. */
const EARLY_CANCEL_MS = 60_000;
const EARLY_CANCELS_KEPT = 100;

export class Jobs {
  private readonly running = new Map<string, RunningJob>();
  /**
   * Cancels that came before their job started, by job id, with when. A face sends the call and
   * its cancel as separate requests (browser mode: separate HTTP requests, which a busy machine
   * may answer in either order); a job that starts under one of these ids starts cancelled.
   */
  private readonly cancelledEarly = new Map<string, number>();

  constructor(
    private readonly events: DeskEvents,
    private readonly now: () => Date,
  ) {}

  /**
   * Runs `work` as a job: cancelled by `cancel(id)`, by `cancelBatch` for its batch, or by the
   * caller's own signal. Reports how it finished.
   */
  async run<T>(
    job: {
      id?: string | undefined;
      kind: JobKind;
      batchId?: string | null;
      signal?: AbortSignal | undefined;
    },
    work: (signal: AbortSignal, jobId: string) => Promise<T>,
  ): Promise<T> {
    const id = job.id ?? randomUUID();
    if (this.running.has(id)) throw new DeskError('busy', `a job named ${id} is already running`);
    const controller = new AbortController();
    const forward = () => controller.abort();
    job.signal?.addEventListener('abort', forward, { once: true });
    const cancelledAt = this.cancelledEarly.get(id);
    this.cancelledEarly.delete(id);
    const cancelledFirst =
      cancelledAt !== undefined && this.now().getTime() - cancelledAt <= EARLY_CANCEL_MS;
    if (job.signal?.aborted || cancelledFirst) controller.abort();
    let finished: (value?: unknown) => void = () => {};
    this.running.set(id, {
      id,
      kind: job.kind,
      batchId: job.batchId ?? null,
      startedAt: this.now().toISOString(),
      controller,
      done: new Promise((resolve) => (finished = resolve)),
    });
    let outcome: 'done' | 'failed' | 'cancelled' = 'failed';
    try {
      const value = await work(controller.signal, id);
      outcome = controller.signal.aborted ? 'cancelled' : 'done';
      return value;
    } catch (error) {
      outcome = controller.signal.aborted ? 'cancelled' : 'failed';
      throw error;
    } finally {
      job.signal?.removeEventListener('abort', forward);
      this.running.delete(id);
      finished();
      this.events.emit({ type: 'job.finished', job_id: id, outcome });
    }
  }

  /** Cancels the job; answers whether it was running (if not, it starts cancelled, if ever). */
  cancel(id: string): boolean {
    const job = this.running.get(id);
    if (job) {
      job.controller.abort();
      return true;
    }
    const now = this.now().getTime();
    for (const [early, at] of this.cancelledEarly) {
      if (now - at > EARLY_CANCEL_MS || this.cancelledEarly.size >= EARLY_CANCELS_KEPT) {
        this.cancelledEarly.delete(early);
      }
    }
    this.cancelledEarly.set(id, now);
    return false;
  }

  /** Cancels the running jobs of this kind on the batch (at most one sync runs per batch). */
  cancelBatch(batchId: string, kind: JobKind): boolean {
    let found = false;
    for (const job of this.running.values()) {
      if (job.batchId === batchId && job.kind === kind) {
        job.controller.abort();
        found = true;
      }
    }
    return found;
  }

  busyWith(batchId: string): JobKind[] {
    return [...this.running.values()].filter((job) => job.batchId === batchId).map((j) => j.kind);
  }

  list() {
    return [...this.running.values()].map((job) => ({
      job_id: job.id,
      kind: job.kind,
      batch_id: job.batchId,
      started_at: job.startedAt,
    }));
  }

  cancelAll(): void {
    for (const job of this.running.values()) job.controller.abort();
  }

  /** Settles once every running job has stopped (after a cancel, at its next safe point). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((job) => job.done));
  }

  /** Refuses a change to a batch while a job works on it. */
  refuseWhileBusy(batchId: string, name: string, what: string): void {
    const busy = this.busyWith(batchId);
    if (busy.length > 0) {
      throw new DeskError(
        'busy',
        `batch "${name}" is being worked on (${busy.join(', ').replace(/_/g, ' ')}): it can be ${what} once that has finished`,
      );
    }
  }
}
