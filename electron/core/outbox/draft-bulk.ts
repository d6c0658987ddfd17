// State changes and deletions over a selection of a batch's drafts, each one SQL statement
// over the columns beside the drafts: approving 200,000 drafts reads none of them into memory.
// Which states may move is the state machine's to say; what is refused is counted by reason,
// with the first few drafts named.
import type { Selection } from '../../../shared/desk/drafts';
import type { Refusal } from '../../../shared/desk/common';
import {
  DRAFT_STATES,
  isEditable,
  nextDraftState,
  type DraftEvent,
  type DraftState,
} from '../../../shared/domain/draft-state';
import type { Db } from './database';
import { draftsNamed, selectionSql, type SqlPart } from './draft-filters';
import type { DraftIssue } from '../../../shared/domain/draft';

/** Drafts named by a refusal: enough to act on, never a list as long as the batch. */
export const REFUSALS_NAMED = 100;

export interface ApprovalOutcome {
  approved: number;
  refused_total: number;
  refused: Refusal[];
  refused_for: { errors: number; warnings: number; state: number };
}

/** The states an event moves a draft out of (staying put is not a move). */
function statesMovedBy(event: DraftEvent): DraftState[] {
  return DRAFT_STATES.filter((state) => {
    const next = nextDraftState(state, event);
    return next.ok && next.state !== state;
  });
}

const list = (states: readonly string[]) => states.map((s) => `'${s}'`).join(', ');

export class DraftBulk {
  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /**
   * Approves the selected drafts that may be approved and have no errors; drafts with warnings
   * only when `includeWarnings` says they were looked at. A filter selects the drafts it finds
   * that are not yet approved; ids name drafts, and any that cannot move is refused.
   */
  approve(batchId: string, selection: Selection, includeWarnings: boolean): ApprovalOutcome {
    const where = selectionSql(batchId, selection);
    const from = statesMovedBy({ type: 'approve' });
    const movable = `p.state IN (${list(from)})`;
    const refusedWhere = (condition: string): SqlPart => ({
      sql: `${where.sql} AND ${movable} AND ${condition}`,
      params: where.params,
    });
    const errors = refusedWhere('p.error_count > 0');
    const warnings = refusedWhere('p.error_count = 0 AND p.warning_count > 0');
    // A filter finds drafts already sent too: they are not what was asked about. Ids and sheet
    // rows name drafts, and one that cannot move is said.
    const stateRefused: SqlPart | undefined =
      'ids' in selection || 'rows' in selection
        ? {
            sql: `${where.sql} AND p.state NOT IN (${list([...from, 'approved'])})`,
            params: where.params,
          }
        : undefined;
    const counts = {
      errors: this.count(errors),
      warnings: includeWarnings ? 0 : this.count(warnings),
      state: stateRefused ? this.count(stateRefused) : 0,
    };
    const refused = [
      ...this.named(errors, 'errors'),
      ...(includeWarnings ? [] : this.named(warnings, 'warnings')),
      ...(stateRefused ? this.named(stateRefused, 'state') : []),
    ].slice(0, REFUSALS_NAMED);
    const approved = this.db
      .prepare(
        `UPDATE payment_drafts AS p SET state = 'approved', updated_at = ?
         WHERE ${where.sql} AND ${movable} AND p.error_count = 0
           ${includeWarnings ? '' : 'AND p.warning_count = 0'}`,
      )
      .run(this.now(), ...where.params).changes;
    return {
      approved,
      refused_total: counts.errors + counts.warnings + counts.state,
      refused,
      refused_for: counts,
    };
  }

  /** Approved drafts back to `draft`; named ones that are past approval are refused. */
  unapprove(
    batchId: string,
    selection: Selection,
  ): { unapproved: number; refused_total: number; refused: Refusal[] } {
    const where = selectionSql(batchId, selection);
    const from = statesMovedBy({ type: 'unapprove' });
    const stateRefused: SqlPart | undefined =
      'ids' in selection || 'rows' in selection
        ? {
            sql: `${where.sql} AND p.state NOT IN (${list([...from, 'draft', 'failed'])})`,
            params: where.params,
          }
        : undefined;
    const refused_total = stateRefused ? this.count(stateRefused) : 0;
    const refused = stateRefused ? this.named(stateRefused, 'state') : [];
    const unapproved = this.db
      .prepare(
        `UPDATE payment_drafts AS p SET state = 'draft', updated_at = ?
         WHERE ${where.sql} AND p.state IN (${list(from)})`,
      )
      .run(this.now(), ...where.params).changes;
    return { unapproved, refused_total, refused };
  }

  /** The selected drafts whose payment has not left, as a WHERE clause. */
  editable(batchId: string, selection: Selection): SqlPart {
    const where = selectionSql(batchId, selection);
    return {
      sql: `${where.sql} AND p.state IN (${list(DRAFT_STATES.filter(isEditable))})`,
      params: where.params,
    };
  }

