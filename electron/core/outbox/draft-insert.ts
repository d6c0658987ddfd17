// The one way a draft is written, whoever makes it (an import, a test, later the app): its
// identity — payment id, correlation id, a new beneficiary's id — is fixed here, once.
import { randomUUID } from 'node:crypto';
import type { Db } from './database';
import { correlationIdFor, type NewPaymentDraft } from './draft-types';

export interface DraftToWrite extends NewPaymentDraft {
  /** The row's cells as JSON (sheets/source-cells.ts), for the annotated export. */
  sourceJson?: string;
  /** Account, amount and date: how a possible duplicate is found. */
  duplicateKey?: string;
  /** The sheet's own correlation id, when it has one that is free. */
  correlationId?: string;
}

export class DraftInsert {
  private readonly beneficiary;
  private readonly payment;

  constructor(db: Db) {
    this.beneficiary = db.prepare(
      `INSERT INTO beneficiary_drafts (id, batch_id, source_row, body_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.payment = db.prepare(
      `INSERT INTO payment_drafts (id, correlation_id, batch_id, source_row, beneficiary_draft_id,
         body_json, issues_json, source_json, duplicate_key, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Writes one draft (the caller owns the transaction). */
  run(batchId: string, draft: DraftToWrite, now: string): { id: string; correlationId: string } {
    const id = randomUUID();
    const correlationId = draft.correlationId ?? correlationIdFor(id);
    const row = draft.sourceRow ?? null;
    let beneficiaryId: string | null = null;
    let payment = draft.payment;
    if (draft.beneficiary) {
      beneficiaryId = randomUUID();
      this.beneficiary.run(
        beneficiaryId,
        batchId,
        row,
        JSON.stringify(draft.beneficiary),
        now,
        now,
      );
      payment = { ...payment, target: { type: 'contact', id: beneficiaryId } };
    }
    const { correlation_id: _fixed, ...body } = payment;
    this.payment.run(
      id,
      correlationId,
      batchId,
      row,
      beneficiaryId,
      JSON.stringify(body),
      JSON.stringify(draft.issues ?? []),
      draft.sourceJson ?? null,
      draft.duplicateKey ?? null,
      now,
      now,
    );
    return { id, correlationId };
  }
}
