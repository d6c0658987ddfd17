// Payment and beneficiary drafts: creation with their identity, reads one at a time or by
// chunk, and the state changes of a sync, each through the draft state machine, so that no SQL
// path can skip its rules. Windows, counts and bulk changes over a whole batch are in
// draft-queries.ts and draft-bulk.ts; they never read a batch into memory.
import type { Draft } from '../../../shared/desk/drafts';
import type { DraftContent, DraftIssue } from '../../../shared/domain/draft';
import {
  nextDraftState,
  type DraftEvent,
  type DraftState,
} from '../../../shared/domain/draft-state';
import { draftColumns, type DraftColumns } from './draft-columns';
import { DraftContentUpdate, type ContentColumns } from './draft-content-update';
import type { Db } from './database';
import { DraftBulk } from './draft-bulk';
import type { SqlPart } from './draft-filters';
import { DraftInsert } from './draft-insert';
import { DRAFT_SELECT, toDraft, type DraftRow } from './draft-rows';
import type { NewPaymentDraft } from './draft-types';
import { indexWrittenPayments } from './payee-index';

export type Refusal = { id: string; reason: string };

export class DraftRepository {
  private readonly sql;
  private readonly insert: DraftInsert;
  private readonly contentUpdate: DraftContentUpdate;

  constructor(
    private readonly db: Db,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.insert = new DraftInsert(db);
    this.contentUpdate = new DraftContentUpdate(db);
    this.sql = {
      byId: db.prepare(`${DRAFT_SELECT} WHERE p.id = ?`),
      lastRowid: db.prepare('SELECT coalesce(max(rowid), 0) FROM payment_drafts').pluck(),
      page: db.prepare(
        `${DRAFT_SELECT} WHERE p.batch_id = ? ORDER BY p.source_row, p.rowid LIMIT ? OFFSET ?`,
      ),
      // In the order the figures index holds them (currency, then issues): a sync takes the
      // next chunk of approved drafts without sorting a batch of 100,000 to find it.
      byState: db.prepare(`${DRAFT_SELECT} WHERE p.batch_id = ? AND p.state = ? LIMIT ?`),
      // Prepared once: a bulk edit of a date asks it for every draft it changes.
      firstWithKey: db.prepare(
        `SELECT b.id AS batch_id, b.name AS batch, p.source_row AS row FROM payment_drafts p
         JOIN batches b ON b.id = p.batch_id WHERE p.duplicate_key = ? AND p.id <> ?
         ORDER BY p.rowid LIMIT 1`,
      ),
      withTwins: db
        .prepare(
          `SELECT p.id FROM payment_drafts p WHERE p.id IN (SELECT value FROM json_each(?))
             AND p.state IN ('draft', 'approved') AND p.duplicate_key IS NOT NULL
             AND EXISTS (SELECT 1 FROM payment_drafts q
               WHERE q.duplicate_key = p.duplicate_key AND q.id <> p.id)`,
        )
        .pluck(),
      // Drafts not yet sent, of any batch, whose key a draft of this batch sent has too: each
      // found by the key's index from the batch's sent drafts.
      unsentTwinsOfSent: db.prepare(
        `SELECT DISTINCT p.batch_id, p.id FROM payment_drafts s
         JOIN payment_drafts p INDEXED BY payment_drafts_by_duplicate_key
           ON p.duplicate_key = s.duplicate_key AND p.id <> s.id
         WHERE s.batch_id = ? AND s.state NOT IN ('draft', 'approved')
           AND s.duplicate_key IS NOT NULL AND p.state IN ('draft', 'approved')
         ORDER BY p.batch_id`,
      ),
      // Drafts not yet sent with a warning and one of these keys: those a duplicate may be said on.
      warnedWithKeys: db.prepare(
        `SELECT p.id, p.duplicate_key AS key FROM payment_drafts p
         WHERE p.duplicate_key IN (SELECT value FROM json_each(?)) AND p.duplicate_key IS NOT NULL
           AND p.state IN ('draft', 'approved') AND p.warning_count > 0
         ORDER BY p.rowid`,
      ),
      // The keys of a batch's drafts that a draft of another batch may have been warned of. From
      // the warned drafts' side: they are few, where the batch may hold 100,000 drafts to probe;
      // found by the narrow figures index, not a walk of every draft's row, and each looked up by
      // its key (left to itself, SQLite walked the batch's rows for each).
      keysWarnedElsewhere: db
        .prepare(
          `SELECT DISTINCT q.duplicate_key FROM payment_drafts q
           WHERE q.rowid IN (SELECT rowid FROM payment_drafts INDEXED BY payment_drafts_figures
               WHERE batch_id <> @batch AND state IN ('draft', 'approved') AND warning_count > 0)
             AND q.duplicate_key IS NOT NULL
             AND EXISTS (SELECT 1 FROM payment_drafts p INDEXED BY payment_drafts_by_duplicate_key
               WHERE p.duplicate_key = q.duplicate_key AND p.batch_id = @batch)`,
        )
        .pluck(),
      keysOf: db
        .prepare(
          `SELECT DISTINCT duplicate_key FROM payment_drafts
           WHERE id IN (SELECT value FROM json_each(?)) AND duplicate_key IS NOT NULL`,
        )
        .pluck(),
      // Every key a draft not yet sent may have been warned of: few drafts have a warning.
      warnedKeys: db
        .prepare(
          `SELECT DISTINCT q.duplicate_key FROM payment_drafts q
           WHERE q.rowid IN (SELECT rowid FROM payment_drafts INDEXED BY payment_drafts_figures
               WHERE state IN ('draft', 'approved') AND warning_count > 0)
             AND q.duplicate_key IS NOT NULL`,
        )
        .pluck(),
      byChunk: db.prepare(`${DRAFT_SELECT} WHERE p.chunk_id = ? ORDER BY p.source_row, p.rowid`),
      setState: db.prepare(`UPDATE payment_drafts SET state = ?, updated_at = ? WHERE id = ?`),
      setIssues: db.prepare(
        `UPDATE payment_drafts SET issues_json = @issues, error_count = @error_count,
           warning_count = @warning_count, updated_at = @now,
           state = CASE WHEN state = 'approved' AND @error_count > 0 THEN 'draft' ELSE state END
         WHERE id = @id`,
      ),
      setBeneficiary: db.prepare(
        `UPDATE beneficiary_drafts SET body_json = ?, sync_state = 'draft', error_json = NULL,
           updated_at = ? WHERE id = ?`,
      ),
      setOutcome: db.prepare(
        `UPDATE payment_drafts SET chunk_id = coalesce(?, chunk_id), remote_status = coalesce(?, remote_status),
           remote_json = coalesce(?, remote_json), error_json = ?, updated_at = ? WHERE id = ?`,
      ),
      setServiceApproved: db.prepare(
        'UPDATE payment_drafts SET service_approved = ?, updated_at = ? WHERE id = ?',
      ),
      // Accepted, a payment's earlier refusal (it failed, was fixed and sent again) is over.
      setStateMany: db.prepare(
        `UPDATE payment_drafts SET state = @next, chunk_id = coalesce(@chunk, chunk_id),
           remote_status = coalesce(@remote, remote_status),
           error_json = CASE WHEN @next = 'accepted' THEN NULL ELSE error_json END,
           service_approved = coalesce(@approved, service_approved), updated_at = @now
         WHERE state = @from AND id IN (SELECT value FROM json_each(@ids))`,
      ),
      idsInChunk: db.prepare('SELECT id FROM payment_drafts WHERE chunk_id = ?').pluck(),
      pendingBeneficiaries: db.prepare(
        `${DRAFT_SELECT} WHERE p.batch_id = @batch AND p.state IN (SELECT value FROM json_each(@states))
           AND b.sync_state <> 'synced' AND p.rowid > @after
           AND (@only IS NULL OR b.id IN (SELECT value FROM json_each(@only)))
         ORDER BY p.rowid LIMIT @limit`,
      ),
      countPendingBeneficiaries: db
        .prepare(
          `SELECT COUNT(*) FROM payment_drafts p JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
           WHERE p.batch_id = ? AND p.state IN (SELECT value FROM json_each(?)) AND b.sync_state <> 'synced'
             AND (? IS NULL OR b.id IN (SELECT value FROM json_each(?)))`,
        )
        .pluck(),
    };
  }

