// A payee's field as a person names it, from the path an issue gives (the rules' and the
// service's alike): "beneficiary.bank_details.bank_code" is the sort code of a UK account.
import { ACCOUNT_KINDS, type AccountKind } from '../../../../shared/domain/account-kinds';

const LABELS: Record<string, string> = {
  'beneficiary.type': 'Payee type',
  'beneficiary.country': 'Bank country',
  'beneficiary.currency': 'Account currency',
  'beneficiary.entity': 'Payee',
  'beneficiary.entity.individual_first_name': 'First name',
  'beneficiary.entity.individual_last_name': 'Last name',
  'beneficiary.entity.company_name': 'Company name',
  'beneficiary.bank_details': 'Bank details',
  'beneficiary.bank_details.account_name': 'Account holder name',
  'beneficiary.bank_details.account_country': 'Bank country',
  'beneficiary.bank_details.account_currency': 'Account currency',
};

export function fieldLabel(field: string, kind: AccountKind = 'general'): string {
  const bank = /^beneficiary\.bank_details\.(account_number|bank_code|bank_identifier_code)$/.exec(
    field,
  );
  const own = bank && ACCOUNT_KINDS[kind].fields.find((f) => f.name === bank[1]);
  if (own) return own.label;
  if (LABELS[field]) return LABELS[field];
  const words = (field.split('.').pop() ?? field).replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
