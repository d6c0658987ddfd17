// The Groups screen's state: the filters, the page of groups the service answered (or, offline,
// the last copy of that page, with when it was fetched), and the paging. The deletion flow and
// the batches' groups have their own classes beside this one.
import type { DeskOutput } from '../../../../shared/desk';
import { amountFromNumber, formatAmount } from '../../../../shared/domain/money';
import { codeOf, desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import {
  DEFAULT_PAGE_SIZE,
  NO_FILTERS,
  queryOf,
  type FilterField,
  type GroupFilterText,
} from './group-filters';

export type GroupPage = DeskOutput<'listGroups'>;
export type GroupRow = GroupPage['items'][number];

export class GroupsState {
  /** The filters as typed; applied only on submit, so that typing asks the service nothing. */
  filters = $state<GroupFilterText>({ ...NO_FILTERS });
  problems = $state<Partial<Record<FilterField, string>>>({});
  take = $state(DEFAULT_PAGE_SIZE);
  skip = $state(0);

  page = $state<GroupPage | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);

  /** The filters of the page shown, as they were applied. */
  #applied: GroupFilterText = { ...NO_FILTERS };
  readonly #question = new NewestQuestion();

  get hasNext(): boolean {
    return this.page !== null && this.page.items.length >= this.take;
  }

  get hasPrevious(): boolean {
    return this.skip > 0;
  }

  /** Applies the filters as typed, from the first page. */
  async apply(): Promise<void> {
    this.#applied = { ...this.filters };
    this.skip = 0;
    await this.load();
  }

  async clear(): Promise<void> {
    this.filters = { ...NO_FILTERS };
    await this.apply();
  }

  async next(): Promise<void> {
    this.skip += this.take;
    await this.load();
  }

  async previous(): Promise<void> {
    this.skip = Math.max(0, this.skip - this.take);
    await this.load();
  }

  async setPageSize(take: number): Promise<void> {
    this.take = take;
    this.skip = 0;
    await this.load();
  }

  /** The current page again, with the filters last applied. */
  async load(): Promise<void> {
    const built = queryOf(this.#applied, this.skip, this.take);
    if (!built.ok) {
      this.problems = built.problems;
      return;
    }
    this.problems = {};
    const newest = this.#question.ask();
    this.loading = true;
    try {
      const page = await desk.listGroups({ query: built.query });
      if (!newest()) return; // a newer request answers instead
      this.page = page;
      this.error = null;
    } catch (error) {
      if (!newest()) return;
      this.error =
        codeOf(error) === 'offline'
          ? 'The service could not be reached, and this list was never fetched before: try again when online.'
          : sentenceOf(error);
    } finally {
      if (newest()) this.loading = false;
    }
  }

  /** Checks the typed filters at once (on submit), so a typo is said before anything is asked. */
  check(): boolean {
    const built = queryOf(this.filters, 0, this.take);
    this.problems = built.ok ? {} : built.problems;
    return built.ok;
  }
}

/**
 * A service amount (a JSON number) as exact decimal text for Money; the number as written when
 * it carries more than the three decimals an amount may have, rather than a rounded guess.
 */
export function amountText(value: number): string {
  try {
    return formatAmount(amountFromNumber(value), 3);
  } catch {
    return String(value);
  }
}
