// Which scheme a sheet's bank codes follow, and so which country the bank is in. Digits alone
// cannot tell: a UK sort code, an Australian BSB and a South African or New Zealand branch code
// all have six, so a header that names its scheme ("Sort Code", "Routing Number", "BSB",
// "Transit") is believed over the digits, and only a generic one ("Bank code") leaves the
// scheme to be told from the code.
import {
  BANK_CODE_SCHEMES,
  type BankCodeScheme,
} from '../../../../shared/domain/bank-code-schemes';
import {
  checkAbaRouting,
  normaliseAbaRouting,
  normaliseSortCode,
} from '../../../../shared/domain/bank-identifiers';
import { type LeadingZeroScheme, restoreLeadingZeros } from '../coercion/cell-bank-codes';
import { normaliseHeader } from './header-matching';

/**
 * How a sheet loses a scheme's leading zeros, and which are put back (the scheme's country, name
 * and check are the domain's: shared/domain/bank-code-schemes.ts).
 */
interface SheetZeros {
  /** The length Excel's dropped zeros are restored to, for a code stored as a number. */
  number?: LeadingZeroScheme;
  /**
   * The zeros restored in a code stored as text, which may be a number Excel wrote to a CSV:
   * only what the domain's normalisers restore (a sort code's one zero, a routing number's
   * first two), so that a code a person typed short is shown as wrong, not padded into
   * another bank's.
   */
  text?: (code: string) => string;
}

const ZEROS: Readonly<Record<BankCodeScheme, SheetZeros>> = {
  uk_sort_code: { number: 'uk_sort_code', text: normaliseSortCode },
  us_routing: { number: 'us_routing', text: normaliseAbaRouting },
  au_bsb: { number: 'au_bsb' },
  // No zeros restored: the 9-digit electronic form starts with 0, but without it the 8 digits
  // left read as the cheque form (transit, institution), which is a code of its own.
  ca_transit: {},
};

/** In order: "Routing Transit Number" is a US routing number, "Transit" alone Canadian. */
const HEADER_SCHEMES: readonly (readonly [RegExp, BankCodeScheme])[] = [
  [/\bsort ?code\b/, 'uk_sort_code'],
  [/\b(routing(?: transit)?|aba|rtn|abartn)\b/, 'us_routing'],
  [/\b(bsb|bank state branch)\b/, 'au_bsb'],
  [/\btransit\b/, 'ca_transit'],
];

/**
 * The scheme a bank code column's header names; undefined for a generic one ("Bank code"), and
 * for one that names two ("Routing / sort code"): its column holds codes of both, each read by
 * its own row's digits and country as under a generic header. Believed whole, the first scheme
 * named judged every row's code by itself, and a sound routing number was "a sort code is 6
 * digits", an error no edit could clear.
 */
export function headerScheme(header: string): BankCodeScheme | undefined {
  // Each alternative on its own ("Routing / Transit" names two, though its words run together
  // once normalised as "Routing Transit Number" does).
  const named = new Set(header.split(/\/|\||\bor\b/i).map(partScheme));
  named.delete(undefined);
  return named.size === 1 ? [...named][0] : undefined;
}

/** The scheme one alternative of a header names; undefined for none, or for two. */
function partScheme(part: string): BankCodeScheme | undefined {
  const name = normaliseHeader(part);
  // The words of each scheme found are taken out before the next is looked for: "Routing
  // Transit Number" names the US routing number alone, not a Canadian transit as well.
  const named = new Set<BankCodeScheme>();
  let rest = name;
  for (const [words, scheme] of HEADER_SCHEMES) {
    if (!words.test(rest)) continue;
    named.add(scheme);
    rest = rest.replace(new RegExp(words.source, 'g'), ' ');
  }
  return named.size === 1 ? [...named][0] : undefined;
}

/**
 * Whether a second bank code column may stand beside a first: where their headers name two
 * schemes (Wise's sortCode and abartn), each row fills one, and its code is read by the scheme
 * of the column it fills. Two of one scheme, or a generic "Bank code", are one field twice.
 */
export function otherSchemes(header: string, other: string): boolean {
  const [scheme, otherScheme] = [headerScheme(header), headerScheme(other)];
  return scheme !== undefined && otherScheme !== undefined && otherScheme !== scheme;
}

/**
 * Why a bank code of this scheme is doubtful in a bank in `country`, or null when its banks use
 * the scheme: a sort code column beside "FR" is a row whose country or code is wrong.
 */
export function schemeMismatch(scheme: BankCodeScheme, country: string): string | null {
  const rules = BANK_CODE_SCHEMES[scheme];
  if (country === rules.country || rules.alsoIn?.includes(country)) return null;
  return `the bank code is ${rules.name}, but the bank country says ${country}`;
}

/**
 * Six-digit codes read as the scheme of the wallet's country. A team paying from a GBP wallet
 * mostly pays UK accounts, so its generic "Bank code" of six digits is a sort code, as it
 * always was read; from any other wallet six digits are left unread and the person is asked
 * for the bank country: a wrong guess sends the payment to another country's banks (the
 * Australian payee made British), a missing country only asks a question.
 */
const SIX_DIGITS_BY_WALLET: Readonly<Record<string, BankCodeScheme>> = {
  GBP: 'uk_sort_code',
  AUD: 'au_bsb',
};

/**
 * The scheme of a code under a generic header, from its digits: 7 to 9 that pass the ABA
 * checksum once Excel's dropped zeros are back are a US routing number (no other scheme has a
 * checksum to pass by chance so rarely); 6, or 5 that lost a leading zero, go by the wallet.
 */
export function guessedScheme(code: string, walletCurrency?: string): BankCodeScheme | undefined {
  if (/^\d{7,9}$/.test(code) && checkAbaRouting(normaliseAbaRouting(code)).ok) return 'us_routing';
  if (/^\d{5,6}$/.test(code) && walletCurrency) return SIX_DIGITS_BY_WALLET[walletCurrency];
  return undefined;
}

/**
 * How a code stood in its cell: a number (Excel's dropped zeros), bare text (which may be a
 * number Excel wrote to a CSV), or text with separators ("60-16-1"), which only a person types.
 */
export type CodeCell = 'number' | 'text' | 'typed';

/**
 * The code with the leading zeros Excel dropped put back by its scheme: all of them when the
 * cell was a number (the Excel case), only the domain's usual ones when it was bare text, none
 * when a person typed it with separators: "60-16-1" is a digit missing, and padded it became
 * another bank's sort code. What is put back is what the draft keeps, and so what the rules
 * then judge.
 */
export function restoredBankCode(code: string, scheme: BankCodeScheme, cell: CodeCell): string {
  const zeros = ZEROS[scheme];
  if (cell === 'typed') return code;
  if (cell === 'number' && zeros.number) return restoreLeadingZeros(code, zeros.number);
  return zeros.text?.(code) ?? code;
}
