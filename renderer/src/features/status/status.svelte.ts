// What the status bar shows and every screen may read: the profile, whether the service answers
// (and since when), the token's expiry, and the jobs running with their progress. Kept fresh by
// the core's events, and by asking for the status now and then (the age of the last contact
// grows even when nothing happens).
import type { DeskEvent, DeskOutput } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';

type DeskStatus = DeskOutput<'status'>;

export interface JobProgress {
  job_id: string;
  label: string;
  done: number;
  total: number | null;
  /** Said in place of "done / total" where `done` is a share (an import's percent of its file). */
  text?: string;
}

const REFRESH_MS = 15_000;
/**
 * How often the ages shown move on: ages under a minute are said in seconds, and a clock moved
 * with the refresh read "39 seconds ago" beside a screen that said "Fetched now".
 */
const CLOCK_MS = 5_000;

type JobKind = DeskStatus['jobs'][number]['kind'];

/** What a job reporting plain progress (done of total) is doing, by its kind. */
const JOB_LABELS: Partial<Record<JobKind, string>> = {
  validate: 'Validating payees',
  approve_at_service: 'Approving at the service',
  reconcile: 'Reconciling a batch',
  beneficiary_import: 'Importing payees',
  delete_batch: 'Deleting a batch',
  delete_drafts: 'Deleting rows',
  bulk_edit: 'Changing rows',
  undo: 'Undoing',
};

export class StatusState {
  status = $state<DeskStatus | null>(null);
  error = $state<string | null>(null);
  readonly #question = new NewestQuestion();
  /** Running jobs' progress by job id, from the core's events. */
  progress = $state<Record<string, JobProgress>>({});
  /** Bumped on every `outbox.changed`: screens that show the outbox reload on it. */
  outboxVersion = $state(0);
  /**
   * Bumped when the service answers again after being offline: screens that showed kept copies
   * (the desk answers them at once while offline) ask again for fresh ones.
   */
  backOnline = $state(0);
  /** The batch whose drafts changed last (null: the list of batches). */
  changedBatch = $state<string | null>(null);
  /** The clock the ages are shown against, ticking. */
  now = $state(new Date());
  /** Jobs whose kind the status was asked for once already. */
  #asked = new Set<string>();

  constructor() {
    desk.shell.onEvent((event) => this.apply(event));
    void this.refresh();
    setInterval(() => (this.now = new Date()), CLOCK_MS);
    setInterval(() => void this.refresh(), REFRESH_MS);
  }

  async refresh(): Promise<void> {
    const newest = this.#question.ask();
    try {
      const status = await desk.status({});
      if (!newest()) return;
      this.status = status;
      this.error = null;
      // Ages are shown against this clock: it must not lag the contact it was just told of.
      this.now = new Date();
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    }
  }

  apply(event: DeskEvent): void {
    switch (event.type) {
      case 'outbox.changed':
        this.outboxVersion += 1;
        this.changedBatch = event.batch_id;
        break;
      case 'connectivity':
        if (this.status && this.status.profile.name === event.profile) {
          if (event.online && this.status.online === false) this.backOnline += 1;
          this.status.online = event.online;
          if (event.online) this.status.last_contact_at = event.at;
          this.status.last_error = event.error ?? null;
        }
        this.now = new Date();
        // Events come only on a change: the last answer before going offline is the desk's.
        if (!event.online) void this.refresh();
        break;
      case 'import.progress': {
        const label = `Importing: ${event.rows.toLocaleString()} rows read`;
        // The share of the file read, where known: the rows are not counted before its end.
        const percent = event.fraction === undefined ? null : Math.floor(event.fraction * 100);
        this.progress[event.job_id] =
          percent === null
            ? { job_id: event.job_id, label, done: event.rows, total: null }
            : { job_id: event.job_id, label, done: percent, total: 100, text: `${percent}%` };
        break;
      }
      case 'sync.stage':
        this.progress[event.job_id] = {
          job_id: event.job_id,
          label: `Sync: ${event.stage}`,
          done: event.done ?? 0,
          total: event.total ?? null,
        };
        break;
      case 'job.progress': {
        const kind = this.status?.jobs.find((job) => job.job_id === event.job_id)?.kind;
        // A job started since the last status: its kind is asked for once, to name it.
        if (!kind && !this.#asked.has(event.job_id)) {
          this.#asked.add(event.job_id);
          void this.refresh();
        }
        this.progress[event.job_id] = {
          job_id: event.job_id,
          label: event.putting_back
            ? 'Putting rows back'
            : ((kind && JOB_LABELS[kind]) ?? 'Working'),
          done: event.done,
          total: event.total,
        };
        break;
      }
      case 'statement.progress':
        this.progress[event.job_id] = {
          job_id: event.job_id,
          label: `Searching a statement: ${event.scanned.toLocaleString()} lines read`,
          done: event.scanned,
          total: null,
        };
        break;
      case 'export.progress':
        this.progress[event.job_id] = {
          job_id: event.job_id,
          label: `Exporting: ${event.rows.toLocaleString()} rows`,
          done: event.rows,
          total: null,
        };
        break;
      case 'job.finished':
        delete this.progress[event.job_id];
        void this.refresh();
        break;
      case 'sync.job':
        break;
    }
  }
}

export const status = new StatusState();
