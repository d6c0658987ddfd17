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

/** A batch's drafts not yet sent (the batch named by `param`). */
const UNSENT = (param: string) =>
  `batch_id = ${param} AND state IN ('draft', 'approved', 'failed')`;
/** An amount the wallet debits: SEND, as an amount with no type is. */
const DEBITED = `coalesce(json_extract(body_json, '$.amount.type'), 'SEND') = 'SEND'`;

export class GroupDraftsRepository {
  private readonly sql;

  constructor(db: Db) {
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
      inWalletCurrency: db
        .prepare(
          `SELECT COUNT(*) FROM payment_drafts WHERE ${UNSENT('?')} AND ${DEBITED}
             AND json_extract(body_json, '$.amount.amount') IS NOT NULL
             AND json_extract(body_json, '$.amount.currency') IS NULL`,
        )
        .pluck(),
      moveSource: db.prepare(
        `UPDATE payment_drafts SET body_json = json_set(body_json, '$.source.id', @group)
         WHERE ${UNSENT('@batch')}`,
      ),
      dropWalletCurrency: db.prepare(
        `UPDATE payment_drafts SET
           body_json = json_remove(body_json, '$.amount.currency'), amount_currency = NULL
         WHERE ${UNSENT('@batch')} AND ${DEBITED}
           AND json_extract(body_json, '$.amount.currency') = @currency`,
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
   * The batch's drafts not yet sent whose amount the wallet debits (SEND) and that name no
   * currency of their own: the spec gives a currency only where it differs from the wallet's,
   * so each is in whichever wallet's currency pays it. Moved to a wallet in another currency,
   * 1,000 in a USD wallet would be paid as 1,000 GBP.
   */
  amountsInWalletCurrency(batchId: string): number {
    return this.sql.inWalletCurrency.get(batchId) as number;
  }

  /**
   * The batch's drafts not yet sent, paid from another group: each body's source names it, as
   * the sync sends it, and an amount given in the new wallet's currency drops it (given only
   * where it differs). The caller owns the transaction.
   */
  moveToGroup(batchId: string, move: { groupId: string; walletCurrency: string | null }): void {
    this.sql.moveSource.run({ batch: batchId, group: move.groupId });
    if (move.walletCurrency !== null) {
      this.sql.dropWalletCurrency.run({ batch: batchId, currency: move.walletCurrency });
    }
  }

  /** The ready batches that pay into this group, with how many drafts they have still to send. */
  unsentBatches(groupId: string): { id: string; name: string; unsent: number }[] {
    return this.sql.unsentBatches.all(groupId) as { id: string; name: string; unsent: number }[];
  }
}
