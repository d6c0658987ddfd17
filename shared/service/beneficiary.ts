// Beneficiaries, called contacts in responses (spec: "Beneficiary", POST /payments/beneficiaries,
// PUT /payments/beneficiaries/{id}). Per-country requirements belong to the service's schemas
// chosen by country and currency (the sandbox's beneficiary schemas), not to these.
import { z } from 'zod';
import {
  CountryCode,
  CurrencyCode,
  DateOnly,
  fixed,
  NonEmptyText,
  oneOf,
  Tags,
  UserTags,
} from './common';

export const EntityType = oneOf(['BUSINESS', 'INDIVIDUAL']);
export type EntityType = z.infer<typeof EntityType>;

/**
 * The owning entity. The spec shows an individual's fields; `company_name` is our documented
 * addition for BUSINESS. "Complete field list per schema: not shown", so other properties are
 * kept for the service's schema to judge rather than silently dropped.
 */
export const BeneficiaryEntity = z.looseObject({
  individual_first_name: z.string().optional(),
  individual_last_name: z.string().optional(),
  date_of_birth: DateOnly.optional(),
  company_name: z.string().optional(),
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  address_city: z.string().optional(),
  address_country: z.string().optional(),
  address_country_subdivision: z.string().optional(),
  address_postal_code: z.string().optional(),
});
export type BeneficiaryEntity = z.infer<typeof BeneficiaryEntity>;

/** Bank account attributes seen in the spec; others are kept, as for the entity. */
export const BankDetails = z.looseObject({
  account_name: z.string().optional(),
  account_number: z.string().optional(),
  bank_code: z.string().optional(),
  bank_name: z.string().optional(),
  bank_identifier_code: z.string().optional(),
  account_country: CountryCode.optional(),
  account_currency: CurrencyCode.optional(),
});
export type BankDetails = z.infer<typeof BankDetails>;

const beneficiaryFields = {
  /** Optional on create: the service assigns one. */
  id: NonEmptyText.optional(),
  country: CountryCode,
  currency: CurrencyCode,
  tags: Tags.optional(),
  user_tags: UserTags.optional(),
  entity: BeneficiaryEntity,
  bank_details: BankDetails,
};

/** POST /payments/beneficiaries: the entity type is named `entity_type`. */
export const BeneficiaryCreateBody = z.object({ ...beneficiaryFields, entity_type: EntityType });
export type BeneficiaryCreateBody = z.infer<typeof BeneficiaryCreateBody>;

/** PUT /payments/beneficiaries/{id}: the same, but the entity type is named `type`. */
export const BeneficiaryPutBody = z.object({ ...beneficiaryFields, type: EntityType });
export type BeneficiaryPutBody = z.infer<typeof BeneficiaryPutBody>;

/** A beneficiary as answered: `type` is `contact`; the entity type, where given, in entity_type. */
export const Beneficiary = z.object({
  type: fixed('contact'),
  id: z.string(),
  /** False in the answer to create and update (spec). */
  active: z.boolean(),
  country: CountryCode,
  currency: CurrencyCode,
  name: z.string().optional(),
  entity_type: z.string().optional(),
  entity: BeneficiaryEntity,
  // The spec lists account_country in answers; the client needs none of it, so a deployment that
  // leaves it out is still understood.
  bank_details: BankDetails.extend({ account_country: CountryCode.optional() }),
  user_tags: UserTags.default({}),
  tags: Tags.optional(),
});
export type Beneficiary = z.infer<typeof Beneficiary>;
