// The rules on a new beneficiary's values: its codes, its account by the rules of its bank's
// country (an IBAN's checksum, a UK account's 8 digits, a US routing number's check digit), its
// BIC, and a name to pay. The service's own schemas may ask for more; its findings land on the
// draft as `service` issues when the beneficiaries are validated before a sync.
import { checkBankCode, countryScheme } from './bank-code-schemes';
import {
  checkBic,
  checkIban,
  checkUkAccountNumber,
  IBAN_LIKE,
  normaliseIban,
  ukAccountOfIban,
} from './bank-identifiers';
import { isCountryCode, isSepaCountry } from './countries';
import { isCurrencyCode } from './currencies';
import { isCalendarDay } from './calendar-day';
import type { DraftBeneficiary, Finding } from './draft';

const B = 'beneficiary.';
const BANK = 'beneficiary.bank_details.';

const ENTITY_TYPES = ['INDIVIDUAL', 'BUSINESS'];

export function validateBeneficiary(beneficiary: DraftBeneficiary, find: Finding): void {
  const bank = beneficiary.bank_details;
  const entity = beneficiary.entity;
  if (!ENTITY_TYPES.includes(beneficiary.type)) {
    find(`${B}type`, `${beneficiary.type || 'blank'} is not a payee type: INDIVIDUAL or BUSINESS`);
  }
  const country = beneficiary.country;
  if (!country) find(`${B}country`, 'the bank country is missing');
  else if (!isCountryCode(country)) {
    find(`${B}country`, `${country} is not a country code such as GB or FR`);
  }

  const account = text(bank.account_number);
  if (!account) find(`${BANK}account_number`, 'the account number or IBAN is missing');
  else if (IBAN_LIKE.test(normaliseIban(account))) {
    const iban = checkIban(account);
    const uk = iban.ok && country === 'GB' && beneficiary.currency === 'GBP';
    const inIban = uk ? ukAccountOfIban(iban.value) : null;
    if (!iban.ok) find(`${BANK}account_number`, iban.reason);
    else if (inIban) {
      // The service pays a UK account in pounds by sort code and account number (its GB/GBP
      // schema); the IBAN holds both, to be given as such.
      find(
        `${BANK}account_number`,
        `a UK account in pounds is paid by sort code and account number, not IBAN: this IBAN holds sort code ${inIban.sortCode.replace(/(\d\d)(?=\d)/g, '$1-')} and account number ${inIban.accountNumber}`,
      );
    } else if (country && isCountryCode(country) && iban.country !== country) {
      find(
        `${B}country`,
        `the IBAN is from ${iban.country} but the bank country says ${country}`,
        'warning',
      );
    }
  } else if (country && beneficiary.currency === 'EUR' && isSepaCountry(country)) {
    // A SEPA account in euros is paid by IBAN (DESIGN.md, "Beneficiary schemas"): the payee
    // form asks for one, and the service refused "12345678" that the rules let pass as typed.
    // A UK account in euros too: judged as a UK account number, it passed with its sort code
    // and the sync held its payment back (found by trying the command as an operator).
    find(
      `${BANK}account_number`,
      `a ${country} account in euros is paid by its IBAN, and this is not one: an IBAN starts with ${country} and two check digits`,
    );
  } else if (country === 'GB') {
    const uk = checkUkAccountNumber(account);
    if (!uk.ok) find(`${BANK}account_number`, uk.reason);
  }

  // A bank code by its country's scheme, as written: the zeros a spreadsheet drops are put back
  // by the importer, which knows the cell was a number; a code a person typed short is wrong.
  const bankCode = text(bank.bank_code);
  const scheme = country ? countryScheme(country) : undefined;
  if (bankCode && scheme) {
    const checked = checkBankCode(bankCode, scheme);
    if (!checked.ok) find(`${BANK}bank_code`, checked.reason);
  }
  const bic = text(bank.bank_identifier_code);
  if (bic) {
    const checked = checkBic(bic);
    if (!checked.ok) find(`${BANK}bank_identifier_code`, checked.reason);
  }

  const holder =
    text(bank.account_name) ||
    text(entity.company_name) ||
    [text(entity.individual_first_name), text(entity.individual_last_name)]
      .filter(Boolean)
      .join(' ');
  if (!holder) find(`${BANK}account_name`, 'the name of the account holder is missing');

  const currency = beneficiary.currency;
  if (!currency) find(`${B}currency`, 'the account currency is missing');
  else if (!isCurrencyCode(currency)) {
    find(`${B}currency`, `${currency} is not a currency code such as GBP or EUR`);
  }
  const born = text(entity.date_of_birth);
  if (born && !isCalendarDay(born)) {
    find(`${B}entity.date_of_birth`, `${born} is not a date such as 1980-04-23`);
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
