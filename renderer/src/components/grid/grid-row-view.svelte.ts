// What a drawn row shows, for both ways a row is drawn (GridRow, painted; GridFocusedRow, the
// tab stop with the editor): its props, and the row, its judged cells and whether it is
// selected, followed as its index, page or selection change.
import type { Judged, JudgedRows } from './grid-cells';
import type { GridState } from './grid.svelte';

export interface GridRowProps<Row extends object> {
  grid: GridState<Row>;
  judge: JudgedRows<Row>;
  index: number;
  /** Where the row starts in the body, in px. */
  top: number;
  /** The columns drawn, by index. */
  drawn: number[];
}

export class GridRowView<Row extends object> {
  /** The row, undefined while its page is on its way. */
  readonly row: Row | undefined = $derived.by(() => {
    const { grid, index } = this.props();
    return grid.cache.row(index);
  });
  readonly cells: Judged[] | undefined = $derived.by(() =>
    this.row === undefined ? undefined : this.props().judge.of(this.row),
  );
  readonly selected: boolean = $derived.by(() => {
    const { grid } = this.props();
    return this.row !== undefined && grid.selection.has(grid.source.rowId(this.row));
  });

  constructor(private readonly props: () => GridRowProps<Row>) {}
}
