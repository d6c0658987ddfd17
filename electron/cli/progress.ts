// The desk's events as lines for a person watching a command run.
import type { DeskEvent } from '../../shared/desk';

/** What a long job's progress counts, by the command that runs it: "14 of 28 rows deleted…". */
const JOB_COUNTS: Readonly<Record<string, string>> = {
  delete: 'rows deleted',
  'approve-at-service': 'payments approved at the service',
  undo: 'drafts gone through to put back',
};

export function describeEvent(event: DeskEvent, command?: string): string | undefined {
  switch (event.type) {
    case 'import.progress': {
      // The share of the file read: its rows are not counted before the end.
      const share =
        event.fraction === undefined ? '' : ` (${Math.floor(event.fraction * 100)}% of the file)`;
      return event.drafts === undefined
        ? `Read ${event.rows.toLocaleString('en')} rows${share}…`
        : `Read ${event.rows.toLocaleString('en')} rows${share}, ${event.drafts.toLocaleString('en')} drafts written…`;
    }
    case 'export.progress':
      return `Wrote ${event.rows.toLocaleString('en')} rows…`;
    case 'job.progress':
      return `${event.done.toLocaleString('en')} of ${event.total.toLocaleString('en')} ${(command && JOB_COUNTS[command]) ?? 'done'}${event.putting_back ? ' (putting back what was done)' : ''}…`;
    case 'sync.stage':
      return stageLine(event, command);
    case 'sync.job':
      return `Job ${event.service_job_id}: ${event.processed}/${event.total} processed, ${event.failed} failed`;
    case 'connectivity':
      return event.online
        ? undefined
        : `The service cannot be reached${event.error ? `: ${event.error}` : ''}`;
    default:
      return undefined;
  }
}

function stageLine(
  event: Extract<DeskEvent, { type: 'sync.stage' }>,
  command?: string,
): string | undefined {
  const of = event.total !== undefined ? ` ${event.done ?? 0} of ${event.total}` : '';
  switch (event.stage) {
    case 'checking':
      return 'Checking the batch’s payment group with the service…';
    case 'recovering':
      return `Settling chunks an earlier run left unanswered:${of}`;
    case 'following':
      return event.done === 0
        ? `Following ${event.total} import job(s) at the service…`
        : undefined;
    case 'beneficiaries':
      return event.total === undefined || event.done === 0
        ? undefined
        : // validate only checks them: a sync saves them at the service too.
          `New beneficiaries checked${command === 'validate' ? '' : ' and saved'}:${of}`;
    case 'sending':
      return event.done === 0 ? undefined : `Sent${of} payments`;
    case 'done':
      return undefined;
  }
}
