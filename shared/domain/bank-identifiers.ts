// Checks of bank identifiers, each returning a value with a reason a finance person can act on,
// never throwing for bad input. IBAN and BIC rules (mod-97, per-country lengths and formats,
// national check digits) come from ibantools; the UK sort code and account number and the US
// ABA routing number rules are short enough to state here.
import {
  getCountrySpecifications,
  validateBIC,
  validateIBAN,
  ValidationErrorsIBAN,
} from 'ibantools';
import { isCountryCode } from './countries';

export type Check = { ok: true; value: string } | { ok: false; reason: string };
/** A Check that also names the IBAN's country, for comparing with the account's country. */
export type IbanCheck =
  { ok: true; value: string; country: string } | { ok: false; reason: string };
export type BicCheck = { ok: true; value: string; country: string } | { ok: false; reason: string };

/** Spaces (including the no-break space of pasted text), hyphens and the dashes Word puts in. */
const SEPARATORS = /[\s\u2010-\u2015-]/g;

/** The text without the separators people write inside codes: "60-16-13" -> "601613". */
export function stripSeparators(text: string): string {
  return text.replace(SEPARATORS, '');
}

/** Whether a code is written with separators inside it ("60-16-1"), as only a person types it. */
export function hasSeparators(text: string): boolean {
  const trimmed = text.trim();
  return stripSeparators(trimmed) !== trimmed;
}
const specs = getCountrySpecifications();

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** Two letters, two check digits, then the account: what an IBAN looks like before its check. */
export const IBAN_LIKE = /^[A-Z]{2}\d{2}[A-Z0-9]{8,}$/;

/** Electronic form: no spaces or hyphens, upper case ("de89 3704-…" -> "DE893704…"). */
export function normaliseIban(text: string): string {
  return stripSeparators(text).toUpperCase();
}

/**
 * A UK IBAN's sort code and account number: after GB and its check digits come the bank's four
 * letters, the 6-digit sort code and the 8-digit account number. Null for any other text.
 */
export function ukAccountOfIban(text: string): { sortCode: string; accountNumber: string } | null {
  const iban = normaliseIban(text);
  if (!/^GB\d{2}[A-Z]{4}\d{14}$/.test(iban)) return null;
  return { sortCode: iban.slice(8, 14), accountNumber: iban.slice(14) };
}

/**
 * An account as a person reads it, wherever it is shown (the payee list, the results export):
 * its bank code (a sort code, a routing number), where it has one, then its number, which is
 * the IBAN where the account is named by one.
 */
export function accountText(
  bank: { bank_code?: unknown; account_number?: unknown } | null | undefined,
): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return [text(bank?.bank_code), text(bank?.account_number)].filter(Boolean).join(' · ');
}

/**
 * A UK account in pounds is paid by sort code and account number (the service's GB/GBP schema),
 * which its IBAN holds: bank details that give the IBAN, alone or with the same sort code, have
 * them taken from it, in place. A different sort code beside it is left for the person to settle
 * (the rules say what the IBAN holds). The importer and every edit do this alike. Answers
 * whether it did.
 */
export function payUkIbanBySortCode(
  bank: Record<string, unknown>,
  country: string,
  currency: string,
): boolean {
  if (country !== 'GB' || currency !== 'GBP' || typeof bank.account_number !== 'string') {
    return false;
  }
  const inIban = ukAccountOfIban(bank.account_number);
  if (!inIban) return false;
  const code = bank.bank_code;
  if (typeof code === 'string' && code.trim() && stripSeparators(code) !== inIban.sortCode) {
    return false;
  }
  // A mistyped IBAN stays as typed, for the rules to say so: its digits are no one's account.
  if (!checkIban(bank.account_number).ok) return false;
  bank.bank_code = inIban.sortCode;
  bank.account_number = inIban.accountNumber;
  return true;
}

/**
 * The last IBAN checked, and its verdict: an import checks each row's IBAN as it reads the cell
 * and again as the rules judge the draft, and the check digits' arithmetic (ibantools) is most
 * of both (one-off, 100,000 rows: a tenth of drafting a row).
 */
let lastChecked: { text: string; check: Readonly<IbanCheck> } | undefined;

export function checkIban(text: string): Readonly<IbanCheck> {
  if (lastChecked?.text === text) return lastChecked.check;
  const check = checkIbanText(text);
  lastChecked = { text, check };
  return check;
}

function checkIbanText(text: string): IbanCheck {
  const iban = normaliseIban(text);
  if (iban === '') return fail('the IBAN is empty');
  const stray = /[^A-Z0-9]/.exec(iban);
  if (stray) return fail(`an IBAN has only letters and digits, this one has "${stray[0]}"`);
  const country = iban.slice(0, 2);
  // An account number put where an IBAN goes ("55779911" in an IBAN column): "55 is not an IBAN
  // country" would be true, and no help.
  if (!/^[A-Z]{2}/.test(country)) {
    return fail(
      `an IBAN starts with its country's two letters, such as GB or DE, not "${country}": if this is an account number, give it with its bank code instead`,
    );
  }
  const length = Object.hasOwn(specs, country) ? specs[country]?.chars : undefined;
  if (!length) {
    return fail(
      isCountryCode(country)
        ? `${country} does not use IBANs`
        : `${country} is not an IBAN country`,
    );
  }
  if (iban.length !== length) {
    return fail(`a ${country} IBAN has ${length} characters, this one has ${iban.length}`);
  }
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.length === 0) return { ok: true, value: iban, country };
  if (errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber)) {
    return fail(
      `the 3rd and 4th characters of an IBAN are check digits, not "${iban.slice(2, 4)}"`,
    );
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return fail(`the account part does not have the format of a ${country} IBAN`);
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return fail(`the ${country} account number inside the IBAN has a wrong check digit`);
  }
  return fail('IBAN check digits are wrong: a character is mistyped or two are swapped');
}