  /** Creates drafts with their identity, in one transaction: all of them or none. */
  create(batchId: string, drafts: NewPaymentDraft[]): Draft[] {
    const now = this.now();
    const ids = this.db.transaction(() => {
      const before = this.sql.lastRowid.get() as number;
      const written = drafts.map((draft) => this.insert.run(batchId, draft, now).id);
      // Those written here: rows come after the last one there was.
      indexWrittenPayments(this.db, { sql: 'p.rowid > ?', params: [before] });
      return written;
    })();
    return ids.map((id) => this.get(id) as Draft);
  }

  get(id: string): Draft | undefined {
    const row = this.sql.byId.get(id) as DraftRow | undefined;
    return row ? toDraft(row) : undefined;
  }

  page(batchId: string, skip = 0, take = 500): Draft[] {
    return (this.sql.page.all(batchId, take, skip) as DraftRow[]).map(toDraft);
  }

  inState(batchId: string, state: DraftState, limit = 1_000_000): Draft[] {
    return (this.sql.byState.all(batchId, state, limit) as DraftRow[]).map(toDraft);
  }

  /** Drafts not yet sent whose key a sent draft of `batchId` has: the second payment of a pair. */
  unsentTwinsOfSent(batchId: string): { batch_id: string; id: string }[] {
    return this.sql.unsentTwinsOfSent.all(batchId) as { batch_id: string; id: string }[];
  }

