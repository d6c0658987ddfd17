import { describe, expect, it } from 'vitest';
import {
  Amount,
  BeneficiaryCreateBody,
  BeneficiaryPutBody,
  BeneficiaryValidationRequest,
  PaymentBody,
  PaymentImportItem,
  PaymentImportRequest,
} from '../../../shared/service';
import { refusal, withValue } from './refusal';
import {
  beneficiaryCreateBody,
  beneficiaryPutBody,
  importItem,
  paymentBody,
  validationItem,
} from './spec-examples';

describe('codes follow the spec patterns', () => {
  it.each([
    ['a currency in lower case', ['amount', 'currency'], 'eur'],
    ['a 2-letter currency', ['amount', 'currency'], 'EU'],
    ['a 4-letter currency', ['amount', 'currency'], 'EURO'],
    ['a 3-letter purpose', ['purpose'], 'SAL'],
    ['a purpose in lower case', ['purpose'], 'sala'],
    ['a purpose with a digit', ['purpose'], 'SAL1'],
  ])('a payment with %s is refused', (_name, path, value) => {
    expect(refusal(PaymentBody, withValue(paymentBody, path, value))).toContain(
      `${path.join('.')}: must be`,
    );
  });

  it.each([
    ['country', 'gb'],
    ['country', 'GBR'],
    ['currency', 'gbp'],
    ['currency', 'GB'],
  ])('a beneficiary with %s %s is refused', (property, value) => {
    expect(
      refusal(BeneficiaryCreateBody, { ...beneficiaryCreateBody, [property]: value }),
    ).toContain(`${property}: must be`);
  });

  it.each([
    ['account_country', 'G'],
    ['account_country', 'gb'],
    ['account_currency', 'GBPX'],
    ['account_currency', 'Gbp'],
  ])('a validation item with bank_details.%s %s is refused', (property, value) => {
    const items = [withValue(validationItem, ['bank_details', property], value)];
    expect(refusal(BeneficiaryValidationRequest, { items })).toContain(
      `items[0].bank_details.${property}: must be`,
    );
  });

  it('the entity type is BUSINESS or INDIVIDUAL, named entity_type on POST and type on PUT', () => {
    expect(
      refusal(BeneficiaryCreateBody, { ...beneficiaryCreateBody, entity_type: 'PERSON' }),
    ).toContain('entity_type:');
    expect(refusal(BeneficiaryPutBody, { ...beneficiaryPutBody, type: 'contact' })).toContain(
      'type:',
    );
    const swapped = { ...beneficiaryPutBody, type: undefined, entity_type: 'INDIVIDUAL' };
    expect(refusal(BeneficiaryPutBody, swapped)).toContain('type: required');
  });
});

