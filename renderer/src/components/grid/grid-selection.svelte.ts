// The rows a person selected in a grid: some rows by id, or every row of the list as filtered
// (Ctrl+A), which the desk acts on as a filter, never as 100,000 ids.
import { SvelteMap } from 'svelte/reactivity';

export class GridSelection<Row> {
  /** Every row the list holds under its filter. */
  all = $state(false);
  /** Selected rows by id, with where they were in the list and the row as then shown. */
  readonly rows = new SvelteMap<string, { index: number; row: Row }>();

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
    this.all = false;
    this.rows.clear();
  }

  ids(): string[] {
    return [...this.rows.keys()];
  }
}
