// What the sandbox warns of in a bulk beneficiary import (`error_info.warnings`): something the
// payee's bank will see differently from what was sent, though the service still takes it.
// Documented in the sandbox README. UK payments (Bacs, Faster Payments) carry 18 characters of
// the payee's name, so a longer holder name reaches the bank cut short.
import type { ImportFinding } from '../../shared/service';
import { chooseSchema } from './beneficiary-schemas';

/** Characters of the payee's name a UK payment carries. */
export const UK_NAME_LENGTH = 18;

export interface PayeeToWarnOf {
  entityType: string;
  country: string;
  currency: string;
  entity: Record<string, unknown>;
  bankDetails: Record<string, unknown>;
}

export function beneficiaryWarnings(payee: PayeeToWarnOf): ImportFinding[] {
  if (chooseSchema(payee.country, payee.currency) !== 'GB/GBP') return [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const accountName = text(payee.bankDetails.account_name);
  const business = payee.entityType === 'BUSINESS';
  const name =
    accountName ||
    (business
      ? text(payee.entity.company_name)
      : [text(payee.entity.individual_first_name), text(payee.entity.individual_last_name)]
          .filter(Boolean)
          .join(' '));
  if (name.length <= UK_NAME_LENGTH) return [];
  const properties = accountName
    ? ['bank_details.account_name']
    : business
      ? ['entity.company_name']
      : ['entity.individual_first_name', 'entity.individual_last_name'];
  return [
    {
      properties,
      description: `UK payments carry ${UK_NAME_LENGTH} characters of the payee's name: the bank will see "${name.slice(0, UK_NAME_LENGTH)}"`,
    },
  ];
}
