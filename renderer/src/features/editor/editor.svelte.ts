// The Batch editor's state: the batch with its totals, the filter and sort of the grid's list,
// the selection, bulk edit, approval, deletion, and undo with a redo the desk does not have.
//
// Redo: the desk's undo restores the drafts its journal saved before the latest edit, bulk edit
// or deletion, and says in words what it undid; it keeps nothing to redo. So the editor keeps
// its own history of the changes it sent (an edit's id and changes, a bulk edit's selection and
// changes, a deletion's selection); Undo moves the latest onto a redo stack, and Redo sends it
// to the desk again (editDraft, bulkEdit, deleteDrafts). A new change empties the redo stack.
// Approvals are not in the desk's journal (approve has Unapprove), so they are not in ours.
import type { DeskOutput } from '../../../../shared/desk';
import type { Draft, DraftFilter, DraftSort, Selection } from '../../../../shared/desk/drafts';
import type { DraftState } from '../../../../shared/domain/draft-state';
import { GridSelection } from '../../components/grid/grid-selection.svelte';
import type { GridSort } from '../../components/grid/grid-table.svelte';
import { codeOf, desk, sentenceOf } from '../../lib/desk';
import { newJobId } from '../sync/task.svelte';
import { formatCount, formatCountOf } from '../../lib/format';
import { NewestQuestion } from '../../lib/newest-question';
import { describe, historyOf, type Change, type ChangeHistory } from './change-history.svelte';
import { draftSource } from './draft-source';

type Batch = DeskOutput<'getBatch'>;
export type ApproveResult = DeskOutput<'approve'>;
export type BulkChanges = Partial<
  Record<'execution.date' | 'purpose' | 'description' | 'approved', string | boolean>
>;

/** The long changes the editor can cancel while they run. */
export type CancellableKind = 'delete' | 'bulk' | 'undo';

/** What the notice says once Cancel is pressed, until the desk answers. */
const CANCELLING: Record<CancellableKind, string> = {
  delete: 'Cancelling: putting back the rows it deleted…',
  bulk: 'Cancelling: putting the rows back as they were…',
  undo: 'Stopping the undo after its current step…',
};

const SORT_KEYS: Record<string, DraftSort['by']> = {
  row: 'row',
  amount: 'amount',
  currency: 'currency',
  payee: 'payee',
  date: 'date',
  state: 'state',
};

export class EditorState {
  batch = $state<Batch | null>(null);
  readonly #batchQuestion = new NewestQuestion();
  error = $state<string | null>(null);
  /** What the last action did, in words. */
  notice = $state<string | null>(null);
  busy = $state(false);
  /** The deletion, bulk edit or undo running, which Cancel stops. */
  cancellable = $state<{ jobId: string; kind: CancellableKind; cancelling: boolean } | null>(null);
  state = $state<DraftState | ''>('');
  withErrors = $state(false);
  withWarnings = $state(false);
  /** The search as typed; `search` is what the list uses, a moment later. */
  typed = $state('');
  search = $state('');
  sort = $state<GridSort>({ column: 'row', direction: 'asc' });
  /** Bumped when this batch's drafts changed: the grid fetches its pages again. */
  dataVersion = $state(0);
  readonly selection = new GridSelection<Draft>();
  readonly #changes: ChangeHistory;
  readonly source;
  #debounce: ReturnType<typeof setTimeout> | undefined;

  get history(): Change[] {
    return this.#changes.history;
  }

  get redoable(): Change[] {
    return this.#changes.redoable;
  }

  constructor(readonly batchId: string) {
    this.#changes = historyOf(batchId);
    this.source = draftSource({
      batchId,
      filter: () => this.filter,
      sort: () => this.deskSort,
      walletCurrency: () => this.batch?.group?.wallet_currency ?? undefined,
      edited: (id, changes, row) => {
        // The notice was about an earlier change (a redo, a bulk edit): this one is the latest.
        this.notice = null;
        this.#did({ kind: 'edit', id, changes, row });
      },
      pasted: (edits) => {
        this.notice = null;
        this.#did({ kind: 'paste', edits });
      },
    });
  }

