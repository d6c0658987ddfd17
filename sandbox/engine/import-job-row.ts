// What payment and beneficiary import jobs share: their stored counters, and how those read
// on the wire (spec: "Import job").
export interface ImportJobRow {
  id: string;
  started_at: number;
  completed_at: number | null;
  total: number;
  processed: number;
  failed: number;
  status: 'QUEUED' | 'DONE';
}

/** The job's counters as the spec names them; `completed_at` only where the spec has it. */
export function jobCounters(job: ImportJobRow, withCompletedAt: boolean) {
  return {
    job_id: job.id,
    started_at: new Date(job.started_at).toISOString(),
    ...(withCompletedAt && job.completed_at !== null
      ? { completed_at: new Date(job.completed_at).toISOString() }
      : {}),
    total: job.total,
    processing: job.total - job.processed,
    processed: job.processed,
    failed: job.failed,
    status: job.status,
  };
}
