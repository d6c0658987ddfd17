// Import jobs for payments and beneficiaries (spec: "Import job", POST /payments/payments/import,
// GET /payments/beneficiaries/import/{job_id}). The spec does not show how a beneficiary import
// is submitted: DESIGN.md decides `POST /payments/beneficiaries/import {items}`.
import { z } from 'zod';
import { BeneficiaryPutBody } from './beneficiary';
import { DateTime, ErrorBody, NonEmptyText, oneOf } from './common';

export const ImportJobStatus = oneOf(['QUEUED', 'DONE']);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;
export const ImportItemStatus = oneOf(['SUCCESS', 'FAILED']);
export type ImportItemStatus = z.infer<typeof ImportItemStatus>;

const Count = z.int().min(0);

const jobFields = {
  job_id: z.string(),
  started_at: DateTime,
  total: Count,
  processing: Count,
  processed: Count,
  failed: Count,
  status: ImportJobStatus,
};

/** An item's error: shaped like the error body where the service says so, kept whole. */
export const PaymentImportItemError = z.looseObject(ErrorBody.partial().shape);
export type PaymentImportItemError = z.infer<typeof PaymentImportItemError>;

export const PaymentImportProgressItem = z.object({
  /** The payment's id. */
  id: z.string(),
  status: ImportItemStatus,
  /** The item's index in the request, typed as a string by the spec. */
  row: z.string(),
  error: PaymentImportItemError.optional(),
});
export type PaymentImportProgressItem = z.infer<typeof PaymentImportProgressItem>;

export const PaymentImportJob = z.object({
  ...jobFields,
  progress: z.array(PaymentImportProgressItem),
});
export type PaymentImportJob = z.infer<typeof PaymentImportJob>;

/** A bulk beneficiary item: the PUT body with its id, which the per-item fallback needs. */
export const BeneficiaryImportItem = BeneficiaryPutBody.extend({ id: NonEmptyText });
export type BeneficiaryImportItem = z.infer<typeof BeneficiaryImportItem>;

export const BeneficiaryImportRequest = z.object({
  items: z.array(BeneficiaryImportItem).min(1, 'must hold at least one item'),
});
export type BeneficiaryImportRequest = z.infer<typeof BeneficiaryImportRequest>;

/** One finding on an item: the properties concerned and what is wrong with them. */
export const ImportFinding = z.object({
  properties: z.array(z.string()),
  description: z.string(),
});
export type ImportFinding = z.infer<typeof ImportFinding>;

/** A failed item's error (spec: 422 `unprocessable_entity` inside a progress entry). */
export const BeneficiaryImportError = z.object({
  error_code: z.int(),
  error: z.string(),
  message: z.string(),
  error_info: z.object({
    valid: z.boolean(),
    warnings: z.array(ImportFinding),
    errors: z.array(ImportFinding),
  }),
});
export type BeneficiaryImportError = z.infer<typeof BeneficiaryImportError>;

export const BeneficiaryImportProgressItem = z.object({
  /** The item's index in the request, an integer here. */
  row: z.int().min(0),
  status: ImportItemStatus,
  error: BeneficiaryImportError.optional(),
});
export type BeneficiaryImportProgressItem = z.infer<typeof BeneficiaryImportProgressItem>;

export const BeneficiaryImportJob = z.object({
  ...jobFields,
  /** Set once the job is DONE. */
  completed_at: DateTime.optional(),
  progress: z.array(BeneficiaryImportProgressItem),
});
export type BeneficiaryImportJob = z.infer<typeof BeneficiaryImportJob>;
