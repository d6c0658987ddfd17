// The journal that lets the last edits be undone: before an edit, a bulk edit or a deletion,
// each draft it touches is copied, row and new beneficiary, into draft_edits under one
// operation id, in SQL (a bulk edit of 100,000 drafts copies them without reading one into
// memory); a sheet added to a batch names the drafts it added, which its undo deletes. Undo puts the newest operation's copies back, but never over a draft that has been
// sent since: what the service may hold is not rewritten. A long operation (deleting 100,000
// drafts) records and is undone a step at a time, each step a transaction of its own, all under
// one operation: a step restored leaves the journal, so an undo stopped halfway goes on where
// it stopped.
import { randomUUID } from 'node:crypto';
import type { DraftIssue } from '../../../shared/domain/draft';
import { DRAFT_STATES, isEditable, type DraftState } from '../../../shared/domain/draft-state';
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

/**
 * A draft not sent since it was edited, over its journal entry `e`: an edit leaves a draft
 * `draft`, and only approval moves it on without sending it; a draft sent has a chunk, and one
 * failed, retried and approved again keeps it. One sent since is left as it is: put back, a
 * failed one would lose its failure and could be sent again without a retry.
 */
const UNSENT_STATES: readonly DraftState[] = ['draft', 'approved'];
const UNSENT_SINCE = `p.state IN (${UNSENT_STATES.map((state) => `'${state}'`).join(', ')})
  AND p.chunk_id IS json_extract(e.before_json, '$.p.chunk_id')`;

/** One step of an undo. */
export interface JournalStep {
  /** Drafts put back as they were. */
  restored: number;
  /** Drafts left as they are: sent since. */
  left: number;
  /** Of those put back, drafts approved since the edit: drafts again. */
  unapproved: number;
  /** Whether the operation is wholly undone. */
  done: boolean;
  /** The step's drafts, put back or left. */
  ids: string[];
}

export type JournalKind = 'edit' | 'delete' | 'append';

