// Bulk beneficiary import jobs (the submitting call is the sandbox's addition, DESIGN.md):
// stored QUEUED, processed in row order by the work pump, each item saved like a PUT. A
// failed item is reported as the spec shows it: a 422 `unprocessable_entity` entry, whose
// `error_info` carries the schema's errors and what the sandbox warns of (beneficiary-warnings).
import { randomUUID } from 'node:crypto';
import type {
  BeneficiaryImportItem,
  BeneficiaryImportJob,
  ImportFinding,
  ValidationIssue,
} from '../../shared/service';
import type { Clock } from '../clock';
import { BeneficiaryRepository, type BeneficiaryRecord } from '../store/beneficiary-repository';
import { fromJson, type Db } from '../store/database';
import { validateBeneficiary } from './beneficiary-schemas';
import { beneficiaryWarnings } from './beneficiary-warnings';
import { jobCounters, type ImportJobRow } from './import-job-row';

/** Validates and saves one beneficiary; the issues when it is refused. */
export function saveBeneficiary(
  repository: BeneficiaryRepository,
  record: BeneficiaryRecord,
  now: number,
  activationDelayMs: number,
): ValidationIssue[] {
  const verdict = validateBeneficiary({
    entity_type: record.entityType,
    entity: record.entity,
    bank_details: record.bankDetails,
    country: record.country,
    currency: record.currency,
  });
  if (verdict.issues.length > 0) return verdict.issues;
  repository.save(record, now, now + activationDelayMs);
  return [];
}

export class BeneficiaryImportJobs {
  private readonly repository: BeneficiaryRepository;
  private readonly sql;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activationDelayMs: number,
  ) {
    this.repository = new BeneficiaryRepository(db);
    this.sql = {
      insertJob: db.prepare(
        `INSERT INTO beneficiary_jobs (id, started_at, total, status) VALUES (?, ?, ?, 'QUEUED')`,
      ),
      insertItem: db.prepare(
        `INSERT INTO beneficiary_job_items (job_id, row, item_json) VALUES (?, ?, ?)`,
      ),
      job: db.prepare('SELECT * FROM beneficiary_jobs WHERE id = ?'),
      oldestQueued: db.prepare(
        `SELECT * FROM beneficiary_jobs WHERE status = 'QUEUED' ORDER BY started_at, rowid LIMIT 1`,
      ),
      nextItems: db.prepare(
        `SELECT row, item_json FROM beneficiary_job_items WHERE job_id = ? AND row >= ? ORDER BY row LIMIT ?`,
      ),
      progress: db.prepare(
        `SELECT row, status, error_json FROM beneficiary_job_items WHERE job_id = ? AND status IS NOT NULL ORDER BY row`,
      ),
      finishItem: db.prepare(
        `UPDATE beneficiary_job_items SET status = ?, error_json = ? WHERE job_id = ? AND row = ?`,
      ),
      advanceJob: db.prepare(
        `UPDATE beneficiary_jobs SET processed = processed + @count, failed = failed + @failed,
           status = CASE WHEN processed + @count >= total THEN 'DONE' ELSE 'QUEUED' END,
           completed_at = CASE WHEN processed + @count >= total THEN @now ELSE NULL END
         WHERE id = @id`,
      ),
    };
  }

  submit(items: BeneficiaryImportItem[]): BeneficiaryImportJob {
    const id = randomUUID();
    this.db.transaction(() => {
      this.sql.insertJob.run(id, this.clock.now(), items.length);
      items.forEach((item, row) => this.sql.insertItem.run(id, row, JSON.stringify(item)));
    })();
    return this.get(id) as BeneficiaryImportJob;
  }

  get(id: string): BeneficiaryImportJob | undefined {
    const job = this.sql.job.get(id) as ImportJobRow | undefined;
    if (!job) return undefined;
    const progress = (
      this.sql.progress.all(id) as {
        row: number;
        status: 'SUCCESS' | 'FAILED';
        error_json: string | null;
      }[]
    ).map((item) => ({
      row: item.row,
      status: item.status,
      ...(item.error_json ? { error: fromJson(item.error_json) } : {}),
    }));
    return { ...jobCounters(job, true), progress } as BeneficiaryImportJob;
  }

  /** Processes up to `maxItems` items of the oldest queued job; true while work remains. */
  pump(maxItems: number): boolean {
    const job = this.sql.oldestQueued.get() as ImportJobRow | undefined;
    if (!job) return false;
    const now = this.clock.now();
    this.db.transaction(() => {
      const items = this.sql.nextItems.all(job.id, job.processed, maxItems) as {
        row: number;
        item_json: string;
      }[];
      let failed = 0;
      for (const { row, item_json } of items) {
        const item = JSON.parse(item_json) as BeneficiaryImportItem;
        const record = {
          id: item.id,
          entityType: item.type,
          country: item.country,
          currency: item.currency,
          entity: item.entity,
          bankDetails: item.bank_details,
          tags: item.tags,
          userTags: item.user_tags,
        };
        const issues = saveBeneficiary(this.repository, record, now, this.activationDelayMs);
        if (issues.length > 0) failed += 1;
        // The spec gives an item an `error` on failure only: its warnings travel with it there.
        this.sql.finishItem.run(
          issues.length ? 'FAILED' : 'SUCCESS',
          issues.length ? JSON.stringify(unprocessable(issues, beneficiaryWarnings(record))) : null,
          job.id,
          row,
        );
      }
      // A job whose items are all done (or somehow missing) must not stay queued forever.
      const count = items.length === 0 ? job.total - job.processed : items.length;
      this.sql.advanceJob.run({ count, failed, now, id: job.id });
    })();
    return this.sql.oldestQueued.get() !== undefined;
  }
}

function unprocessable(issues: ValidationIssue[], warnings: ImportFinding[]) {
  return {
    error_code: 422,
    error: 'unprocessable_entity',
    message: 'the payload object is invalid',
    error_info: {
      valid: false,
      warnings,
      errors: issues.map((issue) => ({
        properties: [issue.field.replace(/^\$\.?/, '')],
        description: issue.message,
      })),
    },
  };
}
