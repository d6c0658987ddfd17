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
  }

  find(paymentIds: readonly string[]): PaymentLink[] {
    return this.byIds.all(JSON.stringify(paymentIds)) as PaymentLink[];
  }
}
