import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  countryName,
  isCountryCode,
  isSepaCountry,
} from '../../../shared/domain/countries';
import {
  CURRENCY_CODES,
  currencyMinorUnits,
  isCurrencyCode,
} from '../../../shared/domain/currencies';
import {
  DEFAULT_PURPOSE,
  isPurposeCode,
  PURPOSE_CODE_LIST,
} from '../../../shared/domain/purpose-codes';

describe('code lists', () => {
  it('knows ISO 4217 currencies and their minor units, and does not guess for others', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('GBP')).toBe(2);
    expect(currencyMinorUnits('BHD')).toBe(3);
    expect(currencyMinorUnits('XYZ')).toBeUndefined();
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });

  it('knows ISO 3166 countries with names, and which are in SEPA', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    for (const code of ['GB', 'DE', 'US', 'JP']) expect(isCountryCode(code)).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(countryName('DE')).toBe('Germany');
    for (const code of ['DE', 'FR', 'NO', 'CH', 'GB']) expect(isSepaCountry(code)).toBe(true);
    for (const code of ['US', 'JP', 'AU']) expect(isSepaCountry(code)).toBe(false);
  });

  it('knows ISO 20022 purpose codes, with salary as the default', () => {
    expect(DEFAULT_PURPOSE).toBe('SALA');
    for (const code of ['SALA', 'SUPP', 'BONU', 'PENS', 'TAXS', 'REFU'])
      expect(isPurposeCode(code)).toBe(true);
    expect(isPurposeCode('SALARY')).toBe(false);
    expect(PURPOSE_CODE_LIST.every((code) => /^[A-Z]{4}$/.test(code))).toBe(true);
  });
});