  /** The first draft but `id` with this duplicate key: its batch and sheet row. */
  firstWithKey(
    key: string,
    id: string,
  ): { batch_id: string; batch: string; row: number | null } | undefined {
    return this.sql.firstWithKey.get(key, id) as
      { batch_id: string; batch: string; row: number | null } | undefined;
  }

  /**
   * Of these drafts, those not sent whose duplicate key another draft has too: by the key's
   * index, so that thousands are looked at in one query and only these one by one.
   */
  withTwins(ids: readonly string[]): string[] {
    return this.sql.withTwins.all(JSON.stringify(ids)) as string[];
  }

  /**
   * The duplicate keys of a batch's drafts that drafts of other batches, not yet sent, share
   * and may have been warned of: what a deletion of the batch looks at again once it is gone.
   */
  keysWarnedElsewhere(batchId: string): string[] {
    return this.sql.keysWarnedElsewhere.all({ batch: batchId }) as string[];
  }

  /** The duplicate keys these drafts have now. */
  keysOf(ids: readonly string[]): string[] {
    return this.sql.keysOf.all(JSON.stringify(ids)) as string[];
  }

  /**
   * The duplicate keys of every draft not yet sent that has a warning: what a start looks at
   * again after it finished deleting a batch whose deletion was stopped halfway, when the keys
   * that batch shared are no longer known.
   */
  warnedKeys(): string[] {
    return this.sql.warnedKeys.all() as string[];
  }

  /**
   * The drafts not yet sent that have one of these duplicate keys and a warning, in the order
   * they were made: those on which a possible duplicate may have been said.
   */
  warnedWithKeys(keys: readonly string[]): { id: string; key: string }[] {
    return this.sql.warnedWithKeys.all(JSON.stringify(keys)) as { id: string; key: string }[];
  }

  /**
   * The drafts a WHERE clause over `p` finds, a page at a time after `after` (a rowid).
   * `manyPages`: the drafts found fill many pages (a bulk edit of a whole batch). The table is
   * then walked in rowid order from `after`, a page costing only its rows; through an index on
   * the clause's columns every draft found would be sorted by rowid for each page (163 ms a
   * page at 100,000 drafts, 16 s for a bulk edit of them). A few drafts are found by the index.
   */
  where(
    where: SqlPart,
    after: number,
    limit: number,
    manyPages = false,
  ): { drafts: Draft[]; last: number } {
    const select = manyPages
      ? DRAFT_SELECT.replace('FROM payment_drafts p', 'FROM payment_drafts p NOT INDEXED')
      : DRAFT_SELECT;
    const rows = this.db
      .prepare(`${select} WHERE ${where.sql} AND p.rowid > ? ORDER BY p.rowid LIMIT ?`)
      .all(...where.params, after, limit) as (DraftRow & { rowid: number })[];
    return { drafts: rows.map(toDraft), last: rows.at(-1)?.rowid ?? after };
  }

  inChunk(chunkId: string): Draft[] {
    return (this.sql.byChunk.all(chunkId) as DraftRow[]).map(toDraft);
  }

  /**
   * Saves a draft's new content and issues, and moves it by the `edit` event (an approved
   * draft edited goes back to `draft`: what was approved is no longer what would be sent).
   * The caller owns the transaction; refused once the draft has been sent.
   */
  saveContent(
    draft: Pick<Draft, 'id' | 'state' | 'beneficiary' | 'payment' | 'issues'>,
    content: DraftContent,
    issues: DraftIssue[],
    duplicateKey?: string | null,
  ): { ok: true } | { ok: false; reason: string } {
    const next = nextDraftState(draft.state, { type: 'edit' });
    if (!next.ok) return next;
    const now = this.now();
    const { correlation_id: _fixed, ...body } = content.payment as Record<string, unknown>;
    const values: ContentColumns = {
      body_json: JSON.stringify(body),
      issues_json: JSON.stringify(issues),
      updated_at: now,
    };
    if (next.state !== draft.state) values.state = next.state;
    // The columns the draft's values give, written where they differ from what its values
    // gave before the edit (draftColumns is how both were worked out).
    const columns = draftColumns(content.payment, content.beneficiary, issues);
    const before = draftColumns(draft.payment, draft.beneficiary?.body, draft.issues);
    for (const name of Object.keys(columns) as (keyof DraftColumns)[]) {
      if (columns[name] !== before[name]) Object.assign(values, { [name]: columns[name] });
    }
    // undefined: the fields a duplicate is made of did not change, and its key stays.
    if (duplicateKey !== undefined) values.duplicate_key = duplicateKey;
    this.contentUpdate.run(draft.id, values);
    // Only a payee that changed is one the service has not seen: an edit of the payment alone
    // (its date, its purpose) leaves the payee's verdict, and whether it was sent, as they were.
    if (draft.beneficiary && content.beneficiary) {
      const beneficiary = JSON.stringify(content.beneficiary);
      if (beneficiary !== JSON.stringify(draft.beneficiary.body)) {
        this.sql.setBeneficiary.run(beneficiary, now, draft.beneficiary.id);
      }
    }
    return { ok: true };
  }

