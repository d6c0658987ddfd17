// The Beneficiaries screen's list: a window of the payees the outbox knows, searched and paged
// by the desk (never the whole outbox here), the batch it is narrowed to, the payees ticked for
// validation, and the one open in the form. Everything works offline: it is the outbox.
import type { BatchRow } from '../batches/batch-sync-state';
import type { BeneficiaryListItem } from '../../../../shared/desk';
import { accountText } from '../../../../shared/domain/bank-identifiers';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';

export const PAGE_SIZE = 50;
/** The list narrowed to the payees saved on their own (no batch has this id: batch ids are UUIDs). */
export const SAVED_HERE = ':saved-here';
/** A search waits for a pause in typing: one query per word, not per key. */
const SEARCH_PAUSE_MS = 250;

export class BeneficiariesState {
  rows = $state<BeneficiaryListItem[]>([]);
  total = $state(0);
  skip = $state(0);
  search = $state('');
  /** The batch the list is narrowed to ('' for every batch; SAVED_HERE for those in none). */
  batchId = $state('');
  batches = $state<BatchRow[]>([]);
  loaded = $state(false);
  error = $state<string | null>(null);
  /** Payees ticked for validation, by id, kept across pages. */
  selected = $state<Record<string, BeneficiaryListItem>>({});
  /** The payee open in the form. */
  openId = $state<string | null>(null);

  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Answers can cross: only the last query asked is shown. */
  readonly #question = new NewestQuestion();

  readonly selectedCount = $derived(Object.keys(this.selected).length);
  readonly pageEnd = $derived(Math.min(this.skip + this.rows.length, this.total));

  async load(): Promise<void> {
    const newest = this.#question.ask();
    try {
      const [page, batches] = await Promise.all([
        desk.listBeneficiaries({
          skip: this.skip,
          take: PAGE_SIZE,
          ...(this.search.trim() ? { search: this.search.trim() } : {}),
          ...(this.batchId === SAVED_HERE
            ? { saved_here: true }
            : this.batchId
              ? { batch: this.batchId }
              : {}),
        }),
        desk.listBatches({}),
      ]);
      if (!newest()) return;
      this.rows = page.rows;
      this.total = page.total;
      this.batches = batches.batches.filter((batch) => batch.state !== 'importing');
      this.error = null;
      // A page past the end (the last payee of it gone): the last page that has any.
      if (page.rows.length === 0 && this.skip > 0 && page.total > 0) {
        this.skip = Math.max(0, Math.floor((page.total - 1) / PAGE_SIZE) * PAGE_SIZE);
        await this.load();
      }
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    } finally {
      if (newest()) this.loaded = true;
    }
  }

  typed(search: string): void {
    this.search = search;
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => {
      this.skip = 0;
      void this.load();
    }, SEARCH_PAUSE_MS);
  }

  narrowTo(batchId: string): void {
    this.batchId = batchId;
    this.skip = 0;
    void this.load();
  }

  page(direction: 1 | -1): void {
    const next = this.skip + direction * PAGE_SIZE;
    if (next < 0 || next >= this.total) return;
    this.skip = next;
    void this.load();
  }

  toggle(item: BeneficiaryListItem, on: boolean): void {
    if (on) this.selected[item.id] = item;
    else delete this.selected[item.id];
  }

  /** Ticks every payee of this page that can be validated or imported, or unticks them all. */
  toggleAll(on: boolean): void {
    for (const item of this.rows.filter(canTick)) this.toggle(item, on);
  }

  clearSelection(): void {
    this.selected = {};
  }

  dispose(): void {
    clearTimeout(this.#searchTimer);
  }
}

/** Only a payee drafted here and not yet sent has details for the service to check. */
export const canValidate = (item: BeneficiaryListItem): boolean =>
  item.body !== null && item.draft?.editable === true;

/** A payee with details here that the service does not hold yet can be imported there. */
export const canImport = (item: BeneficiaryListItem): boolean =>
  item.body !== null && item.editable && item.status !== 'synced';

export const canTick = (item: BeneficiaryListItem): boolean => canValidate(item) || canImport(item);

/** The payee's status in words: what the outbox knows of it at the service. */
export function statusWords(item: BeneficiaryListItem): string {
  switch (item.status) {
    case 'draft':
      return item.draft ? 'Only drafted' : 'Saved here, not yet at the service';
    case 'invalid':
      return 'Found wrong by the service';
    case 'held':
      return 'Held by the service';
    case 'synced': {
      // A payee saved here reaches the service by an import, never by a sync.
      const at = item.draft ? 'Synced' : 'At the service';
      if (item.active === true) return `${at} · active`;
      // The service says whether a payee is active only in its answer to a create or an update
      // (it activates payees itself, later): "not yet" went on being said after its payments
      // were debited. What is known is when it was said.
      if (item.active === false) return `${at} · activation pending when saved`;
      return at;
    }
  }
}

/** The account as a person reads it: IBAN or number, with its sort code or routing number. */
export const accountOf = (item: BeneficiaryListItem): string =>
  accountText(item.body?.bank_details);
