// The beneficiary a row describes, built from its cells and filled in where the sheet is silent:
// the bank country from the IBAN, the bank code's scheme (named by its header,
// bank-code-schemes.ts: a sort code means GB, a routing number US, a BSB AU) or the BIC; the
// account currency from the amount's header, the amount's own currency, the country's own
// currency, or the wallet's. A field whose cell could not be read is not silent: it is left
// empty, with its issue at the cell, never filled from elsewhere. The values are kept as the
// sheet gives them, with the zeros Excel dropped put back, for the domain's rules to judge
// (validateDraft, in row-to-draft.ts); what only the sheet can tell (a header naming a scheme,
// a number cell that lost its zeros) is said here.
import {
  type BankCodeScheme,
  checkBankCode,
  countryScheme,
  schemeCountry,
} from '../../../../shared/domain/bank-code-schemes';
import {
  checkAbaRouting,
  checkBic,
  checkIban,
  IBAN_LIKE,
  normaliseIban,
  normaliseUkAccountNumber,
  payUkIbanBySortCode,
} from '../../../../shared/domain/bank-identifiers';
import { isCountryCode } from '../../../../shared/domain/countries';
import { isCurrencyCode } from '../../../../shared/domain/currencies';
import type { BeneficiaryPutBody } from '../../../../shared/service';
import type { DraftIssue } from '../../outbox/draft-types';
import {
  guessedScheme,
  restoredBankCode,
  schemeMismatch,
} from '../understanding/bank-code-schemes';
import { restoreLeadingZeros } from '../coercion/cell-bank-codes';
import { entityTypeFrom } from '../coercion/cell-codes';
import type { FieldId } from '../understanding/fields';
import { homeCurrency } from '../coercion/home-currencies';
import type { RowValues } from './row-values';

export interface BeneficiaryContext {
  walletCurrency?: string;
  amountHeaderCurrency?: string;
  /** The scheme each bank code column's header names, by column; none for "Bank code". */
  bankCodeSchemes?: Readonly<Record<number, BankCodeScheme>>;
  /** A supplier list without individual-name columns: its payees are businesses (payee-kinds.ts). */
  payeesAreBusinesses?: true;
}

type Problem = (id: FieldId, message: string, severity?: DraftIssue['severity']) => void;

/**
 * What the row's payee was made of that its import's summary tells: a UK IBAN paid by its sort
 * code and account number; a bank code whose leading zeros were put back though its cell was
 * text (a CSV saved from a sheet that took the code for a number, or a digit a person missed).
 */
export type BeneficiaryNote = 'uk_iban_split' | 'zero_restored';

