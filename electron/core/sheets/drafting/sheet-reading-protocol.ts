// What the sheet-reading worker and the importer say to each other. The worker reads each row
// and hands it over as its cells, a reason to skip it, or, when the importer is the slower of
// the two, as its draft, made in the worker (see sheet-reading-worker.ts). Cells cross as the
// JSON the outbox keeps them in anyway, drafts serialised: strings are cheap to pass.
import type { SheetDecimalMark } from '../coercion/cell-amounts';
import type { DateOrders } from '../understanding/date-orders';
import type { MappingEntries } from '../understanding/column-mapping';
import type { HeaderRow, SavedMappings } from '../understanding/header-detection';
import type { DraftTarget, SheetDraft } from './row-to-draft';
import type { PassedOverSheet } from '../understanding/sheet-choice';
import type { SheetLimits } from '../reading/limits';
import type { CellRange, SheetFileError } from '../reading/sheet-types';

export interface ReadingRequest {
  file: string;
  sheet?: string;
  /** The header row the person picked (1-based), over the one the first rows suggest. */
  headerRow?: number;
  /** The mapping given for this import, checked in shape (mapping-file.ts). */
  mapping?: MappingEntries;
  saved?: SavedMappings;
  limits: SheetLimits;
  /** Where the drafts go: the group, its wallet's currency, and today. */
  target: DraftTarget;
  /**
   * Which side makes the drafts: `balanced` (the default) decides batch by batch; the other two
   * pin it, so that a test can prove both sides make the same drafts.
   */
  drafting?: 'balanced' | 'worker' | 'importer';
  /**
   * Rows below the header to read at most, then let the file go: an inspection wants only the
   * first ones. Without it, the sheet is read to its end.
   */
  rowLimit?: number;
  /**
   * A sheet appended to a batch: its rows below the header are numbered from this row on
   * (the batch's last row + 1), the cells their drafts point at and the merges likewise, so that
   * they follow the batch's own rows and the results export writes them below.
   */
  firstRowNumber?: number;
}

/** A row below the header, as the worker hands it over: one of the three. */
export type ReadRow =
  /** Not a payment, and why; with its cells (JSON) unless it is blank, for the export to keep. */
  | { number: number; skip: string; cells?: string }
  /** A payment row for the importer to make a draft of: its cells as JSON (source-cells.ts). */
  | { number: number; cells: string; hidden?: true; struck?: readonly number[] }
  /** A payment row made a draft in the worker. */
  | { number: number; draft: SheetDraft };

/** The sheet the worker chose, as the importer is told it before the rows. */
export interface SheetChosen {
  sheet: string;
  format: 'xlsx' | 'csv';
  /** Every sheet of the file in tab order, hidden ones too. */
  sheets: readonly { name: string; hidden: boolean }[];
  date1904: boolean;
  /** The decimal mark the first rows show (decimal-marks.ts). */
  decimalMark?: SheetDecimalMark;
  /** The order each date column's first rows show (date-orders.ts). */
  dateOrders?: DateOrders;
  header: HeaderRow;
  /** The header row and the non-blank rows above it, cells as JSON, for the export to keep. */
  above: { number: number; cells: string }[];
  /** The other sheets that looked like payment lists, and why this one was taken instead. */
  passedOver: PassedOverSheet[];
}

/** A batch of rows, with the characters of cells it holds (the importer bounds its chunks by them). */
export interface RowsSent {
  rows: ReadRow[];
  chars: number;
  /** How far into the sheet these rows end, 0 to 1 (SheetSource.readFraction), where known. */
  fraction?: number;
}

/**
 * Worker to importer. The importer answers with a number: how many batches it has written
 * since it last said, as many more as the worker may send.
 */
export type ReadingMessage =
  | ({ type: 'chosen' } & SheetChosen)
  | ({ type: 'rows' } & RowsSent)
  | { type: 'end'; merges: CellRange[] }
  | { type: 'failed'; code: SheetFileError['code']; message: string };

export const ROWS_PER_BATCH = 100;
/**
 * Batches the worker may send before the importer has written them (sheet-reading.ts,
 * `written`). The importer commits half of them as one chunk (staged-rows.ts) while the worker
 * reads the other half: 3,200 rows a chunk, about thirty chunks for 100,000 rows. Fewer, larger
 * chunks would hold more rows in memory; more, smaller ones cost a commit each and write the
 * pages of the indexes that grow at random places (amounts, duplicate keys) once per chunk.
 */
export const BATCHES_AHEAD = 64;
/**
 * Characters of cells a batch may hold before it is sent, fewer than 100 rows or not. A payment
 * row is a few hundred characters, so ordinary batches are bounded by their rows; a row of long
 * texts (one 32,000-character shared string in every column) is not, and 100 of them were 32 MB
 * a batch, hundreds of megabytes in flight before the sheet's text limit refused the file. The
 * batches in flight hold at most 16 million characters, however many the worker may send.
 */
export const BATCH_CHARS = 16_000_000 / BATCHES_AHEAD;

/**
 * Rows gathered for the next message: full at ROWS_PER_BATCH rows or BATCH_CHARS characters of
 * cells, so the text in flight and waiting for its chunk stays within BATCHES_AHEAD ×
 * (BATCH_CHARS + one row). A row's
 * cells are counted once: a draft made of them repeats only the mapped ones, at most as much.
 */
export class RowBatch {
  rows: ReadRow[] = [];
  private chars = 0;

  add(row: ReadRow, cellChars: number): void {
    this.rows.push(row);
    this.chars += cellChars;
  }

  get full(): boolean {
    return this.rows.length >= ROWS_PER_BATCH || this.chars >= BATCH_CHARS;
  }

  /** The rows gathered, and an empty batch begun. */
  take(): ReadRow[] {
    return this.send().rows;
  }

  /** The rows gathered with their characters, and an empty batch begun. */
  send(): RowsSent {
    const sent = { rows: this.rows, chars: this.chars };
    this.rows = [];
    this.chars = 0;
    return sent;
  }
}
