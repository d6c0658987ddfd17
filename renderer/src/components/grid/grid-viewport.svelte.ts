// What of the grid is drawn: two virtualizers (@tanstack/virtual-core) over its one scrolling
// element, rows down and columns across, as TanStack's own examples do. Only the rows in view
// and the columns in view are in the DOM (a few beyond each edge, so that a small scroll shows
// no gap): beside the issues panel the editor shows about 800 px of its 86.5 rem of columns, and
// every cell drawn is styled, laid out and painted again in each scrolled frame.
import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type Range,
  type VirtualItem,
} from '@tanstack/virtual-core';
import { rangeAhead } from './range-ahead';

type Axis = Virtualizer<HTMLDivElement, Element>;

/** Rows are 1.75rem high; columns as wide as their `width` in rem. */
const ROW_REM = 1.75;

export class GridViewport {
  /** The rows drawn, with where each starts (below the header). */
  items = $state.raw<VirtualItem[]>([]);
  /** The height of every row together, in px. */
  totalSize = $state(0);
  /** The columns drawn, by index, in order: the first (pinned) and those in view. */
  columns = $state.raw<number[]>([]);
  rowPx = $state(28);
  /** Whether the grid is being scrolled (until 150 ms after its last scroll event). */
  scrolling = $state(false);
  /**
   * Whether the columns are scrolled across from their start: only then is the first column
   * held in place (sticky). A sticky cell in each row drawn cost every scrolled frame about
   * 1.3 ms of paint (traces of bench:ui's wheel, by hand), while at the start it stays in place
   * by itself.
   */
  scrolledAcross = $state(false);
  /** The header's height, kept by a ResizeObserver (bind:offsetHeight): reading offsetHeight
   * while rows are replaced forces a layout for each row drawn, which made scrolling stutter. */
  headHeight = $state(0);
  #rows: Axis | undefined;
  #columns: Axis | undefined;
  #remPx = 16;

  constructor(
    private readonly rowCount: () => number,
    /** Each column's width in rem. */
    private readonly widths: () => number[],
  ) {}

  headPx = (): number => this.headHeight || this.rowPx;

  /** The first column's width in px: it stays in place as the others scroll under it. */
  #pinnedPx = (): number => (this.widths()[0] ?? 0) * this.#remPx;

  /**
   * Starts both virtualizers on the scrolling element; returns what stops them. Call it
   * untracked: a virtualizer started again scrolls back to its start.
   */
  mount(element: HTMLDivElement): () => void {
    // Sizes in px, as the virtualizers count, at the root's font size (rem).
    this.#remPx = parseFloat(getComputedStyle(document.documentElement).fontSize) || this.#remPx;
    this.rowPx = this.#remPx * ROW_REM;
    const rows = new Virtualizer<HTMLDivElement, Element>(this.#rowOptions(element));
    const columns = new Virtualizer<HTMLDivElement, Element>(this.#columnOptions(element));
    this.#rows = rows;
    this.#columns = columns;
    const stops = [rows._didMount(), columns._didMount()];
    rows._willUpdate();
    columns._willUpdate();
    // After _willUpdate, which adds the virtualizers' own scroll listeners: this one reads what
    // they have just read. Added before them, it read the offset before the scroll, and a jump
    // across in one scroll (End) left the first column unpinned.
    stops.push(this.#followAcross(element, columns));
    this.#showColumns(columns);
    return () => {
      for (const stop of stops) stop();
      this.#rows = undefined;
      this.#columns = undefined;
    };
  }

  /** The list's length changed (pages arrived, a filter applied). */
  recount(): void {
    const rows = this.#rows;
    const element = rows?.scrollElement;
    if (!rows || !element) return;
    rows.setOptions(this.#rowOptions(element));
    rows._willUpdate();
    this.items = rows.getVirtualItems();
    this.totalSize = rows.getTotalSize();
  }

  scrollToTop(): void {
    this.#rows?.scrollToOffset(0);
  }

  /** Scrolls the least that brings a row, and a column, into view. */
  reveal(row: number, column: number): void {
    if (row >= 0) this.#rows?.scrollToIndex(row, { align: 'auto' });
    // Another column is scrolled clear of the pinned one; the pinned one back to the start, as
    // Home does in a spreadsheet.
    if (column >= 0) this.#columns?.scrollToIndex(column, { align: 'auto' });
  }

  /** Where a row starts in the body, in px, whether or not it is drawn. */
  startOf(index: number): number {
    return this.headPx() + index * this.rowPx;
  }

  #rowOptions(element: HTMLDivElement) {
    return {
      count: this.rowCount(),
      getScrollElement: () => element,
      estimateSize: () => this.rowPx,
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      overscan: 2,
      rangeExtractor: (range: Range) => rangeAhead(range, this.#rows?.scrollDirection ?? null),
      scrollMargin: this.headPx(),
      scrollPaddingStart: this.headPx(),
      onChange: (instance: Axis) => {
        this.items = instance.getVirtualItems();
        this.totalSize = instance.getTotalSize();
        this.scrolling = instance.isScrolling;
        this.#fitColumnOverscan();
      },
    };
  }

  /**
   * No column beyond the view while the rows scroll and the columns do not: each would be drawn
   * anew in every row the scroll brings in, out of sight (about 0.6 ms of a wheel's frame, traced
   * by hand). One on each side again once the grid is still, and ahead while the columns scroll
   * (rangeAhead). Set as the virtualizer's option, which it recomputes the columns drawn by.
   */
  #fitColumnOverscan(): void {
    const rows = this.#rows;
    const columns = this.#columns;
    if (!rows || !columns) return;
    const overscan = rows.isScrolling && columns.scrollDirection === null ? 0 : 1;
    if (columns.options.overscan === overscan) return;
    columns.setOptions({ ...columns.options, overscan });
    this.#showColumns(columns);
  }

  #columnOptions(element: HTMLDivElement) {
    const widths = this.widths();
    return {
      horizontal: true,
      count: widths.length,
      getScrollElement: () => element,
      estimateSize: (index: number) => (widths[index] ?? 0) * this.#remPx,
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      overscan: 1,
      // A column scrolled into view lands clear of the pinned first one.
      scrollPaddingStart: this.#pinnedPx(),
      rangeExtractor: (range: Range) => {
        const indexes = rangeAhead(range, this.#columns?.scrollDirection ?? null);
        return indexes[0] === 0 ? indexes : [0, ...indexes];
      },
      onChange: (instance: Axis) => this.#showColumns(instance),
    };
  }

  /**
   * Keeps `scrolledAcross` with every scroll event, not only when the columns drawn change: a
   * small move across during a scroll down changes none, and the first column must hold from
   * its first pixel. Read from the column virtualizer, whose own listener, added before this
   * one, has just read the offset (reading it here again would lay the page out again).
   */
  #followAcross(element: HTMLDivElement, columns: Axis): () => void {
    const follow = () => {
      const across = Math.abs(columns.scrollOffset ?? 0) > 0;
      if (across !== this.scrolledAcross) this.scrolledAcross = across;
      this.#fitColumnOverscan();
    };
    element.addEventListener('scroll', follow, { passive: true });
    follow();
    return () => element.removeEventListener('scroll', follow);
  }

  /** Only when the columns drawn change: a vertical scroll also calls the column virtualizer. */
  #showColumns(instance: Axis): void {
    const next = instance.getVirtualIndexes();
    const now = this.columns;
    if (next.length !== now.length || next.some((index, i) => index !== now[i]))
      this.columns = next;
  }
}
