// Drafts by their payment ids, for the few lines of one statement page: one indexed look-up
// per id (the primary key), never a walk through a batch.
import type { Db } from './database';
import type { DraftState } from '../../../shared/domain/draft-state';

export interface PaymentLink {
  payment_id: string;
  batch_id: string;
  batch_name: string;
  row: number | null;
  state: DraftState;
}

export class PaymentLinkRepository {
  private readonly byIds;

  constructor(db: Db) {
    this.byIds = db.prepare(
      `SELECT p.id AS payment_id, p.batch_id, b.name AS batch_name, p.source_row AS row, p.state
       FROM json_each(?) AS wanted
       JOIN payment_drafts p ON p.id = wanted.value
       JOIN batches b ON b.id = p.batch_id`,
    );
    this.acceptedAmong = db.prepare(
      `SELECT p.id FROM json_each(?) AS wanted
       JOIN payment_drafts p ON p.id = wanted.value
       WHERE p.batch_id = ? AND p.state = 'accepted'`,
    );
    this.acceptedAfter = db.prepare(
      `SELECT id, source_row AS row, payee, CAST(amount_milli AS TEXT) AS milli,
         amount_currency AS currency
       FROM payment_drafts
       WHERE batch_id = ? AND state = 'accepted' AND (COALESCE(source_row, -1), id) > (?, ?)
       ORDER BY COALESCE(source_row, -1), id LIMIT ?`,
    );
    this.acceptedCount = db.prepare(
      `SELECT COUNT(*) AS n FROM payment_drafts WHERE batch_id = ? AND state = 'accepted'`,
    );
  }

  /** Which of these payment ids are accepted drafts of the batch. */
  acceptedOf(batchId: string, paymentIds: readonly string[]): string[] {
    return (this.acceptedAmong.all(JSON.stringify(paymentIds), batchId) as { id: string }[]).map(
      (row) => row.id,
    );
  }

  countAccepted(batchId: string): number {
    return (this.acceptedCount.get(batchId) as { n: number }).n;
  }

  /** A window of the batch's accepted drafts in row order, after (row, id). */
  acceptedWindow(
    batchId: string,
    after: { row: number; id: string },
    take: number,
  ): AcceptedDraft[] {
    return this.acceptedAfter.all(batchId, after.row, after.id, take) as AcceptedDraft[];
  }

  private readonly acceptedAmong;
  private readonly acceptedAfter;
  private readonly acceptedCount;

  find(paymentIds: readonly string[]): PaymentLink[] {
    return this.byIds.all(JSON.stringify(paymentIds)) as PaymentLink[];
  }
}

/** An accepted draft as a reconciliation lists it: its row, whom it pays and how much. */
export interface AcceptedDraft {
  id: string;
  row: number | null;
  payee: string | null;
  /** Thousandths as digits (a JS number is exact only to 2^53); null where it has no amount. */
  milli: string | null;
  /** Its own currency; null: the wallet's. */
  currency: string | null;
}