export interface JournalOperation {
  opId: string;
  batchId: string;
  label: string;
  kind: JournalKind;
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
    const operation = { opId: randomUUID(), batchId, label, kind };
    this.recordMore(operation, where);
    this.keepLatest(batchId);
    return operation;
  }

  /**
   * Names the drafts of `stagingId` (a sheet staged to be added) as added to `batchId` from
   * sheet row `firstRow` on, before they move there: one operation, whose undo deletes them.
   */
  recordAppended(batchId: string, stagingId: string, label: string, firstRow: number): void {
    this.db
      .prepare(
        `INSERT INTO draft_edits (op_id, batch_id, draft_id, kind, label, before_json, at)
         SELECT ?, ?, p.id, 'append', ?, json_object('first_row', ?), ?
         FROM payment_drafts p WHERE p.batch_id = ?`,
      )
      .run(randomUUID(), batchId, label, firstRow, this.now(), stagingId);
    this.keepLatest(batchId);
  }

  /** Where the sheet an append operation added begins (its first row in the batch). */
  appendedFrom(operation: JournalOperation): number | undefined {
    const row = this.db
      .prepare(
        `SELECT json_extract(before_json, '$.first_row') FROM draft_edits
         WHERE batch_id = ? AND op_id = ? LIMIT 1`,
      )
      .pluck()
      .get(operation.batchId, operation.opId) as number | null | undefined;
    return row ?? undefined;
  }

  private keepLatest(batchId: string): void {
    this.db
      .prepare(
        `DELETE FROM draft_edits WHERE batch_id = ? AND op_id NOT IN (
           SELECT op_id FROM draft_edits WHERE batch_id = ? GROUP BY op_id
           ORDER BY max(seq) DESC LIMIT ${KEPT_OPERATIONS})`,
      )
      .run(batchId, batchId);
  }

  /** Copies more drafts under an operation already recorded: its next step. */
  recordMore(operation: JournalOperation, where: SqlPart): void {
    const { opId, kind, label } = operation;
    this.db
      .prepare(
        `INSERT INTO draft_edits (op_id, batch_id, draft_id, kind, label, before_json, at)
         SELECT ?, p.batch_id, p.id, ?, ?, json_object('p', ${asJson('p', DRAFT_COLUMNS)},
           'b', CASE WHEN b.id IS NULL THEN NULL ELSE ${asJson('b', BENEFICIARY_COLUMNS)} END), ?
         FROM payment_drafts p LEFT JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
         WHERE ${where.sql}`,
      )
      .run(opId, kind, label, this.now(), ...where.params);
  }

  /** How many drafts an operation holds still to put back. */
  size(operation: JournalOperation): number {
    return this.db
      .prepare('SELECT count(*) FROM draft_edits WHERE batch_id = ? AND op_id = ?')
      .pluck()
      .get(operation.batchId, operation.opId) as number;
  }

  latest(batchId: string): JournalOperation | undefined {
    const row = this.db
      .prepare(
        `SELECT op_id, label, kind FROM draft_edits WHERE batch_id = ? ORDER BY seq DESC LIMIT 1`,
      )
      .get(batchId) as { op_id: string; label: string; kind: JournalKind } | undefined;
    return row ? { opId: row.op_id, batchId, label: row.label, kind: row.kind } : undefined;
  }

  /**
   * Whether undoing an operation would put anything back: a deletion always (its drafts come
   * back), an edit or an added sheet while one of its drafts is not yet sent (a sent one is left
   * as it is).
   */
  putsBack(operation: JournalOperation): boolean {
    if (operation.kind === 'delete') return true;
    const editable = DRAFT_STATES.filter(isEditable);
    return (
      this.db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM draft_edits e JOIN payment_drafts p ON p.id = e.draft_id
             WHERE e.batch_id = ? AND e.op_id = ?
               AND p.state IN (${editable.map(() => '?').join(', ')}))`,
        )
        .pluck()
        .get(operation.batchId, operation.opId, ...editable) === 1
    );
  }

  /** The drafts the next `limit` of an operation to put back are (restoreStep's next step). */
  nextStepIds(operation: JournalOperation, limit: number): string[] {
    return this.db
      .prepare(
        `SELECT draft_id FROM draft_edits WHERE batch_id = ? AND op_id = ? ORDER BY seq LIMIT ?`,
      )
      .pluck()
      .all(operation.batchId, operation.opId, limit) as string[];
  }

  /**
   * Puts back the next `limit` drafts of an operation as they were, in the caller's transaction,
   * and takes them out of the journal; a draft sent since is left as it is.
   */
  restoreStep(operation: JournalOperation, limit: number): JournalStep {
    const step = this.db
      .prepare(
        `SELECT count(*) AS total, min(seq) AS first, max(seq) AS upto FROM (SELECT seq
         FROM draft_edits WHERE batch_id = ? AND op_id = ? ORDER BY seq LIMIT ?)`,
      )
      .get(operation.batchId, operation.opId, limit) as {
      total: number;
      first: number | null;
      upto: number | null;
    };
    if (step.total === 0) return { restored: 0, left: 0, unapproved: 0, done: true, ids: [] };
    const at = { op: operation.opId, batch: operation.batchId, first: step.first, upto: step.upto };
    // The step's entries, by the journal's index on operation (migration 009).
    const entries = 'e.batch_id = @batch AND e.op_id = @op AND e.seq BETWEEN @first AND @upto';
    let restored: number;
    let unapproved = 0;
    if (operation.kind === 'append') {
      restored = this.deleteAppended(entries, at);
    } else if (operation.kind === 'delete') {
      this.db
        .prepare(
          `INSERT OR IGNORE INTO beneficiary_drafts (${BENEFICIARY_COLUMNS.join(', ')})
           SELECT ${fromJson('b', BENEFICIARY_COLUMNS)} FROM draft_edits e
           WHERE ${entries} AND json_extract(e.before_json, '$.b') IS NOT NULL`,
        )
        .run(at);
      restored = this.db
        .prepare(
          `INSERT OR IGNORE INTO payment_drafts (${DRAFT_COLUMNS.join(', ')})
           SELECT ${fromJson('p', DRAFT_COLUMNS)} FROM draft_edits e WHERE ${entries}`,
        )
        .run(at).changes;
      indexWrittenPayments(this.db, {
        sql: `p.id IN (SELECT draft_id FROM draft_edits e
          WHERE e.batch_id = ? AND e.op_id = ? AND e.seq BETWEEN ? AND ?)`,
        params: [at.batch, at.op, at.first, at.upto],
      });
      // Back as drafts, their rows are no longer deleted ones.
      this.db
        .prepare(
          `DELETE FROM deleted_rows WHERE batch_id = @batch AND source_row IN (
             SELECT json_extract(e.before_json, '$.p.source_row') FROM draft_edits e
             WHERE ${entries})`,
        )
        .run(at);
    } else {
      // A payee the edit did not change keeps what the service said of it since (a verdict, or
      // that it holds it), and so do its payments: their issues from the service are kept over
      // the ones put back. One it changed gets its details back as a draft, to be sent anew: the
      // service may hold the details of the edit by now.
      const verdicts = this.db
        .prepare(
          `SELECT p.id, p.issues_json AS issues FROM draft_edits AS e
           JOIN payment_drafts AS p ON p.id = e.draft_id
           JOIN beneficiary_drafts AS b ON b.id = p.beneficiary_draft_id
           WHERE ${entries} AND ${UNSENT_SINCE}
             AND p.issues_json LIKE '%"service"%'
             AND json(b.body_json) IS json(json_extract(e.before_json, '$.b.body_json'))
             AND EXISTS (SELECT 1 FROM json_each(p.issues_json) AS i
               WHERE json_extract(i.value, '$.source') = 'service')`,
        )
        .all(at) as { id: string; issues: string }[];
      this.db
        .prepare(
          `UPDATE beneficiary_drafts AS b SET (body_json, sync_state, error_json, updated_at) = (
             json_extract(e.before_json, '$.b.body_json'), 'draft', NULL,
             json_extract(e.before_json, '$.b.updated_at'))
           FROM draft_edits AS e JOIN payment_drafts AS p ON p.id = e.draft_id
           WHERE ${entries} AND b.id = json_extract(e.before_json, '$.b.id')
             AND ${UNSENT_SINCE}
             AND json(b.body_json) IS NOT json(json_extract(e.before_json, '$.b.body_json'))`,
        )
        .run(at);
      // Approved since the edit, and not before it: put back, they are drafts again, which the
      // person is told, since the approval was given to what the edit made.
      unapproved = this.db
        .prepare(
          `SELECT count(*) FROM draft_edits AS e JOIN payment_drafts AS p ON p.id = e.draft_id
           WHERE ${entries} AND ${UNSENT_SINCE} AND p.state = 'approved'
             AND json_extract(e.before_json, '$.p.state') IS NOT 'approved'`,
        )
        .pluck()
        .get(at) as number;
      // Each entry finds its draft by primary key (UPDATE … FROM): a subquery per draft would
      // read the step's entries once per draft.
      const restoredColumns = DRAFT_COLUMNS.filter((c) => c !== 'id' && c !== 'batch_id');
      restored = this.db
        .prepare(
          `UPDATE payment_drafts AS p SET (${restoredColumns.join(', ')}) =
             (${fromJson('p', restoredColumns)})
           FROM draft_edits AS e
           WHERE ${entries} AND p.id = e.draft_id AND ${UNSENT_SINCE}`,
        )
        .run(at).changes;
      this.keepServiceIssues(verdicts);
    }
    const ids = this.db
      .prepare(`SELECT e.draft_id FROM draft_edits AS e WHERE ${entries}`)
      .pluck()
      .all(at) as string[];
    this.db
      .prepare(
        'DELETE FROM draft_edits WHERE batch_id = @batch AND op_id = @op AND seq BETWEEN @first AND @upto',
      )
      .run(at);
    return { restored, left: step.total - restored, unapproved, done: step.total < limit, ids };
  }

  /**
   * The drafts a sheet added, deleted with the new beneficiaries made for them, unless sent
   * since (state and chunk as the sheet left them: a draft, approved or not, never sent); how
   * many. Their rows go whole: they were never part of the batch before the sheet came.
   */
  private deleteAppended(
    entries: string,
    at: { op: string; batch: string; first: number | null; upto: number | null },
  ): number {
    const unsent = `p.id IN (SELECT e.draft_id FROM draft_edits e WHERE ${entries})
      AND p.state IN (${UNSENT_STATES.map((state) => `'${state}'`).join(', ')})
      AND p.chunk_id IS NULL`;
    const beneficiaries = this.db
      .prepare(
        `SELECT json_group_array(p.beneficiary_draft_id) FROM payment_drafts p
         WHERE ${unsent} AND p.beneficiary_draft_id IS NOT NULL`,
      )
      .pluck()
      .get(at) as string;
    const deleted = this.db
      .prepare(`DELETE FROM payment_drafts AS p WHERE ${unsent}`)
      .run(at).changes;
    this.db
      .prepare(
        `DELETE FROM beneficiary_drafts WHERE id IN (SELECT value FROM json_each(?))
           AND id NOT IN (SELECT beneficiary_draft_id FROM payment_drafts
             WHERE beneficiary_draft_id IS NOT NULL)`,
      )
      .run(beneficiaries);
    return deleted;
  }

  /**
   * Drafts put back, each with the service's issues it had before (`issues`, as JSON) in place
   * of those put back; an error among them takes it back from approval, as it did when the
   * service said it.
   */
  private keepServiceIssues(verdicts: readonly { id: string; issues: string }[]): void {
    if (verdicts.length === 0) return;
    const read = this.db.prepare('SELECT issues_json FROM payment_drafts WHERE id = ?').pluck();
    const write = this.db.prepare(
      `UPDATE payment_drafts SET issues_json = @issues, error_count = @errors,
         warning_count = @warnings,
         state = CASE WHEN state = 'approved' AND @errors > 0 THEN 'draft' ELSE state END
       WHERE id = @id`,
    );
    const fromService = (issue: Issue) => issue.source === 'service';
    for (const { id, issues: before } of verdicts) {
      const put = read.get(id) as string | undefined;
      if (put === undefined) continue;
      const issues = [
        ...(JSON.parse(put) as Issue[]).filter((issue) => !fromService(issue)),
        ...(JSON.parse(before) as Issue[]).filter(fromService),
      ];
      const errors = issues.filter((issue) => issue.severity === 'error').length;
      write.run({ issues: JSON.stringify(issues), errors, warnings: issues.length - errors, id });
    }
  }
}

type Issue = Pick<DraftIssue, 'source' | 'severity'>;
