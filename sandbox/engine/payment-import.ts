// Bulk payment import jobs: accepted whole (after schema checks) and stored as QUEUED, then
// processed item by item in small transactions by the work pump, so that the job's progress
// can be read while it runs and a restart carries on where it stopped.
import { randomUUID } from 'node:crypto';
import type { PaymentBody, PaymentImportItem, PaymentImportJob } from '../../shared/service';
import type { Clock } from '../clock';
import { fromJson, type Db } from '../store/database';
import { PaymentRepository } from '../store/payment-repository';
import { isRefusal, PaymentIntake } from './payment-intake';

interface JobRow {
  id: string;
  started_at: number;
  total: number;
  processed: number;
  failed: number;
  status: 'QUEUED' | 'DONE';
}

interface ItemRow {
  row: number;
  item_json: string;
  status: 'SUCCESS' | 'FAILED' | null;
  payment_id: string | null;
  error_json: string | null;
}

export class PaymentImportJobs {
  private readonly payments: PaymentRepository;
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.payments = new PaymentRepository(db);
    this.statements = {
      insertJob: db.prepare(
        `INSERT INTO payment_jobs (id, started_at, total, status) VALUES (?, ?, ?, 'QUEUED')`,
      ),
      insertItem: db.prepare(
        `INSERT INTO payment_job_items (job_id, row, correlation_id, item_json) VALUES (?, ?, ?, ?)`,
      ),
      queuedCorrelation: db
        .prepare(
          `SELECT 1 FROM payment_job_items WHERE correlation_id = ? AND status IS NULL LIMIT 1`,
        )
        .pluck(),
      job: db.prepare('SELECT * FROM payment_jobs WHERE id = ?'),
      oldestQueued: db.prepare(
        `SELECT * FROM payment_jobs WHERE status = 'QUEUED' ORDER BY started_at, rowid LIMIT 1`,
      ),
      nextItems: db.prepare(
        `SELECT row, item_json FROM payment_job_items WHERE job_id = ? AND row >= ? ORDER BY row LIMIT ?`,
      ),
      progress: db.prepare(
        `SELECT row, status, payment_id, error_json FROM payment_job_items
         WHERE job_id = ? AND status IS NOT NULL ORDER BY row`,
      ),
      finishItem: db.prepare(
        `UPDATE payment_job_items SET status = ?, payment_id = ?, error_json = ? WHERE job_id = ? AND row = ?`,
      ),
      advanceJob: db.prepare(
        `UPDATE payment_jobs SET processed = processed + ?, failed = failed + ?,
           status = CASE WHEN processed + ? >= total THEN 'DONE' ELSE 'QUEUED' END,
           completed_at = CASE WHEN processed + ? >= total THEN ? ELSE NULL END
         WHERE id = ?`,
      ),
    };
  }

  /** True when a payment or a still-queued item already holds this correlation_id. */
  correlationTaken(correlationId: string): boolean {
    return (
      this.payments.idForCorrelation(correlationId) !== undefined ||
      this.statements.queuedCorrelation.get(correlationId) !== undefined
    );
  }

  submit(items: PaymentImportItem[]): PaymentImportJob {
    const id = randomUUID();
    const now = this.clock.now();
    this.db.transaction(() => {
      this.statements.insertJob.run(id, now, items.length);
      items.forEach((item, row) =>
        this.statements.insertItem.run(id, row, item.correlation_id, JSON.stringify(item)),
      );
    })();
    return this.get(id) as PaymentImportJob;
  }

  get(id: string): PaymentImportJob | undefined {
    const job = this.statements.job.get(id) as JobRow | undefined;
    if (!job) return undefined;
    const progress = (this.statements.progress.all(id) as ItemRow[]).map((item) => ({
      id: item.payment_id ?? '',
      status: item.status as 'SUCCESS' | 'FAILED',
      row: String(item.row),
      ...(item.error_json ? { error: fromJson<Record<string, unknown>>(item.error_json) } : {}),
    }));
    return {
      job_id: job.id,
      started_at: new Date(job.started_at).toISOString(),
      total: job.total,
      processing: job.total - job.processed,
      processed: job.processed,
      failed: job.failed,
      status: job.status,
      progress,
    };
  }

  /** Processes up to `maxItems` queued items of the oldest queued job; true while work remains. */
  pump(maxItems: number): boolean {
    const job = this.statements.oldestQueued.get() as JobRow | undefined;
    if (!job) return false;
    const now = this.clock.now();
    const intake = new PaymentIntake(this.db);
    this.db.transaction(() => {
      const items = this.statements.nextItems.all(job.id, job.processed, maxItems) as ItemRow[];
      let failed = 0;
      for (const { row, item_json } of items) {
        const outcome = this.processItem(intake, JSON.parse(item_json) as PaymentImportItem, now);
        if (outcome.error) failed += 1;
        this.statements.finishItem.run(
          outcome.error ? 'FAILED' : 'SUCCESS',
          outcome.paymentId,
          outcome.error ? JSON.stringify(outcome.error) : null,
          job.id,
          row,
        );
      }
      // A job whose items are all done (or somehow missing) must not stay queued forever.
      const counted = items.length === 0 ? job.total - job.processed : items.length;
      this.statements.advanceJob.run(counted, failed, counted, counted, now, job.id);
    })();
    return true;
  }

  private processItem(intake: PaymentIntake, item: PaymentImportItem, now: number) {
    const paymentId = item.id ?? randomUUID();
    const { id: _id, ...body } = item;
    if (this.payments.get(paymentId)) {
      return {
        paymentId,
        error: conflict(`payment ${paymentId} already exists; change it with PUT`),
      };
    }
    if (this.payments.idForCorrelation(item.correlation_id) !== undefined) {
      return {
        paymentId,
        error: conflict(`correlation_id ${item.correlation_id} is already used`),
      };
    }
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
    this.payments.insert(checked);
    return { paymentId, error: null };
  }
}

const conflict = (description: string) => ({ error: 'conflict', description, error_code: 409 });
