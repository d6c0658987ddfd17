// The rows a person selected in a grid: some rows by id, or every row of the list as filtered
// (Ctrl+A), which the desk acts on as a filter, never as 100,000 ids.
import { SvelteMap } from 'svelte/reactivity';

export class GridSelection<Row> {
  /** Every row the list holds under its filter. */
  all = $state(false);
  /** Selected rows by id, with where they were in the list and the row as then shown. */
  readonly rows = new SvelteMap<string, { index: number; row: Row }>();
  /** Counts range selections and clears: a range's rows still on their way stop at a newer one. */
  #generation = 0;

  get size(): number {
    return this.rows.size;
  }

  get empty(): boolean {
    return !this.all && this.rows.size === 0;
  }

  has(id: string): boolean {
    return this.all || this.rows.has(id);
  }

  clear(): void {
    this.#generation += 1;
    this.all = false;
    this.rows.clear();
  }

  /**
   * Selects the rows `from`..`to` (list indexes): those the grid holds at once, the others as
   * their pages are fetched. Without the fetch, a Shift+click or a fast Shift+Down across rows
   * not yet scrolled past selected only those shown, and an Approve of "the rows 10 to 5,000"
   * left most of them out. A newer range or a clear stops the rows still on their way.
   */
  selectRange(
    from: number,
    to: number,
    rows: { held(index: number): Row | undefined; fetch(index: number): Promise<Row | undefined> },
    rowId: (row: Row) => string,
  ): void {
    this.#generation += 1;
    const missing: number[] = [];
    for (let index = from; index <= to; index += 1) {
      const row = rows.held(index);
      if (row) this.rows.set(rowId(row), { index, row });
      else missing.push(index);
    }
    if (missing.length > 0) void this.#selectFetched(missing, rows.fetch, rowId);
  }

  async #selectFetched(
    indexes: number[],
    fetch: (index: number) => Promise<Row | undefined>,
    rowId: (row: Row) => string,
  ): Promise<void> {
    const generation = this.#generation;
    for (const index of indexes) {
      const row = await fetch(index).catch(() => undefined);
      if (generation !== this.#generation) return;
      if (row) this.rows.set(rowId(row), { index, row });
    }
  }

  ids(): string[] {
    return [...this.rows.keys()];
  }
}
