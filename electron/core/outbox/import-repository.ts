// The outbox side of a sheet import: drafts written one by one as the sheet streams (inside
// the importer's transaction, so a refused file leaves nothing behind), the sheet's source
// kept with the batch, possible duplicates looked up among the drafts already there, and
// mapping proposals saved per source.
import { randomUUID } from 'node:crypto';
import type { BeneficiaryPutBody, PaymentBody } from '../../../shared/service';
import type { Db } from './database';
import { correlationIdFor, type DraftIssue } from './draft-types';

export interface ImportedDraft {
  sourceRow: number;
  payment: PaymentBody;
  beneficiary?: BeneficiaryPutBody;
  issues: DraftIssue[];
  /** The row's cells as read, for the annotated export. */
  source: readonly unknown[];
  duplicateKey?: string;
  /** The sheet's own correlation id, when it has one that is free. */
  correlationId?: string;
}

export interface SavedMapping {
  name: string;
  mapping: Record<string, string>;
}

export class ImportRepository {
  private readonly sql;

  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.sql = {
      insertBeneficiary: db.prepare(
        `INSERT INTO beneficiary_drafts (id, batch_id, source_row, body_json, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      insertPayment: db.prepare(
        `INSERT INTO payment_drafts (id, correlation_id, batch_id, source_row, beneficiary_draft_id,
           body_json, issues_json, source_json, duplicate_key, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      lastRowid: db.prepare('SELECT coalesce(max(rowid), 0) FROM payment_drafts').pluck(),
      duplicate: db.prepare(
        `SELECT b.name AS batch, p.source_row AS row FROM payment_drafts p
           JOIN batches b ON b.id = p.batch_id
         WHERE p.duplicate_key = ? AND p.rowid <= ? ORDER BY p.rowid LIMIT 1`,
      ),
      correlationTaken: db.prepare('SELECT 1 FROM payment_drafts WHERE correlation_id = ?').pluck(),
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
      setBatchSource: db.prepare('UPDATE batches SET source_json = ? WHERE id = ?'),
      batchSource: db.prepare('SELECT source_json FROM batches WHERE id = ?').pluck(),
      mapping: db.prepare('SELECT name, mapping_json FROM column_mappings WHERE source_key = ?'),
      mappings: db.prepare('SELECT source_key, mapping_json FROM column_mappings'),
      saveMapping: db.prepare(
        `INSERT INTO column_mappings (source_key, name, mapping_json, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (source_key) DO UPDATE SET name = excluded.name,
           mapping_json = excluded.mapping_json, updated_at = excluded.updated_at`,
      ),
    };
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
    const id = randomUUID();
    const correlationId = draft.correlationId ?? correlationIdFor(id);
    let beneficiaryId: string | null = null;
    let payment = draft.payment;
    if (draft.beneficiary) {
      beneficiaryId = randomUUID();
      this.sql.insertBeneficiary.run(
        beneficiaryId,
        batchId,
        draft.sourceRow,
        JSON.stringify(draft.beneficiary),
        now,
        now,
      );
      payment = { ...payment, target: { type: 'contact', id: beneficiaryId } };
    }
    const { correlation_id: _fixed, ...body } = payment;
    this.sql.insertPayment.run(
      id,
      correlationId,
      batchId,
      draft.sourceRow,
      beneficiaryId,
      JSON.stringify(body),
      JSON.stringify(draft.issues),
      JSON.stringify(draft.source),
      draft.duplicateKey ?? null,
      now,
      now,
    );
    return { id, correlationId };
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

  correlationIdTaken(correlationId: string): boolean {
    return this.sql.correlationTaken.get(correlationId) !== undefined;
  }

  setBatchSource(batchId: string, source: unknown): void {
    this.sql.setBatchSource.run(JSON.stringify(source), batchId);
  }

  batchSource<T>(batchId: string): T | undefined {
    const json = this.sql.batchSource.get(batchId) as string | null | undefined;
    return json ? (JSON.parse(json) as T) : undefined;
  }

  savedMapping(sourceKey: string): SavedMapping | undefined {
    const row = this.sql.mapping.get(sourceKey) as
      { name: string; mapping_json: string } | undefined;
    return row
      ? { name: row.name, mapping: JSON.parse(row.mapping_json) as Record<string, string> }
      : undefined;
  }

  /** Every saved mapping by its source key: a handful, one per kind of export a team gets. */
  savedMappings(): Record<string, unknown> {
    const rows = this.sql.mappings.all() as { source_key: string; mapping_json: string }[];
    return Object.fromEntries(rows.map((row) => [row.source_key, JSON.parse(row.mapping_json)]));
  }

  saveMapping(sourceKey: string, saved: SavedMapping): void {
    this.sql.saveMapping.run(sourceKey, saved.name, JSON.stringify(saved.mapping), this.now());
  }
}
