import { describe, expect, it } from 'vitest';
import {
  holderName,
  validateBeneficiary,
  type BeneficiaryToCheck,
} from '../../../sandbox/engine/beneficiary-schemas';

const person = { individual_first_name: 'Mary', individual_last_name: 'Seacole' };

function check(bank: Record<string, unknown>, extra: Partial<BeneficiaryToCheck> = {}) {
  return validateBeneficiary({
    entity_type: 'INDIVIDUAL',
    entity: person,
    bank_details: bank,
    ...extra,
  });
}

describe('GB/GBP: sort code in bank_code and an 8-digit account number', () => {
  const gb = { account_country: 'GB', account_currency: 'GBP' };

  it('accepts a real sort code and account number, with or without separators', () => {
    expect(check({ ...gb, bank_code: '601613', account_number: '31926819' })).toMatchObject({
      schema: 'GB/GBP',
      country: 'GB',
      currency: 'GBP',
      entity_type: 'INDIVIDUAL',
      issues: [],
    });
    expect(check({ ...gb, bank_code: '60-16-13', account_number: '31926819' }).issues).toEqual([]);
  });

  it('reports a bad value at its own path', () => {
    const { issues } = check({ ...gb, bank_code: '60161', account_number: '3192681X' });
    expect(issues).toEqual([
      { field: '$.bank_details.bank_code', message: expect.stringContaining('6 digits') },
      { field: '$.bank_details.account_number', message: expect.stringContaining('8 digits') },
    ]);
  });

  it('reports missing properties at their container, naming them', () => {
    const { issues } = check({ ...gb });
    expect(issues).toEqual([
      { field: '$.bank_details', message: 'bank_code (the sort code) is required' },
      { field: '$.bank_details', message: 'account_number is required' },
    ]);
  });

  it('treats a blank value as missing', () => {
    const { issues } = check({ ...gb, bank_code: '  ', account_number: '31926819' });
    expect(issues).toEqual([
      { field: '$.bank_details', message: expect.stringMatching(/^bank_code .*is required$/) },
    ]);
  });
});

describe('SEPA: a SEPA country with EUR, an IBAN in account_number', () => {
  it.each([
    ['DE', 'DE89370400440532013000'],
    ['FR', 'FR1420041010050500013M02606'],
    ['NL', 'NL91ABNA0417164300'],
    ['GB', 'GB82WEST12345698765432'],
    ['DE', 'de89 3704 0044 0532 0130 00'],
  ])('accepts a %s IBAN (%s)', (country, iban) => {
    const verdict = check({
      account_country: country,
      account_currency: 'EUR',
      account_number: iban,
    });
    expect(verdict).toMatchObject({ schema: 'SEPA', issues: [] });
  });

  it.each([
    ['DE', 'DE89370400440532013000', 22],
    ['FR', 'FR1420041010050500013M02606', 27],
    ['NL', 'NL91ABNA0417164300', 18],
  ])('refuses a %s IBAN with a mistyped character or a wrong length', (country, iban, length) => {
    const eur = { account_country: country, account_currency: 'EUR' };
    // A mistyped last digit: the mod-97 check digits (or a national check digit) catch it.
    const mistyped = `${iban.slice(0, -1)}${iban.endsWith('9') ? '8' : '9'}`;
    expect(check({ ...eur, account_number: mistyped }).issues).toEqual([
      { field: '$.bank_details.account_number', message: expect.stringContaining('wrong') },
    ]);
    for (const wrongLength of [iban.slice(0, -1), `${iban}0`]) {
      expect(check({ ...eur, account_number: wrongLength }).issues).toEqual([
        {
          field: '$.bank_details.account_number',
          message: `a ${country} IBAN has ${length} characters, this one has ${wrongLength.length}`,
        },
      ]);
    }
  });

  it('refuses an IBAN of another country than the account country', () => {
    const { issues } = check({
      account_country: 'DE',
      account_currency: 'EUR',
      account_number: 'FR1420041010050500013M02606',
    });
    expect(issues).toEqual([
      { field: '$.bank_details.account_number', message: expect.stringContaining('FR IBAN') },
    ]);
  });

  it('takes the BIC as optional, but checks it when given', () => {
    const nl = {
      account_country: 'NL',
      account_currency: 'EUR',
      account_number: 'NL91ABNA0417164300',
    };
    expect(check({ ...nl, bank_identifier_code: 'ABNANL2A' }).issues).toEqual([]);
    expect(check({ ...nl, bank_identifier_code: 'ABNA' }).issues).toEqual([
      { field: '$.bank_details.bank_identifier_code', message: expect.stringContaining('8 or 11') },
    ]);
  });

  it('names the missing IBAN at bank_details', () => {
    expect(check({ account_country: 'FR', account_currency: 'EUR' }).issues).toEqual([
      { field: '$.bank_details', message: 'account_number (the IBAN) is required' },
    ]);
  });
});

