// Bulk payment import jobs: accepted whole (after schema checks) and stored QUEUED with the
// request's items in one row, then processed item by item in small transactions by the work
// pump, so that progress can be read while the job runs and a restart carries on where it
// stopped. Only per-item results are written one by one.
import { randomUUID } from 'node:crypto';
import type { PaymentBody, PaymentImportItem, PaymentImportJob } from '../../shared/service';
import type { Clock } from '../clock';
import { fromJson, type Db } from '../store/database';
import { PaymentRepository } from '../store/payment-repository';
import { jobCounters, type ImportJobRow } from './import-job-row';
import { isRefusal, PaymentIntake } from './payment-intake';

interface ProgressRow {
  row: number;
  status: 'SUCCESS' | 'FAILED';
  payment_id: string;
  error_json: string | null;
}

type ItemError = { error: string; description: string; error_code: number };

export class PaymentImportJobs {
  private readonly payments: PaymentRepository;
  private readonly sql;
  /** Correlation ids of items still queued, with their payment id if any (rebuilt on start). */
  private readonly queuedCorrelations = new Map<string, string | undefined>();
  /** The parsed items of the job being processed, so a job is parsed once, not per turn. */
  private current: { jobId: string; items: PaymentImportItem[] } | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.payments = new PaymentRepository(db);
    this.sql = {
      insertJob: db.prepare(
        `INSERT INTO payment_jobs (id, started_at, total, status, items_json) VALUES (?, ?, ?, 'QUEUED', ?)`,
      ),
      job: db.prepare(
        'SELECT id, started_at, completed_at, total, processed, failed, status FROM payment_jobs WHERE id = ?',
      ),
      queuedJobs: db.prepare(
        `SELECT id, processed, items_json FROM payment_jobs WHERE status = 'QUEUED' ORDER BY started_at, rowid`,
      ),
      oldestQueued: db.prepare(
        `SELECT id, started_at, completed_at, total, processed, failed, status FROM payment_jobs
         WHERE status = 'QUEUED' ORDER BY started_at, rowid LIMIT 1`,
      ),
      items: db.prepare('SELECT items_json FROM payment_jobs WHERE id = ?').pluck(),
      progress: db.prepare(
        'SELECT row, status, payment_id, error_json FROM payment_job_progress WHERE job_id = ? ORDER BY row',
      ),
      record: db.prepare(
        `INSERT INTO payment_job_progress (job_id, row, status, payment_id, error_json) VALUES (?, ?, ?, ?, ?)`,
      ),
      advanceJob: db.prepare(
        `UPDATE payment_jobs SET processed = processed + @count, failed = failed + @failed,
           status = CASE WHEN processed + @count >= total THEN 'DONE' ELSE 'QUEUED' END,
           completed_at = CASE WHEN processed + @count >= total THEN @now ELSE NULL END
         WHERE id = @id`,
      ),
    };
    for (const job of this.sql.queuedJobs.all() as { processed: number; items_json: string }[]) {
      const items = JSON.parse(job.items_json) as PaymentImportItem[];
      items
        .slice(job.processed)
        .forEach((item) => this.queuedCorrelations.set(item.correlation_id, item.id));
    }
  }

  /**
   * True when another payment, or a still-queued item for another payment, holds this
   * correlation_id. A PUT of the very payment a queued item carries is not a conflict: it is
   * how a client settles a chunk whose answer it lost, and the queued item then finds the
   * payment there and fails as a conflict instead of making a second one.
   */
  correlationTaken(correlationId: string, paymentId?: string): boolean {
    if (this.queuedCorrelations.has(correlationId)) {
      const queuedFor = this.queuedCorrelations.get(correlationId);
      if (paymentId === undefined || queuedFor !== paymentId) return true;
    }
    const holder = this.payments.idForCorrelation(correlationId);
    return holder !== undefined && holder !== paymentId;
  }

  /** The first index whose correlation_id repeats within the items or is already taken. */
  firstTakenCorrelation(items: PaymentImportItem[]): number {
    const stored = this.payments.correlationsTaken(items.map((item) => item.correlation_id));
    const seen = new Set<string>();
    return items.findIndex(({ correlation_id: id }) => {
      const taken = seen.has(id) || stored.has(id) || this.queuedCorrelations.has(id);
      seen.add(id);
      return taken;
    });
  }

  submit(items: PaymentImportItem[]): PaymentImportJob {
    const id = randomUUID();
    this.sql.insertJob.run(id, this.clock.now(), items.length, JSON.stringify(items));
    items.forEach((item) => this.queuedCorrelations.set(item.correlation_id, item.id));
    return this.get(id) as PaymentImportJob;
  }

  get(id: string): PaymentImportJob | undefined {
    const job = this.sql.job.get(id) as ImportJobRow | undefined;
    if (!job) return undefined;
    const progress = (this.sql.progress.all(id) as ProgressRow[]).map((item) => ({
      id: item.payment_id,
      status: item.status,
      row: String(item.row),
      ...(item.error_json ? { error: fromJson<ItemError>(item.error_json) } : {}),
    }));
    return { ...jobCounters(job, false), progress };
  }

  /** Processes up to `maxItems` queued items of the oldest queued job; true while work remains. */
  pump(maxItems: number): boolean {
    const job = this.sql.oldestQueued.get() as ImportJobRow | undefined;
    if (!job) return false;
    if (this.current?.jobId !== job.id) {
      const items = JSON.parse(this.sql.items.get(job.id) as string) as PaymentImportItem[];
      this.current = { jobId: job.id, items };
    }
    const batch = this.current.items.slice(job.processed, job.processed + maxItems);
    const now = this.clock.now();
    const intake = new PaymentIntake(this.db);
    this.db.transaction(() => {
      let failed = 0;
      batch.forEach((item, index) => {
        const outcome = this.processItem(intake, item, now);
        if (outcome.error) failed += 1;
        this.sql.record.run(
          job.id,
          job.processed + index,
          outcome.error ? 'FAILED' : 'SUCCESS',
          outcome.paymentId,
          outcome.error ? JSON.stringify(outcome.error) : null,
        );
      });
      // A job whose items are all done (or somehow missing) must not stay queued forever.
      const count = batch.length === 0 ? job.total - job.processed : batch.length;
      this.sql.advanceJob.run({ count, failed, now, id: job.id });
    })();
    batch.forEach((item) => this.queuedCorrelations.delete(item.correlation_id));
    return true;
  }

  private processItem(
    intake: PaymentIntake,
    item: PaymentImportItem,
    now: number,
  ): { paymentId: string; error: ItemError | null } {
    const paymentId = item.id ?? randomUUID();
    const { id: _id, ...body } = item;
    const checked = intake.check(paymentId, item.correlation_id, body as PaymentBody, true, now);
    if (isRefusal(checked)) {
      return {
        paymentId,
        error: {
          error: checked.error,
          description: checked.description,
          error_code: checked.status,
        },
      };
    }
    // The unique keys decide, not a look-up per item: the common case costs one statement.
    if (this.payments.insertIfNew(checked)) return { paymentId, error: null };
    const taken = this.payments.get(paymentId)
      ? `payment ${paymentId} already exists; change it with PUT`
      : `correlation_id ${item.correlation_id} is already used`;
    return { paymentId, error: conflict(taken) };
  }
}

const conflict = (description: string): ItemError => ({
  error: 'conflict',
  description,
  error_code: 409,
});
