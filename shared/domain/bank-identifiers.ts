// Checks of bank identifiers, with reasons a finance person can act on. IBAN and BIC rules
// (mod-97, per-country lengths and formats) come from ibantools; the UK sort code and US ABA
// routing number checks are short enough to state here.
import {
  electronicFormatIBAN,
  getCountrySpecifications,
  validateBIC,
  validateIBAN,
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
} from 'ibantools';

export type Check = { ok: true; value: string } | { ok: false; reason: string };
export type IbanCheck =
  { ok: true; value: string; country: string } | { ok: false; reason: string };

const specs = getCountrySpecifications();

/** Electronic form: no spaces or hyphens, upper case ("de89 3704…" -> "DE893704…"). */
export function normaliseIban(text: string): string {
  return electronicFormatIBAN(text.replace(/[\s-]/g, '')) ?? '';
}

export function checkIban(text: string): IbanCheck {
  const iban = normaliseIban(text);
  if (iban === '') return { ok: false, reason: 'IBAN is empty' };
  const country = iban.slice(0, 2);
  const spec = specs[country];
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.length === 0) return { ok: true, value: iban, country };
  if (!spec?.chars || errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) {
    return { ok: false, reason: `${country} is not a country that uses IBANs` };
  }
  if (iban.length !== spec.chars) {
    return {
      ok: false,
      reason: `a ${country} IBAN has ${spec.chars} characters, this one has ${iban.length}`,
    };
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return { ok: false, reason: `the account part does not have the format of a ${country} IBAN` };
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return { ok: false, reason: `the ${country} account number's own check digit is wrong` };
  }
  return {
    ok: false,
    reason: 'IBAN check digits are wrong: a character is mistyped or two are swapped',
  };
}

export function normaliseBic(text: string): string {
  return text.replace(/\s/g, '').toUpperCase();
}

export function checkBic(text: string): Check {
  const bic = normaliseBic(text);
  if (bic.length !== 8 && bic.length !== 11) {
    return { ok: false, reason: `a BIC has 8 or 11 characters, this one has ${bic.length}` };
  }
  const { errorCodes } = validateBIC(bic);
  if (errorCodes.length === 0) return { ok: true, value: bic };
  if (errorCodes.includes(ValidationErrorsBIC.NoBICCountry)) {
    return { ok: false, reason: `${bic.slice(4, 6)} in the BIC is not a country code` };
  }
  return {
    ok: false,
    reason:
      'a BIC is 4 letters (bank), 2 letters (country), 2 letters or digits (place) and an optional 3-character branch',
  };
}

/** "12-34-56", "12 34 56" -> "123456"; "12345" (Excel dropped the leading zero) -> "012345". */
export function normaliseSortCode(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{5}$/.test(digits) ? `0${digits}` : digits;
}

/** Exactly 6 digits (separators allowed); a lost leading zero is the importer's to restore. */
export function checkSortCode(text: string): Check {
  const value = text.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(value)
    ? { ok: true, value }
    : { ok: false, reason: 'a sort code is 6 digits, such as 60-16-13' };
}

/** UK account numbers have 8 digits; some banks issue 7, which are padded with a leading zero. */
export function normaliseUkAccountNumber(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{7}$/.test(digits) ? `0${digits}` : digits;
}

export function checkUkAccountNumber(text: string): Check {
  const value = text.replace(/[\s-]/g, '');
  return /^\d{8}$/.test(value)
    ? { ok: true, value }
    : { ok: false, reason: 'a UK account number is 8 digits' };
}

/** Restores the leading zeros Excel drops: a routing number always has 9 digits. */
export function normaliseAbaRouting(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{1,8}$/.test(digits) ? digits.padStart(9, '0') : digits;
}

/** 9 digits whose weighted sum (3, 7, 1, repeated) is a multiple of 10. */
export function checkAbaRouting(text: string): Check {
  const value = text.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(value)) return { ok: false, reason: 'a US routing number is 9 digits' };
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce(
    (total, digit, index) => total + Number(digit) * (weights[index] ?? 0),
    0,
  );
  return sum % 10 === 0
    ? { ok: true, value }
    : { ok: false, reason: 'the routing number check digit is wrong: a digit is mistyped' };
}
