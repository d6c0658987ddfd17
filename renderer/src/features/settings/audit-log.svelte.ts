// The audit log part of Settings: a page of entries at a time, newest first, narrowed to one
// action if asked; the whole log exported to a sheet as a job with progress and Cancel.
import type { AuditEntry, DeskEvent, DeskOutput } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import { Task } from '../sync/task.svelte';

export const AUDIT_PAGE = 25;

/** What each action is, for a person; an action not listed shows as recorded. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  import: 'Imported a sheet',
  edit: 'Edited a draft',
  bulk_edit: 'Edited drafts in bulk',
  delete: 'Deleted drafts',
  undo: 'Undid a change',
  approve: 'Approved drafts here',
  unapprove: 'Unapproved drafts',
  validate: 'Validated beneficiaries',
  create_beneficiary: 'Saved a new payee here',
  edit_beneficiary: 'Edited a payee',
  import_beneficiaries: 'Sent payees to the service',
  sync: 'Synced',
  sync_outcome: 'A sync ended',
  retry_failed: 'Queued failed payments again',
  approve_at_service: 'Approved a payment at the service',
  rename: 'Renamed a batch',
  delete_batch: 'Deleted a batch',
  set_group: 'Chose a batch’s group',
  set_service_approval: 'Changed how a batch goes to the service',
  delete_group: 'Deleted a payment group',
  profile: 'Added or changed a profile',
  remove_profile: 'Removed a profile',
  select_profile: 'Switched profile',
  credentials: 'Saved credentials',
  remove_credentials: 'Removed credentials',
  settings: 'Changed the settings',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

export class AuditLogState {
  entries = $state<AuditEntry[]>([]);
  total = $state(0);
  actions = $state<string[]>([]);
  skip = $state(0);
  action = $state('');
  loaded = $state(false);
  error = $state<string | null>(null);
  readonly exporting = new Task<DeskOutput<'exportAuditLog'>>('audit-export');
  readonly #question = new NewestQuestion();

  constructor() {
    desk.shell.onEvent((event: DeskEvent) => {
      if (event.type === 'export.progress' && event.job_id === this.exporting.jobId)
        this.exporting.progress(event.rows, this.total);
    });
  }

  /** The page from `skip`; what is shown (rows and "Entries … of …") changes together. */
  async load(skip = this.skip, action = this.action): Promise<void> {
    const newest = this.#question.ask();
    try {
      const page = await desk.auditLog({
        skip,
        take: AUDIT_PAGE,
        ...(action ? { action } : {}),
      });
      if (!newest()) return;
      this.skip = skip;
      this.action = action;
      this.entries = page.entries;
      this.total = page.total;
      this.actions = page.actions;
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    } finally {
      if (newest()) this.loaded = true;
    }
  }

  async filter(action: string): Promise<void> {
    await this.load(0, action);
  }

  async page(step: 1 | -1): Promise<void> {
    await this.load(Math.max(0, this.skip + step * AUDIT_PAGE));
  }

  /** The whole log, as a workbook or a CSV file. */
  async export(format: 'xlsx' | 'csv'): Promise<void> {
    const file = await desk.shell.exportTarget(`payout-desk-audit-log.${format}`);
    if (!file) return;
    const written = await this.exporting.run((jobId) =>
      desk.exportAuditLog({ file, force: true, job_id: jobId }),
    );
    if (written) await desk.shell.exportWritten(written.file);
  }

  cancelExport(): void {
    this.exporting.cancel();
  }
}
