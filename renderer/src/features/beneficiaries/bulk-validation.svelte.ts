// Validation at the service of a batch's new payees, or of the payees ticked in the list (one
// desk call per batch they come from: each batch is checked through its own profile). Progress
// comes from the batch's validation task in the sync store, which the core's events feed, so the
// Sync screen of that batch shows the same run. Afterwards, the payees found wrong, each issue
// at the field the service's JSON path names.
import type { BeneficiaryListItem, DeskErrorCode } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { syncOf } from '../sync/sync-runs.svelte';

/** How many payees found wrong are listed per batch (the list's filter shows them all). */
const INVALID_SHOWN = 200;

export interface ValidationScope {
  batchId: string;
  /** Only these payees (beneficiary ids) of the batch; all of its new ones when absent. */
  ids?: string[];
}

export class BulkValidationState {
  running = $state(false);
  /** The batch being checked now: its task carries the progress. */
  current = $state<string | null>(null);
  result = $state<{ checked: number; invalid: number } | null>(null);
  error = $state<string | null>(null);
  code = $state<DeskErrorCode | undefined>(undefined);
  invalid = $state<BeneficiaryListItem[]>([]);
  /** Stop was asked: the batch being checked stops between payees, and no other is started. */
  stopped = $state(false);

  /** The shape ValidationPanel reads. */
  readonly view = $derived.by(() => {
    const task = this.current ? syncOf(this.current).validation : null;
    return {
      running: this.running,
      done: task?.done ?? 0,
      total: task?.total ?? null,
      result: this.result,
      error: this.error,
      code: this.code,
      cancelled: this.stopped,
    };
  });

  stop(): void {
    this.stopped = true;
    if (this.current) syncOf(this.current).validation.cancel();
  }

  async validate(scopes: ValidationScope[]): Promise<void> {
    if (this.running || scopes.length === 0) return;
    this.running = true;
    this.stopped = false;
    this.result = null;
    this.error = null;
    this.code = undefined;
    const sum = { checked: 0, invalid: 0 };
    try {
      for (const scope of scopes) {
        this.current = scope.batchId;
        const task = syncOf(scope.batchId).validation;
        const done = await task.run((jobId) =>
          desk.validateBeneficiaries({
            batch: scope.batchId,
            job_id: jobId,
            ...(scope.ids ? { beneficiaries: scope.ids } : {}),
          }),
        );
        if (!done) {
          this.error = task.error ?? 'the validation did not finish';
          this.code = task.code;
          break;
        }
        sum.checked += done.checked;
        sum.invalid += done.invalid;
        if (this.stopped) break;
      }
      this.result = this.error ? null : sum;
      await this.loadInvalid(scopes);
    } finally {
      this.running = false;
      this.current = null;
    }
  }

  private async loadInvalid(scopes: ValidationScope[]): Promise<void> {
    const found: BeneficiaryListItem[] = [];
    try {
      for (const scope of scopes) {
        const page = await desk.listBeneficiaries({
          batch: scope.batchId,
          status: 'invalid',
          take: INVALID_SHOWN,
        });
        const asked = scope.ids ? new Set(scope.ids) : null;
        found.push(...page.rows.filter((item) => !asked || asked.has(item.id)));
      }
      this.invalid = found;
    } catch (error) {
      this.error ??= sentenceOf(error);
    }
  }

  /** A payee fixed since: it leaves the list of those found wrong once it is saved. */
  refresh(rows: BeneficiaryListItem[]): void {
    const fresh = new Map(rows.map((row) => [row.id, row]));
    this.invalid = this.invalid
      .map((item) => fresh.get(item.id) ?? item)
      .filter((item) => item.status === 'invalid');
  }
}