export function rowBeneficiary(
  values: RowValues,
  context: BeneficiaryContext,
  problem: Problem,
  noted: (note: BeneficiaryNote) => void = () => undefined,
): BeneficiaryPutBody {
  const { text, unreadable } = values;
  const bank: Record<string, string> = {};
  // As the sheet writes it, a code or not: a country that is none is the rules' to say.
  let country = text.bank_country;
  // Where the bank country's cell could not be read, nothing else may stand in for it.
  const fillCountry = (found: string | undefined) => {
    if (!unreadable.has('bank_country')) country ??= found;
  };

  const account = accountOf(values, problem);
  if (account.iban) fillCountry(account.iban.country);
  const bankCode = text.bank_code;
  // The scheme the header of the column the row's code is read from names (row-values.ts).
  const namedScheme =
    values.bankCodeColumn === undefined
      ? undefined
      : context.bankCodeSchemes?.[values.bankCodeColumn];
  const scheme =
    namedScheme ?? (bankCode ? guessedScheme(bankCode, context.walletCurrency) : undefined);
  // Only a header that names the scheme is evidence against the country; a guessed one yields.
  const mismatch =
    namedScheme && bankCode && country && isCountryCode(country) && !account.iban
      ? schemeMismatch(namedScheme, country)
      : null;
  if (mismatch) problem('bank_country', mismatch, 'warning');
  // A BIC names its bank's country (its 5th and 6th letters): surer than six digits read by
  // the wallet's country, less sure than a header that names the code's scheme.
  const bic = text.bic !== undefined ? checkBic(text.bic) : undefined;
  if (namedScheme) fillCountry(schemeCountry(namedScheme));
  if (bic?.ok) fillCountry(bic.country);
  fillCountry(scheme ? schemeCountry(scheme) : undefined);
  if (!country && bankCode && /^\d{9}$/.test(bankCode)) {
    // Nine digits under a generic header are meant as a routing number: say what is wrong
    // with it, at its cell, rather than only that the country is missing.
    const aba = checkAbaRouting(bankCode);
    if (!aba.ok) problem('bank_code', aba.reason);
  }
  const known = country !== undefined && isCountryCode(country) ? country : undefined;

  if (account.number !== undefined) {
    bank.account_number =
      !account.iban && known === 'GB' ? ukAccount(account.number, values) : account.number;
    // Only a UK account has a length its lost zeros can be put back to: a US or Australian
    // one has none, so 000123456789 stored as a number cannot be told from 123456789.
    if (!account.iban && known !== 'GB' && values.fromNumbers.has('account_number')) {
      problem(
        'account_number',
        "the account number is stored as a number, so any leading zeros were lost: check it against the payee's details",
        'warning',
      );
    }
  }
  if (bankCode !== undefined) {
    bank.bank_code = bankCodeOf(bankCode, namedScheme, known, values, problem, noted);
  }
  if (text.bic !== undefined) bank.bank_identifier_code = bic?.ok ? bic.value : text.bic;
  if (text.bank_name !== undefined) bank.bank_name = text.bank_name;

  const type = entityType(values, problem, context.payeesAreBusinesses === true);
  const entity = entityOf(values, type);
  const holder = unreadable.has('account_name')
    ? undefined
    : (text.account_name ??
      text.name ??
      (joinNames(text.first_name, text.last_name) || undefined) ??
      text.company_name);
  if (holder) bank.account_name = holder;

  const said = text.account_currency ?? context.amountHeaderCurrency;
  const fromAmount = said === undefined ? rowAmountCurrency(values) : undefined;
  const home = known ? homeCurrency(known) : undefined;
  const currency = unreadable.has('account_currency')
    ? undefined
    : (said ?? fromAmount ?? home ?? context.walletCurrency);
  if (fromAmount && home && fromAmount !== home) {
    // A USD payment to a French IBAN may go to a USD account or be converted into a EUR one:
    // the payment's currency is the likelier, but the person is the one who knows.
    problem(
      'account_currency',
      `the account is taken to be in ${fromAmount}, the payment's currency, but accounts in ${known} are mostly in ${home}: if this one is, set its account currency to ${home}`,
      'warning',
    );
  }
  // A UK IBAN paid in pounds goes as the sort code and account number it holds; the import's
  // summary says how many were.
  if (country && currency && payUkIbanBySortCode(bank, country, currency)) noted('uk_iban_split');
  return {
    type,
    country: country ?? '',
    currency: currency ?? '',
    entity,
    bank_details: bank,
  };
}

/**
 * The bank code with the zeros Excel dropped put back, by the scheme its header names, else by
 * its bank's country's. The rules check a code by its country's scheme; one whose header names
 * another (a sort code column beside IE or FR, or a country not known) is checked here by the
 * scheme it was written in.
 */
function bankCodeOf(
  code: string,
  namedScheme: BankCodeScheme | undefined,
  country: string | undefined,
  values: RowValues,
  problem: Problem,
  noted: (note: BeneficiaryNote) => void,
): string {
  const byCountry = country ? countryScheme(country) : undefined;
  const scheme = namedScheme ?? byCountry;
  if (!scheme) return code;
  const cell = values.fromNumbers.has('bank_code')
    ? 'number'
    : values.separated.has('bank_code')
      ? 'typed'
      : 'text';
  const restored = restoredBankCode(code, scheme, cell);
  if (cell === 'text' && restored !== code) noted('zero_restored');
  if (namedScheme && namedScheme !== byCountry) {
    const checked = checkBankCode(restored, namedScheme);
    if (!checked.ok) problem('bank_code', checked.reason);
  }
  return restored;
}

/**
 * The currency the row gives its amount in (its currency column, or a code or symbol in the
 * cell): where the sheet says nothing of the account's, "Amount 500 | Currency USD" is paid
 * into a USD account rather than converted into the bank country's currency. A code that is
 * not one is the amount's issue, not also the account's.
 */
function rowAmountCurrency(values: RowValues): string | undefined {
  const named = values.text.amount_currency ?? values.amount?.currency;
  return named !== undefined && isCurrencyCode(named) ? named : undefined;
}

/**
 * The account as the sheet gives it: an IBAN in its electronic form (checked here only for the
 * country it names; the rules judge it), any other number as written.
 */
