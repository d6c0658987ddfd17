// What the grid needs of its data, so that the editor can give it drafts through the desk and a
// test can give it rows from memory: a window of rows at a time, each row's issues by column,
// the verdict on a value as it is typed, and the saving of a value.

export type IssueSeverity = 'error' | 'warning';

export interface CellIssue {
  severity: IssueSeverity;
  message: string;
}

export interface GridColumn<Row> {
  id: string;
  header: string;
  /** Width in rem, so that 200% zoom keeps the proportions. */
  width: number;
  align?: 'start' | 'end';
  /** Set when a click on the header sorts by it. */
  sortable?: boolean;
  /**
   * Set on the column whose text is a row's name to a person (the sheet's row number): an
   * editor is named after it, since a sort or a filter moves a row away from its place.
   */
  namesRow?: boolean;
  /** The text shown in the cell (and copied). */
  text(row: Row): string;
  /** The text an edit starts from; a column without it is read-only. */
  editText?(row: Row): string;
}

/** A value pasted into a cell of a row. */
export interface PastedCell<Row> {
  row: Row;
  column: string;
  text: string;
}

export interface RowWindow<Row> {
  /** Rows the source holds (under its filter), of which `rows` start at `skip`. */
  total: number;
  rows: Row[];
}

export interface GridSource<Row> {
  columns: GridColumn<Row>[];
  rowId(row: Row): string;
  fetch(skip: number, take: number): Promise<RowWindow<Row>>;
  /** The issues shown on a cell (the issues column may gather those of no other column). */
  issues(row: Row, column: string): CellIssue[];
  /**
   * Why no cell of the row can change (a payment sent already), said when an edit is begun,
   * before anything is typed; null where it can. Optional: without it, every row can.
   */
  readOnly?(row: Row): string | null;
  /** The rules' verdict on `text` typed into a cell, before it is saved. */
  check(row: Row, column: string, text: string): CellIssue[];
  /** Saves a typed value; resolves to the row as saved, rejects with a reason a person reads. */
  save(row: Row, column: string, text: string): Promise<Row>;
  /**
   * Saves a pasted block's values as one change, which one undo takes back; resolves to the rows
   * saved, how many of the values were, and in words why others were refused (and how many more
   * were, unnamed). Optional: without it, each value is saved alone, as if typed.
   */
  saveBlock?(
    cells: PastedCell<Row>[],
  ): Promise<{ rows: Row[]; saved: number; refused: string[]; unnamed: number }>;
  /**
   * Where the row with this id is now, in the source's order (a save may have moved rows of a
   * sorted list); null when the source no longer holds it. Optional: without it, the grid
   * moves by index alone.
   */
  locate?(id: string): Promise<number | null>;
}
