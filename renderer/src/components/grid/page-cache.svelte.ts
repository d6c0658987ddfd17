// The rows a grid has fetched, in pages: a page is fetched when the grid shows a row of it,
// dropped when the view is far from it, and fetched again (the old rows shown meanwhile) when the
// data changed underneath. With 100,000 rows only a few pages are ever held.
import { untrack } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import type { RowWindow } from './grid-source';

/** Pages kept on either side of the ones in view before they are dropped. */
const KEEP_AROUND = 8;

export class PageCache<Row> {
  /** Rows the source holds; null until the first page arrives. */
  total = $state<number | null>(null);
  error = $state<string | null>(null);
  #pages = new SvelteMap<number, Row[]>();
  /** Pages fetched since the last change of the data; the others are shown but fetched again. */
  #fresh = new Set<number>();
  #pending = new Map<number, Promise<void>>();
  #generation = 0;
  /** The rows in view asked for while a page for the view was on its way: fetched after it. */
  #wanted: [number, number] | null = null;
  #viewLoading = false;
  #fetch: (skip: number, take: number) => Promise<RowWindow<Row>>;
  readonly pageSize: number;

  constructor(fetch: (skip: number, take: number) => Promise<RowWindow<Row>>, pageSize = 200) {
    this.#fetch = fetch;
    this.pageSize = pageSize;
  }

  row(index: number): Row | undefined {
    return this.#pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Replaces a row the grid saved, without waiting for its page to be fetched again. */
  setRow(index: number, row: Row): void {
    const page = this.#pages.get(Math.floor(index / this.pageSize));
    if (!page) return;
    const copy = page.slice();
    copy[index % this.pageSize] = row;
    this.#pages.set(Math.floor(index / this.pageSize), copy);
  }

  /** Fetches the pages of rows first..last not held fresh, and drops the pages far from them. */
  ensure(first: number, last: number): void {
    // Called from effects: reading the pages here must not make them run again.
    untrack(() => this.#ensure(first, last));
  }

  #ensure(first: number, last: number): void {
    // One fetch for the view at a time: while one is on its way (a fast scroll), only the latest
    // rows in view are kept and fetched when it lands, instead of every page flown past, each of
    // which the host answers in turn and the page parses as it arrives.
    if (this.#viewLoading) {
      this.#wanted = [first, last];
      return;
    }
    const from = Math.floor(Math.max(0, first) / this.pageSize);
    const to = Math.floor(Math.max(0, last) / this.pageSize);
    const loads: Promise<void>[] = [];
    for (let page = from; page <= to; page += 1) {
      if (!this.#fresh.has(page)) loads.push(this.#load(page));
    }
    if (loads.length > 0) {
      this.#viewLoading = true;
      const generation = this.#generation;
      void Promise.allSettled(loads).then(() => {
        if (generation !== this.#generation) return; // invalidated: the view asked again since
        this.#viewLoading = false;
        const wanted = this.#wanted;
        this.#wanted = null;
        if (wanted) this.ensure(wanted[0], wanted[1]);
      });
    }
    for (const page of [...this.#pages.keys()]) {
      if (page < from - KEEP_AROUND || page > to + KEEP_AROUND) {
        this.#pages.delete(page);
        this.#fresh.delete(page);
      }
    }
  }

  /** The row at `index`, fetched if it is not held. */
  async rowAt(index: number): Promise<Row | undefined> {
    const page = Math.floor(index / this.pageSize);
    if (!this.#pages.has(page)) await this.#load(page);
    return this.row(index);
  }

  /** Once the pages being fetched now have come (or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#pending.values()]);
  }

  /** The data changed (the outbox, a filter): every page is fetched again when next shown. */
  invalidate(): void {
    this.#generation += 1;
    this.#fresh.clear();
    this.#pending.clear();
    this.#viewLoading = false;
    this.#wanted = null;
  }

  /** A new filter or sort: what is held is another list's rows. */
  clear(): void {
    this.invalidate();
    this.#pages.clear();
    this.total = null;
  }

  #load(page: number): Promise<void> {
    if (this.#fresh.has(page)) return Promise.resolve();
    const pending = this.#pending.get(page);
    if (pending) return pending;
    if (this.total !== null && page * this.pageSize >= Math.max(this.total, 1)) {
      return Promise.resolve();
    }
    const generation = this.#generation;
    const loading = this.#fetch(page * this.pageSize, this.pageSize).then(
      (window) => {
        if (generation !== this.#generation) return;
        this.#pages.set(page, window.rows);
        this.#fresh.add(page);
        this.#pending.delete(page);
        this.total = window.total;
        this.error = null;
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        this.#pending.delete(page);
        this.error = error instanceof Error ? error.message : String(error);
      },
    );
    this.#pending.set(page, loading);
    return loading;
  }
}