  /** The grid's sort as the desk takes it. */
  get deskSort(): DraftSort {
    return {
      by: SORT_KEYS[this.sort?.column ?? 'row'] ?? 'row',
      direction: this.sort?.direction ?? 'asc',
    };
  }

  get filter(): DraftFilter | undefined {
    const filter: DraftFilter = {};
    if (this.state) filter.states = [this.state];
    if (this.withErrors) filter.with_errors = true;
    if (this.withWarnings) filter.with_warnings = true;
    if (this.search.trim()) filter.text = this.search.trim();
    return Object.keys(filter).length ? filter : undefined;
  }

  /** Changes when the grid shows another list (its cache starts over). */
  get listKey(): string {
    return JSON.stringify([this.filter ?? {}, this.sort]);
  }

  setSearch(text: string): void {
    this.typed = text;
    clearTimeout(this.#debounce);
    this.#debounce = setTimeout(() => (this.search = text), 250);
  }

  /** The selection as the desk takes it: some ids, or every draft the filter finds. */
  get deskSelection(): Selection | null {
    if (this.selection.all) return { filter: this.filter ?? {} };
    const ids = this.selection.ids();
    return ids.length ? { ids } : null;
  }

  get selectedCount(): number {
    return this.selection.all ? (this.filteredTotal ?? 0) : this.selection.size;
  }

  filteredTotal = $state<number | null>(null);

  async load(): Promise<void> {
    const newest = this.#batchQuestion.ask();
    try {
      const batch = await desk.getBatch({ batch: this.batchId });
      if (!newest()) return;
      this.batch = batch;
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    }
  }

  /**
   * Where a draft is in the list as filtered and sorted now (a statement's link to the draft it
   * paid); null, with a notice, when the list does not hold it.
   */
  async locate(draftId: string): Promise<number | null> {
    try {
      const { located } = await desk.draftWindow({
        batch: this.batchId,
        take: 1,
        sort: this.deskSort,
        filter: this.filter,
        locate: draftId,
      });
      if (located === null || located === undefined) {
        this.notice = 'The draft linked to is not in this batch any more.';
        return null;
      }
      return located;
    } catch (error) {
      this.error = sentenceOf(error);
      return null;
    }
  }

  /** The outbox changed: this batch's totals and rows are read again. */
  changed(batchId: string | null): void {
    if (batchId !== null && batchId !== this.batchId) return;
    this.dataVersion += 1;
    void this.load();
  }

  /**
   * Applies a bulk edit to the selection, as a job Cancel can stop (a whole batch takes seconds);
   * answers null once it is done, or why not, in words: the desk's refusal, or the cancel.
   */
  async bulkEdit(changes: BulkChanges): Promise<string | null> {
    const selection = this.deskSelection;
    if (!selection) return 'No rows are selected';
    this.notice = `Changing ${formatCountOf(this.selectedCount, 'row')}…`;
    let applied = false;
    await this.#act(async () => {
      const result = await this.#bulkEditing(selection, changes);
      if (!result) return;
      applied = true;
      this.#did({ kind: 'bulk', selection, changes });
      const again =
        result.unapproved > 0
          ? `; ${formatCount(result.unapproved)} of them ${result.unapproved === 1 ? 'was' : 'were'} approved and ${result.unapproved === 1 ? 'is a draft' : 'are drafts'} again, to approve once checked`
          : '';
      this.notice = `Changed ${formatCountOf(result.changed, 'row')}${again}${refusedText(result)}`;
    });
    return applied ? null : (this.error ?? this.notice ?? 'The bulk edit did not finish');
  }

  /** Approves the selection; resolves to the desk's answer (refusals counted by reason). */
  async approve(includeWarnings: boolean): Promise<ApproveResult | null> {
    const selection = this.deskSelection;
    if (!selection) return null;
    let result: ApproveResult | null = null;
    await this.#act(async () => {
      result = await desk.approve({
        batch: this.batchId,
        selection,
        include_warnings: includeWarnings,
      });
      this.notice = approvedText(result);
    });
    return result;
  }

  async unapprove(): Promise<void> {
    const selection = this.deskSelection;
    if (!selection) return;
    await this.#act(async () => {
      const result = await desk.unapprove({ batch: this.batchId, selection });
      this.notice = `Unapproved ${formatCountOf(result.unapproved, 'row')}${refusedText(result)}`;
    });
  }

  async deleteSelected(): Promise<void> {
    const selection = this.deskSelection;
    if (!selection) return;
    // Said while it runs: a whole batch of 100,000 rows takes seconds.
    this.notice = `Deleting ${formatCountOf(this.selectedCount, 'row')}…`;
    await this.#act(async () => {
      const result = await this.#deleting(selection);
      if (!result) return;
      this.#did({ kind: 'delete', selection });
      this.selection.clear();
      this.notice = `Deleted ${formatCountOf(result.deleted, 'row')}${refusedText(result)}`;
    });
  }

  /**
   * What Undo would take back, as the desk's journal says ("the bulk edit of 3 drafts"); null
   * when it holds nothing for this batch (a batch just imported, every change undone).
   */
  get undoable(): string | null {
    return this.batch?.undo ?? null;
  }

  async undo(): Promise<void> {
    // Ctrl+Z with nothing to undo: said plainly, not as the desk's refusal. The batch's journal
    // is read again after each change, so a change this editor has just sent (Ctrl+Z at once
    // after Enter) is asked of the desk before that read lands.
    if (this.batch && this.undoable === null && this.history.length === 0 && !this.cancellable) {
      this.notice = 'Nothing to undo';
      return;
    }
    // Ctrl+Z reaches here while a long change runs (the button is disabled): the desk refuses
    // it then, and what the running change says stays.
    if (!this.cancellable) this.notice = 'Undoing the last change…';
    await this.#act(async () => {
      const result = await this.#cancellable('undo', (job_id) =>
        desk.undo({ batch: this.batchId, job_id }),
      );
      if (!result) return;
      if (result.remaining > 0) {
        // Stopped between steps: the change is still the latest, and Undo goes on with it.
        this.notice = `Undo stopped: ${formatCountOf(result.drafts, 'row')} put back, ${formatCount(result.remaining)} still to put back (Undo again puts them back)`;
        return;
      }
      // A sheet added is the desk's to undo, not one of this editor's changes: none is redone.
      const change = result.change === 'append' ? undefined : this.history.pop();
      if (change) this.redoable.push(change);
      this.notice =
        `Undid ${result.undone}` +
        (result.unapproved > 0
          ? `. ${formatCountOf(result.unapproved, 'row')} approved after that change ${result.unapproved === 1 ? 'is a draft' : 'are drafts'} again: check and approve ${result.unapproved === 1 ? 'it' : 'them'} again`
          : '');
    });
  }

  async redo(): Promise<void> {
    const change = this.redoable.at(-1);
    if (!change) {
      // Ctrl+Y with nothing to redo said nothing, as if the key had not been heard.
      this.notice = 'Nothing to redo';
      return;
    }
    await this.#act(async () => {
      if (!(await this.#send(change))) return;
      this.redoable.pop();
      this.history.push(change);
      this.notice = `Redid ${describe(change)}`;
    });
  }

  /**
   * Cancels the change running: a deletion or bulk edit puts back what it had done, which takes
   * as long again as what it did (the status bar's progress counts back down meanwhile).
   */
  cancelRunning(): void {
    const running = this.cancellable;
    if (!running || running.cancelling) return;
    running.cancelling = true;
    this.notice = CANCELLING[running.kind];
    void desk.cancelJob({ job_id: running.jobId });
  }

  /** Sends a change again; false when it was a deletion or a bulk edit, cancelled. */
  async #send(change: Change): Promise<boolean> {
    if (change.kind === 'edit') await desk.editDraft({ id: change.id, changes: change.changes });
    else if (change.kind === 'paste') {
      // Rows deleted or sent since the undo are refused: with none saved, nothing was redone
      // (the desk recorded nothing to undo), and the paste stays to redo.
      const done = await desk.editDrafts({ batch: this.batchId, edits: change.edits });
      if (done.drafts.length === 0) {
        const why = [...new Set(done.refused.map((refusal) => refusal.reason))].join('; ');
        throw new Error(`The paste could not be redone: ${why}`);
      }
    } else if (change.kind === 'bulk')
      return (await this.#bulkEditing(change.selection, change.changes)) !== null;
    else return (await this.#deleting(change.selection)) !== null;
    return true;
  }

  #bulkEditing(selection: Selection, changes: BulkChanges) {
    return this.#cancellable('bulk', (job_id) =>
      desk.bulkEdit({ batch: this.batchId, selection, changes, job_id }),
    );
  }

  #deleting(selection: Selection) {
    return this.#cancellable('delete', (job_id) =>
      desk.deleteDrafts({ batch: this.batchId, selection, job_id }),
    );
  }

  /**
   * Runs a deletion, a bulk edit or an undo as a job Cancel can name. Cancelled, it answers null
   * and the notice says what the desk did about it (a deletion's drafts are back).
   */
  async #cancellable<T>(
    kind: CancellableKind,
    work: (jobId: string) => Promise<T>,
  ): Promise<T | null> {
    const jobId = newJobId(kind);
    // A change started while another long one runs (Ctrl+Z) leaves that one's Cancel in place.
    this.cancellable ??= { jobId, kind, cancelling: false };
    try {
      return await work(jobId);
    } catch (error) {
      if (codeOf(error) !== 'cancelled') throw error;
      this.notice = sentenceOf(error);
      return null;
    } finally {
      if (this.cancellable?.jobId === jobId) this.cancellable = null;
    }
  }

  #did(change: Change): void {
    this.history.push(change);
    this.#changes.redoable = [];
  }

  /** Actions under way: Ctrl+Z can start one while another runs. */
  #acting = 0;

  async #act(work: () => Promise<void>): Promise<boolean> {
    this.#acting += 1;
    this.busy = true;
    try {
      await work();
      this.error = null;
      return true;
    } catch (error) {
      // What was said while it ran ("Deleting 3 rows…") is no longer so, unless a long change
      // still runs beside it.
      if (!this.cancellable) this.notice = null;
      this.error = sentenceOf(error);
      return false;
    } finally {
      this.#acting -= 1;
      this.busy = this.#acting > 0;
    }
  }
}

function refusedText(result: {
  refused_total: number;
  refused: { row: number | null; reason: string }[];
}): string {
  if (result.refused_total === 0) return '';
  const reasons = [...new Set(result.refused.map((refusal) => refusal.reason))].slice(0, 3);
  return `; ${result.refused_total.toLocaleString()} refused: ${reasons.join('; ')}`;
}

export function approvedText(result: ApproveResult): string {
  const { errors, warnings, state } = result.refused_for;
  const why = [
    errors ? `${errors.toLocaleString()} with errors to fix` : '',
    warnings ? `${warnings.toLocaleString()} with warnings not acknowledged` : '',
    state ? `${state.toLocaleString()} already sent` : '',
  ].filter(Boolean);
  // Approving rows approved already changes nothing: said so, not "Approved 0 rows".
  if (result.approved === 0 && why.length === 0)
    return 'Nothing to approve: those rows are approved already';
  return (
    `Approved ${formatCountOf(result.approved, 'row')}` +
    (why.length ? `; not approved: ${why.join(', ')}` : '')
  );
}
