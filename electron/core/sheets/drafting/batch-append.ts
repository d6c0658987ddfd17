// A sheet appended to a batch already imported: the next week's rows of the same export. The
// sheet is imported into a staging batch of its own (`importing`, so a failure deletes it whole
// and the batch it was meant for is never touched), its rows numbered after the batch's last;
// on success its drafts move into the batch in one transaction. Only a sheet with the batch's
// own headers, in their order, is taken: the results export writes every row under the batch's
// header, so a column elsewhere would land under another's heading.
import type { Outbox } from '../../outbox';
import type { Batch } from '../../outbox/batch-repository';
import { SheetFileError } from '../reading/sheet-types';
import { KeptRows, type KeptRow } from './kept-rows';

/** The part of a batch's source (sheet-import.ts) an append reads and adds to. */
interface KeptSource {
  header_row: number;
  headers: string[];
  kept_rows?: KeptRow[];
  kept_rows_left_out?: number;
}

export interface AppendTarget {
  batch: Batch;
  /** The appended sheet's first row below its header takes this number in the batch. */
  firstRow: number;
}

/** The batch a sheet is appended to, ready and imported from a sheet, and where its rows end. */
export function appendTarget(outbox: Outbox, batchId: string): AppendTarget {
  const batch = outbox.batches.get(batchId);
  if (!batch || batch.state !== 'ready') {
    throw new SheetFileError(
      'batch_not_found',
      'the batch to add the sheet to is no longer there: import the sheet as a batch of its own',
    );
  }
  const source = outbox.imports.batchSource<KeptSource>(batch.id);
  if (!source) {
    throw new SheetFileError(
      'headers_differ',
      `batch "${batch.name}" was not imported from a sheet, so a sheet cannot be added to it: import the sheet as a batch of its own`,
    );
  }
  const last = Math.max(
    source.header_row,
    outbox.imports.lastRow(batch.id) ?? 0,
    ...(source.kept_rows ?? []).map((kept) => kept.row),
  );
  return { batch, firstRow: last + 1 };
}

/** Refuses a sheet whose headers are not the batch's own, in the same columns. */
export function refuseOtherHeaders(outbox: Outbox, target: AppendTarget, headers: string[]): void {
  const source = outbox.imports.batchSource<KeptSource>(target.batch.id);
  const own = trimmed(source?.headers ?? []);
  const given = trimmed(headers);
  const differs = own.length !== given.length || own.some((text, i) => text !== given[i]);
  if (differs) {
    throw new SheetFileError(
      'headers_differ',
      `the sheet's headers (${given.join(', ')}) are not those of batch "${target.batch.name}" (${own.join(', ')}): only a sheet with the same columns, in the same order, can be added to it; import this one as a batch of its own`,
    );
  }
}

/**
 * Moves the staged drafts into the batch, with the sheet's kept rows (its totals and notes
 * below the header, numbered as the batch numbers them), journaled for Undo to take them back,
 * and deletes the staging batch. Runs in
 * the import's last transaction; refused when another sheet was appended to the batch meanwhile
 * (its rows would share numbers with these).
 */
export function appendStaged(
  outbox: Outbox,
  target: AppendTarget,
  stagingId: string,
  kept: KeptRows,
  /** What Undo would take back, said as the journal says it ("the 5 rows added from …"). */
  label: string,
): void {
  const now = appendTarget(outbox, target.batch.id);
  if (now.firstRow > target.firstRow) {
    throw new SheetFileError(
      'batch_changed',
      `another sheet was added to batch "${target.batch.name}" while this one was read: add this one again`,
    );
  }
  const source = outbox.imports.batchSource<KeptSource>(target.batch.id) as KeptSource;
  const rows = new KeptRows();
  for (const row of source.kept_rows ?? [])
    rows.add(row.row, JSON.stringify(row.cells), row.skipped);
  for (const row of kept.list()) rows.add(row.row, JSON.stringify(row.cells), row.skipped);
  const leftOut = (source.kept_rows_left_out ?? 0) + kept.leftOut + rows.leftOut;
  outbox.imports.setBatchSource(target.batch.id, {
    ...source,
    kept_rows: rows.list(),
    ...(leftOut > 0 ? { kept_rows_left_out: leftOut } : {}),
  });
  outbox.journal.recordAppended(target.batch.id, stagingId, label, target.firstRow);
  outbox.imports.moveDrafts(stagingId, target.batch.id);
  outbox.batches.delete(stagingId);
}

/**
 * The rows a sheet added to the batch from `firstRow` on, taken back by an undo: its kept rows
 * (totals and notes) out of the batch's source, and its deleted rows, so that the next sheet
 * added numbers its rows on from the batch's last row again.
 */
export function removeAppendedRows(outbox: Outbox, batchId: string, firstRow: number): void {
  const source = outbox.imports.batchSource<KeptSource>(batchId);
  if (!source) return;
  outbox.imports.setBatchSource(batchId, {
    ...source,
    kept_rows: (source.kept_rows ?? []).filter((kept) => kept.row < firstRow),
  });
  outbox.db
    .prepare('DELETE FROM deleted_rows WHERE batch_id = ? AND source_row >= ?')
    .run(batchId, firstRow);
}

function trimmed(headers: readonly string[]): string[] {
  const texts = headers.map((text) => text.trim());
  while (texts.length > 0 && texts[texts.length - 1] === '') texts.pop();
  return texts;
}
