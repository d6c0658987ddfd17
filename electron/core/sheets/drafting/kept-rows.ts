// The rows of a sheet that are not payments but belong to the sheet a finance person sent: the
// title and notes above the header, the header itself, and the totals and notes the import
// skipped below it. An import keeps them with its batch so that the results export can give
// the sheet back whole, each row where it was. Blank rows are not kept: the export leaves
// their row numbers empty, which is what they were. What is kept is bounded, so a sheet of
// thousands of notes or very long titles cannot swell the outbox; past the bound a row is
// counted, not kept, and the export leaves it empty.
import { withoutTrailingEmpty, type SourceCell } from './source-cells';

/** A non-payment row as the batch's source keeps it (JSON, in `batches.source_json`). */
export interface KeptRow {
  row: number;
  /** Its cells as source-cells.ts encodes them, without trailing empty cells. */
  cells: SourceCell[];
  /** Why the import skipped it; absent for the rows above the header and the header. */
  skipped?: string;
}

/**
 * Far more than the totals and notes a real payment list has (a subtotal per team of a
 * 100,000-row payroll stays under it), and small enough to sit in one batch's source.
 */
export const KEPT_ROWS_LIMIT = { rows: 5_000, chars: 2_000_000 } as const;

export class KeptRows {
  private readonly rows: KeptRow[] = [];
  private chars = 0;
  private dropped = 0;

  constructor(private readonly limit: { rows: number; chars: number } = KEPT_ROWS_LIMIT) {}

  /** Keeps a row given as the JSON of its encoded cells, while the bound allows. */
  add(row: number, cellsJson: string, skipped?: string): void {
    const cells = [...withoutTrailingEmpty(JSON.parse(cellsJson) as SourceCell[])];
    if (cells.length === 0) return;
    const size = cellsJson.length + (skipped?.length ?? 0);
    if (this.rows.length >= this.limit.rows || this.chars + size > this.limit.chars) {
      this.dropped += 1;
      return;
    }
    this.chars += size;
    this.rows.push(skipped === undefined ? { row, cells } : { row, cells, skipped });
  }

  /** The rows kept, in the sheet's order. */
  list(): KeptRow[] {
    return [...this.rows].sort((a, b) => a.row - b.row);
  }

  /** Rows with content that the bound left out. */
  get leftOut(): number {
    return this.dropped;
  }
}
