// The sandbox's beneficiary schemas (DESIGN.md), chosen by the account's country and currency:
//   GB/GBP   sort code in bank_code + 8-digit account_number
//   SEPA     a SEPA country with EUR: an IBAN in account_number; a BIC optional (checked if given)
//   US/USD   ABA routing number in bank_code + a 4-17 digit account_number
//   GENERAL  anything else: account_number, and a BIC unless the account number is an IBAN
// Every schema needs a holder name: account_name, or the entity's names.
// Issues carry a JSON path; a missing property is reported at its container, naming it, and a
// bad value at its own path, so that a client can put each issue on the field to fix.
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
  /** The beneficiary's own country and currency (create, update); validation items carry
   * them only in bank_details.account_country and account_currency. */
  country?: unknown;
  currency?: unknown;
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
  const issues: ValidationIssue[] = [];
  const bank = fields(item.bank_details, 'bank_details', issues);
  const entity = fields(item.entity, 'entity', issues);
  const country = accountCode('country', item.country, bank, issues);
  const currency = accountCode('currency', item.currency, bank, issues);
  const entityType = item.entity_type ?? impliedEntityType(item.entity);
  const schema = chooseSchema(country, currency);

  const check = (name: string, value: string | undefined, verdict: (text: string) => Check) => {
    if (value === undefined) return;
    const result = verdict(value);
    if (!result.ok) issues.push({ field: `$.bank_details.${name}`, message: result.reason });
  };
  switch (schema) {
    case 'GB/GBP':
      check('bank_code', bank.required('bank_code', 'the sort code'), checkSortCode);
      check('account_number', bank.required('account_number'), checkUkAccountNumber);
      break;
    case 'SEPA':
      check('account_number', bank.required('account_number', 'the IBAN'), (text) =>
        checkIbanOf(country, text),
      );
      check('bank_identifier_code', bank.optional('bank_identifier_code'), checkBic);
      break;
    case 'US/USD':
      check('bank_code', bank.required('bank_code', 'the ABA routing number'), checkAbaRouting);
      check('account_number', bank.required('account_number'), checkUsAccountNumber);
      break;
    case 'GENERAL': {
      const accountNumber = bank.required('account_number');
      // An account number written like an IBAN of the account's own country is meant as one:
      // a mistyped IBAN must not pass just because a BIC came with it.
      const meantAsIban = accountNumber !== undefined && looksLikeIbanOf(country, accountNumber);
      if (meantAsIban) check('account_number', accountNumber, checkIban);
      // A mistyped IBAN needs fixing, not a BIC: no second issue for it.
      const ibanGiven = meantAsIban || (accountNumber !== undefined && checkIban(accountNumber).ok);
      const bic = ibanGiven
        ? bank.optional('bank_identifier_code')
        : bank.required('bank_identifier_code', 'the BIC, unless account_number is an IBAN');
      check('bank_identifier_code', bic, checkBic);
      break;
    }
  }
  checkHolderName(entityType, bank, entity, issues);
  return { schema, country, currency, entity_type: entityType, issues };
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

interface Fields {
  /** The trimmed text, or undefined when absent (reported at the container) or not text. */
  required(name: string, meaning?: string): string | undefined;
  optional(name: string): string | undefined;
}

/** Reads text properties of one object. A value that is not text (a number from a
 * spreadsheet cell, say) is reported at its own path instead of as missing. */
function fields(
  container: Record<string, unknown>,
  path: string,
  issues: ValidationIssue[],
): Fields {
  const reported = new Set<string>();
  const read = (name: string): string | null | undefined => {
    const value = container[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
    if (!reported.has(name)) {
      reported.add(name);
      issues.push({ field: `$.${path}.${name}`, message: `${name} must be a string` });
    }
    return null;
  };
  return {
    required(name, meaning) {
      const value = read(name);
      if (value === undefined) {
        issues.push({
          field: `$.${path}`,
          message: `${name}${meaning ? ` (${meaning})` : ''} is required`,
        });
      }
      return value ?? undefined;
    },
    optional: (name) => read(name) ?? undefined,
  };
}

/**
 * The account's country or currency: the beneficiary's own (`country`, `currency`) where it
 * has one, else bank_details.account_country / account_currency. Both given and different is
 * an issue, since the response would silently replace the bank details' value.
 */
function accountCode(
  kind: 'country' | 'currency',
  own: unknown,
  bank: Fields,
  issues: ValidationIssue[],
): string {
  const name = `account_${kind}`;
  const inBank = bank.optional(name);
  const stated = text(own);
  if (stated !== undefined && inBank !== undefined && stated !== inBank) {
    issues.push({
      field: `$.bank_details.${name}`,
      message: `${name} ${inBank} differs from the beneficiary's ${kind} ${stated}`,
    });
  }
  const code = stated ?? inBank;
  const field = stated !== undefined ? `$.${kind}` : `$.bank_details.${name}`;
  if (code === undefined) {
    issues.push({ field: '$.bank_details', message: `${name} is required` });
  } else if (kind === 'country' ? !isCountryCode(code) : !isCurrencyCode(code)) {
    const standard = kind === 'country' ? 'an ISO 3166 country' : 'an ISO 4217 currency';
    issues.push({ field, message: `${code} is not ${standard} code` });
  }
  return code ?? '';
}

/** Without a stated type, an entity with a company name and no personal names is a business. */
function impliedEntityType(entity: Record<string, unknown>): string {
  const personal = text(entity.individual_first_name) ?? text(entity.individual_last_name);
  return text(entity.company_name) !== undefined && personal === undefined
    ? 'BUSINESS'
    : 'INDIVIDUAL';
}

function checkHolderName(
  entityType: string,
  bank: Fields,
  entity: Fields,
  issues: ValidationIssue[],
): void {
  if (bank.optional('account_name') !== undefined) return;
  const names =
    entityType === 'BUSINESS'
      ? ['company_name']
      : ['individual_first_name', 'individual_last_name'];
  for (const name of names) {
    if (entity.optional(name) === undefined) {
      issues.push({
        field: '$.entity',
        message: `${name} is required (or bank_details.account_name)`,
      });
    }
  }
}

/** In SEPA the IBAN names the bank's country, so it must be the account's country. */
function checkIbanOf(country: string, value: string): Check {
  const result = checkIban(value);
  if (!result.ok || result.country === country) return result;
  return {
    ok: false,
    reason: `this is a ${result.country} IBAN, but the account country is ${country}`,
  };
}

/** The account country's code, two check digits and at least 11 more (the shortest IBAN has 15). */
function looksLikeIbanOf(country: string, value: string): boolean {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  return (
    country !== '' && compact.startsWith(country) && /^[A-Z]{2}\d{2}[A-Z0-9]{11,}$/.test(compact)
  );
}

function checkUsAccountNumber(value: string): Check {
  return /^\d{4,17}$/.test(value)
    ? { ok: true, value }
    : { ok: false, reason: 'a US account number is 4 to 17 digits' };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