describe('amounts have at most 3 decimal places', () => {
  it.each([1.234, 0.001, 1234567.891, 12, 999999999999.999])('%s is accepted', (amount) => {
    expect(
      PaymentBody.safeParse(withValue(paymentBody, ['amount', 'amount'], amount)).success,
    ).toBe(true);
  });

  it.each([
    ['1.2345', 1.2345],
    ['a binary floating point sum, 0.1 + 0.2', 0.1 + 0.2],
    ['1e-7', 1e-7],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('%s is refused, naming amount.amount', (_name, amount) => {
    expect(refusal(PaymentBody, withValue(paymentBody, ['amount', 'amount'], amount))).toMatch(
      /^amount\.amount: must (have at most 3 decimal places|be a finite number)$/,
    );
  });

  it.each([0, -1, -0.001])(
    'a payout of %s is refused (the spec is silent; we say more than 0)',
    (amount) => {
      expect(refusal(PaymentBody, withValue(paymentBody, ['amount', 'amount'], amount))).toBe(
        'amount.amount: must be greater than 0',
      );
      expect(Amount.safeParse(amount).success).toBe(true);
    },
  );

  it('a number written as text is refused', () => {
    expect(refusal(PaymentBody, withValue(paymentBody, ['amount', 'amount'], '10.00'))).toContain(
      'amount.amount: must be a finite number',
    );
  });

  it('the item of a bulk import is named with its index', () => {
    const items = [importItem, withValue(importItem, ['amount', 'amount'], 1.0001)];
    expect(refusal(PaymentImportRequest, { items })).toBe(
      'items[1].amount.amount: must have at most 3 decimal places',
    );
  });
});

describe('correlation_id', () => {
  it('of 100 characters is accepted, of 101 refused', () => {
    const at = (length: number) => ({ ...importItem, correlation_id: 'x'.repeat(length) });
    expect(PaymentImportItem.safeParse(at(100)).success).toBe(true);
    expect(refusal(PaymentImportItem, at(101))).toBe(
      'correlation_id: must be at most 100 characters',
    );
    expect(refusal(PaymentImportItem, at(0))).toBe('correlation_id: must not be empty');
  });
});

describe('defaults and fixed values', () => {
  it('purpose defaults to SALA; a given purpose is kept', () => {
    expect(PaymentBody.parse({ ...paymentBody, purpose: undefined }).purpose).toBe('SALA');
    expect(PaymentBody.parse(paymentBody).purpose).toBe('SUPP');
  });

  it('source.type is group and target.type contact, filled in when omitted', () => {
    const parsed = PaymentBody.parse({ ...paymentBody, source: { id: 'g' }, target: { id: 'b' } });
    expect(parsed.source).toEqual({ type: 'group', id: 'g' });
    expect(parsed.target).toEqual({ type: 'contact', id: 'b' });
    expect(refusal(PaymentBody, { ...paymentBody, source: { type: 'wallet', id: 'w' } })).toBe(
      'source.type: must be group',
    );
    expect(refusal(PaymentBody, { ...paymentBody, target: { type: 'group', id: 'g' } })).toBe(
      'target.type: must be contact',
    );
  });

  it('amount.type and execution.type are SEND or LAND; amount.type defaults to SEND', () => {
    expect(
      PaymentBody.parse(withValue(paymentBody, ['amount', 'type'], undefined)).amount.type,
    ).toBe('SEND');
    expect(PaymentBody.parse(withValue(paymentBody, ['amount', 'type'], 'LAND')).amount.type).toBe(
      'LAND',
    );
    expect(refusal(PaymentBody, withValue(paymentBody, ['amount', 'type'], 'BOTH'))).toContain(
      'amount.type:',
    );
    expect(refusal(PaymentBody, withValue(paymentBody, ['execution', 'type'], 'send'))).toContain(
      'execution.type:',
    );
    expect(
      PaymentBody.parse(withValue(paymentBody, ['execution', 'type'], undefined)).execution.type,
    ).toBe(undefined);
  });

  it('execution.date is a date-time with a zone; margin a whole number of hours', () => {
    for (const date of ['2026-12-01', '2026-12-01T09:00:00', 'tomorrow']) {
      expect(refusal(PaymentBody, withValue(paymentBody, ['execution', 'date'], date))).toContain(
        'execution.date: must be an ISO 8601 date-time',
      );
    }
    expect(refusal(PaymentBody, withValue(paymentBody, ['execution', 'margin'], 1.5))).toContain(
      'execution.margin:',
    );
    expect(refusal(PaymentBody, withValue(paymentBody, ['execution', 'margin'], -1))).toContain(
      'execution.margin:',
    );
  });

  it('user_tags are text values; a beneficiary date_of_birth is a date', () => {
    expect(refusal(PaymentBody, { ...paymentBody, user_tags: { count: 3 } })).toContain(
      'user_tags.count:',
    );
    const born = withValue(beneficiaryCreateBody, ['entity', 'date_of_birth'], '10/12/1815');
    expect(refusal(BeneficiaryCreateBody, born)).toContain('entity.date_of_birth: must be');
  });

  it('bulk-only fields are kept on import items and signature is dropped from a PUT body', () => {
    const item = PaymentImportItem.parse(importItem);
    expect(item).toMatchObject({ id: importItem.id, signature: importItem.signature });
    expect(PaymentBody.parse({ ...paymentBody, signature: 's' })).not.toHaveProperty('signature');
  });

  it('beneficiary entity and bank details keep properties a country schema may need', () => {
    const body = withValue(beneficiaryCreateBody, ['bank_details', 'sort_code_suffix'], '01');
    expect(BeneficiaryCreateBody.parse(body).bank_details).toHaveProperty('sort_code_suffix', '01');
  });
});
