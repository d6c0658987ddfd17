// The grid's behaviour, apart from its drawing: the focused cell (one roving tab stop), the
// keys a spreadsheet person expects, in-cell editing judged as it is typed, selection, copy and
// paste as TSV, and the next or previous cell with an issue.
import type { CellIssue, GridColumn, GridSource } from './grid-source';
import { allRowsAsTsv, rowsAsTsv } from './grid-copy';
import { placePasted, pastedNote, savePasted } from './grid-paste';
import { GridSelection } from './grid-selection.svelte';
import { PageCache } from './page-cache.svelte';
import { parseTsv } from './tsv';

export interface Editing {
  index: number;
  column: string;
  text: string;
  /** The rules' verdict on the text as typed. */
  issues: CellIssue[];
  saving: boolean;
  /** Why the last save was refused. */
  refused: string | null;
}

export interface GridHooks {
  /** Rows in view, for Page Up/Down. */
  pageRows(): number;
  /** Moves DOM focus to the focused cell once it is drawn, scrolled into view. */
  reveal(): void;
  onundo?(): void;
  onredo?(): void;
  onsort?(column: string): void;
}

const HEADER = -1;

export class GridState<Row> {
  /** The focused row's index in the list; -1 is the header row. */
  row = $state(0);
  col = $state(0);
  editing = $state<Editing | null>(null);
  /** What the last copy, paste or search said. */
  note = $state<string | null>(null);
  readonly cache: PageCache<Row>;
  readonly selection: GridSelection<Row>;
  #anchor: number | null = null;
  #base = new Set<string>();

  constructor(
    readonly source: GridSource<Row>,
    readonly hooks: GridHooks,
    selection?: GridSelection<Row>,
  ) {
    this.cache = new PageCache((skip, take) => source.fetch(skip, take));
    this.selection = selection ?? new GridSelection<Row>();
  }

  get columns(): GridColumn<Row>[] {
    return this.source.columns;
  }

  get rowCount(): number {
    return this.cache.total ?? 0;
  }

  get column(): GridColumn<Row> | undefined {
    return this.columns[this.col];
  }

  /** The issues a cell shows: the verdict on the text being typed, else the row's own. */
  issuesAt(index: number, column: string): CellIssue[] {
    const editing = this.editing;
    if (editing && editing.index === index && editing.column === column) {
      const { refused, issues } = editing;
      // The desk refuses a value for what the rules as typed said already: said once.
      return refused && !issues.some((issue) => issue.message === refused)
        ? [{ severity: 'error', message: refused }, ...issues]
        : issues;
    }
    const row = this.cache.row(index);
    return row ? this.source.issues(row, column) : [];
  }

  moveTo(row: number, col: number, keepAnchor = false): void {
    // A click elsewhere first blurs the editor, which saves: the move waits on that save. An
    // edit the desk refused is left (said in the note), and the focus goes where the person
    // clicked: kept open, it took what they typed next for the row they had left, and saved
    // "€800" meant for row 17 into row 16. An edit open and not refused stays where it is.
    const editing = this.editing;
    let left: string | null = null;
    if (editing && !editing.saving && !this.#isEditing(row, col)) {
      if (editing.refused === null) {
        this.hooks.reveal();
        return;
      }
      left = this.#leaveRefused(editing);
    }
    const lastRow = this.rowCount - 1;
    this.row = Math.max(HEADER, Math.min(row, lastRow));
    this.col = Math.max(0, Math.min(col, this.columns.length - 1));
    if (!keepAnchor) this.#anchor = null;
    this.note = left;
    this.hooks.reveal();
  }

