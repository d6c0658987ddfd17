// Beneficiaries, called contacts in responses (spec: "Beneficiary", POST and PUT
// /payments/beneficiaries). Per-country requirements are the service's schemas, not these.
import { z } from 'zod';
import { CountryCode, CurrencyCode, DateOnly, Tags, UserTags } from './common';

export const EntityType = z.enum(['BUSINESS', 'INDIVIDUAL']);
export type EntityType = z.infer<typeof EntityType>;

/** `company_name` is our documented addition for BUSINESS entities; the spec lists individuals'. */
export const BeneficiaryEntity = z.looseObject({
  individual_first_name: z.string().optional(),
  individual_last_name: z.string().optional(),
  date_of_birth: DateOnly.optional(),
  company_name: z.string().optional(),
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  address_city: z.string().optional(),
  address_country: CountryCode.optional(),
  address_country_subdivision: z.string().optional(),
  address_postal_code: z.string().optional(),
});
export type BeneficiaryEntity = z.infer<typeof BeneficiaryEntity>;

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
  id: z.string().min(1).optional(),
  country: CountryCode,
  currency: CurrencyCode,
  tags: Tags.optional(),
  user_tags: UserTags.optional(),
  entity: BeneficiaryEntity,
  bank_details: BankDetails,
};

/** POST /payments/beneficiaries: the entity type is `entity_type`. */
export const BeneficiaryCreateBody = z.object({ ...beneficiaryFields, entity_type: EntityType });
export type BeneficiaryCreateBody = z.infer<typeof BeneficiaryCreateBody>;

/** PUT /payments/beneficiaries/{id}: the same, but the entity type is named `type`. */
export const BeneficiaryPutBody = z.object({ ...beneficiaryFields, type: EntityType });
export type BeneficiaryPutBody = z.infer<typeof BeneficiaryPutBody>;

export const Beneficiary = z.object({
  type: z.string(),
  id: z.string(),
  active: z.boolean(),
  country: z.string(),
  currency: z.string(),
  name: z.string().optional(),
  entity_type: z.string().optional(),
  entity: z.looseObject({}),
  bank_details: BankDetails.extend({
    account_country: z.string().optional(),
    account_currency: z.string().optional(),
  }),
  user_tags: UserTags.default({}),
  tags: Tags.optional(),
});
export type Beneficiary = z.infer<typeof Beneficiary>;
