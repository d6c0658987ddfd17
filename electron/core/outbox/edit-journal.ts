// The journal that lets the last edits be undone: before an edit, a bulk edit or a deletion,
// each draft it touches is copied, row and new beneficiary, into draft_edits under one
// operation id, in SQL (a bulk edit of 100,000 drafts copies them without reading one into
// memory). Undo puts the newest operation's copies back, but never over a draft that has been
// sent since: what the service may hold is not rewritten.
import { randomUUID } from 'node:crypto';
import { DRAFT_STATES, isEditable } from '../../../shared/domain/draft-state';
import type { Db } from './database';
import type { SqlPart } from './draft-filters';
import { indexWrittenPayments } from './payee-index';

const DRAFT_COLUMNS = [
  'id',
  'correlation_id',
  'batch_id',
  'source_row',
  'beneficiary_draft_id',
  'body_json',
  'issues_json',
  'state',
  'chunk_id',
  'remote_status',
  'remote_json',
  'error_json',
  'created_at',
  'updated_at',
  'source_json',
  'duplicate_key',
  'error_count',
  'warning_count',
  'amount_milli',
  'amount_currency',
  'payee',
  'execution_date',
  'search_text',
  'service_approved',
] as const;
const BENEFICIARY_COLUMNS = [
  'id',
  'batch_id',
  'source_row',
  'body_json',
  'existing',
  'issues_json',
  'sync_state',
  'remote_status',
  'error_json',
  'created_at',
  'updated_at',
] as const;

const asJson = (alias: string, columns: readonly string[]) =>
  `json_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(', ')})`;
const fromJson = (path: string, columns: readonly string[]) =>
  columns.map((c) => `json_extract(e.before_json, '$.${path}.${c}')`).join(', ');

/** Operations kept per batch: undo reaches this far back. */
const KEPT_OPERATIONS = 20;

/** States a draft may be put back into: those whose payment has not left. */
const EDITABLE_STATES = DRAFT_STATES.filter(isEditable);
const EDITABLE_LIST = EDITABLE_STATES.map((state) => `'${state}'`).join(', ');

export interface JournalOperation {
  opId: string;
  label: string;
  kind: 'edit' | 'delete';
}

export class EditJournal {
  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /** Copies the drafts `where` finds (over payment_drafts `p`), before `kind` changes them. */
  record(
    batchId: string,
    kind: 'edit' | 'delete',
    label: string,
    where: SqlPart,
  ): JournalOperation {
    const opId = randomUUID();
    this.db
      .prepare(
        `INSERT INTO draft_edits (op_id, batch_id, draft_id, kind, label, before_json, at)
         SELECT ?, p.batch_id, p.id, ?, ?, json_object('p', ${asJson('p', DRAFT_COLUMNS)},
           'b', CASE WHEN b.id IS NULL THEN NULL ELSE ${asJson('b', BENEFICIARY_COLUMNS)} END), ?
         FROM payment_drafts p LEFT JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
         WHERE ${where.sql}`,
      )
      .run(opId, kind, label, this.now(), ...where.params);
    this.db
      .prepare(
        `DELETE FROM draft_edits WHERE batch_id = ? AND op_id NOT IN (
           SELECT op_id FROM draft_edits WHERE batch_id = ? GROUP BY op_id
           ORDER BY max(seq) DESC LIMIT ${KEPT_OPERATIONS})`,
      )
      .run(batchId, batchId);
    return { opId, label, kind };
  }

  /** Forgets an operation that turned out to change nothing. */
  discard(opId: string): void {
    this.db.prepare('DELETE FROM draft_edits WHERE op_id = ?').run(opId);
  }

  latest(batchId: string): JournalOperation | undefined {
    const row = this.db
      .prepare(
        `SELECT op_id, label, kind FROM draft_edits WHERE batch_id = ? ORDER BY seq DESC LIMIT 1`,
      )
      .get(batchId) as { op_id: string; label: string; kind: 'edit' | 'delete' } | undefined;
    return row ? { opId: row.op_id, label: row.label, kind: row.kind } : undefined;
  }

  /**
   * Puts an operation's drafts back as they were, in the caller's transaction; a draft sent
   * since is left as it is. Returns how many were put back and how many were left.
   */
  restore(operation: JournalOperation): { restored: number; left: number } {
    const op = operation.opId;
    const total = this.db
      .prepare('SELECT COUNT(*) FROM draft_edits WHERE op_id = ?')
      .pluck()
      .get(op) as number;
    let restored: number;
    if (operation.kind === 'delete') {
      this.db
        .prepare(
          `INSERT OR IGNORE INTO beneficiary_drafts (${BENEFICIARY_COLUMNS.join(', ')})
           SELECT ${fromJson('b', BENEFICIARY_COLUMNS)} FROM draft_edits e
           WHERE e.op_id = ? AND json_extract(e.before_json, '$.b') IS NOT NULL`,
        )
        .run(op);
      restored = this.db
        .prepare(
          `INSERT OR IGNORE INTO payment_drafts (${DRAFT_COLUMNS.join(', ')})
           SELECT ${fromJson('p', DRAFT_COLUMNS)} FROM draft_edits e WHERE e.op_id = ?`,
        )
        .run(op).changes;
      indexWrittenPayments(this.db, {
        sql: 'p.id IN (SELECT draft_id FROM draft_edits WHERE op_id = ?)',
        params: [op],
      });
    } else {
      const restoredColumns = DRAFT_COLUMNS.filter((c) => c !== 'id' && c !== 'batch_id');
      restored = this.db
        .prepare(
          `UPDATE payment_drafts AS p SET (${restoredColumns.join(', ')}) = (
             SELECT ${fromJson('p', restoredColumns)} FROM draft_edits e
             WHERE e.op_id = @op AND e.draft_id = p.id)
           WHERE p.id IN (SELECT draft_id FROM draft_edits WHERE op_id = @op)
             AND p.state IN (${EDITABLE_LIST})`,
        )
        .run({ op }).changes;
      this.db
        .prepare(
          `UPDATE beneficiary_drafts AS b SET (body_json, sync_state, error_json, updated_at) = (
             SELECT json_extract(e.before_json, '$.b.body_json'),
               json_extract(e.before_json, '$.b.sync_state'),
               json_extract(e.before_json, '$.b.error_json'),
               json_extract(e.before_json, '$.b.updated_at')
             FROM draft_edits e WHERE e.op_id = @op AND json_extract(e.before_json, '$.b.id') = b.id)
           WHERE b.id IN (
             SELECT p.beneficiary_draft_id FROM draft_edits e JOIN payment_drafts p ON p.id = e.draft_id
             WHERE e.op_id = @op AND p.state IN (${EDITABLE_LIST}))`,
        )
        .run({ op });
    }
    this.discard(op);
    return { restored, left: total - restored };
  }
}
