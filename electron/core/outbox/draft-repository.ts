// Payment and beneficiary drafts: bulk creation in one transaction, paging, edits and state
// changes that go through the draft state machine, so that no SQL path can skip its rules.
import type { BeneficiaryPutBody, PaymentBody } from '../../../shared/service';
import { nextDraftState, type DraftEvent, type DraftState } from '../../../shared/domain';
import type { Db } from './database';
import { DraftInsert } from './draft-insert';
import {
  hasBlockingIssues,
  type DraftCounts,
  type DraftIssue,
  type NewPaymentDraft,
  type PaymentDraft,
} from './draft-types';

interface DraftRow {
  id: string;
  correlation_id: string;
  batch_id: string;
  source_row: number | null;
  state: DraftState;
  body_json: string;
  issues_json: string;
  remote_status: string | null;
  error_json: string | null;
  chunk_id: string | null;
  beneficiary_draft_id: string | null;
  beneficiary_body_json: string | null;
  beneficiary_sync_state: string | null;
}

export type Refusal = { id: string; reason: string };

const SELECT_DRAFT = `SELECT p.*, b.body_json AS beneficiary_body_json, b.sync_state AS beneficiary_sync_state
  FROM payment_drafts p LEFT JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id`;

export class DraftRepository {
  private readonly sql;
  private readonly insert: DraftInsert;

  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.insert = new DraftInsert(db);
    this.sql = {
      byId: db.prepare(`${SELECT_DRAFT} WHERE p.id = ?`),
      page: db.prepare(
        `${SELECT_DRAFT} WHERE p.batch_id = ? ORDER BY p.source_row, p.rowid LIMIT ? OFFSET ?`,
      ),
      byState: db.prepare(
        `${SELECT_DRAFT} WHERE p.batch_id = ? AND p.state = ? ORDER BY p.source_row, p.rowid LIMIT ?`,
      ),
      byChunk: db.prepare(`${SELECT_DRAFT} WHERE p.chunk_id = ? ORDER BY p.source_row, p.rowid`),
      setState: db.prepare(`UPDATE payment_drafts SET state = ?, updated_at = ? WHERE id = ?`),
      setBody: db.prepare(
        `UPDATE payment_drafts SET body_json = ?, issues_json = ?, updated_at = ? WHERE id = ?`,
      ),
      setOutcome: db.prepare(
        `UPDATE payment_drafts SET chunk_id = coalesce(?, chunk_id), remote_status = coalesce(?, remote_status),
           remote_json = coalesce(?, remote_json), error_json = ?, updated_at = ? WHERE id = ?`,
      ),
      setStateMany: db.prepare(
        `UPDATE payment_drafts SET state = @next, chunk_id = coalesce(@chunk, chunk_id),
           remote_status = coalesce(@remote, remote_status), updated_at = @now
         WHERE state = @from AND id IN (SELECT value FROM json_each(@ids))`,
      ),
      idsInChunk: db.prepare('SELECT id FROM payment_drafts WHERE chunk_id = ?').pluck(),
      counts: db.prepare(
        `SELECT COUNT(*) AS drafts,
           SUM(issues_json LIKE '%"severity":"error"%') AS with_issues,
           SUM(state = 'approved') AS approved,
           SUM(state IN ('sending', 'submitted', 'accepted')) AS sent,
           SUM(state = 'accepted') AS accepted,
           SUM(state = 'failed') AS failed
         FROM payment_drafts WHERE batch_id = ?`,
      ),
    };
  }

  /** Creates drafts with their identity, in one transaction: all of them or none. */
  create(batchId: string, drafts: NewPaymentDraft[]): PaymentDraft[] {
    const now = this.now();
    const ids = this.db.transaction(() =>
      drafts.map((draft) => this.insert.run(batchId, draft, now).id),
    )();
    return ids.map((id) => this.get(id) as PaymentDraft);
  }

  get(id: string): PaymentDraft | undefined {
    const row = this.sql.byId.get(id) as DraftRow | undefined;
    return row ? toDraft(row) : undefined;
  }

  page(batchId: string, skip = 0, take = 500): PaymentDraft[] {
    return (this.sql.page.all(batchId, take, skip) as DraftRow[]).map(toDraft);
  }

  inState(batchId: string, state: DraftState, limit = 1_000_000): PaymentDraft[] {
    return (this.sql.byState.all(batchId, state, limit) as DraftRow[]).map(toDraft);
  }

  inChunk(chunkId: string): PaymentDraft[] {
    return (this.sql.byChunk.all(chunkId) as DraftRow[]).map(toDraft);
  }

  counts(batchId: string): DraftCounts {
    const row = this.sql.counts.get(batchId) as Record<keyof DraftCounts, number | null>;
    return {
      drafts: row.drafts ?? 0,
      with_issues: row.with_issues ?? 0,
      approved: row.approved ?? 0,
      sent: row.sent ?? 0,
      accepted: row.accepted ?? 0,
      failed: row.failed ?? 0,
    };
  }

  /** Changes a draft's payment fields; refused once it has been sent. */
  edit(
    id: string,
    payment: PaymentBody,
    issues: DraftIssue[],
  ): { ok: true; draft: PaymentDraft } | { ok: false; reason: string } {
    return this.db.transaction(() => {
      const draft = this.get(id);
      if (!draft) return { ok: false as const, reason: `no draft ${id}` };
      const next = nextDraftState(draft.state, { type: 'edit' });
      if (!next.ok) return { ok: false as const, reason: next.reason };
      const { correlation_id: _fixed, ...body } = payment;
      this.sql.setBody.run(JSON.stringify(body), JSON.stringify(issues), this.now(), id);
      this.sql.setState.run(next.state, this.now(), id);
      return { ok: true as const, draft: this.get(id) as PaymentDraft };
    })();
  }

  /** Approves drafts; those with blocking issues or past approval are refused, with why. */
  approve(ids: string[]): { approved: number; refused: Refusal[] } {
    return this.db.transaction(() => {
      const refused: Refusal[] = [];
      let approved = 0;
      for (const id of ids) {
        const draft = this.get(id);
        if (!draft) refused.push({ id, reason: 'no such draft' });
        else if (hasBlockingIssues(draft.issues))
          refused.push({
            id,
            reason: `row ${draft.sourceRow ?? '?'} has issues to fix first: ${draft.issues
              .filter((i) => i.severity === 'error')
              .map((i) => i.message)
              .join('; ')}`,
          });
        else {
          const result = this.transition(draft, { type: 'approve' });
          if (result.ok) approved += 1;
          else refused.push({ id, reason: result.reason });
        }
      }
      return { approved, refused };
    })();
  }

  /** Applies an event through the state machine; the caller owns the surrounding transaction. */
  transition(
    draft: Pick<PaymentDraft, 'id' | 'state'>,
    event: DraftEvent,
  ): { ok: true; state: DraftState } | { ok: false; reason: string } {
    const next = nextDraftState(draft.state, event);
    if (next.ok) this.sql.setState.run(next.state, this.now(), draft.id);
    return next;
  }

  /**
   * The same event for many drafts in one statement: the state machine decides the next state
   * once, and only drafts still in `from` move. A chunk of 500 is one UPDATE, not 500.
   */
  transitionMany(
    ids: string[],
    from: DraftState,
    event: DraftEvent,
    outcome: { chunkId?: string; remoteStatus?: string } = {},
  ): number {
    const next = nextDraftState(from, event);
    if (!next.ok) throw new Error(next.reason);
    return this.sql.setStateMany.run({
      next: next.state,
      chunk: outcome.chunkId ?? null,
      remote: outcome.remoteStatus ?? null,
      now: this.now(),
      from,
      ids: JSON.stringify(ids),
    }).changes;
  }

  idsInChunk(chunkId: string): string[] {
    return this.sql.idsInChunk.all(chunkId) as string[];
  }

  recordOutcome(
    id: string,
    outcome: { chunkId?: string; remoteStatus?: string; remote?: unknown; error?: unknown },
  ): void {
    this.sql.setOutcome.run(
      outcome.chunkId ?? null,
      outcome.remoteStatus ?? null,
      outcome.remote === undefined ? null : JSON.stringify(outcome.remote),
      outcome.error === undefined ? null : JSON.stringify(outcome.error),
      this.now(),
      id,
    );
  }
}

function toDraft(row: DraftRow): PaymentDraft {
  return {
    id: row.id,
    correlationId: row.correlation_id,
    batchId: row.batch_id,
    sourceRow: row.source_row,
    state: row.state,
    payment: JSON.parse(row.body_json) as PaymentBody,
    beneficiary:
      row.beneficiary_draft_id && row.beneficiary_body_json
        ? {
            id: row.beneficiary_draft_id,
            body: JSON.parse(row.beneficiary_body_json) as BeneficiaryPutBody,
            syncState: row.beneficiary_sync_state ?? 'draft',
          }
        : null,
    issues: JSON.parse(row.issues_json) as DraftIssue[],
    remoteStatus: row.remote_status,
    error: row.error_json === null ? null : (JSON.parse(row.error_json) as unknown),
    chunkId: row.chunk_id,
  };
}
