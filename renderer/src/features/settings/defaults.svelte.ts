// The defaults part of Settings: the desk's settings as a form (what an import gives a blank
// date or purpose, approved or for approval, the sync's chunk size), saved together, the data
// folder shown. The desk checks every value again; its refusal is shown as said.
import type { DeskOutput, ExecutionDateRule, ServiceApproval } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';

type Settings = DeskOutput<'getSettings'>;

export class DefaultsState {
  chunkSize = $state(500);
  executionDateRule = $state<ExecutionDateRule>('from_sheet');
  /** '' stands for "guessed from the payees" (null at the desk). */
  purpose = $state('');
  serviceApproval = $state<ServiceApproval>('for_approval');
  secondApprover = $state(false);
  dataDir = $state<string | null>(null);
  saved = $state<Settings | null>(null);
  saving = $state(false);
  error = $state<string | null>(null);
  message = $state<string | null>(null);

  readonly chunkSizeError = $derived(
    Number.isInteger(this.chunkSize) && this.chunkSize >= 1 && this.chunkSize <= 1000
      ? null
      : 'a whole number from 1 to 1,000',
  );
  readonly changed = $derived(
    this.saved !== null &&
      (this.saved.chunk_size !== this.chunkSize ||
        this.saved.execution_date_rule !== this.executionDateRule ||
        (this.saved.default_purpose ?? '') !== this.purpose ||
        this.saved.service_approval !== this.serviceApproval ||
        this.saved.second_approver !== this.secondApprover),
  );

  async load(): Promise<void> {
    try {
      this.show(await desk.getSettings({}));
      this.error = null;
    } catch (error) {
      this.error = sentenceOf(error);
    }
  }

  async save(): Promise<void> {
    if (this.chunkSizeError) return;
    this.saving = true;
    this.message = null;
    try {
      this.show(
        await desk.saveSettings({
          chunk_size: this.chunkSize,
          execution_date_rule: this.executionDateRule,
          default_purpose: this.purpose || null,
          service_approval: this.serviceApproval,
          second_approver: this.secondApprover,
        }),
      );
      this.error = null;
      this.message = 'Settings saved';
    } catch (error) {
      this.error = sentenceOf(error);
    } finally {
      this.saving = false;
    }
  }

  private show(settings: Settings): void {
    this.saved = settings;
    this.chunkSize = settings.chunk_size;
    this.executionDateRule = settings.execution_date_rule;
    this.purpose = settings.default_purpose ?? '';
    this.serviceApproval = settings.service_approval;
    this.secondApprover = settings.second_approver;
    this.dataDir = settings.data_dir;
  }
}
