// The bank code schemes of the countries whose bank code we can check: which country's banks use
// each, what a person calls it, and its check. One table, read by the rules (a bank code is
// checked by its bank's country's scheme, validate-beneficiary.ts) and by the importer (a header
// that names a scheme says the bank's country, and a code is read by that scheme).
import {
  type Check,
  checkAbaRouting,
  checkBsb,
  checkCanadianRouting,
  checkSortCode,
} from './bank-identifiers';

export type BankCodeScheme = 'uk_sort_code' | 'us_routing' | 'au_bsb' | 'ca_transit';

export interface BankCodeSchemeRules {
  /** The country a code of the scheme is taken to be in, where nothing says otherwise. */
  country: string;
  /** What a person calls it, for a message: "a UK sort code". */
  name: string;
  /**
   * Other countries whose banks use the scheme, so that a bank there is not questioned: the
   * Crown Dependencies' banks have sort codes (and Irish banks had them until SEPA), US
   * territories' banks routing numbers.
   */
  alsoIn?: readonly string[];
  /** The code as written: the zeros a spreadsheet dropped are the importer's to put back. */
  check: (code: string) => Check;
}

export const BANK_CODE_SCHEMES: Readonly<Record<BankCodeScheme, BankCodeSchemeRules>> = {
  uk_sort_code: {
    country: 'GB',
    name: 'a UK sort code',
    alsoIn: ['GG', 'JE', 'IM', 'IE'],
    check: checkSortCode,
  },
  us_routing: {
    country: 'US',
    name: 'a US routing number',
    alsoIn: ['PR', 'GU', 'VI', 'AS', 'MP'],
    check: checkAbaRouting,
  },
  au_bsb: { country: 'AU', name: 'an Australian BSB', check: checkBsb },
  ca_transit: { country: 'CA', name: 'a Canadian transit number', check: checkCanadianRouting },
};

export function schemeCountry(scheme: BankCodeScheme): string {
  return BANK_CODE_SCHEMES[scheme].country;
}

const BY_COUNTRY = new Map(
  (Object.keys(BANK_CODE_SCHEMES) as BankCodeScheme[]).map((scheme) => [
    BANK_CODE_SCHEMES[scheme].country,
    scheme,
  ]),
);

/** The scheme of a bank in this country, where we know it. */
export function countryScheme(country: string): BankCodeScheme | undefined {
  return BY_COUNTRY.get(country);
}

/** The code checked by the scheme, as written. */
export function checkBankCode(code: string, scheme: BankCodeScheme): Check {
  return BANK_CODE_SCHEMES[scheme].check(code);
}
