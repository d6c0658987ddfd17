// A bulk import of payees at the service from the Beneficiaries screen: a batch's new payees or
// those ticked, sent by the desk in chunks as the service's bulk imports, with the progress its
// events report, a cancel that stops before the next chunk (a job the service already took goes
// on there, and the result says so), and the per-row results: created, or the service's errors
// and warnings, each at the field it names. The task lives in this module, so leaving the screen
// and coming back shows it still running.
import type { BeneficiaryImportDone, DeskEvent } from '../../../../shared/desk';
import { desk } from '../../lib/desk';
import { Task } from '../sync/task.svelte';

export interface ImportScope {
  /** Every new payee of this batch not yet at the service. */
  batchId?: string;
  /** Or these payees (beneficiary ids). */
  ids?: string[];
  /** Or every payee saved on its own that the service does not hold yet. */
  savedHere?: true;
}

class PayeeImportState {
  readonly task = new Task<BeneficiaryImportDone>('payees');
  cancelling = $state(false);

  /** Feeds the progress bar from the desk's events (subscribe once, from the screen). */
  listen(event: DeskEvent): void {
    if (event.type === 'job.progress' && event.job_id === this.task.jobId) {
      this.task.progress(event.done, event.total);
    }
  }

  async start(scope: ImportScope): Promise<BeneficiaryImportDone | null> {
    this.cancelling = false;
    return this.task.run((jobId) =>
      desk.importBeneficiaries({
        job_id: jobId,
        ...(scope.ids
          ? { beneficiaries: scope.ids }
          : scope.savedHere
            ? { saved_here: true as const }
            : { batch: scope.batchId }),
      }),
    );
  }

  async cancel(): Promise<void> {
    const jobId = this.task.jobId;
    if (!jobId) return;
    this.cancelling = true;
    await desk.cancelJob({ job_id: jobId });
  }
}

export const payeeImport = new PayeeImportState();
