// The outbox's drafts as seen from a payment group: which of them the service may hold in it
// (what deleting the group with `clear` would remove), and which batches still have drafts to
// send into it. The group is the batch's: a sync sends every draft of a batch into its group.
import type { DraftState } from '../../../shared/domain/draft-state';
import type { Db } from './database';

/** A draft whose payment the service may hold: on its way there, or there. */
export const HELD_STATES: readonly DraftState[] = ['sending', 'submitted', 'accepted'];

export interface HeldDraft {
  id: string;
  batch_id: string;
  batch_name: string;
  row: number | null;
  payee: string | null;
  /** Exact thousandths; null when the amount could not be read. */
  amount_milli: number | null;
  currency: string | null;
  state: DraftState;
}

export class GroupDraftsRepository {
  private readonly sql;

  constructor(private readonly db: Db) {
    const held = `FROM payment_drafts p JOIN batches b ON b.id = p.batch_id
       WHERE b.profile = @profile AND b.group_id = @group
         AND p.state IN (SELECT value FROM json_each(@states))`;
    this.sql = {
      held: db.prepare(
        `SELECT p.id, p.batch_id, b.name AS batch_name, p.source_row AS row, p.payee,
           p.amount_milli, coalesce(p.amount_currency, b.wallet_currency) AS currency, p.state
         ${held} ORDER BY b.created_at, p.source_row, p.rowid LIMIT @limit`,
      ),
      countHeld: db.prepare(`SELECT COUNT(*) ${held}`).pluck(),
      heldAmong: db.prepare(
        `SELECT p.id, p.batch_id, b.name AS batch_name, p.source_row AS row, p.payee,
           p.amount_milli, coalesce(p.amount_currency, b.wallet_currency) AS currency, p.state
         FROM payment_drafts p JOIN batches b ON b.id = p.batch_id
         WHERE p.id IN (SELECT value FROM json_each(@ids))
           AND p.state IN (SELECT value FROM json_each(@states))`,
      ),
      batchHolds: db.prepare(
        `SELECT 1 FROM payment_drafts WHERE batch_id = ?
           AND state IN (SELECT value FROM json_each(?)) LIMIT 1`,
      ),
      unsentBatches: db.prepare(
        `SELECT b.id, b.name, COUNT(p.id) AS unsent FROM batches b
         LEFT JOIN payment_drafts p ON p.batch_id = b.id AND p.state IN ('draft', 'approved', 'failed')
         WHERE b.group_id = ? AND b.state = 'ready' GROUP BY b.id ORDER BY b.created_at`,
      ),
    };
  }

  /** The first `limit` drafts of the profile's batches in this group that the service may hold. */
  held(profile: string, groupId: string, limit: number): { drafts: HeldDraft[]; total: number } {
    const params = { profile, group: groupId, states: JSON.stringify(HELD_STATES) };
    return {
      drafts: this.sql.held.all({ ...params, limit }) as HeldDraft[],
      total: this.sql.countHeld.get(params) as number,
    };
  }

  /** Of these payment ids (a draft's id is its payment's), the drafts the service may hold. */
  heldAmong(ids: readonly string[]): HeldDraft[] {
    return this.sql.heldAmong.all({
      ids: JSON.stringify(ids),
      states: JSON.stringify(HELD_STATES),
    }) as HeldDraft[];
  }

  /** Whether the service may hold any of the batch's payments (in the batch's group). */
  batchHoldsAny(batchId: string): boolean {
    return this.sql.batchHolds.get(batchId, JSON.stringify(HELD_STATES)) !== undefined;
  }

  /**
   * The batch's drafts not yet sent, paid from another group: each body's source named anew,
   * and, where the wallet's currency changes, each amount kept in the currency it was in. An
   * amount the wallet debits (SEND) carries its currency only where it differs from the
   * wallet's, so one that carried none was in the old wallet's: it is given that currency, or a
   * 1,000 USD payment moved to a GBP wallet would go as 1,000 GBP. One given in the new wallet's
   * currency drops it. Those approved go back to draft, their cost now a conversion. The
   * caller owns the transaction; answers how many amounts kept their currency, and how many of
   * them were approved.
   */
  moveToGroup(
    batchId: string,
    move: { groupId: string; from: string | null; to: string | null; now: string },
  ): { kept: number; unapproved: number } {
    const unsent = `batch_id = @batch AND state IN ('draft', 'approved', 'failed')`;
    const debited = `coalesce(json_extract(body_json, '$.amount.type'), 'SEND') = 'SEND'`;
    const params = {
      batch: batchId,
      group: move.groupId,
      from: move.from,
      to: move.to,
      now: move.now,
    };
    this.db
      .prepare(
        `UPDATE payment_drafts SET body_json = json_set(body_json, '$.source.id', @group)
         WHERE ${unsent}`,
      )
      .run(params);
    if (move.from === null || move.from === move.to) return { kept: 0, unapproved: 0 };
    const implied = `${unsent} AND ${debited} AND json_extract(body_json, '$.amount.currency') IS NULL`;
    const unapproved = this.db
      .prepare(
        `UPDATE payment_drafts SET state = 'draft', updated_at = @now
         WHERE ${implied} AND state = 'approved'`,
      )
      .run(params).changes;
    const kept = this.db
      .prepare(
        `UPDATE payment_drafts SET
           body_json = json_set(body_json, '$.amount.currency', @from), amount_currency = @from
         WHERE ${implied}`,
      )
      .run(params).changes;
    this.db
      .prepare(
        `UPDATE payment_drafts SET
           body_json = json_remove(body_json, '$.amount.currency'), amount_currency = NULL
         WHERE ${unsent} AND ${debited} AND json_extract(body_json, '$.amount.currency') = @to`,
      )
      .run(params);
    return { kept, unapproved };
  }

  /** The ready batches that pay into this group, with how many drafts they have still to send. */
  unsentBatches(groupId: string): { id: string; name: string; unsent: number }[] {
    return this.sql.unsentBatches.all(groupId) as { id: string; name: string; unsent: number }[];
  }
}
