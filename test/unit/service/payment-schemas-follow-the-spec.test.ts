import { describe, expect, it } from 'vitest';
import {
  describeZodError,
  Payment,
  PaymentBody,
  PaymentImportItem,
  PaymentImportRequest,
} from '../../../shared/service';

const body = {
  source: { type: 'group', id: 'g1' },
  target: { type: 'contact', id: 'b1' },
  amount: { type: 'SEND', amount: 12.345, currency: 'EUR' },
  execution: { type: 'SEND', date: '2026-12-01T09:00:00Z', margin: 24 },
  description: 'Invoice 42',
  approved: true,
  final: { is_final: true },
  attachments: [{ id: 'a1', title: 'Invoice', url: 'https://example.test/a1.pdf' }],
  user_tags: { run: 'r1' },
};

function refusal(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return describeZodError(result.error as Parameters<typeof describeZodError>[0]);
}

describe('payment bodies', () => {
  it('accept the spec example and default purpose to SALA', () => {
    const parsed = PaymentBody.parse(body);
    expect(parsed.purpose).toBe('SALA');
    expect(parsed.amount.amount).toBe(12.345);
  });

  it.each([
    ['source', { source: undefined }, 'source: required'],
    ['source.id', { source: { type: 'group' } }, 'source.id: required'],
    ['target.id', { target: { type: 'contact' } }, 'target.id: required'],
    ['amount', { amount: undefined }, 'amount: required'],
    ['amount.amount', { amount: { type: 'SEND' } }, 'amount.amount: required'],
    ['execution.date', { execution: { type: 'SEND' } }, 'execution.date: required'],
    ['attachments[0].url', { attachments: [{ title: 'x' }] }, 'attachments[0].url: required'],
  ])('name a missing %s', (_name, overrides, message) => {
    expect(refusal(PaymentBody, { ...body, ...overrides })).toContain(message);
  });

  it.each([
    ['a currency in lower case', { amount: { amount: 1, currency: 'eur' } }, 'amount.currency'],
    ['a 2-letter currency', { amount: { amount: 1, currency: 'EU' } }, 'amount.currency'],
    ['a 3-letter purpose', { purpose: 'SAL' }, 'purpose'],
    [
      'an amount with 4 decimals',
      { amount: { amount: 1.2345 } },
      'amount.amount: must have at most 3 decimal places',
    ],
    ['a binary floating point sum', { amount: { amount: 0.1 + 0.2 } }, 'amount.amount'],
    ['an amount type of BOTH', { amount: { type: 'BOTH', amount: 1 } }, 'amount.type'],
    ['a source that is not a group', { source: { type: 'wallet', id: 'w' } }, 'source.type'],
    ['a date without a time', { execution: { date: '2026-12-01' } }, 'execution.date'],
  ])('refuse %s', (_name, overrides, property) => {
    expect(refusal(PaymentBody, { ...body, ...overrides })).toContain(property);
  });

  it('refuse NaN and Infinity as amounts', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(PaymentBody.safeParse({ ...body, amount: { amount } }).success).toBe(false);
    }
  });

  it('require a correlation_id of at most 100 characters on bulk items, and name the item', () => {
    expect(PaymentImportItem.safeParse({ ...body, correlation_id: 'x'.repeat(100) }).success).toBe(
      true,
    );
    expect(refusal(PaymentImportItem, { ...body, correlation_id: 'x'.repeat(101) })).toContain(
      'correlation_id',
    );
    expect(refusal(PaymentImportItem, body)).toContain('correlation_id: required');
    const message = refusal(PaymentImportRequest, {
      items: [
        { ...body, correlation_id: 'a' },
        { ...body, correlation_id: 'b', amount: { amount: 1.0001 } },
      ],
    });
    expect(message).toContain('items[1].amount.amount');
    expect(refusal(PaymentImportRequest, { items: [] })).toContain('items');
  });
});

describe('payment responses', () => {
  it('parse an answer with fields the spec does not list, and default attachments and tags', () => {
    const answer = {
      ...body,
      id: 'p1',
      type: 'payment',
      something_new: { nested: true },
      attachments: undefined,
      user_tags: undefined,
      info: {
        status: 'PENDING',
        funding: { currency: 'EUR', amount: 12.35, date: '2026-11-30T09:00:00Z' },
        extra: 1,
      },
    };
    const parsed = Payment.parse(answer);
    expect(parsed.attachments).toEqual([]);
    expect(parsed.user_tags).toEqual({});
    expect(parsed.info.status).toBe('PENDING');
  });

  it('refuse an unknown status, naming the field', () => {
    const message = refusal(Payment, {
      ...body,
      id: 'p1',
      type: 'payment',
      info: { status: 'SENT' },
    });
    expect(message).toContain('info.status');
  });
});
