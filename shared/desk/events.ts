// What the core tells every face while it works: import progress, sync stages and each import
// job's progress at the service, changes to the outbox, and whether the service answers.
import { z } from 'zod';
import { Timestamp } from './common';

export const SyncStage = z.enum([
  'checking',
  'recovering',
  'following',
  'beneficiaries',
  'sending',
  'done',
]);
export type SyncStage = z.infer<typeof SyncStage>;

export const DeskEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('import.progress'),
    job_id: z.string(),
    /** Rows read so far, and drafts written where the importer counts them. */
    rows: z.int(),
    drafts: z.int().optional(),
    /**
     * How far into the sheet the rows read end, 0 to 1, by its bytes (its rows are not counted
     * before the end); absent where the file does not tell its size.
     */
    fraction: z.number().min(0).max(1).optional(),
  }),
  z.object({
    type: z.literal('sync.stage'),
    job_id: z.string(),
    batch_id: z.string(),
    stage: SyncStage,
    /** Progress within the stage, where it counts something (beneficiaries, payments). */
    done: z.int().optional(),
    total: z.int().optional(),
  }),
  z.object({
    type: z.literal('sync.job'),
    batch_id: z.string(),
    /** The service's import job. */
    service_job_id: z.string(),
    status: z.string(),
    processed: z.int(),
    total: z.int(),
    failed: z.int(),
  }),
  z.object({ type: z.literal('export.progress'), job_id: z.string(), rows: z.int() }),
  /** A statement searched over its period: lines read so far, and of those the matches. */
  z.object({
    type: z.literal('statement.progress'),
    job_id: z.string(),
    scanned: z.int(),
    matched: z.int(),
  }),
  /** Any other long job's progress: approvals at the service, say. */
  z.object({
    type: z.literal('job.progress'),
    job_id: z.string(),
    done: z.int(),
    total: z.int(),
    /** The job, cancelled or refused, is putting back what it had done: `done` counts down. */
    putting_back: z.literal(true).optional(),
  }),
  z.object({
    type: z.literal('outbox.changed'),
    /** The batch whose drafts changed; null when the list of batches did. */
    batch_id: z.string().nullable(),
  }),
  z.object({
    type: z.literal('connectivity'),
    profile: z.string(),
    online: z.boolean(),
    at: Timestamp,
    error: z.string().optional(),
  }),
  z.object({
    type: z.literal('job.finished'),
    job_id: z.string(),
    outcome: z.enum(['done', 'failed', 'cancelled']),
  }),
]);
export type DeskEvent = z.infer<typeof DeskEvent>;
export type DeskEventType = DeskEvent['type'];
