// The sandbox's beneficiary schemas (DESIGN.md), chosen by the account's country and currency:
//   GB/GBP   sort code in bank_code + 8-digit account_number
//   SEPA     a SEPA country with EUR: an IBAN in account_number; a BIC optional (checked if given)
//   US/USD   ABA routing number in bank_code + a 4-17 digit account_number
//   GENERAL  anything else: account_number, and a BIC unless the account number is an IBAN
// Every schema needs a holder name: account_name, or the entity's names.
// Issues carry a JSON path; a missing property is reported at its container, naming it.
import {
  checkAbaRouting,
  checkBic,
  checkIban,
  checkSortCode,
  checkUkAccountNumber,
  type Check,
} from '../../shared/domain/bank-identifiers';
import { isCountryCode, isSepaCountry } from '../../shared/domain/countries';
import { isCurrencyCode } from '../../shared/domain/currencies';
import type { ValidationIssue } from '../../shared/service';

export type SchemaName = 'GB/GBP' | 'SEPA' | 'US/USD' | 'GENERAL';

export interface BeneficiaryToCheck {
  entity_type?: string | undefined;
  entity: Record<string, unknown>;
  bank_details: Record<string, unknown>;
  /** The beneficiary's own country and currency, when the bank details do not repeat them. */
  country?: string | undefined;
  currency?: string | undefined;
}

export interface SchemaVerdict {
  schema: SchemaName;
  country: string;
  currency: string;
  entity_type: string;
  issues: ValidationIssue[];
}

export function chooseSchema(country: string, currency: string): SchemaName {
  if (country === 'GB' && currency === 'GBP') return 'GB/GBP';
  if (currency === 'EUR' && isSepaCountry(country)) return 'SEPA';
  if (country === 'US' && currency === 'USD') return 'US/USD';
  return 'GENERAL';
}

export function validateBeneficiary(item: BeneficiaryToCheck): SchemaVerdict {
  const bank = item.bank_details;
  const country = text(bank.account_country) ?? item.country ?? '';
  const currency = text(bank.account_currency) ?? item.currency ?? '';
  const entityType = item.entity_type ?? 'INDIVIDUAL';
  const schema = chooseSchema(country, currency);
  const issues: ValidationIssue[] = [];
  const missing = (container: string, property: string) =>
    issues.push({ field: `$.${container}`, message: `${property} is required` });
  const verdict = (path: string, check: Check) => {
    if (!check.ok) issues.push({ field: `$.${path}`, message: check.reason });
  };

  if (!isCountryCode(country))
    issues.push({
      field: '$.bank_details.account_country',
      message: `${country || 'an empty value'} is not an ISO 3166 country code`,
    });
  if (!isCurrencyCode(currency))
    issues.push({
      field: '$.bank_details.account_currency',
      message: `${currency || 'an empty value'} is not an ISO 4217 currency code`,
    });

  const accountNumber = text(bank.account_number);
  const bankCode = text(bank.bank_code);
  const bic = text(bank.bank_identifier_code);
  switch (schema) {
    case 'GB/GBP':
      if (bankCode === undefined) missing('bank_details', 'bank_code (the sort code)');
      else verdict('bank_details.bank_code', checkSortCode(bankCode));
      if (accountNumber === undefined) missing('bank_details', 'account_number');
      else verdict('bank_details.account_number', checkUkAccountNumber(accountNumber));
      break;
    case 'SEPA':
      if (accountNumber === undefined) missing('bank_details', 'account_number (the IBAN)');
      else verdict('bank_details.account_number', checkIban(accountNumber));
      if (bic !== undefined) verdict('bank_details.bank_identifier_code', checkBic(bic));
      break;
    case 'US/USD':
      if (bankCode === undefined) missing('bank_details', 'bank_code (the ABA routing number)');
      else verdict('bank_details.bank_code', checkAbaRouting(bankCode));
      if (accountNumber === undefined) missing('bank_details', 'account_number');
      else if (!/^\d{4,17}$/.test(accountNumber)) {
        issues.push({
          field: '$.bank_details.account_number',
          message: 'a US account number is 4 to 17 digits',
        });
      }
      break;
    case 'GENERAL': {
      if (accountNumber === undefined) missing('bank_details', 'account_number');
      const isIban = accountNumber !== undefined && checkIban(accountNumber).ok;
      if (bic !== undefined) verdict('bank_details.bank_identifier_code', checkBic(bic));
      else if (!isIban) missing('bank_details', 'bank_identifier_code (the BIC)');
      break;
    }
  }
  checkHolderName(item, entityType, issues);
  return { schema, country, currency, entity_type: entityType, issues };
}

function checkHolderName(
  item: BeneficiaryToCheck,
  entityType: string,
  issues: ValidationIssue[],
): void {
  if (text(item.bank_details.account_name) !== undefined) return;
  if (entityType === 'BUSINESS') {
    if (text(item.entity.company_name) === undefined) {
      issues.push({
        field: '$.entity',
        message: 'company_name is required (or bank_details.account_name)',
      });
    }
    return;
  }
  for (const name of ['individual_first_name', 'individual_last_name']) {
    if (text(item.entity[name]) === undefined) {
      issues.push({
        field: '$.entity',
        message: `${name} is required (or bank_details.account_name)`,
      });
    }
  }
}

/** A display name for the holder: the account name, the company, or the person. */
export function holderName(entity: Record<string, unknown>, bank: Record<string, unknown>): string {
  return (
    text(bank.account_name) ??
    text(entity.company_name) ??
    [text(entity.individual_first_name), text(entity.individual_last_name)]
      .filter(Boolean)
      .join(' ')
  );
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
