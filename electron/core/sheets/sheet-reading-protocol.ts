// What the sheet-reading worker and the importer say to each other. The worker reads and
// checks (each row becomes a draft or a reason to skip it); the importer writes.
import type { HeaderRow, SavedMappings } from './header-detection';
import type { SheetLimits } from './limits';
import type { DraftTarget, RowDraft } from './row-to-draft';
import type { CellRange, SheetFileError } from './sheet-types';

export interface ReadingRequest {
  file: string;
  sheet?: string;
  mapping?: unknown;
  saved?: SavedMappings;
  limits: SheetLimits;
  /** Where the drafts go: the group, its wallet's currency, and today. */
  target: DraftTarget;
}

/** A row below the header, as the worker hands it over. */
export interface ReadRow {
  number: number;
  /** Why the row is not a payment; absent for a payment. */
  skip?: string;
  draft?: RowDraft;
  /** The row's cells as JSON (source-cells.ts), kept with the draft for the annotated export. */
  sourceJson?: string;
}

/** Worker to importer. The importer answers each `rows` with a message: one more batch. */
export type ReadingMessage =
  | { type: 'chosen'; sheet: string; date1904: boolean; header: HeaderRow }
  | { type: 'rows'; rows: ReadRow[] }
  | { type: 'end'; merges: CellRange[] }
  | { type: 'failed'; code: SheetFileError['code']; message: string };

export const ROWS_PER_BATCH = 500;
/** Batches the worker may send before the importer has taken them. */
export const BATCHES_AHEAD = 4;
