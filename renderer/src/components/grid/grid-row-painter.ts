// The cells of a row other than the focused one, written straight into the DOM. While the grid
// scrolls, every row in view shows another row of the list in each frame: drawn by Svelte's
// template, each of its cells re-ran an effect of its own (its text, marker, classes and ARIA
// state), about a third of the frame's script. Here one call per row compares what each cell
// shows with what it must show and writes only what differs. These rows hold no tab stop and no
// editor (GridFocusedRow does), so there is nothing here but text, marks and indexes.
import { CLEAN, type Judged } from './grid-cells';
import type { GridColumn } from './grid-source';

/** A cell's elements, and what they show (null until first shown). */
interface PaintedCell {
  element: HTMLDivElement;
  text: Text;
  marker: HTMLSpanElement;
  /** "…" while the row's page is on its way, as the focused row shows it too. */
  placeholder: HTMLSpanElement;
  shownText: string | null;
  shownMarker: Judged['marker'] | null;
  shownError: boolean | null;
  shownPending: boolean | null;
}

export class RowPainter<Row> {
  #cells = new Map<number, PaintedCell>();

  /**
   * Makes `element`'s cells those of the columns `drawn`, in order, showing `row` (undefined
   * while its page is on its way: a placeholder) with its cells' issues.
   */
  paint(
    element: HTMLElement,
    columns: GridColumn<Row>[],
    drawn: number[],
    row: Row | undefined,
    judged: Judged[] | undefined,
  ): void {
    let at = element.firstChild;
    for (const c of drawn) {
      const column = columns[c];
      if (!column) continue;
      const cell = this.#cells.get(c) ?? this.#create(c, column);
      if (cell.element === at) at = at.nextSibling;
      else element.insertBefore(cell.element, at);
      if (row === undefined) this.#show(cell, '', CLEAN, true);
      else this.#show(cell, column.text(row), judged?.[c] ?? CLEAN, false);
    }
    // The columns no longer drawn (scrolled out of view across).
    while (at) {
      const next = at.nextSibling;
      const cell = at as HTMLElement;
      this.#cells.delete(Number(cell.getAttribute('aria-colindex')) - 1);
      cell.remove();
      at = next;
    }
  }

  #create(c: number, column: GridColumn<Row>): PaintedCell {
    const element = document.createElement('div');
    element.className = `cell${c === 0 ? ' pinned' : ''}${column.align === 'end' ? ' end' : ''}`;
    element.style.gridColumn = String(c + 1);
    element.setAttribute('role', 'gridcell');
    element.setAttribute('aria-colindex', String(c + 1));
    if (!column.editText) element.setAttribute('aria-readonly', 'true');
    element.tabIndex = -1;
    const marker = document.createElement('span');
    marker.className = 'marker';
    marker.setAttribute('aria-hidden', 'true');
    const placeholder = document.createElement('span');
    placeholder.className = 'muted';
    placeholder.textContent = '…';
    const text = document.createTextNode('');
    element.append(text);
    const cell: PaintedCell = {
      element,
      text,
      marker,
      placeholder,
      shownText: null,
      shownMarker: null,
      shownError: null,
      shownPending: null,
    };
    this.#cells.set(c, cell);
    return cell;
  }

  #show(cell: PaintedCell, text: string, judged: Judged, pending: boolean): void {
    if (cell.shownText !== text) cell.text.data = cell.shownText = text;
    if (cell.shownPending !== pending) {
      cell.shownPending = pending;
      if (pending) cell.element.append(cell.placeholder);
      else cell.placeholder.remove();
    }
    if (cell.shownMarker !== judged.marker) {
      cell.shownMarker = judged.marker;
      cell.element.classList.toggle('error', judged.marker === '!');
      cell.element.classList.toggle('warning', judged.marker === '⚠');
      if (judged.marker) {
        cell.marker.textContent = judged.marker;
        if (!cell.marker.isConnected) cell.element.prepend(cell.marker);
      } else cell.marker.remove();
    }
    if (cell.shownError !== judged.error) {
      cell.shownError = judged.error;
      if (judged.error) cell.element.setAttribute('aria-invalid', 'true');
      else cell.element.removeAttribute('aria-invalid');
    }
  }
}
