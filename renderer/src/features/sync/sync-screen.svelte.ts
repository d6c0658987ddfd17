// The Sync screen of one batch: the batch with its group (chosen here when it has none), what a
// sync would send (the confirmation's summary), and the drafts the service found wrong. The long
// calls (validate, sync, approve, export) run in the module-level store (sync-runs), which
// outlives this screen; this class starts them and reloads the batch when they end.
import type { Batch, Draft, SyncPreview } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import { holdsPayments } from '../groups/batch-groups.svelte';
import { GroupChoice } from '../groups/group-choice.svelte';
import { syncOf, type BatchSync } from './sync-runs.svelte';

/** How many of the drafts the service found wrong are listed (the editor shows all of them). */
const INVALID_SHOWN = 200;

export class SyncScreenState {
  readonly run: BatchSync;

  batch = $state<Batch | null>(null);
  readonly #question = new NewestQuestion();
  error = $state<string | null>(null);

  /** The batch's group, chosen or changed here before anything is sent (as on Groups). */
  readonly groupChoice = new GroupChoice();

  preview = $state<SyncPreview | null>(null);
  previewing = $state(false);
  confirmOpen = $state(false);

  /** Drafts whose new beneficiary the service found wrong, with their issues. */
  invalid = $state<Draft[]>([]);
  invalidTotal = $state(0);

  notice = $state<string | null>(null);

  constructor(readonly batchId: string) {
    this.run = syncOf(batchId);
  }

  async load(): Promise<void> {
    const newest = this.#question.ask();
    try {
      const batch = await desk.getBatch({ batch: this.batchId });
      if (!newest()) return;
      this.batch = batch;
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
      return;
    }
    // The groups to choose from while the batch may still choose: none yet, or nothing sent.
    if (this.groupChoice.groups === null && !holdsPayments(this.batch)) {
      void this.groupChoice.loadOptions();
    }
    await this.loadInvalid(newest);
  }

  async chooseGroup(groupId: string): Promise<void> {
    const batch = await this.groupChoice.choose(this.batchId, groupId);
    if (batch) this.batch = batch;
  }

  async validate(): Promise<void> {
    this.notice = null;
    await this.run.validation.run((jobId) =>
      desk.validateBeneficiaries({ batch: this.batchId, job_id: jobId }),
    );
    await this.load();
  }

  /** Asks what a sync would send, then opens the confirmation with it. */
  async askToSync(): Promise<void> {
    this.previewing = true;
    this.notice = null;
    try {
      this.preview = await desk.syncPreview({ batch: this.batchId });
      this.confirmOpen = true;
    } catch (error) {
      this.notice = sentenceOf(error);
    } finally {
      this.previewing = false;
    }
  }

  async confirmSync(): Promise<void> {
    this.confirmOpen = false;
    // What the person confirmed: the sync sends those payments or, changed since, none.
    const preview = this.preview;
    await this.run.sync(preview ? { to_send: preview.to_send, totals: preview.totals } : undefined);
    await this.load();
  }

  async retryFailed(): Promise<void> {
    try {
      const { requeued, refused_total } = await desk.retryFailed({ batch: this.batchId });
      // As they stood: a payment edited since it failed is a draft again, approved in the
      // editor. A refusal for what one holds (a rate, a payee) comes again: said, not left to
      // be found by a second failure.
      const one = requeued === 1;
      this.notice =
        `${requeued.toLocaleString()} failed payment${one ? '' : 's'} approved again: Sync now sends ${one ? 'it' : 'them'} unchanged, so a refusal for what ${one ? 'it holds' : 'they hold'} comes again. To correct one, edit its row in the editor and approve it there.` +
        (refused_total > 0
          ? ` ${refused_total.toLocaleString()} could not be (fix them first).`
          : '');
    } catch (error) {
      this.notice = sentenceOf(error);
    }
    await this.load();
  }

  async approveAtService(): Promise<void> {
    this.notice = null;
    this.run.export.forget();
    await this.run.approval.run((jobId) =>
      desk.approveAtService({ batch: this.batchId, job_id: jobId }),
    );
    await this.load();
  }

  /** The results, written into the sheet that came in, saved where the person says. */
  async exportResults(): Promise<void> {
    const name = this.batch?.name ?? 'batch';
    const file = await desk.shell.exportTarget(`${name} results.xlsx`);
    if (!file) return;
    const written = await this.run.export.run((jobId) =>
      desk.exportResults({ batch: this.batchId, file, job_id: jobId }),
    );
    if (written) await desk.shell.exportWritten(written.file);
  }

  private async loadInvalid(newest: () => boolean): Promise<void> {
    try {
      const page = await desk.draftWindow({
        batch: this.batchId,
        filter: { with_errors: true },
        take: INVALID_SHOWN,
      });
      if (!newest()) return;
      this.invalid = page.rows.filter((draft) => draft.beneficiary?.sync_state === 'invalid');
      this.invalidTotal = page.total;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    }
  }
}
