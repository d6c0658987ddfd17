// The audit log: read a page at a time, newest first, each entry with its batch's name while the
// batch exists; written whole to a sheet as a job that can be cancelled, page by page so that
// the outbox stays free for other work meanwhile.
import { DeskError } from '../../../shared/desk/errors';
import type { AuditEntry } from '../outbox/audit-repository';
import { writeAuditLog, type AuditExportRow } from '../sheets';
import type { DeskContext, DeskHandlers } from './desk-context';
import { formatOf, refuseToReplace } from './files';

const PAGE = 1_000;
const PROGRESS_EVERY = 1_000;

export function auditHandlers(ctx: DeskContext): Pick<DeskHandlers, 'auditLog' | 'exportAuditLog'> {
  const { outbox } = ctx;
  const names = new Map<string, string | null>();
  const batchName = (id: string | null): string | null => {
    if (!id) return null;
    if (!names.has(id)) names.set(id, outbox.batches.get(id)?.name ?? null);
    return names.get(id) ?? null;
  };
  const shown = (entry: AuditEntry) => ({
    id: entry.id,
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    batch_id: entry.batchId,
    batch_name: batchName(entry.batchId),
    subject_id: entry.subjectId,
    details: entry.details,
  });

  return {
    auditLog: ({ skip, take, action }) => {
      names.clear(); // a batch renamed or deleted since is shown as it is now
      const page = outbox.audit.page({ skip, take, action });
      return {
        entries: page.entries.map(shown),
        total: page.total,
        actions: outbox.audit.actions(),
      };
    },

    exportAuditLog: async ({ file, force, job_id }, signal) => {
      formatOf(file);
      await refuseToReplace(file, force);
      names.clear();
      return ctx.jobs.run({ id: job_id, kind: 'export', signal }, async (jobSignal, jobId) => {
        function* entries(): Generator<AuditExportRow> {
          for (let after = 0; ;) {
            if (jobSignal.aborted) throw new DeskError('cancelled', 'the export was cancelled');
            const page = outbox.audit.after(after, PAGE);
            for (const entry of page) {
              const row = shown(entry);
              yield { ...row, batch: row.batch_name ?? row.batch_id, subject: row.subject_id };
            }
            if (page.length < PAGE) return;
            after = page[page.length - 1]!.id;
          }
        }
        const written = await writeAuditLog(file, entries(), (rows) => {
          if (rows % PROGRESS_EVERY === 0) {
            ctx.events.emit({ type: 'export.progress', job_id: jobId, rows });
          }
        });
        return { file, rows: written.rows };
      });
    },
  };
}
