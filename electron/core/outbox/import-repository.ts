// The outbox side of a sheet import: drafts written one by one as the sheet streams (in the
// importer's chunk transactions, into a batch still `importing`, which a refused file deletes
// whole), the sheet's source kept with the batch, possible duplicates looked up among the
// drafts already there, mapping proposals saved per source, and an appended sheet's drafts
// moved into the batch it was added to.
import { REACHED_SERVICE, type DraftState } from '../../../shared/domain';
import { unsyncedTransaction, type Db } from './database';
import { DraftInsert, type SerializedDraft } from './draft-insert';
import type { DraftIssue } from '../../../shared/domain/draft';
import { accountText } from '../../../shared/domain/bank-identifiers';

/** A draft of an imported row: its source row and cells are always known. */
export interface ImportedDraft extends SerializedDraft {
  sourceRow: number;
  sourceJson: string;
}

/** A draft as the annotated export sees it: where it stands, and the cells it came from. */
export interface SourceRowDraft {
  id: string;
  correlationId: string;
  sourceRow: number;
  state: DraftState;
  remoteStatus: string | null;
  /** The service's error, as recorded; null when there is none. */
  error: unknown;
  issues: DraftIssue[];
  /** The row's cells as encoded at import (source-cells.ts); empty for a draft without. */
  source: unknown[];
  /**
   * The payment's amount in thousandths as the outbox holds it now (an edit included), and its
   * currency where it is not the wallet's; null amount when it has none it can pay.
   */
  amountMilli: number | null;
  amountCurrency: string | null;
  /**
   * Whom the payment pays as the outbox holds it now (an edit included): the payee's name and
   * account, of a payee new in the batch; an existing payee, named by id, by that id alone.
   */
  paidTo: { payee: string | null; account: string | null };
  /** The day it is paid on as the outbox holds it (YYYY-MM-DD), null while it has none. */
  paidOn: string | null;
}

interface SourceRowRecord {
  rowid: number;
  id: string;
  correlation_id: string;
  source_row: number;
  state: DraftState;
  remote_status: string | null;
  error_json: string | null;
  issues_json: string;
  source_json: string | null;
  amount_milli: number | null;
  amount_currency: string | null;
  payee: string | null;
  execution_date: string | null;
  /** The payee's id where the payment names an existing payee (no payee of the batch). */
  target_id: string | null;
  bank_code: string | null;
  account_number: string | null;
}

export interface SavedMapping {
  name: string;
  /** null: a column the import left out (column-mapping.ts, mappingToJson). */
  mapping: Record<string, string | null>;
}

/**
 * What an import's draft writer asks of the outbox (sheets/drafting/draft-writer.ts): an
 * inspection of a sheet gives it a store of its own, in memory, so that the rows it previews
 * get the import's own checks across rows without anything being written.
 */
export type DraftStore = Pick<
  ImportRepository,
  'mark' | 'insert' | 'duplicateOf' | 'sourceCells' | 'deleteRow' | 'correlationIdOwner'
>;

/** A payment that has a correlation id already: where it is, and whether it was sent. */
export interface CorrelationOwner {
  batch: string;
  row: number | null;
  sent: boolean;
}

/** States of a payment that may have reached the service: sending, or there. */
const SENT_STATES: readonly DraftState[] = ['sending', ...REACHED_SERVICE];

/** WAL pages (4 KB) an import's chunks let the WAL hold before a commit folds it back. */
const STAGED_CHECKPOINT_PAGES = 16_384;

