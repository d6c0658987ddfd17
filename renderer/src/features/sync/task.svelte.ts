// One long desk call the person started (a validation, an approval at the service, an export):
// whether it runs, its progress as the core's events report it, and how it ended. It lives in the
// module-level store, not in a component, so that leaving the screen and coming back shows it
// still running.
import type { DeskErrorCode } from '../../../../shared/desk';
import { codeOf, desk, sentenceOf } from '../../lib/desk';

/** A job id the contract accepts (letters, digits, - and _), unique to this page. */
export const newJobId = (kind: string): string => `${kind}-${crypto.randomUUID()}`;

export class Task<T> {
  running = $state(false);
  /** Progress as the events tell it; `total` null while unknown. */
  done = $state(0);
  total = $state<number | null>(null);
  result = $state<T | null>(null);
  error = $state<string | null>(null);
  code = $state<DeskErrorCode | undefined>(undefined);
  /** The job id of the call running, so that its events find it. */
  jobId: string | null = null;
  /** Cancel was asked of the call running (or of the last one): its answer is what it did. */
  cancelled = $state(false);

  constructor(private readonly kind: string) {}

  /** Runs `work` with a fresh job id; an error is kept for the screen to show, never thrown. */
  async run(work: (jobId: string) => Promise<T>): Promise<T | null> {
    if (this.running) return null;
    const jobId = newJobId(this.kind);
    this.jobId = jobId;
    this.running = true;
    this.done = 0;
    this.total = null;
    this.error = null;
    this.code = undefined;
    this.cancelled = false;
    try {
      const value = await work(jobId);
      this.result = value;
      return value;
    } catch (error) {
      this.error = sentenceOf(error);
      this.code = codeOf(error);
      return null;
    } finally {
      this.running = false;
      this.jobId = null;
    }
  }

  /** Forgets how the last call ended, once what it said is out of date (a file of old results). */
  forget(): void {
    if (this.running) return;
    this.result = null;
    this.error = null;
    this.code = undefined;
  }

  /** Asks the desk to stop the call running, at its next safe point. */
  cancel(): void {
    if (!this.jobId || this.cancelled) return;
    this.cancelled = true;
    void desk.cancelJob({ job_id: this.jobId }).catch(() => undefined);
  }

  progress(done: number, total: number | null): void {
    this.done = done;
    this.total = total;
  }
}