describe('US/USD: ABA routing number in bank_code and a 4-17 digit account number', () => {
  const us = { account_country: 'US', account_currency: 'USD' };

  it('accepts a routing number with a good checksum', () => {
    const verdict = check({ ...us, bank_code: '021000021', account_number: '123456789' });
    expect(verdict).toMatchObject({ schema: 'US/USD', issues: [] });
  });

  it('refuses a bad checksum and an account number of the wrong length', () => {
    const { issues } = check({ ...us, bank_code: '021000022', account_number: '123' });
    expect(issues.map((issue) => issue.field)).toEqual([
      '$.bank_details.bank_code',
      '$.bank_details.account_number',
    ]);
    expect(
      check({ ...us, bank_code: '021000021', account_number: '1'.repeat(18) }).issues,
    ).toHaveLength(1);
  });

  it('names a missing account number at bank_details', () => {
    expect(check({ ...us, bank_code: '021000021' }).issues).toEqual([
      { field: '$.bank_details', message: 'account_number is required' },
    ]);
  });
});

describe('GENERAL: any other pair', () => {
  it('accepts an account number with a BIC', () => {
    const verdict = check({
      account_country: 'JP',
      account_currency: 'JPY',
      account_number: '1234567',
      bank_identifier_code: 'BOTKJPJT',
    });
    expect(verdict).toMatchObject({
      schema: 'GENERAL',
      country: 'JP',
      currency: 'JPY',
      issues: [],
    });
  });

  it('needs no BIC when the account number is a valid IBAN', () => {
    expect(
      check({
        account_country: 'CH',
        account_currency: 'CHF',
        account_number: 'CH9300762011623852957',
      }),
    ).toMatchObject({ schema: 'GENERAL', issues: [] });
    expect(
      check({
        account_country: 'DE',
        account_currency: 'USD',
        account_number: 'DE89370400440532013000',
      }),
    ).toMatchObject({ schema: 'GENERAL', issues: [] });
  });

  it('requires a valid BIC otherwise', () => {
    const jp = { account_country: 'JP', account_currency: 'JPY', account_number: '1234567' };
    expect(check(jp).issues).toEqual([
      {
        field: '$.bank_details',
        message: expect.stringMatching(/^bank_identifier_code .*is required$/),
      },
    ]);
    expect(check({ ...jp, bank_identifier_code: 'BOTK1PJT' }).issues).toEqual([
      { field: '$.bank_details.bank_identifier_code', message: expect.any(String) },
    ]);
  });

  it('reports a mistyped IBAN of the account country as such, not as a missing BIC', () => {
    const { issues } = check({
      account_country: 'CH',
      account_currency: 'CHF',
      account_number: 'CH9300762011623852958',
      bank_identifier_code: 'UBSWCHZH80A',
    });
    expect(issues).toEqual([
      { field: '$.bank_details.account_number', message: expect.any(String) },
    ]);
  });

  it('names a missing account number at bank_details', () => {
    const { issues } = check({
      account_country: 'JP',
      account_currency: 'JPY',
      bank_identifier_code: 'BOTKJPJT',
    });
    expect(issues).toEqual([{ field: '$.bank_details', message: 'account_number is required' }]);
  });
});

