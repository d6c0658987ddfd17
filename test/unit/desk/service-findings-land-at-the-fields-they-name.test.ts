// What the service says is wrong with a payee, as the fields a person fixes: an import row's
// error_info findings (one per property named, JSON paths with or without `$.`), and a refused
// PUT's description where a deployment has no import call and each payee is sent by PUT.
import { describe, expect, it } from 'vitest';
import { ServiceCallError } from '../../../electron/core/client';
import { findingsOf, findingsOfCallError } from '../../../electron/core/desk/payee-findings';

describe('the service’s findings on a payee', () => {
  it('land at each property an import row names, or at the payee when it names none', () => {
    expect(
      findingsOf([
        { properties: ['bank_details'], description: 'bank_code (the sort code) is required' },
        {
          properties: ['$.entity.individual_first_name', 'entity.individual_last_name'],
          description: 'too long',
        },
        { properties: [], description: 'the payload object is invalid' },
      ]),
    ).toEqual([
      // In a person's words (service-words.ts).
      { field: 'beneficiary.bank_details', message: 'bank code (the sort code) is required' },
      { field: 'beneficiary.entity.individual_first_name', message: 'too long' },
      { field: 'beneficiary.entity.individual_last_name', message: 'too long' },
      { field: 'beneficiary', message: 'the payload object is invalid' },
    ]);
  });

  it('are read from a refused PUT’s description, path by path, or kept whole', () => {
    const refused = (description: string) =>
      new ServiceCallError('status', 'update beneficiary b-1', description, {
        status: 400,
        body: { error: 'bad_request', description, error_code: 400 },
      });
    expect(
      findingsOfCallError(
        refused(
          'validation failed in body: bank_details.bank_code: a sort code is 6 digits, such as 60-16-13; bank_details: account_number is required',
        ),
      ),
    ).toEqual([
      {
        field: 'beneficiary.bank_details.bank_code',
        message: 'a sort code is 6 digits, such as 60-16-13',
      },
      { field: 'beneficiary.bank_details', message: 'account number is required' },
    ]);
    expect(findingsOfCallError(refused('the account is closed'))).toEqual([
      { field: 'beneficiary', message: 'the account is closed' },
    ]);
  });
});
