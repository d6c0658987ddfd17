// Beneficiary validation (spec: GET /payments/beneficiaries/validate, "Validation result").
import { z } from 'zod';
import { EntityType } from './beneficiary';

/** An item is echoed back as sent, so unknown properties are kept. */
export const BeneficiaryValidationItem = z.looseObject({
  id: z.string().optional(),
  entity_type: EntityType.optional(),
  bank_details: z.looseObject({
    account_country: z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter uppercase ISO 3166 code'),
    account_currency: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter uppercase ISO 4217 code'),
  }),
  entity: z.looseObject({}),
});
export type BeneficiaryValidationItem = z.infer<typeof BeneficiaryValidationItem>;

export const BeneficiaryValidationRequest = z.object({
  items: z.array(BeneficiaryValidationItem).min(1),
});
export type BeneficiaryValidationRequest = z.infer<typeof BeneficiaryValidationRequest>;

/** `field` is a JSON path to the faulty field, such as `$.bank_details.account_number`. */
export const ValidationIssue = z.object({ field: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

const ValidatedItem = z.looseObject({
  id: z.string().optional(),
  currency: z.string(),
  country: z.string(),
  entity_type: z.string().optional(),
});

export const ValidationResult = z.object({
  valid: z.array(ValidatedItem),
  invalid: z.array(ValidatedItem.extend({ issues: z.array(ValidationIssue) })),
  totals: z.object({
    valid: z.int(),
    invalid: z.int(),
    count: z.int(),
    schemas: z.int(),
  }),
});
export type ValidationResult = z.infer<typeof ValidationResult>;
