// What the sheet-reading worker and the importer say to each other.
import type { HeaderRow, SavedMappings } from './header-detection';
import type { SheetLimits } from './limits';
import type { CellRange, SheetFileError, SheetRow } from './sheet-types';

export interface ReadingRequest {
  file: string;
  sheet?: string;
  mapping?: unknown;
  saved?: SavedMappings;
  limits: SheetLimits;
}

/** Worker to importer. The importer answers each `rows` with a message: one more batch. */
export type ReadingMessage =
  | { type: 'chosen'; sheet: string; date1904: boolean; header: HeaderRow }
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'end'; merges: CellRange[] }
  | { type: 'failed'; code: SheetFileError['code']; message: string };

export const ROWS_PER_BATCH = 500;
/** Batches the worker may send before the importer has taken them. */
export const BATCHES_AHEAD = 4;
