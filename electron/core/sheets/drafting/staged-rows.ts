// The rows of a sheet as the importer takes them, written to the outbox in chunks: each chunk
// its own synchronous transaction, so the outbox is never held across an await and a sync of
// another batch writes between two chunks. A row becomes a draft (made here, or in the reading
// worker), or is counted as skipped and kept with the batch unless blank; the sheet's limit of
// rows is checked, and what only the whole sheet shows (its decimal mark, its date orders) noted.
import type { Db } from '../../outbox/database';
import type { SheetLimits } from '../reading/limits';
import { SheetFileError } from '../reading/sheet-types';
import type { ColumnMapping } from '../understanding/column-mapping';
import { DateOrderTally } from '../understanding/date-orders';
import { DecimalMarkTally } from '../understanding/decimal-marks';
import { isBlankReason, SkippedRows } from '../understanding/row-filters';
import type { DraftWriter } from './draft-writer';
import { KeptRows } from './kept-rows';
import { importedDraft, type DraftContext, type SheetDraft } from './row-to-draft';
import type { ReadRow, RowsSent } from './sheet-reading-protocol';
import { decodeCells, type SourceCell } from './source-cells';

/**
 * A chunk is committed once it holds this much of the main thread's work. Each commit costs an
 * fsync of the WAL (synchronous=FULL, ~6 ms here): at 100 ms of work a chunk, 100,000 rows
 * take about twenty of them, and the outbox is free for other writers every 100 ms.
 */
export const CHUNK_MS = 100;
/** The first chunk's rows, before any has been timed; chunks stay within these bounds. */
export const CHUNK_ROWS = { first: 1_000, least: 100, most: 10_000 } as const;
/**
 * Characters of cells a chunk holds at most, whatever its rows: rows of long texts wait for
 * their chunk in memory, and this keeps them to a few megabytes.
 */
export const CHUNK_CHARS = 4_000_000;

export class StagedRows {
  /** Rows taken so far, blank ones included. */
  rows = 0;
  private nonBlank = 0;
  readonly decimalMarks = new DecimalMarkTally();
  readonly dateOrders = new DateOrderTally();
  readonly skipped = new SkippedRows();
  readonly kept = new KeptRows();
  private pending: ReadRow[][] = [];
  private pendingRows = 0;
  private pendingChars = 0;
  private chunkRows: number = CHUNK_ROWS.first;

  constructor(
    private readonly db: Db,
    private readonly writer: DraftWriter,
    private readonly mapping: ColumnMapping,
    private readonly context: DraftContext,
    private readonly limits: SheetLimits,
  ) {}

  /** Holds a batch of rows as the worker sent it; true when a chunk is due. */
  add({ rows, chars }: RowsSent): boolean {
    this.pending.push(rows);
    this.pendingRows += rows.length;
    this.pendingChars += chars;
    return this.pendingRows >= this.chunkRows || this.pendingChars >= CHUNK_CHARS;
  }

  /** Writes the rows held in one transaction, and sizes the next chunk by how long it took. */
  commit(): void {
    if (this.pendingRows === 0) return;
    const started = performance.now();
    const pending = this.pending;
    this.db.transaction(() => {
      for (const rows of pending) for (const row of rows) this.take(row);
    })();
    const took = performance.now() - started;
    const fits = Math.round((this.pendingRows * CHUNK_MS) / Math.max(took, 1));
    this.chunkRows = Math.min(CHUNK_ROWS.most, Math.max(CHUNK_ROWS.least, fits));
    this.pending = [];
    this.pendingRows = 0;
    this.pendingChars = 0;
  }

  private take(row: ReadRow): void {
    this.rows += 1;
    if ('skip' in row && isBlankReason(row.skip)) return this.skipped.blank(row.number, row.skip);
    // Blank rows do not count: a sheet formatted down to row 1,048,576, or with its formulas
    // dragged down that far, is still a short list.
    this.nonBlank += 1;
    if (this.nonBlank > this.limits.maxRows) {
      throw new SheetFileError(
        'too_many_rows',
        `the sheet has more than ${this.limits.maxRows.toLocaleString('en')} rows below its header, the most one import takes: split it into several files`,
      );
    }
    if ('skip' in row) {
      if (row.cells !== undefined) this.kept.add(row.number, row.cells, row.skip);
      return this.skipped.add(row.number, row.skip);
    }
    let draft: SheetDraft;
    if ('draft' in row) draft = row.draft;
    else {
      const cells = decodeCells(JSON.parse(row.cells) as SourceCell[]);
      const sheetRow = { number: row.number, cells, ...(row.hidden ? { hidden: true } : {}) };
      draft = importedDraft(sheetRow, row.cells, this.mapping, this.context);
    }
    this.decimalMarks.note(row.number, draft.amountMark);
    this.dateOrders.note(row.number, draft.dateMarks);
    this.writer.write(draft);
  }
}