function accountOf(
  values: RowValues,
  problem: Problem,
): { number?: string; iban?: { country: string } } {
  const fromIban = values.text.iban !== undefined;
  // An IBAN cell that could not be read is the account's, not the account number column's.
  const raw = values.unreadable.has('iban')
    ? undefined
    : (values.text.iban ?? values.text.account_number);
  if (raw === undefined) return {};
  const compact = normaliseIban(raw);
  if (IBAN_LIKE.test(compact)) {
    const iban = checkIban(compact);
    if (iban.ok) return { number: iban.value, iban: { country: iban.country } };
    // Mistyped, it still names its country: the rules say what is wrong with its digits, and
    // once they are corrected in the editor the payee is whole, not short of a bank country.
    const named = compact.slice(0, 2);
    return isCountryCode(named)
      ? { number: compact, iban: { country: named } }
      : { number: compact };
  }
  if (fromIban) {
    // Only its column says this is meant as an IBAN: the rules would take it for an account
    // number of the bank's country.
    const iban = checkIban(compact);
    if (!iban.ok) problem('iban', iban.reason);
    return { number: compact };
  }
  if (SCIENTIFIC.test(raw)) {
    // Excel shows a long number so, and a CSV it saves keeps only what it showed: the rules
    // would say the number is too short, where its digits are gone from the file.
    problem(
      'account_number',
      `"${raw}" is the account number in scientific notation, which keeps only its first digits: in the sheet, format the column as text, type the numbers again, and import it again`,
    );
  }
  return { number: raw };
}

/** A number as Excel shows one too long for its column: "1.23457E+07", "3,5E+11". */
const SCIENTIFIC = /^\d(?:[.,]\d+)?E\+?\d+$/i;

/**
 * Zeros Excel dropped from a number cell are put back to 8 digits; typed as text, an account
 * number is taken as written, bar the zeros UK banks themselves add to a 6- or 7-digit one
 * (normaliseUkAccountNumber): "1234" in a text cell is a number cut short, not 00001234, and
 * the rules say so.
 */
function ukAccount(number: string, values: RowValues): string {
  const fromNumber = values.fromNumbers.has(
    values.text.iban !== undefined ? 'iban' : 'account_number',
  );
  return normaliseUkAccountNumber(fromNumber ? restoreLeadingZeros(number, 'uk_account') : number);
}

function entityType(
  values: RowValues,
  problem: Problem,
  businesses: boolean,
): 'INDIVIDUAL' | 'BUSINESS' {
  const said = values.text.entity_type;
  if (said !== undefined) {
    const read = entityTypeFrom(said);
    if (read.ok && read.value) return read.value;
    if (!read.ok) problem('entity_type', read.message);
  }
  if (businesses) return 'BUSINESS';
  if (values.text.company_name && !values.text.last_name) return 'BUSINESS';
  const name = values.text.name ?? values.text.account_name;
  if (name && !values.text.last_name && LEGAL_FORM.test(name)) return 'BUSINESS';
  return 'INDIVIDUAL';
}

/**
 * A legal form at the end of a name says it is a business: "Müller GmbH", "Café Olé SARL",
 * "Delgado & Sons". Only forms that are not also surnames are listed.
 */
const LEGAL_FORM =
  /[\s,.](ltd|limited|llc|llp|inc|incorporated|corp|corporation|plc|gmbh|ag|kg|sarl|sas|bv|nv|srl|spa|s\.?a\.?|s\.?l\.?|pty|oy|& (sons|fils|co)|and sons)\.?$/i;

const ENTITY_FIELDS: [FieldId, string][] = [
  ['first_name', 'individual_first_name'],
  ['last_name', 'individual_last_name'],
  ['company_name', 'company_name'],
  ['date_of_birth', 'date_of_birth'],
  ['address_line_1', 'address_line_1'],
  ['address_city', 'address_city'],
  ['address_postal_code', 'address_postal_code'],
  ['address_country_subdivision', 'address_country_subdivision'],
  ['address_country', 'address_country'],
];

function entityOf(values: RowValues, type: 'INDIVIDUAL' | 'BUSINESS'): Record<string, string> {
  const text = values.text as Partial<Record<FieldId, string>>;
  const { unreadable } = values;
  const entity: Record<string, string> = {};
  for (const [id, name] of ENTITY_FIELDS) {
    const value = text[id];
    if (value !== undefined) entity[name] = value;
  }
  // The spec's entity has one address line: a second goes after the first.
  const line2 = text.address_line_2;
  if (line2 !== undefined && !unreadable.has('address_line_1')) {
    entity.address_line_1 = entity.address_line_1 ? `${entity.address_line_1}, ${line2}` : line2;
  }
  const named = text.name ?? text.account_name;
  if (type === 'BUSINESS' && !entity.company_name && named && !unreadable.has('company_name')) {
    entity.company_name = named;
  }
  return entity;
}

function joinNames(first?: string, last?: string): string {
  return [first, last].filter(Boolean).join(' ');
}