  /**
   * New issues for a draft whose content stays: an approved draft that now has an error goes
   * back to `draft`, since it can no longer be sent as it is.
   */
  saveIssues(id: string, content: DraftContent, issues: DraftIssue[]): void {
    const columns = draftColumns(content.payment, content.beneficiary, issues);
    this.sql.setIssues.run({
      issues: JSON.stringify(issues),
      error_count: columns.error_count,
      warning_count: columns.warning_count,
      now: this.now(),
      id,
    });
  }

  /** Changes a draft's content in a transaction of its own; refused once it has been sent. */
  edit(
    id: string,
    content: DraftContent,
    issues: DraftIssue[],
  ): { ok: true; draft: Draft } | { ok: false; reason: string } {
    return this.db.transaction(() => {
      const draft = this.get(id);
      if (!draft) return { ok: false as const, reason: `no draft ${id}` };
      const saved = this.saveContent(draft, content, issues);
      if (!saved.ok) return saved;
      return { ok: true as const, draft: this.get(id) as Draft };
    })();
  }

  /** Applies an event through the state machine; the caller owns the surrounding transaction. */
  transition(
    draft: Pick<Draft, 'id' | 'state'>,
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
    outcome: { chunkId?: string; remoteStatus?: string; serviceApproved?: boolean } = {},
  ): number {
    const next = nextDraftState(from, event);
    if (!next.ok) throw new Error(next.reason);
    return this.sql.setStateMany.run({
      next: next.state,
      chunk: outcome.chunkId ?? null,
      remote: outcome.remoteStatus ?? null,
      approved: outcome.serviceApproved === undefined ? null : outcome.serviceApproved ? 1 : 0,
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

  /**
   * Drafts in these states whose new beneficiary the service does not hold yet, a page at a
   * time after `after` (a draft's position, `rowid`): a batch is never read whole.
   */
  pendingBeneficiaries(
    batchId: string,
    states: readonly DraftState[],
    after: number,
    limit: number,
    /** Only these beneficiaries (ids): a selection. */
    only?: readonly string[],
  ): { drafts: Draft[]; last: number } {
    const rows = this.sql.pendingBeneficiaries.all({
      batch: batchId,
      states: JSON.stringify(states),
      after,
      limit,
      only: only ? JSON.stringify(only) : null,
    }) as (DraftRow & { rowid: number })[];
    return { drafts: rows.map(toDraft), last: rows.at(-1)?.rowid ?? after };
  }

  countPendingBeneficiaries(
    batchId: string,
    states: readonly DraftState[],
    only?: readonly string[],
  ): number {
    const ids = only ? JSON.stringify(only) : null;
    return this.sql.countPendingBeneficiaries.get(
      batchId,
      JSON.stringify(states),
      ids,
      ids,
    ) as number;
  }

  /**
   * Approves drafts by id, warnings acknowledged (the caller has looked at them); those with
   * errors or past approval are refused, with why.
   */
  approve(ids: string[]): { approved: number; refused: Refusal[] } {
    return this.db.transaction(() => {
      const batches = this.db
        .prepare(
          'SELECT DISTINCT batch_id FROM payment_drafts WHERE id IN (SELECT value FROM json_each(?))',
        )
        .pluck()
        .all(JSON.stringify(ids)) as string[];
      const bulk = new DraftBulk(this.db, this.now);
      let approved = 0;
      const refused: Refusal[] = [];
      for (const batchId of batches) {
        const result = bulk.approve(batchId, { ids }, true);
        approved += result.approved;
        refused.push(...result.refused.map(({ id, reason }) => ({ id, reason })));
      }
      return { approved, refused };
    })();
  }

  /** Whether the service holds the payment approved (true) or awaiting approval (false). */
  recordServiceApproval(id: string, approved: boolean): void {
    this.sql.setServiceApproved.run(approved ? 1 : 0, this.now(), id);
  }
}