export class ImportRepository {
  private readonly sql;
  private readonly draftInsert: DraftInsert;

  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.draftInsert = new DraftInsert(db);
    this.sql = {
      lastRowid: db.prepare('SELECT coalesce(max(rowid), 0) FROM payment_drafts').pluck(),
      duplicate: db.prepare(
        `SELECT b.name AS batch, p.source_row AS row FROM payment_drafts p
           JOIN batches b ON b.id = p.batch_id
         WHERE p.duplicate_key = ? AND p.rowid <= ? AND b.state = 'ready'
         ORDER BY p.rowid LIMIT 1`,
      ),
      correlationOwner: db.prepare(
        `SELECT b.name AS batch, p.source_row AS row, p.state FROM payment_drafts p
           JOIN batches b ON b.id = p.batch_id
         WHERE p.correlation_id = ?`,
      ),
      sourceCells: db
        .prepare('SELECT source_json FROM payment_drafts WHERE batch_id = ? AND source_row = ?')
        .pluck(),
      deleteRow: db
        .prepare(
          `DELETE FROM payment_drafts WHERE batch_id = ? AND source_row = ?
         RETURNING beneficiary_draft_id`,
        )
        .pluck(),
      deleteBeneficiary: db.prepare('DELETE FROM beneficiary_drafts WHERE id = ?'),
      // A deleted draft's row stays the sheet's (migration 010): rows appended go after it.
      lastRow: db
        .prepare(
          `SELECT max(row) FROM (
             SELECT max(source_row) AS row FROM payment_drafts WHERE batch_id = @batch
             UNION ALL SELECT max(source_row) FROM deleted_rows WHERE batch_id = @batch)`,
        )
        .pluck(),
      movePayments: db.prepare('UPDATE payment_drafts SET batch_id = ? WHERE batch_id = ?'),
      moveBeneficiaries: db.prepare(
        'UPDATE beneficiary_drafts SET batch_id = ? WHERE batch_id = ?',
      ),
      setBatchSource: db.prepare('UPDATE batches SET source_json = ? WHERE id = ?'),
      batchSource: db.prepare('SELECT source_json FROM batches WHERE id = ?').pluck(),
      // Keyset on (row, rowid), which the by-batch index holds: a row rewritten once its merged
      // cells were filled has a later rowid than the rows below it, so rowid alone is not order.
      sourceRowsPage: db.prepare(
        `SELECT p.rowid, p.id, p.correlation_id, p.source_row, p.state, p.remote_status,
           p.error_json, p.issues_json, p.source_json, p.amount_milli, p.amount_currency, p.payee,
           p.execution_date,
           CASE WHEN p.beneficiary_draft_id IS NULL
             THEN json_extract(p.body_json, '$.target.id') END AS target_id,
           json_extract(b.body_json, '$.bank_details.bank_code') AS bank_code,
           json_extract(b.body_json, '$.bank_details.account_number') AS account_number
         FROM payment_drafts p LEFT JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
         WHERE p.batch_id = ? AND (p.source_row, p.rowid) > (?, ?)
         ORDER BY p.source_row, p.rowid LIMIT ?`,
      ),
      // Only rows longer than the header are looked into: most batches have none.
      sourceWidth: db
        .prepare(
          `SELECT max(CAST(cell.key AS INTEGER)) + 1
           FROM payment_drafts p, json_each(p.source_json) AS cell
           WHERE p.batch_id = ? AND json_array_length(p.source_json) > ?
             AND cell.type <> 'null' AND NOT (cell.type = 'text' AND cell.atom = '')`,
        )
        .pluck(),
      mappings: db.prepare('SELECT source_key, mapping_json FROM column_mappings'),
      saveMapping: db.prepare(
        `INSERT INTO column_mappings (source_key, name, mapping_json, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (source_key) DO UPDATE SET name = excluded.name,
           mapping_json = excluded.mapping_json, updated_at = excluded.updated_at`,
      ),
    };
  }

  /**
   * Runs `write`, a chunk of an import's rows into its `importing` batch, in a transaction that
   * is committed without waiting for the disk (synchronous=NORMAL) and leaves the WAL to grow
   * to about 64 MB before it is folded back. A power cut may lose such a commit, but only rows
   * of a batch that is deleted whole at the next start (create-desk.ts) unless the import's
   * last transaction, an ordinary one, made it ready: that commit's fsync makes every chunk
   * before it durable too, as the WAL is written in order. Each chunk would otherwise wait for
   * an fsync of the WAL and one of the database file; with a hundred of them, that is most of
   * the time a chunk takes.
   */
  stagedWrite<T>(write: () => T): T {
    return unsyncedTransaction(this.db, write, { checkpointPages: STAGED_CHECKPOINT_PAGES });
  }

  /** Drafts up to here were there before this import: the ones a duplicate is looked for in. */
  mark(): number {
    return this.sql.lastRowid.get() as number;
  }

  /** Writes a draft with its identity, fixed here and never changed. */
  insert(
    batchId: string,
    draft: ImportedDraft,
    now: string = this.now(),
  ): { id: string; correlationId: string } {
    return this.draftInsert.runSerialized(batchId, draft, now);
  }

  /** The first draft from before `mark` with this key: where a possible duplicate sits. */
  duplicateOf(key: string, mark: number): { batch: string; row: number | null } | undefined {
    if (mark === 0) return undefined; // the outbox held no drafts before this import
    return this.sql.duplicate.get(key, mark) as { batch: string; row: number | null } | undefined;
  }

  /** The cells a row of this batch was imported from. */
  sourceCells(batchId: string, row: number): unknown[] | undefined {
    const json = this.sql.sourceCells.get(batchId, row) as string | null | undefined;
    return json ? (JSON.parse(json) as unknown[]) : undefined;
  }

  /** Removes the drafts of a row written in this same import, to write it again. */
  deleteRow(batchId: string, row: number): void {
    for (const beneficiaryId of this.sql.deleteRow.all(batchId, row) as (string | null)[]) {
      if (beneficiaryId) this.sql.deleteBeneficiary.run(beneficiaryId);
    }
  }

  /** The last sheet row a batch's drafts came from; null when none came from a row. */
  lastRow(batchId: string): number | null {
    return this.sql.lastRow.get({ batch: batchId }) as number | null;
  }

  /**
   * Moves every draft and new beneficiary of one batch into another (an appended sheet's, out
   * of the batch it was staged in); the caller owns the transaction.
   */
  moveDrafts(fromBatchId: string, toBatchId: string): void {
    this.sql.movePayments.run(toBatchId, fromBatchId);
    this.sql.moveBeneficiaries.run(toBatchId, fromBatchId);
  }

  /**
   * The payment that already has `correlationId`, if any: its batch, its sheet row, and whether
   * it was sent (a payment sent, or sending, may have been paid).
   */
  correlationIdOwner(correlationId: string): CorrelationOwner | undefined {
    const owner = this.sql.correlationOwner.get(correlationId) as
      { batch: string; row: number | null; state: DraftState } | undefined;
    if (!owner) return undefined;
    return { batch: owner.batch, row: owner.row, sent: SENT_STATES.includes(owner.state) };
  }

  setBatchSource(batchId: string, source: unknown): void {
    this.sql.setBatchSource.run(JSON.stringify(source), batchId);
  }

  batchSource<T>(batchId: string): T | undefined {
    const json = this.sql.batchSource.get(batchId) as string | null | undefined;
    return json ? (JSON.parse(json) as T) : undefined;
  }

  /**
   * The drafts of a batch with their source cells, in the sheet's row order, read a page at a
   * time: a 100,000-row batch never sits in memory, and no page costs an OFFSET scan.
   */
  *sourceRows(batchId: string, pageSize = 1000): Generator<SourceRowDraft> {
    let after = { row: -1, rowid: 0 };
    for (;;) {
      const page = this.sql.sourceRowsPage.all(
        batchId,
        after.row,
        after.rowid,
        pageSize,
      ) as SourceRowRecord[];
      for (const record of page) yield toSourceRowDraft(record);
      const last = page.at(-1);
      if (!last || page.length < pageSize) return;
      after = { row: last.source_row, rowid: last.rowid };
    }
  }

  /** The sheet rows of the batch's drafts deleted in the app (migration 010), in row order. */
  deletedRows(batchId: string): { row: number; cells: unknown[] }[] {
    const rows = this.db
      .prepare(
        'SELECT source_row AS row, source_json AS json FROM deleted_rows WHERE batch_id = ? ORDER BY source_row',
      )
      .all(batchId) as { row: number; json: string }[];
    return rows.map(({ row, json }) => ({ row, cells: JSON.parse(json) as unknown[] }));
  }

  /**
   * How many columns the batch's rows reach: `headerWidth`, or more where a row has a cell to
   * the right of the last heading (a note beside the table), which an export must keep.
   */
  sourceWidth(batchId: string, headerWidth: number): number {
    const widest = this.sql.sourceWidth.get(batchId, headerWidth) as number | null;
    return Math.max(headerWidth, widest ?? 0);
  }

  /** Every saved mapping by its source key: a handful, one per kind of export a team gets. */
  savedMappings(): Record<string, unknown> {
    const rows = this.sql.mappings.all() as { source_key: string; mapping_json: string }[];
    return Object.fromEntries(rows.map((row) => [row.source_key, JSON.parse(row.mapping_json)]));
  }

  /** The saved mappings with their names and when each was last used, newest first. */
  listMappings(): {
    key: string;
    name: string;
    mapping: SavedMapping['mapping'];
    updatedAt: string;
  }[] {
    const rows = this.db
      .prepare(
        'SELECT source_key, name, mapping_json, updated_at FROM column_mappings ORDER BY updated_at DESC',
      )
      .all() as { source_key: string; name: string; mapping_json: string; updated_at: string }[];
    return rows.map((row) => ({
      key: row.source_key,
      name: row.name,
      mapping: mappingEntries(JSON.parse(row.mapping_json)),
      updatedAt: row.updated_at,
    }));
  }

  deleteMapping(sourceKey: string): boolean {
    return (
      this.db.prepare('DELETE FROM column_mappings WHERE source_key = ?').run(sourceKey).changes > 0
    );
  }

  saveMapping(sourceKey: string, saved: SavedMapping): void {
    this.sql.saveMapping.run(sourceKey, saved.name, JSON.stringify(saved.mapping), this.now());
  }
}

function toSourceRowDraft(record: SourceRowRecord): SourceRowDraft {
  return {
    id: record.id,
    correlationId: record.correlation_id,
    sourceRow: record.source_row,
    state: record.state,
    remoteStatus: record.remote_status,
    error: record.error_json === null ? null : (JSON.parse(record.error_json) as unknown),
    issues: JSON.parse(record.issues_json) as DraftIssue[],
    source: record.source_json === null ? [] : (JSON.parse(record.source_json) as unknown[]),
    amountMilli: record.amount_milli,
    amountCurrency: record.amount_currency,
    paidTo: {
      payee: record.payee ?? record.target_id,
      account: accountText(record) || null,
    },
    paidOn: record.execution_date,
  };
}

/** A saved mapping's columns, whether it was saved bare or with its options. */
function mappingEntries(json: unknown): SavedMapping['mapping'] {
  const withOptions =
    typeof json === 'object' &&
    json !== null &&
    'mapping' in json &&
    typeof json.mapping === 'object';
  return (withOptions ? (json as { mapping: unknown }).mapping : json) as SavedMapping['mapping'];
}
