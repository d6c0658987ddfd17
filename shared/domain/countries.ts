// ISO 3166-1 alpha-2 country codes. The code list comes from ibantools' country table (which
// lists every ISO 3166 country, IBAN or not), names from the platform's Intl data.
import { getCountrySpecifications, isSEPACountry } from 'ibantools';

const specs = getCountrySpecifications();

export const COUNTRY_CODES: readonly string[] = Object.keys(specs).sort();

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(specs, code);
}

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export function countryName(code: string): string | undefined {
  return isCountryCode(code) ? names.of(code) : undefined;
}

/** Countries and territories of the SEPA schemes (EU, EEA, CH, GB, MC, SM, VA, AD, …). */
export function isSepaCountry(code: string): boolean {
  return isCountryCode(code) && isSEPACountry(code);
}

export const SEPA_COUNTRY_CODES: readonly string[] = COUNTRY_CODES.filter(isSepaCountry);
