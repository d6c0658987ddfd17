// What is running on each batch's sync screen, kept at module level and fed by the core's events:
// the sync runs in the core, so a person may leave the screen, work elsewhere, and come back to
// the same stages and import jobs still moving. The screen's components only read it.
import type {
  DeskEvent,
  DeskInput,
  DeskOutput,
  SyncOutcome,
  SyncStage,
} from '../../../../shared/desk';
import { codeOf, desk, sentenceOf } from '../../lib/desk';
import { newJobId, Task } from './task.svelte';

/** One stage as it happened: the core may pass a stage twice (following jobs before and after). */
export interface StageStep {
  stage: SyncStage;
  done: number | null;
  total: number | null;
}

/** A service import job, as its last event told it. */
export interface ImportJobView {
  id: string;
  status: string;
  processed: number;
  total: number;
  failed: number;
}

export class BatchSync {
  readonly validation = new Task<DeskOutput<'validateBeneficiaries'>>('validate');
  readonly approval = new Task<DeskOutput<'approveAtService'>>('approve');
  readonly export = new Task<DeskOutput<'exportResults'>>('export');

  running = $state(false);
  cancelling = $state(false);
  steps = $state<StageStep[]>([]);
  jobs = $state<ImportJobView[]>([]);
  outcome = $state<SyncOutcome | null>(null);
  error = $state<string | null>(null);
  /** The sync's job id: ours, or one started elsewhere (another window) whose events we see. */
  syncJob: string | null = null;
  /** Whether the sync running is this page's own call (else its end is its job.finished). */
  private ownCall = false;

  constructor(readonly batchId: string) {}

  /**
   * Runs the sync of the payments `confirmed` (the preview's count and totals): refused,
   * sending nothing, when those approved are no longer they. Its stages and jobs arrive as
   * events meanwhile.
   */
  async sync(confirmed?: DeskInput<'sync'>['confirmed']): Promise<void> {
    if (this.running) return;
    // A results file exported before this sync no longer says how the batch stands, nor does
    // a validation before it (the sync creates the payees it checked: "7 checked: 7 valid"
    // stood beside the sync's "6 created").
    this.export.forget();
    this.validation.forget();
    const jobId = newJobId('sync');
    this.begin(jobId);
    try {
      this.finish(
        await desk.sync({
          batch: this.batchId,
          job_id: jobId,
          ...(confirmed ? { confirmed } : {}),
        }),
      );
    } catch (error) {
      this.error = codeOf(error) === 'offline' ? OFFLINE : sentenceOf(error);
    } finally {
      this.end();
    }
  }

  /** Asks the core to stop at its next safe point: between chunks, never inside one. */
  async cancel(): Promise<void> {
    this.cancelling = true;
    try {
      const { cancelling } = await desk.cancelSync({ batch: this.batchId });
      if (!cancelling) this.cancelling = false;
    } catch (error) {
      this.cancelling = false;
      this.error = sentenceOf(error);
    }
  }

  apply(event: DeskEvent): void {
    switch (event.type) {
      case 'sync.stage':
        if (event.job_id === this.validation.jobId) {
          this.validation.progress(event.done ?? 0, event.total ?? null);
        } else if (event.job_id === this.syncJob || this.adopts(event)) {
          this.stage(event.stage, event.done ?? null, event.total ?? null);
        }
        break;
      case 'sync.job':
        this.job({
          id: event.service_job_id,
          status: event.status,
          processed: event.processed,
          total: event.total,
          failed: event.failed,
        });
        break;
      case 'job.progress':
        if (event.job_id === this.approval.jobId) this.approval.progress(event.done, event.total);
        break;
      case 'export.progress':
        if (event.job_id === this.export.jobId) this.export.progress(event.rows, null);
        break;
      case 'job.finished':
        // A sync started elsewhere has no call of ours to return: its end is this event.
        if (event.job_id === this.syncJob && this.running && !this.ownCall) this.end();
        break;
    }
  }

  /** A sync of this batch started in another window: shown as it goes, from its events. */
  private adopts(event: Extract<DeskEvent, { type: 'sync.stage' }>): boolean {
    if (this.running || event.stage === 'beneficiaries') return false; // a validation's, maybe
    this.steps = [];
    this.jobs = [];
    this.outcome = null;
    this.syncJob = event.job_id;
    this.running = true;
    busyChanged();
    return true;
  }

  private begin(jobId: string): void {
    this.syncJob = jobId;
    this.ownCall = true;
    this.running = true;
    this.cancelling = false;
    this.steps = [];
    this.jobs = [];
    this.outcome = null;
    this.error = null;
    busyChanged();
  }

  private end(): void {
    this.running = false;
    this.cancelling = false;
    this.ownCall = false;
    busyChanged();
  }

  private finish(outcome: SyncOutcome): void {
    this.outcome = outcome;
    // The outcome has every job's last figures: a bar whose final poll came after its last
    // event still ends where the service says it ended.
    for (const job of outcome.jobs) {
      const shown = this.jobs.find((view) => view.id === job.job_id);
      if (shown) Object.assign(shown, { ...job, id: job.job_id });
    }
  }

  private stage(stage: SyncStage, done: number | null, total: number | null): void {
    const last = this.steps.at(-1);
    if (last && last.stage === stage) {
      last.done = done ?? last.done;
      last.total = total ?? last.total;
    } else {
      this.steps.push({ stage, done, total });
    }
  }

  private job(view: ImportJobView): void {
    const shown = this.jobs.find((job) => job.id === view.id);
    if (shown) Object.assign(shown, view);
    else this.jobs.push(view);
  }
}

export const OFFLINE =
  'The service could not be reached; nothing was lost, sync again when online.';

const runs = new Map<string, BatchSync>();

/** The batch's sync state, made on first use and kept for as long as the page lives. */
export function syncOf(batchId: string): BatchSync {
  let run = runs.get(batchId);
  if (!run) {
    run = new BatchSync(batchId);
    runs.set(batchId, run);
  }
  return run;
}

/** The shell asks before the window closes while any sync runs. */
function busyChanged(): void {
  desk.shell.setBusy([...runs.values()].some((run) => run.running));
}

desk.shell.onEvent((event) => {
  if ('batch_id' in event && event.batch_id) {
    syncOf(event.batch_id).apply(event);
  } else {
    for (const run of runs.values()) run.apply(event);
  }
});
