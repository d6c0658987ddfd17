// What a sync leaves in the outbox besides draft states: its runs, its chunks (recorded
// `sending` before each request leaves) and the import jobs the service answered with.
import { randomUUID } from 'node:crypto';
import type { PaymentImportJob } from '../../../shared/service';
import type { Db } from './database';

export type ChunkState = 'sending' | 'sent' | 'returned' | 'recovered' | 'done';

export interface ChunkRow {
  id: string;
  batch_id: string;
  state: ChunkState;
  job_id: string | null;
  item_count: number;
}

export class SyncRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  startRun(batchId: string): string {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO sync_runs (id, batch_id, started_at, state) VALUES (?, ?, ?, 'running')`,
      )
      .run(id, batchId, this.now());
    return id;
  }

  finishRun(
    id: string,
    state: 'done' | 'offline' | 'interrupted' | 'cancelled' | 'failed',
    counts: unknown,
    error?: unknown,
  ): void {
    this.db
      .prepare(
        'UPDATE sync_runs SET finished_at = ?, state = ?, counts_json = ?, error_json = ? WHERE id = ?',
      )
      .run(
        this.now(),
        state,
        JSON.stringify(counts),
        error === undefined ? null : JSON.stringify(error),
        id,
      );
  }

  /** The batch's latest run, if it ever ran. */
  lastRun(
    batchId: string,
  ):
    | { state: string; started_at: string; finished_at: string | null; error: string | null }
    | undefined {
    const row = this.db
      .prepare(
        `SELECT state, started_at, finished_at, error_json FROM sync_runs WHERE batch_id = ?
         ORDER BY started_at DESC, rowid DESC LIMIT 1`,
      )
      .get(batchId) as
      | { state: string; started_at: string; finished_at: string | null; error_json: string | null }
      | undefined;
    if (!row) return undefined;
    const error = row.error_json === null ? null : (JSON.parse(row.error_json) as unknown);
    return {
      state: row.state,
      started_at: row.started_at,
      finished_at: row.finished_at,
      error:
        error === null
          ? null
          : typeof error === 'string'
            ? error
            : String((error as { message?: unknown }).message ?? JSON.stringify(error)),
    };
  }

  /** Whether anything of the batch ever left for the service. */
  /**
   * Whether any request of the batch's payments may have been taken: a chunk the service
   * certainly did not take (a 429 past the retries, no connection made, a key refused, a 400
   * bisected) went back whole, its payments `approved` again as if never sent.
   */
  anythingSent(batchId: string): boolean {
    return (
      this.db
        .prepare(`SELECT 1 FROM chunks WHERE batch_id = ? AND state <> 'returned' LIMIT 1`)
        .get(batchId) !== undefined
    );
  }

  createChunk(batchId: string, runId: string, itemCount: number): string {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO chunks (id, batch_id, sync_run_id, state, item_count, created_at, updated_at) VALUES (?, ?, ?, 'sending', ?, ?, ?)`,
      )
      .run(id, batchId, runId, itemCount, this.now(), this.now());
    return id;
  }

  setChunk(id: string, state: ChunkState, jobId?: string): void {
    this.db
      .prepare(
        'UPDATE chunks SET state = ?, job_id = coalesce(?, job_id), updated_at = ? WHERE id = ?',
      )
      .run(state, jobId ?? null, this.now(), id);
  }

  chunks(batchId: string, state: ChunkState): ChunkRow[] {
    return this.db
      .prepare('SELECT * FROM chunks WHERE batch_id = ? AND state = ? ORDER BY created_at, rowid')
      .all(batchId, state) as ChunkRow[];
  }

  saveJob(chunkId: string, job: PaymentImportJob): void {
    this.db
      .prepare(
        `INSERT INTO import_jobs (job_id, chunk_id, kind, status, total, processed, failed, last_progress_json, updated_at)
         VALUES (?, ?, 'payment', ?, ?, ?, ?, ?, ?)
         ON CONFLICT(job_id) DO UPDATE SET status = excluded.status, processed = excluded.processed,
           failed = excluded.failed, last_progress_json = excluded.last_progress_json, updated_at = excluded.updated_at`,
      )
      .run(
        job.job_id,
        chunkId,
        job.status,
        job.total,
        job.processed,
        job.failed,
        JSON.stringify(job.progress),
        this.now(),
      );
  }

  jobsOf(
    batchId: string,
  ): { job_id: string; status: string; total: number; processed: number; failed: number }[] {
    return this.db
      .prepare(
        `SELECT j.job_id, j.status, j.total, j.processed, j.failed FROM import_jobs j
         JOIN chunks c ON c.id = j.chunk_id WHERE c.batch_id = ? ORDER BY j.rowid`,
      )
      .all(batchId) as {
      job_id: string;
      status: string;
      total: number;
      processed: number;
      failed: number;
    }[];
  }

  /**
   * What the service made of a payee: `sent` is its body as it was sent. A payee edited since
   * (its details are not what the service judged or holds) keeps the draft state the edit gave
   * it, for the next sync to send anew: false then.
   * `active`: what the service answered of the payee it created (false until it activates).
   */
  markBeneficiarySynced(
    id: string,
    state: 'synced' | 'invalid',
    outcome: { sent: string; error?: unknown; active?: boolean | undefined },
  ): boolean {
    const { sent, error, active } = outcome;
    const marked = this.db
      .prepare(
        `UPDATE beneficiary_drafts SET sync_state = ?, error_json = ?, updated_at = ?,
           remote_status = coalesce(?, remote_status) WHERE id = ? AND json(body_json) = json(?)`,
      )
      .run(
        state,
        error === undefined ? null : JSON.stringify(error),
        this.now(),
        active === undefined ? null : active ? 'active' : 'inactive',
        id,
        sent,
      );
    return marked.changes > 0;
  }
}