  /** Closes an edit the desk refused, unsaved; what the note says of it. */
  #leaveRefused(editing: Editing): string {
    this.editing = null;
    const column = this.columns.find((c) => c.id === editing.column);
    const what = column ? column.header.toLowerCase() : 'cell';
    return `Row ${this.rowName(editing.index)}'s ${what} is as it was, "${editing.text}" not saved: ${editing.refused ?? ''}`;
  }

  /** A row as a person knows it (its sheet row); its place in the list where no column names it. */
  rowName(index: number): string {
    const names = this.columns.find((column) => column.namesRow);
    const row = this.cache.row(index);
    return names && row !== undefined ? names.text(row) : String(index + 1);
  }

  moveBy(rows: number, cols: number): void {
    // Page keys stop at the first data row, not the header.
    const floor = rows < -1 ? 0 : HEADER;
    this.moveTo(Math.max(floor, this.row + rows), this.col + cols);
  }

  keydown(event: KeyboardEvent): void {
    if (this.editing) return; // the cell's input takes its own keys
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const lastCol = this.columns.length - 1;
    const inHeader = this.row === HEADER;
    if (ctrl && key === 'a') this.selectAll();
    else if (ctrl && (key === 'y' || (key === 'z' && event.shiftKey))) this.hooks.onredo?.();
    else if (ctrl && key === 'z') this.hooks.onundo?.();
    // With Shift, as in a spreadsheet, the keys that move far extend the selection as far.
    else if (ctrl && key === 'Home' && event.shiftKey) this.extend(-this.row);
    else if (ctrl && key === 'End' && event.shiftKey) this.extend(this.rowCount - 1 - this.row);
    else if (ctrl && key === 'Home') this.moveTo(0, 0);
    else if (ctrl && key === 'End') this.moveTo(this.rowCount - 1, lastCol);
    else if (ctrl || event.altKey)
      return; // Ctrl+C and Ctrl+V go on to copy and paste events
    else if (key === 'ArrowDown' && event.shiftKey) this.extend(1);
    else if (key === 'ArrowUp' && event.shiftKey) this.extend(-1);
    else if (key === 'ArrowDown') this.moveBy(1, 0);
    else if (key === 'ArrowUp') this.moveBy(-1, 0);
    else if (key === 'ArrowRight') this.moveBy(0, 1);
    else if (key === 'ArrowLeft') this.moveBy(0, -1);
    else if (key === 'Home') this.moveTo(this.row, 0);
    else if (key === 'End') this.moveTo(this.row, lastCol);
    else if (key === 'PageDown' && event.shiftKey) this.extend(this.#pageStep());
    else if (key === 'PageUp' && event.shiftKey) this.extend(-this.#pageStep());
    else if (key === 'PageDown') this.moveBy(this.#pageStep(), 0);
    else if (key === 'PageUp') this.moveBy(-Math.max(2, this.#pageStep()), 0);
    else if (key === 'Tab') {
      // Tab walks the cells as Excel does, and leaves the grid past its first or last cell.
      const next = this.col + (event.shiftKey ? -1 : 1);
      if (next >= 0 && next <= lastCol) this.moveTo(this.row, next);
      else if (!event.shiftKey && this.row < this.rowCount - 1) this.moveTo(this.row + 1, 0);
      else if (event.shiftKey && this.row > 0) this.moveTo(this.row - 1, lastCol);
      else return;
    } else if (inHeader && (key === 'Enter' || key === ' ')) this.sortBy(this.col);
    else if (key === 'Enter' || key === 'F2') this.startEdit();
    else if (key === ' ') this.toggle();
    else if (key === 'F8') void this.nextIssue(event.shiftKey ? -1 : 1);
    else if (key === 'Escape' && !this.selection.empty) this.selection.clear();
    else if (event.key.length === 1 && !inHeader) this.startEdit(event.key);
    else return;
    event.preventDefault();
  }

  /** Rows a page key moves: a screenful less one, so that a row seen stays in view. */
  #pageStep(): number {
    return Math.max(1, this.hooks.pageRows() - 1);
  }

  sortBy(col: number): void {
    const column = this.columns[col];
    if (column?.sortable) this.hooks.onsort?.(column.id);
  }

  // --- selection ---

  toggle(): void {
    const row = this.cache.row(this.row);
    if (!row) return;
    const id = this.source.rowId(row);
    if (this.selection.all) this.selection.clear();
    if (this.selection.rows.has(id)) this.selection.rows.delete(id);
    else this.selection.rows.set(id, { index: this.row, row });
    this.#anchor = this.row;
    this.#base = new Set(this.selection.rows.keys());
  }

  /** Shift+arrows: the rows from the anchor to the new focus, beside those selected before. */
  extend(by: number): void {
    if (this.row === HEADER) return;
    if (this.#anchor === null) {
      if (this.selection.all) this.selection.clear();
      this.#anchor = this.row;
      this.#base = new Set(this.selection.rows.keys());
    }
    const anchor = this.#anchor;
    this.moveTo(Math.max(0, this.row + by), this.col, true);
    const [from, to] = anchor <= this.row ? [anchor, this.row] : [this.row, anchor];
    for (const [id, entry] of [...this.selection.rows]) {
      if (!this.#base.has(id) && (entry.index < from || entry.index > to))
        this.selection.rows.delete(id);
    }
    const rows = {
      held: (i: number) => this.cache.row(i),
      fetch: (i: number) => this.cache.rowAt(i),
    };
    this.selection.selectRange(from, to, rows, (row) => this.source.rowId(row));
  }

  /**
   * A click on a cell, as in a spreadsheet: Shift extends the selection to its row, Ctrl (⌘)
   * adds or drops its row, and a plain click moves the focus there and drops the selection
   * (after Ctrl+A, a click left all 100,000 rows selected for the next Approve).
   */
  clickAt(
    index: number,
    col: number,
    keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  ): void {
    if (keys.shiftKey && this.row !== HEADER) {
      this.col = Math.max(0, Math.min(col, this.columns.length - 1));
      this.extend(index - this.row);
      return;
    }
    if (keys.ctrlKey || keys.metaKey) {
      this.moveTo(index, col);
      if (this.row === index) this.toggle();
      return;
    }
    if (!this.selection.empty && !this.editing) this.selection.clear();
    this.moveTo(index, col);
  }

  selectAll(): void {
    this.selection.clear();
    this.selection.all = true;
    this.note = `All ${this.rowCount.toLocaleString()} rows selected`;
  }

  // --- editing ---

  startEdit(typed?: string): void {
    const column = this.column;
    const row = this.cache.row(this.row);
    if (!row || !column) return;
    if (!column.editText) {
      this.note = `${column.header} cannot be edited here`;
      return;
    }
    const locked = this.source.readOnly?.(row);
    if (locked) {
      this.note = locked;
      return;
    }
    const text = typed ?? column.editText(row);
    this.editing = {
      index: this.row,
      column: column.id,
      text,
      issues: this.source.check(row, column.id, text),
      saving: false,
      refused: null,
    };
  }

  type(text: string): void {
    const editing = this.editing;
    const row = editing && this.cache.row(editing.index);
    if (!editing || !row) return;
    editing.text = text;
    editing.refused = null;
    editing.issues = this.source.check(row, editing.column, text);
  }

  cancel(): void {
    this.editing = null;
    this.hooks.reveal();
  }

  /** Whether the cell at `row`, `col` is the one being edited. */
  #isEditing(row: number, col: number): boolean {
    return this.editing?.index === row && this.editing.column === this.columns[col]?.id;
  }

  /** Saves the typed text; on success moves as Excel does (down after Enter, right after Tab). */
  async commit(move: 'down' | 'right' | 'left' | 'stay' | 'none' = 'down'): Promise<void> {
    const editing = this.editing;
    const row = editing && this.cache.row(editing.index);
    const column = this.columns.find((c) => c.id === editing?.column);
    if (!editing || !row || !column || editing.saving) return;
    const below = this.cache.row(editing.index + 1);
    let saved = false;
    if (editing.text !== column.editText?.(row)) {
      editing.saving = true;
      try {
        this.cache.setRow(editing.index, await this.source.save(row, column.id, editing.text));
        saved = true;
      } catch (error) {
        editing.saving = false;
        editing.refused = error instanceof Error ? error.message : String(error);
        // Refused after a click moved the focus on (the editor's blur saved): the focus stays
        // where the click went, the edit left unsaved and why said, so that what is typed next
        // goes to the cell the person is looking at, never to the row they left.
        if (!this.#isEditing(this.row, this.col)) {
          this.note = this.#leaveRefused(editing);
          this.hooks.reveal();
        }
        return;
      }
    }
    // A click on another cell of the grid moved the focus while the blur saved: it goes there.
    const movedOn = !this.#isEditing(this.row, this.col);
    this.editing = null;
    if (move === 'none') {
      if (movedOn) this.hooks.reveal();
    } else if (move === 'down') {
      this.moveBy(1, 0);
      if (saved && below) void this.#follow(this.source.rowId(below), this.row);
    } else if (move === 'right') this.moveBy(0, 1);
    else if (move === 'left') this.moveBy(0, -1);
    else if (move === 'stay') this.hooks.reveal();
  }

  /**
   * Down after Enter goes to the row that was below the one saved, as in a spreadsheet. In a
   * list sorted by the column edited, the saved row moves, and the one below with it: found
   * where it is now. Only a focus still where Enter left it follows; a person who moved on
   * meanwhile stays where they went.
   */
  async #follow(id: string, at: number): Promise<void> {
    // Not found (or not asked): the focus stays where Enter put it, as without a sort.
    const now = await this.source.locate?.(id).catch(() => null);
    if (now === null || now === undefined || now === at) return;
    if (this.row === at && this.editing === null) this.moveTo(now, this.col);
  }

  // --- copy and paste ---

  /** The selected rows (or the focused cell) as TSV; null when rows must be fetched first. */
  copyText(): string | null {
    if (this.selection.all) return null;
    if (this.selection.size > 0) {
      const rows = [...this.selection.rows.values()]
        .sort((a, b) => a.index - b.index)
        .map(({ index, row }) => this.#current(index, row));
      return rowsAsTsv(this.columns, rows);
    }
    const row = this.cache.row(this.row);
    return row && this.column ? rowsAsTsv([this.column], [row]) : '';
  }

  /** Every row the filter holds, as TSV (Ctrl+A then Ctrl+C), fetched a window at a time. */
  copyAll(): Promise<string> {
    return allRowsAsTsv(this.source, this.rowCount);
  }

  /**
   * Pastes TSV from the focused cell on: each value judged as if typed, and saved as one change
   * where the source can (saveBlock), so that one undo takes the paste back.
   */
  async paste(text: string): Promise<void> {
    const { cells, refused, beyond } = await placePasted(parseTsv(text), this);
    const { saved, unnamed } = await savePasted(this.source, this.cache, cells, refused);
    this.note = pastedNote(saved, refused, unnamed, beyond);
  }

  // --- issues ---

  /** Moves to the next (or previous) cell with an issue, fetching rows as it goes. */
  async nextIssue(direction: 1 | -1): Promise<void> {
    const cols = this.columns.length;
    // The focused cell itself is not the next issue (none from the header row).
    const start = { index: this.row, col: this.col };
    let index = Math.max(0, this.row);
    // Going down from a cell the last F8 did not land on (Enter after a fix moved the focus to
    // the row below, or that row slid up into the place of one the filter dropped), the focused
    // row is searched whole: its issues left of the focused column were skipped, unseen.
    const here = this.cache.row(index);
    const continuing =
      here !== undefined &&
      this.#lastIssue?.id === this.source.rowId(here) &&
      this.#lastIssue.col === this.col;
    let col = direction === 1 && !continuing ? 0 : this.col + direction;
    for (; index >= 0 && index < this.rowCount; index += direction) {
      const row = await this.cache.rowAt(index);
      if (row) {
        for (; col >= 0 && col < cols; col += direction) {
          if (index === start.index && col === start.col) continue;
          const column = this.columns[col]!;
          if (this.source.issues(row, column.id).length > 0) {
            this.#lastIssue = { id: this.source.rowId(row), col };
            return this.moveTo(index, col);
          }
        }
      }
      col = direction === 1 ? 0 : cols - 1;
    }
    this.note = direction === 1 ? 'No more issues below' : 'No more issues above';
  }

  /** The cell the last F8 (or Shift+F8) moved to: from there the next one goes on. */
  #lastIssue: { id: string; col: number } | null = null;

  #current(index: number, row: Row): Row {
    const now = this.cache.row(index);
    return now && this.source.rowId(now) === this.source.rowId(row) ? now : row;
  }
}
