// The rows of a sheet as the importer takes them, written to the outbox in chunks: each chunk
// its own synchronous transaction, so the outbox is never held across an await and a sync of
// another batch writes between two chunks. A row becomes a draft (made here, or in the reading
// worker), or is counted as skipped and kept with the batch unless blank; the sheet's limit of
// rows is checked, and what only the whole sheet shows (its decimal mark, its date orders) noted.
import type { ImportRepository } from '../../outbox/import-repository';
import type { SheetLimits } from '../reading/limits';
import { SheetFileError } from '../reading/sheet-types';
import type { ColumnMapping } from '../understanding/column-mapping';
import { DateOrderTally } from '../understanding/date-orders';
import { DecimalMarkTally } from '../understanding/decimal-marks';
import { isBlankReason, SkippedRows } from '../understanding/row-filters';
import type { DraftWriter } from './draft-writer';
import { KeptRows } from './kept-rows';
import { importedDraft, type DraftContext, type SheetDraft } from './row-to-draft';
import { BATCH_CHARS, BATCHES_AHEAD, type ReadRow, type RowsSent } from './sheet-reading-protocol';
import { decodeCells, type SourceCell } from './source-cells';

/**
 * A chunk is committed once it holds half the batches the reading worker may send ahead
 * (sheet-reading-protocol.ts), or half their characters: the worker reads the other half while
 * the chunk is written, and is told of the chunk's batches once they are committed.
 */
export const CHUNK_BATCHES = BATCHES_AHEAD / 2;
export const CHUNK_CHARS = (BATCHES_AHEAD * BATCH_CHARS) / 2;

export class StagedRows {
  /** Rows taken so far, blank ones included. */
  rows = 0;
  private nonBlank = 0;
  readonly decimalMarks = new DecimalMarkTally();
  readonly dateOrders = new DateOrderTally();
  readonly skipped = new SkippedRows();
  readonly kept = new KeptRows();
  private pending: ReadRow[][] = [];
  private pendingChars = 0;

  constructor(
    private readonly imports: ImportRepository,
    private readonly writer: DraftWriter,
    private readonly mapping: ColumnMapping,
    private readonly context: DraftContext,
    private readonly limits: SheetLimits,
  ) {}

  /** Holds a batch of rows as the worker sent it; true when a chunk is due. */
  add({ rows, chars }: RowsSent): boolean {
    this.pending.push(rows);
    this.pendingChars += chars;
    return this.pending.length >= CHUNK_BATCHES || this.pendingChars >= CHUNK_CHARS;
  }

  /** Writes the rows held in one transaction; the number of batches written. */
  commit(): number {
    const pending = this.pending;
    if (pending.length === 0) return 0;
    this.imports.stagedWrite(() => {
      for (const rows of pending) for (const row of rows) this.take(row);
    });
    this.pending = [];
    this.pendingChars = 0;
    return pending.length;
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
      const sheetRow = {
        number: row.number,
        cells,
        ...(row.hidden ? { hidden: true } : {}),
        ...(row.struck ? { struck: row.struck } : {}),
      };
      draft = importedDraft(sheetRow, row.cells, this.mapping, this.context);
    }
    this.decimalMarks.note(row.number, draft.amountMark);
    this.dateOrders.note(row.number, draft.dateMarks);
    this.writer.write(draft);
  }
}
