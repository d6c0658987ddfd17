// The service refuses a payment in a developer's words: where it looked, the payload path, then
// the path again in the finding. The sync's results and their export show it as a person says
// it. The refusals below are the service's shapes, as the sandbox gives them.
import { describe, expect, it } from 'vitest';
import { refusalInWords, serviceRefusal } from '../../../shared/domain/service-words';

describe("a payment's refusal by the service, in words", () => {
  it('drops where the service looked and names the field once', () => {
    expect(
      refusalInWords(
        'validation failed in body: amount: amount.amount does not cover the fee of 0.25 GBP',
      ),
    ).toBe('Amount does not cover the fee of 0.25 GBP');
    expect(
      refusalInWords('validation failed in body: source.id: group G-1 is locked: no new payments'),
    ).toBe('Group G-1 is locked: no new payments');
    expect(
      refusalInWords('validation failed in body: target.id: beneficiary B-7 does not exist'),
    ).toBe('Payee: beneficiary B-7 does not exist');
  });

  it('names each path of several findings by its field, whichever item it was', () => {
    expect(
      refusalInWords(
        'validation failed in body: items[3].execution.date: Invalid ISO datetime; ' +
          'items[3].bank_details.bank_identifier_code: required',
      ),
    ).toBe('Execution date: Invalid ISO datetime; BIC: required');
    expect(
      refusalInWords('validation failed in body: items[2].correlation_id: "pd_a_b" is not unique'),
    ).toBe('Correlation id: "pd_a_b" is not unique');
  });

  it('keeps a plain sentence, and quoted values, as they came', () => {
    expect(refusalInWords('Insufficient funds in wallet "main_wallet"')).toBe(
      'Insufficient funds in wallet "main_wallet"',
    );
  });

  it('reads the most specific text of whatever error the sync recorded', () => {
    expect(
      serviceRefusal({
        error: 'bad_request',
        description: 'validation failed in body: amount.currency: must be a currency code',
        error_code: 400,
      }),
    ).toBe('Amount currency: must be a currency code');
    expect(serviceRefusal({ error: 'unprocessable_entity' })).toBe('Unprocessable entity');
    expect(serviceRefusal(null)).toBeNull();
    expect(serviceRefusal({ code: 7 })).toBe('{"code":7}');
  });
});
