// The audit log through the contract: who did what and when, newest first, a page at a time,
// and the whole log written to a sheet. Append-only at the outbox: nothing here changes it.
import { z } from 'zod';
import { FilePath, JobId, Timestamp } from './common';

export const AuditEntry = z.object({
  id: z.int(),
  at: Timestamp,
  /** Who, as the desk knows them: the operating system's user running it. */
  actor: z.string(),
  action: z.string(),
  batch_id: z.string().nullable(),
  /** The batch's name while it exists; null once deleted or when the entry has no batch. */
  batch_name: z.string().nullable(),
  subject_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogInput = z.object({
  skip: z.int().min(0).default(0),
  take: z.int().min(1).max(200).default(50),
  /** Only entries of this action (as `actions` lists them). */
  action: z.string().min(1).max(100).optional(),
});

export const AuditLogPage = z.object({
  entries: z.array(AuditEntry),
  total: z.int(),
  /** Every action the log holds, for a filter. */
  actions: z.array(z.string()),
});

export const ExportAuditLogInput = z.object({
  file: FilePath,
  force: z.boolean().default(false),
  job_id: JobId.optional(),
});
export const AuditLogExported = z.object({ file: z.string(), rows: z.int() });
