// Import jobs for payments and beneficiaries (spec: "Import job"). The beneficiary import
// request itself is not in the spec: DESIGN.md decides `POST /payments/beneficiaries/import {items}`.
import { z } from 'zod';
import { BeneficiaryPutBody } from './beneficiary';

export const ImportJobStatus = z.enum(['QUEUED', 'DONE']);
export const ImportItemStatus = z.enum(['SUCCESS', 'FAILED']);

const jobFields = {
  job_id: z.string(),
  started_at: z.string(),
  total: z.int(),
  processing: z.int(),
  processed: z.int(),
  failed: z.int(),
  status: ImportJobStatus,
};

export const PaymentImportProgressItem = z.object({
  id: z.string(),
  status: ImportItemStatus,
  /** The item's index in the request, typed as a string by the spec. */
  row: z.string(),
  error: z.looseObject({}).optional(),
});
export type PaymentImportProgressItem = z.infer<typeof PaymentImportProgressItem>;

export const PaymentImportJob = z.object({
  ...jobFields,
  progress: z.array(PaymentImportProgressItem),
});
export type PaymentImportJob = z.infer<typeof PaymentImportJob>;

export const BeneficiaryImportItem = BeneficiaryPutBody.extend({ id: z.string().min(1) });
export type BeneficiaryImportItem = z.infer<typeof BeneficiaryImportItem>;

export const BeneficiaryImportRequest = z.object({ items: z.array(BeneficiaryImportItem).min(1) });
export type BeneficiaryImportRequest = z.infer<typeof BeneficiaryImportRequest>;

const ErrorDetail = z.object({ properties: z.array(z.string()), description: z.string() });

export const BeneficiaryImportError = z.object({
  error_code: z.int(),
  error: z.string(),
  message: z.string(),
  error_info: z.object({
    valid: z.boolean(),
    warnings: z.array(ErrorDetail),
    errors: z.array(ErrorDetail),
  }),
});
export type BeneficiaryImportError = z.infer<typeof BeneficiaryImportError>;

export const BeneficiaryImportProgressItem = z.object({
  row: z.int(),
  status: ImportItemStatus,
  error: BeneficiaryImportError.optional(),
});
export type BeneficiaryImportProgressItem = z.infer<typeof BeneficiaryImportProgressItem>;

export const BeneficiaryImportJob = z.object({
  ...jobFields,
  completed_at: z.string().optional(),
  progress: z.array(BeneficiaryImportProgressItem),
});
export type BeneficiaryImportJob = z.infer<typeof BeneficiaryImportJob>;