  /** The selected drafts whose payment has left: they can no longer change. */
  sent(batchId: string, selection: Selection): { total: number; refused: Refusal[] } {
    const where = selectionSql(batchId, selection);
    const sent: SqlPart = {
      sql: `${where.sql} AND p.state NOT IN (${list(DRAFT_STATES.filter(isEditable))})`,
      params: where.params,
    };
    return { total: this.count(sent), refused: this.named(sent, 'state') };
  }

  /**
   * The first `limit` drafts `where` finds, named by their ids: one step of a long operation,
   * the very same drafts for each statement of the step.
   */
  firstOf(where: SqlPart, limit: number): SqlPart {
    const ids = this.db
      .prepare(`SELECT p.id FROM payment_drafts p WHERE ${where.sql} LIMIT ?`)
      .pluck()
      .all(...where.params, limit);
    return draftsNamed(ids as string[]);
  }

  /** The duplicate keys of the drafts `where` finds, each once. */
  duplicateKeys(where: SqlPart): string[] {
    return this.db
      .prepare(
        `SELECT DISTINCT p.duplicate_key FROM payment_drafts p
         WHERE ${where.sql} AND p.duplicate_key IS NOT NULL`,
      )
      .pluck()
      .all(...where.params) as string[];
  }

  /**
   * Deletes the drafts `where` finds, with the new beneficiaries made for them alone. The sheet
   * rows they were imported from are kept (migration 010), for the results export.
   */
  delete(where: SqlPart): number {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO deleted_rows (batch_id, source_row, source_json)
         SELECT p.batch_id, p.source_row, p.source_json FROM payment_drafts p
         WHERE ${where.sql} AND p.source_row IS NOT NULL AND p.source_json IS NOT NULL`,
      )
      .run(...where.params);
    const beneficiaries = this.db
      .prepare(
        `SELECT json_group_array(p.beneficiary_draft_id) FROM payment_drafts p
         WHERE ${where.sql} AND p.beneficiary_draft_id IS NOT NULL`,
      )
      .pluck()
      .get(...where.params) as string;
    const deleted = this.db
      .prepare(`DELETE FROM payment_drafts AS p WHERE ${where.sql}`)
      .run(...where.params).changes;
    this.db
      .prepare('DELETE FROM beneficiary_drafts WHERE id IN (SELECT value FROM json_each(?))')
      .run(beneficiaries);
    return deleted;
  }

  /**
   * The ids or sheet rows a selection names that the batch holds no draft of (none for a
   * filter, which names nothing): how many, and the first few in the order they sort.
   */
  absent(
    batchId: string,
    selection: Selection,
    named: number,
  ): { total: number; first: (string | number)[] } {
    if ('filter' in selection) return { total: 0, first: [] };
    const [asked, column] =
      'rows' in selection ? [selection.rows, 'source_row'] : [selection.ids, 'id'];
    const missing = `SELECT a.value FROM (SELECT DISTINCT value FROM json_each(?)) AS a
      WHERE NOT EXISTS (SELECT 1 FROM payment_drafts p WHERE p.batch_id = ? AND p.${column} = a.value)`;
    const params = [JSON.stringify(asked), batchId];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM (${missing})`)
      .pluck()
      .get(...params) as number;
    const first =
      total === 0
        ? []
        : (this.db
            .prepare(`${missing} ORDER BY a.value LIMIT ?`)
            .pluck()
            .all(...params, named) as (string | number)[]);
    return { total, first };
  }

  count(where: SqlPart): number {
    return this.db
      .prepare(`SELECT COUNT(*) FROM payment_drafts p WHERE ${where.sql}`)
      .pluck()
      .get(...where.params) as number;
  }

  /** The first drafts `where` finds, each with why it was refused. */
  private named(where: SqlPart, why: 'errors' | 'warnings' | 'state'): Refusal[] {
    const rows = this.db
      .prepare(
        `SELECT p.id, p.source_row, p.state, p.issues_json FROM payment_drafts p
         WHERE ${where.sql} ORDER BY p.source_row, p.rowid LIMIT ${REFUSALS_NAMED}`,
      )
      .all(...where.params) as {
      id: string;
      source_row: number | null;
      state: DraftState;
      issues_json: string;
    }[];
    return rows.map((row) => ({
      id: row.id,
      row: row.source_row,
      reason: refusalReason(row.source_row, row.state, JSON.parse(row.issues_json), why),
      for: why,
    }));
  }
}

function refusalReason(
  row: number | null,
  state: DraftState,
  issues: DraftIssue[],
  why: 'errors' | 'warnings' | 'state',
): string {
  const which = row === null ? 'this draft' : `row ${row}`;
  if (why === 'state') {
    return `${which} is ${state}: its payment was sent to the service and can no longer change`;
  }
  const severity = why === 'errors' ? 'error' : 'warning';
  const messages = issues.filter((i) => i.severity === severity).map((i) => i.message);
  return why === 'errors'
    ? `${which} has errors to fix first: ${messages.join('; ')}`
    : `${which} has warnings to look at first: ${messages.join('; ')}; approve it with its warnings acknowledged once checked`;
}