describe('country and currency codes', () => {
  it('reports unknown codes at the property that carries them', () => {
    const { issues } = check({
      account_country: 'XX',
      account_currency: 'XYZ',
      account_number: '1',
      bank_identifier_code: 'BOTKJPJT',
    });
    expect(issues).toEqual([
      { field: '$.bank_details.account_country', message: 'XX is not an ISO 3166 country code' },
      { field: '$.bank_details.account_currency', message: 'XYZ is not an ISO 4217 currency code' },
    ]);
  });

  it("prefers the beneficiary's own country and currency, and refuses bank details that disagree", () => {
    const sepa = { account_number: 'DE89370400440532013000' };
    expect(check(sepa, { country: 'DE', currency: 'EUR' })).toMatchObject({
      schema: 'SEPA',
      issues: [],
    });
    expect(
      check({ ...sepa, account_country: 'FR' }, { country: 'DE', currency: 'EUR' }).issues,
    ).toEqual([
      { field: '$.bank_details.account_country', message: expect.stringContaining('differs') },
    ]);
    expect(check(sepa, { country: 'QQ', currency: 'EUR' }).issues[0]).toEqual({
      field: '$.country',
      message: 'QQ is not an ISO 3166 country code',
    });
  });

  it('names a missing account country at bank_details', () => {
    expect(
      check({ account_currency: 'EUR', account_number: 'DE89370400440532013000' }).issues,
    ).toContainEqual({
      field: '$.bank_details',
      message: 'account_country is required',
    });
  });

  it('reports a value that is not text at its own path, not as missing', () => {
    const { issues } = check({
      account_country: 'GB',
      account_currency: 'GBP',
      bank_code: '601613',
      account_number: 31926819,
    });
    expect(issues).toEqual([
      { field: '$.bank_details.account_number', message: 'account_number must be a string' },
    ]);
  });
});

describe('holder name', () => {
  const gb = {
    account_country: 'GB',
    account_currency: 'GBP',
    bank_code: '601613',
    account_number: '31926819',
  };

  it('is satisfied by account_name alone, for either entity type', () => {
    for (const entity_type of ['INDIVIDUAL', 'BUSINESS']) {
      expect(
        validateBeneficiary({
          entity_type,
          entity: {},
          bank_details: { ...gb, account_name: 'Mary Seacole' },
        }).issues,
      ).toEqual([]);
    }
  });

  it('needs both personal names for an INDIVIDUAL without account_name', () => {
    const verdict = validateBeneficiary({
      entity_type: 'INDIVIDUAL',
      entity: { individual_first_name: 'Mary' },
      bank_details: gb,
    });
    expect(verdict.issues).toEqual([
      {
        field: '$.entity',
        message: 'individual_last_name is required (or bank_details.account_name)',
      },
    ]);
  });

  it('needs company_name for a BUSINESS without account_name', () => {
    expect(
      validateBeneficiary({ entity_type: 'BUSINESS', entity: person, bank_details: gb }).issues,
    ).toEqual([
      { field: '$.entity', message: 'company_name is required (or bank_details.account_name)' },
    ]);
    expect(
      validateBeneficiary({
        entity_type: 'BUSINESS',
        entity: { company_name: 'ACME Ltd' },
        bank_details: gb,
      }).issues,
    ).toEqual([]);
  });

  it('takes a missing entity_type as BUSINESS only for a company without personal names', () => {
    expect(
      validateBeneficiary({ entity: { company_name: 'ACME Ltd' }, bank_details: gb }),
    ).toMatchObject({ entity_type: 'BUSINESS', issues: [] });
    expect(validateBeneficiary({ entity: person, bank_details: gb })).toMatchObject({
      entity_type: 'INDIVIDUAL',
      issues: [],
    });
  });

  it('displays the account name, else the company, else the person', () => {
    expect(holderName(person, { account_name: 'M. Seacole' })).toBe('M. Seacole');
    expect(holderName({ ...person, company_name: 'ACME Ltd' }, {})).toBe('ACME Ltd');
    expect(holderName(person, {})).toBe('Mary Seacole');
  });
});
