// Drafts as the rest of the core sees them. A draft's identity — its payment id and
// correlation_id, and a new beneficiary's id — is fixed when the draft is created and never
// changes: that is what lets a crashed sync ask the service what became of it.
import type { BeneficiaryPutBody, PaymentBody } from '../../../shared/service';
import type { DraftState } from '../../../shared/domain';

export interface DraftIssue {
  /** The draft field, in the spec's names: `amount.amount`, `bank_details.bank_code`. */
  field: string;
  /** The source cell, such as `D17`, when the draft came from a sheet. */
  cell?: string;
  message: string;
  /** Errors block approval; warnings (possible duplicates, say) ask for a look. */
  severity: 'error' | 'warning';
}

export interface NewPaymentDraft {
  sourceRow?: number;
  /** The payment body without id or correlation_id: those are assigned here. */
  payment: PaymentBody;
  /** A beneficiary to create with the payment; absent when `payment.target.id` names an existing one. */
  beneficiary?: BeneficiaryPutBody;
  issues?: DraftIssue[];
}

export interface PaymentDraft {
  id: string;
  correlationId: string;
  batchId: string;
  sourceRow: number | null;
  state: DraftState;
  payment: PaymentBody;
  beneficiary: { id: string; body: BeneficiaryPutBody; syncState: string } | null;
  issues: DraftIssue[];
  remoteStatus: string | null;
  error: unknown;
  chunkId: string | null;
}

export interface DraftCounts {
  drafts: number;
  with_issues: number;
  approved: number;
  sent: number;
  accepted: number;
  failed: number;
}

/** At most 100 of [A-Za-z0-9_-] (spec: correlation_id), derived from the fixed payment id. */
export const correlationIdFor = (paymentId: string): string => `pd-${paymentId.replace(/-/g, '')}`;

export const hasBlockingIssues = (issues: DraftIssue[]): boolean =>
  issues.some((issue) => issue.severity === 'error');
