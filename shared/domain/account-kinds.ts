// What a payee's bank account is made of, by its country and currency: the set of schemas the
// service documents (DESIGN.md, "Beneficiary schemas"). A form shows the fields of its kind, by
// the names people use for them, and says which the service needs; the values themselves are
// judged by validateDraft's rules (validate-beneficiary.ts).
import { isSepaCountry } from './countries';

export type AccountKind = 'uk' | 'sepa' | 'us' | 'general';

export type BankField = 'account_number' | 'bank_code' | 'bank_identifier_code';

export interface AccountKindRules {
  /** In words, for a heading: "UK account (GB, GBP)". */
  title: string;
  /** The bank fields this kind has, in the order a person reads them off a statement. */
  fields: readonly { name: BankField; label: string; required: boolean; hint?: string }[];
}

export function accountKindOf(country: string, currency: string): AccountKind {
  if (country === 'GB' && currency === 'GBP') return 'uk';
  if (currency === 'EUR' && isSepaCountry(country)) return 'sepa';
  if (country === 'US' && currency === 'USD') return 'us';
  return 'general';
}

export const ACCOUNT_KINDS: Readonly<Record<AccountKind, AccountKindRules>> = {
  uk: {
    title: 'UK account (GB, GBP)',
    fields: [
      { name: 'bank_code', label: 'Sort code', required: true, hint: '6 digits, as 60-16-13' },
      { name: 'account_number', label: 'Account number', required: true, hint: '8 digits' },
    ],
  },
  sepa: {
    title: 'SEPA account (EUR)',
    fields: [
      { name: 'account_number', label: 'IBAN', required: true },
      { name: 'bank_identifier_code', label: 'BIC', required: false, hint: 'optional in SEPA' },
    ],
  },
  us: {
    title: 'US account (US, USD)',
    fields: [
      { name: 'bank_code', label: 'ABA routing number', required: true, hint: '9 digits' },
      { name: 'account_number', label: 'Account number', required: true, hint: '4-17 digits' },
    ],
  },
  general: {
    title: 'Other account',
    fields: [
      { name: 'account_number', label: 'Account number or IBAN', required: true },
      {
        name: 'bank_identifier_code',
        label: 'BIC',
        required: false,
        hint: 'needed unless the account number is an IBAN',
      },
      { name: 'bank_code', label: 'Bank code', required: false },
    ],
  },
};
