// A draft to write. A draft's identity — its payment id and correlation_id, and a new
// beneficiary's id — is fixed when the draft is created and never changes: that is what lets a
// crashed sync ask the service what became of it. The draft as read back is the contract's
// `Draft` (shared/desk/drafts.ts).
import type { BeneficiaryPutBody, PaymentBody } from '../../../shared/service';
import type { DraftIssue, DraftPayment } from '../../../shared/domain/draft';

export interface NewPaymentDraft {
  sourceRow?: number;
  /**
   * The payment body without id or correlation_id: those are assigned here. A draft's values
   * may still be wrong (its issues say so): the spec's body is what it becomes once fixed.
   */
  payment: PaymentBody | DraftPayment;
  /** A beneficiary to create with the payment; absent when `payment.target.id` names an existing one. */
  beneficiary?: BeneficiaryPutBody;
  issues?: DraftIssue[];
}

/** At most 100 of [A-Za-z0-9_-] (spec: correlation_id), derived from the fixed payment id. */
export const correlationIdFor = (paymentId: string): string => `pd-${paymentId.replace(/-/g, '')}`;

/** The issue type, where the sheets folder still looks for it here. */
export type { DraftIssue } from '../../../shared/domain/draft';
