// The service words its findings with its field names; a person fixing the payee reads them as
// the forms name them, and what the payee holds, quoted, stays as written.
import { describe, expect, it } from 'vitest';
import { inPlainWords } from '../../../shared/domain/service-words';

describe('a finding of the service, in plain words', () => {
  it('names the fields a person fills in, not the ones a request carries', () => {
    expect(
      inPlainWords('bank_identifier_code (the BIC, unless account_number is an IBAN) is required'),
    ).toBe('BIC (the BIC, unless account number is an IBAN) is required');
    expect(inPlainWords('individual_last_name is required (or bank_details.account_name)')).toBe(
      'last name is required (or account holder name)',
    );
    expect(inPlainWords('account_country is required')).toBe('bank country is required');
    expect(inPlainWords('postal_code must be a string')).toBe('postal code must be a string');
  });

  it('leaves quoted values and plain sentences as they came', () => {
    expect(inPlainWords('"john_smith" is not a company_name')).toBe(
      '"john_smith" is not a company name',
    );
    expect(inPlainWords('the account is closed')).toBe('the account is closed');
  });
});