export function normaliseBic(text: string): string {
  return stripSeparators(text).toUpperCase();
}

/**
 * 4 letters for the bank, 2 for the country, 2 letters or digits for the place, and an
 * optional 3 for the branch. The country part follows SWIFT, which also uses XK (Kosovo).
 */
export function checkBic(text: string): BicCheck {
  const bic = normaliseBic(text);
  if (bic === '') return fail('the BIC is empty');
  if (bic.length !== 8 && bic.length !== 11) {
    return fail(`a BIC has 8 or 11 characters, this one has ${bic.length}`);
  }
  if (!/^[A-Z]{4}$/.test(bic.slice(0, 4))) {
    return fail(`a BIC starts with 4 letters for the bank, not "${bic.slice(0, 4)}"`);
  }
  const country = bic.slice(4, 6);
  if (!/^[A-Z]{2}$/.test(country) || !Object.hasOwn(specs, country)) {
    return fail(`the 5th and 6th characters of a BIC are a country code, "${country}" is not one`);
  }
  if (!/^[A-Z0-9]+$/.test(bic.slice(6)) || !validateBIC(bic).valid) {
    return fail(
      'after the country, a BIC has 2 letters or digits and an optional 3 for the branch',
    );
  }
  return { ok: true, value: bic, country };
}

/**
 * "12-34-56", "12 34 56" and "123456" -> "123456"; "12345" -> "012345", the leading zero that
 * a spreadsheet drops when it takes a sort code for a number. Anything else is left for
 * checkSortCode to explain.
 */
export function normaliseSortCode(text: string): string {
  const digits = stripSeparators(text);
  return /^\d{5}$/.test(digits) ? `0${digits}` : digits;
}

/**
 * 6 digits, separators allowed; the value is the 6 digits alone. Five digits are refused: no
 * sort code has five, so five typed by a person are more likely a digit missing than a zero
 * dropped. Restoring the zero is the importer's choice, made with normaliseSortCode for cells
 * it knows a spreadsheet stored as numbers.
 */
export function checkSortCode(text: string): Check {
  const value = stripSeparators(text);
  return /^\d{6}$/.test(value)
    ? { ok: true, value }
    : fail('a sort code is 6 digits, such as 60-16-13');
}

/**
 * UK account numbers have 8 digits. Some banks issued 6- and 7-digit ones, which UK banks and
 * the payment schemes (Vocalink's account validation rules) pad with leading zeros to 8; a
 * spreadsheet that took the number for a number drops those zeros the same way. Both get them
 * back here. Shorter numbers are not an issued form, and are left for the check to refuse.
 */
export function normaliseUkAccountNumber(text: string): string {
  const digits = stripSeparators(text);
  return /^\d{6,7}$/.test(digits) ? digits.padStart(8, '0') : digits;
}

/**
 * 8 digits after removing spaces and hyphens; a 6- or 7-digit number is accepted as the 8-digit
 * one with leading zeros, which is the value returned. Unlike a 5-digit sort code, a 6- or
 * 7-digit account number is a real, issued form, so padding it here is not a guess.
 */
export function checkUkAccountNumber(text: string): Check {
  const value = normaliseUkAccountNumber(text);
  return /^\d{8}$/.test(value) ? { ok: true, value } : fail('a UK account number is 8 digits');
}

/**
 * Restores the leading zeros a spreadsheet drops: routing numbers of the first Federal Reserve
 * districts start with 0, and the government's with 00, so 7 or 8 digits are padded to 9.
 * Shorter inputs are left alone: "0" padded would pass the checksum as 000000000.
 */
export function normaliseAbaRouting(text: string): string {
  const digits = stripSeparators(text);
  return /^\d{7,8}$/.test(digits) ? digits.padStart(9, '0') : digits;
}

/**
 * 9 digits, starting with a prefix the Federal Reserve assigns (00-12, 21-32, 61-72, 80),
 * whose weighted sum (weights 3, 7, 1, repeated) is a multiple of 10.
 */
export function checkAbaRouting(text: string): Check {
  const value = stripSeparators(text);
  if (!/^\d{9}$/.test(value)) return fail('a US routing number is 9 digits, such as 021000021');
  if (/^0+$/.test(value)) return fail('000000000 is not a routing number');
  const prefix = Number(value.slice(0, 2));
  const assigned = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72);
  if (!assigned && prefix !== 80) {
    return fail(
      `a US routing number starts with 00-12, 21-32, 61-72 or 80, not ${value.slice(0, 2)}`,
    );
  }
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(value[i]) * (weights[i % 3] ?? 0);
  return sum % 10 === 0
    ? { ok: true, value }
    : fail('the routing number check digit is wrong: a digit is mistyped or two are swapped');
}

/** An Australian BSB (bank-state-branch): 6 digits, written 062-000. */
export function checkBsb(text: string): Check {
  const value = stripSeparators(text);
  return /^\d{6}$/.test(value) ? { ok: true, value } : fail('a BSB is 6 digits, such as 062-000');
}

/**
 * A Canadian bank is named by its 5-digit transit (branch) number and 3-digit institution
 * number, written 12345-003 on a cheque, or 9 digits starting with 0 (0, institution, transit)
 * in electronic payments. A transit number alone does not name the bank.
 */
export function checkCanadianRouting(text: string): Check {
  const value = stripSeparators(text);
  return /^(\d{8}|0\d{8})$/.test(value)
    ? { ok: true, value }
    : fail(
        'a Canadian bank code is the 5-digit transit and 3-digit institution numbers, such as 12345-003',
      );
}
