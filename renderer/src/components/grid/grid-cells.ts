// What a cell draws of its issues: the marker (! for an error, ⚠ for a warning: not colour
// alone) and whether it is an error (aria-invalid).
import type { CellIssue, GridSource } from './grid-source';

export interface Judged {
  issues: CellIssue[];
  marker: '!' | '⚠' | '';
  error: boolean;
}

export const CLEAN: Judged = { issues: [], marker: '', error: false };

export function judged(issues: CellIssue[]): Judged {
  if (issues.length === 0) return CLEAN;
  const error = issues.some((issue) => issue.severity === 'error');
  return { issues, marker: error ? '!' : '⚠', error };
}

/**
 * Each row's cells judged once per row object (a saved row comes back as a new object): while
 * scrolling every cell in view is drawn again each frame, and filtering the row's issues per
 * cell per frame was most of the script time. The cell being edited shows instead the verdict
 * on its text as typed (GridState.issuesAt).
 */
export class JudgedRows<Row extends object> {
  #rows = new WeakMap<Row, Judged[]>();

  constructor(private readonly source: GridSource<Row>) {}

  of(row: Row): Judged[] {
    let cells = this.#rows.get(row);
    if (!cells) {
      cells = this.source.columns.map((column) => judged(this.source.issues(row, column.id)));
      this.#rows.set(row, cells);
    }
    return cells;
  }
}
