// The tiny Svelte 5 adapter to @tanstack/table-core (v8 has none for runes): the table's state
// lives in a $state we own, and table-core gives the column model, header groups and the sort
// state's rules. Rows never go through it whole: the grid reads the rows in view from its page
// cache, so the table's data stays empty and sorting is manual (the source sorts).
import {
  createTable,
  getCoreRowModel,
  type ColumnDef,
  type SortingState,
  type Table,
  type TableState,
  type Updater,
} from '@tanstack/table-core';
import { untrack } from 'svelte';
import type { GridColumn } from './grid-source';

export type GridSort = { column: string; direction: 'asc' | 'desc' } | null;

export class GridTable<Row> {
  state = $state<TableState>({} as TableState);
  readonly table: Table<Row>;

  constructor(columns: GridColumn<Row>[], onSort: (sort: GridSort) => void) {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row: Row) => column.text(row),
      enableSorting: column.sortable === true,
      // The first click sorts ascending, whatever the column holds.
      sortDescFirst: false,
      enableMultiSort: false,
    }));
    const apply = (updater: Updater<TableState>) => {
      this.state = typeof updater === 'function' ? updater(this.state) : updater;
      this.table.setOptions((previous) => ({ ...previous, state: this.state }));
    };
    this.table = createTable<Row>({
      data: [],
      columns: defs,
      getCoreRowModel: getCoreRowModel(),
      manualSorting: true,
      enableSortingRemoval: false,
      state: {},
      onStateChange: apply,
      onSortingChange: (updater: Updater<SortingState>) => {
        const sorting = typeof updater === 'function' ? updater(this.state.sorting) : updater;
        const first = sorting[0];
        onSort(first ? { column: first.id, direction: first.desc ? 'desc' : 'asc' } : null);
      },
      renderFallbackValue: null,
    });
    this.state = { ...this.table.initialState };
    this.table.setOptions((previous) => ({ ...previous, state: this.state }));
  }

  /** The sort the grid's owner holds (the source sorts), as the table's state. */
  setSort(sort: GridSort): void {
    // Called from an effect: what it reads of the state must not make it run again.
    untrack(() => {
      this.state = {
        ...this.state,
        sorting: sort ? [{ id: sort.column, desc: sort.direction === 'desc' }] : [],
      };
      this.table.setOptions((previous) => ({ ...previous, state: this.state }));
    });
  }

  /** What aria-sort says of a column. */
  ariaSort(id: string): 'ascending' | 'descending' | 'none' | undefined {
    const column = this.table.getColumn(id);
    if (!column?.getCanSort()) return undefined;
    // From our $state, so that a change of sort redraws the headers.
    const sorted = this.state.sorting?.find((entry) => entry.id === id);
    return sorted ? (sorted.desc ? 'descending' : 'ascending') : 'none';
  }

  toggleSort(id: string): void {
    const column = this.table.getColumn(id);
    if (column?.getCanSort()) column.toggleSorting(undefined, false);
  }
}
