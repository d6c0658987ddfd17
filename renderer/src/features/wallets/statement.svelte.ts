// One wallet's statement: a period (the service's default, a quick range, a batch's dates or
// typed days), paged from the service, or narrowed by action and search over the whole period
// (statement-finder). Every page after the first asks for the period the first answered for, so
// that an item booked meanwhile does not shift the pages.
import { STATEMENT_MATCHES_KEPT } from '../../../../shared/desk/statement-search';
import type { DeskOutput, StatementLink } from '../../../../shared/desk';
import { codeOf, desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import { StatementFinder } from './statement-finder.svelte';
import { lineOf, type ActionFilter, type StatementLine } from './statement-lines';
import type { StatementRange } from './statement-range';

export const PAGE_SIZES = [50, 100, 500] as const;

type StatementView = DeskOutput<'getStatement'>;

export class StatementState {
  range = $state<StatementRange>({ start: null, end: null });
  /** The period the service answered for (its defaults filled in). */
  period = $state<{ start: string; end: string } | null>(null);
  skip = $state(0);
  take = $state<number>(PAGE_SIZES[0]);
  lines = $state<StatementLine[]>([]);
  fetchedAt = $state<string | null>(null);
  stale = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);

  /** The drafts this page's DEBIT lines paid, by payment id (the line's `execution_id`). */
  links = $state<ReadonlyMap<string, StatementLink>>(new Map());

  action = $state<ActionFilter>('all');
  search = $state('');
  /** The period narrowed by action and search: its matches, paged here. */
  readonly finder = new StatementFinder();
  matchSkip = $state(0);

  readonly narrowed = $derived(this.action !== 'all' || this.search.trim() !== '');
  readonly shown = $derived(this.narrowed ? this.finder.lines : this.lines);
  /** A full page may have more after it; the service gives no total. */
  readonly hasNext = $derived(
    this.narrowed
      ? this.matchSkip + this.take <
          Math.min(this.finder.matches?.matched ?? 0, STATEMENT_MATCHES_KEPT)
      : this.lines.length === this.take,
  );
  readonly hasPrevious = $derived(this.narrowed ? this.matchSkip > 0 : this.skip > 0);

  // Three questions, each answered apart: the page of the period, the matches of a narrowing,
  // and the links of the lines shown. One counter for all three left `loading` on for good
  // once a page load started a narrowing's search.
  readonly #pageQuestion = new NewestQuestion();
  readonly #matchQuestion = new NewestQuestion();
  readonly #linksQuestion = new NewestQuestion();
  #typing: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly walletId: string) {}

  /** A new period: its first page. */
  setRange(range: StatementRange): Promise<void> {
    this.range = range;
    this.period = null;
    this.skip = 0;
    return this.load();
  }

  setTake(take: number): Promise<void> {
    this.take = take;
    this.skip = 0;
    return this.load();
  }

  next(): Promise<void> {
    if (this.narrowed) return this.find(this.matchSkip + this.take);
    this.skip += this.take;
    return this.load();
  }

  previous(): Promise<void> {
    if (this.narrowed) return this.find(Math.max(0, this.matchSkip - this.take));
    this.skip = Math.max(0, this.skip - this.take);
    return this.load();
  }

  /** A new action or search: the whole period searched again, once typing pauses. */
  narrow(filter: { action?: ActionFilter; search?: string }): void {
    if (filter.action !== undefined) this.action = filter.action;
    if (filter.search !== undefined) this.search = filter.search;
    clearTimeout(this.#typing);
    this.#typing = setTimeout(() => void this.find(0), filter.search === undefined ? 0 : 300);
  }

  /** The window of the period's matches from `skip`; the page's own lines when not narrowed. */
  private async find(skip: number): Promise<void> {
    const newest = this.#matchQuestion.ask();
    if (!this.narrowed) {
      this.finder.clear();
      void this.loadLinks(this.lines);
      return;
    }
    const period = this.period ?? this.range;
    const found = await this.finder.find({
      wallet_id: this.walletId,
      ...(period.start ? { start: period.start } : {}),
      ...(period.end ? { end: period.end } : {}),
      ...(this.action !== 'all' ? { action: this.action } : {}),
      ...(this.search.trim() ? { search: this.search.trim() } : {}),
      skip,
      take: this.take,
    });
    if (!found || !newest()) return;
    this.matchSkip = skip;
    void this.loadLinks(this.finder.lines);
  }

  dispose(): void {
    clearTimeout(this.#typing);
    this.finder.dispose();
  }

  /** From the outbox, so offline too; a line it does not know paid nothing of ours. */
  private async loadLinks(lines: readonly StatementLine[]): Promise<void> {
    const newest = this.#linksQuestion.ask();
    const ids = [...new Set(lines.filter((l) => l.action === 'DEBIT').map((l) => l.execution_id))];
    if (ids.length === 0) {
      this.links = new Map();
      return;
    }
    try {
      const { links } = await desk.statementLinks({ payment_ids: ids });
      if (newest()) this.links = new Map(links.map((link) => [link.payment_id, link]));
    } catch {
      // The lines stay readable without their links; the column says nothing is known.
      if (newest()) this.links = new Map();
    }
  }

  async load(): Promise<void> {
    const newest = this.#pageQuestion.ask();
    this.loading = true;
    // The first page of a period asks as chosen (the cache keeps that question for offline);
    // later pages ask for the period it answered for.
    const pinned = this.skip > 0 && this.period ? this.period : null;
    const start = pinned?.start ?? this.range.start;
    const end = pinned?.end ?? this.range.end;
    try {
      const view: StatementView = await desk.getStatement({
        wallet_id: this.walletId,
        ...(start ? { start } : {}),
        ...(end ? { end } : {}),
        skip: this.skip,
        take: this.take,
      });
      if (!newest()) return;
      this.lines = view.statement.items.map(lineOf);
      if (this.skip === 0 || !this.period) {
        this.period = { start: view.statement.start_date, end: view.statement.end_date };
      }
      if (this.narrowed) void this.find(0);
      else void this.loadLinks(this.lines);
      this.fetchedAt = view.fetched_at;
      this.stale = view.stale;
      this.error = null;
    } catch (error) {
      if (!newest()) return;
      // The page asked for is not shown: the lines of the one before stayed listed under the
      // error (a period typed from after to), as if they were its.
      this.lines = [];
      // Nor its period, nor when it was fetched: "No items", "fetched a second ago" and the
      // earlier period stood beside the error, as if this one had been asked and answered.
      this.period = null;
      this.fetchedAt = null;
      this.error =
        codeOf(error) === 'offline'
          ? 'The service could not be reached and this page of the statement was not fetched before.'
          : sentenceOf(error);
    } finally {
      if (newest()) this.loading = false;
    }
  }
}
