// The one way a draft is written, whoever makes it (an import, a test, later the app): its
// identity — payment id, correlation id, a new beneficiary's id — is fixed here, once.
// A draft reaches the insert already serialised (`serializeDraft`), so that an import can do
// that part in its reading worker and the writing thread only binds strings.
import type { Db } from './database';
import { newDraftId } from './draft-ids';
import { amountRefused, draftColumns, type DraftColumns } from './draft-columns';
import type { DraftIssue } from '../../../shared/domain/draft';
import { correlationIdFor, type NewPaymentDraft } from './draft-types';

export interface DraftToWrite extends NewPaymentDraft {
  /** The row's cells as JSON (sheets/drafting/source-cells.ts), for the annotated export. */
  sourceJson?: string;
  /** Account, amount, date and currency: how a possible duplicate is found. */
  duplicateKey?: string;
  /** The sheet's own correlation id, when it has one that is free. */
  correlationId?: string;
}

/** A draft as JSON, ready to insert; `issues` stay a list, as a writer may still add some. */
export interface SerializedDraft {
  sourceRow?: number;
  /**
   * The payment body without correlation_id. With a new beneficiary its target id is empty:
   * the beneficiary's id is given, and put there, at insert.
   */
  paymentJson: string;
  beneficiaryJson?: string;
  issues: DraftIssue[];
  sourceJson?: string;
  duplicateKey?: string;
  correlationId?: string;
  /** Sort, filter and total columns but the issue counts (a writer may still add issues). */
  columns: Omit<DraftColumns, 'error_count' | 'warning_count'>;
}

/** The target of a payment whose beneficiary is new, until the beneficiary's id is given. */
const PENDING_TARGET = { type: 'contact', id: '' } as const;
/** That target as it stands in the payment's JSON, to be replaced at insert. */
const PENDING_TARGET_JSON = `"target":${JSON.stringify(PENDING_TARGET)}`;

export function serializeDraft(draft: DraftToWrite): SerializedDraft {
  const { correlation_id: _fixed, ...body } = draft.payment;
  const {
    error_count: _e,
    warning_count: _w,
    ...columns
  } = draftColumns(draft.payment, draft.beneficiary, draft.issues ?? []);
  const serialized: SerializedDraft = {
    paymentJson: JSON.stringify(draft.beneficiary ? { ...body, target: PENDING_TARGET } : body),
    issues: draft.issues ?? [],
    columns,
  };
  if (draft.beneficiary) serialized.beneficiaryJson = JSON.stringify(draft.beneficiary);
  if (draft.sourceRow !== undefined) serialized.sourceRow = draft.sourceRow;
  if (draft.sourceJson !== undefined) serialized.sourceJson = draft.sourceJson;
  if (draft.duplicateKey !== undefined) serialized.duplicateKey = draft.duplicateKey;
  if (draft.correlationId !== undefined) serialized.correlationId = draft.correlationId;
  return serialized;
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
         body_json, issues_json, source_json, duplicate_key, created_at, updated_at,
         error_count, warning_count, amount_milli, amount_currency, payee, execution_date,
         search_text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Writes one draft (the caller owns the transaction). */
  run(batchId: string, draft: DraftToWrite, now: string): { id: string; correlationId: string } {
    return this.runSerialized(batchId, serializeDraft(draft), now);
  }

  runSerialized(
    batchId: string,
    draft: SerializedDraft,
    now: string,
  ): { id: string; correlationId: string } {
    const id = newDraftId();
    const correlationId = draft.correlationId ?? correlationIdFor(id);
    const row = draft.sourceRow ?? null;
    let beneficiaryId: string | null = null;
    let paymentJson = draft.paymentJson;
    if (draft.beneficiaryJson !== undefined) {
      beneficiaryId = newDraftId();
      this.beneficiary.run(beneficiaryId, batchId, row, draft.beneficiaryJson, now, now);
      const targeted = paymentJson.replace(
        PENDING_TARGET_JSON,
        `"target":${JSON.stringify({ ...PENDING_TARGET, id: beneficiaryId })}`,
      );
      if (targeted === paymentJson) {
        throw new Error('a draft with a new beneficiary must leave its payment target id empty');
      }
      paymentJson = targeted;
    }
    const columns = draft.columns;
    let errors = 0;
    for (const issue of draft.issues) if (issue.severity === 'error') errors += 1;
    this.payment.run(
      id,
      correlationId,
      batchId,
      row,
      beneficiaryId,
      paymentJson,
      draft.issues.length === 0 ? '[]' : JSON.stringify(draft.issues),
      draft.sourceJson ?? null,
      draft.duplicateKey ?? null,
      now,
      now,
      errors,
      draft.issues.length - errors,
      // Issues a writer added since the columns were worked out may refuse the amount too.
      amountRefused(draft.issues) ? null : columns.amount_milli,
      columns.amount_currency,
      columns.payee,
      columns.execution_date,
      columns.search_text,
    );
    return { id, correlationId };
  }
}
