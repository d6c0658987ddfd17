import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  countryName,
  CURRENCY_CODES,
  currencyMinorUnits,
  currencyName,
  currencyPrecisionProblem,
  DEFAULT_PURPOSE,
  isCountryCode,
  isCurrencyCode,
  isPurposeCode,
  isSepaCountry,
  PURPOSE_CODES,
  purposeDescription,
  SEPA_COUNTRY_CODES,
} from '../../../shared/domain';
import { PurposeCode } from '../../../shared/service/common';

const isSortedAndUnique = (codes: readonly string[]) =>
  codes.every((code, i) => i === 0 || (codes[i - 1] ?? '') < code);

describe('ISO 4217 currencies', () => {
  it('know the minor units of each currency, and never guess for other codes', () => {
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('KRW')).toBe(0);
    expect(currencyMinorUnits('EUR')).toBe(2);
    expect(currencyMinorUnits('GBP')).toBe(2);
    expect(currencyMinorUnits('BHD')).toBe(3);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits('CLF')).toBe(4);
    for (const code of ['XYZ', 'eur', 'EUR ', 'XXX', 'XTS', 'XAU', 'HRK', 'ANG', 'constructor']) {
      expect(isCurrencyCode(code)).toBe(false);
      expect(currencyMinorUnits(code)).toBeUndefined();
      expect(currencyName(code)).toBeUndefined();
    }
  });

  it('list every currency in use, in order, with a name', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(155);
    expect(isSortedAndUnique(CURRENCY_CODES)).toBe(true);
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(currencyName(code)).toBeTruthy();
      expect([0, 2, 3, 4]).toContain(currencyMinorUnits(code));
    }
    for (const code of ['USD', 'EUR', 'GBP', 'CHF', 'XCG', 'SLE', 'ZWG', 'VES', 'XOF', 'XAF']) {
      expect(isCurrencyCode(code)).toBe(true);
    }
    expect(currencyName('GBP')).toBe('Pound Sterling');
  });

  it('name an amount’s decimals its currency does not have', () => {
    expect(currencyPrecisionProblem(12_500n, 'JPY')).toBe(
      '12.5 JPY has decimals, but JPY amounts are whole numbers',
    );
    expect(currencyPrecisionProblem(12_000n, 'JPY')).toBeNull();
    expect(currencyPrecisionProblem(12_345n, 'EUR')).toBe(
      '12.345 EUR has 3 decimals, but EUR amounts have at most 2',
    );
    expect(currencyPrecisionProblem(12_340n, 'EUR')).toBeNull();
    expect(currencyPrecisionProblem(12_345n, 'BHD')).toBeNull();
    expect(currencyPrecisionProblem(-12_345n, 'GBP')).toBe(
      '-12.345 GBP has 3 decimals, but GBP amounts have at most 2',
    );
    expect(currencyPrecisionProblem(1n, 'XYZ')).toBe('XYZ is not a currency code');
  });
});

describe('ISO 3166-1 countries', () => {
  it('list the 249 assigned codes with their names', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(isSortedAndUnique(COUNTRY_CODES)).toBe(true);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code)).toBeTruthy();
    }
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GB')).toBe('United Kingdom of Great Britain and Northern Ireland');
    expect(countryName('US')).toBe('United States of America');
    expect(countryName('TR')).toBe('Türkiye');
  });

  it('know no unassigned codes', () => {
    for (const code of ['UK', 'EU', 'XK', 'XX', 'gb', 'GBR', 'constructor']) {
      expect(isCountryCode(code)).toBe(false);
      expect(countryName(code)).toBeUndefined();
    }
  });

  it('know which countries and territories SEPA covers', () => {
    const eu = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK';
    const others =
      'IS LI NO CH GB AD MC SM VA AL ME MD MK RS AX GF GP MQ RE YT BL MF PM GI GG JE IM';
    for (const code of `${eu} ${others}`.split(' ')) expect(isSepaCountry(code)).toBe(true);
    for (const code of ['US', 'JP', 'AU', 'CA', 'TR', 'UA', 'BA', 'NC', 'PF', 'WF', 'XK', 'de']) {
      expect(isSepaCountry(code)).toBe(false);
    }
    expect(SEPA_COUNTRY_CODES).toHaveLength(54);
    expect(isSortedAndUnique(SEPA_COUNTRY_CODES)).toBe(true);
    expect(SEPA_COUNTRY_CODES.every(isCountryCode)).toBe(true);
  });
});

describe('ISO 20022 purpose codes', () => {
  it('default to salary and include the usual payout purposes', () => {
    expect(DEFAULT_PURPOSE).toBe('SALA');
    expect(purposeDescription(DEFAULT_PURPOSE)).toBe('Salary');
    const usual = 'SALA SUPP BONU PENS TAXS GDDS SCVE RENT DIVD INTE LOAN TRAD COMC CHAR GOVT BENE';
    for (const code of usual.split(' ')) expect(isPurposeCode(code)).toBe(true);
    for (const code of ['SALARY', 'sala', 'B112', 'XXXX', 'constructor']) {
      expect(isPurposeCode(code)).toBe(false);
      expect(purposeDescription(code)).toBeUndefined();
    }
  });

  it('are all codes the Payments Service accepts', () => {
    expect(PURPOSE_CODES.length).toBeGreaterThanOrEqual(250);
    expect(isSortedAndUnique(PURPOSE_CODES)).toBe(true);
    for (const code of PURPOSE_CODES) {
      expect(PurposeCode.safeParse(code).success).toBe(true);
      expect(purposeDescription(code)).toBeTruthy();
    }
  });
});
