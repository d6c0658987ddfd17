// Beneficiary validation (spec: GET /payments/beneficiaries/validate, "Validation result").
// Items are judged per item by the service; the request only needs what picks a schema.
import { z } from 'zod';
import { EntityType } from './beneficiary';
import { CountryCode, CurrencyCode } from './common';

/**
 * An item is echoed back as sent, so unknown properties are kept, in the item and its parts.
 * `entity` may hold anything: what it lacks is an issue of the item, not a refused request.
 */
export const BeneficiaryValidationItem = z.looseObject({
  id: z.string().optional(),
  entity_type: EntityType.optional(),
  bank_details: z.looseObject({ account_country: CountryCode, account_currency: CurrencyCode }),
  entity: z.looseObject({}),
});
export type BeneficiaryValidationItem = z.infer<typeof BeneficiaryValidationItem>;

export const BeneficiaryValidationRequest = z.object({
  items: z.array(BeneficiaryValidationItem).min(1, 'must hold at least one item'),
});
export type BeneficiaryValidationRequest = z.infer<typeof BeneficiaryValidationRequest>;

/** `field` is a JSON path to the faulty field, such as `$.bank_details.account_number`. */
export const ValidationIssue = z.object({ field: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/**
 * The item as sent plus the currency, country and entity type the service used. Those are
 * plain text: an invalid item may echo a code that does not fit the pattern.
 */
export const ValidatedItem = z.looseObject({
  id: z.string().optional(),
  currency: z.string(),
  country: z.string(),
  entity_type: z.string(),
});
export type ValidatedItem = z.infer<typeof ValidatedItem>;

export const InvalidItem = ValidatedItem.extend({ issues: z.array(ValidationIssue) });
export type InvalidItem = z.infer<typeof InvalidItem>;

export const ValidationResult = z.object({
  valid: z.array(ValidatedItem),
  invalid: z.array(InvalidItem),
  totals: z.object({
    valid: z.int(),
    invalid: z.int(),
    /** Items processed. */
    count: z.int(),
    /** Schemas used. */
    schemas: z.int(),
  }),
});
export type ValidationResult = z.infer<typeof ValidationResult>;
