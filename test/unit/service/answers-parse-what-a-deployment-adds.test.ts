import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Beneficiary,
  BeneficiaryImportJob,
  DeleteGroupResponse,
  ErrorBody,
  GroupList,
  Payment,
  PaymentGroup,
  PaymentImportJob,
  Token,
  TokenErrorBody,
  ValidationResult,
  Wallet,
  WalletStatement,
} from '../../../shared/service';
import { refusal, withValue, without } from './refusal';
import {
  beneficiaryAnswer,
  beneficiaryJobAnswer,
  deleteGroupAnswer,
  groupAnswer,
  paymentAnswer,
  paymentJobAnswer,
  statementAnswer,
  tokenAnswer,
  validationAnswer,
  walletAnswer,
} from './spec-examples';

const answers: { name: string; schema: z.ZodType; answer: Record<string, unknown> }[] = [
  { name: 'Token', schema: Token, answer: tokenAnswer },
  { name: 'Payment', schema: Payment, answer: paymentAnswer },
  { name: 'Beneficiary', schema: Beneficiary, answer: beneficiaryAnswer },
  { name: 'PaymentGroup', schema: PaymentGroup, answer: groupAnswer },
  {
    name: 'GroupList',
    schema: GroupList,
    answer: { items: [groupAnswer], paging: { skip: 0, take: 50 } },
  },
  { name: 'Wallet', schema: Wallet, answer: walletAnswer },
  { name: 'WalletStatement', schema: WalletStatement, answer: statementAnswer },
  { name: 'PaymentImportJob', schema: PaymentImportJob, answer: paymentJobAnswer },
  { name: 'BeneficiaryImportJob', schema: BeneficiaryImportJob, answer: beneficiaryJobAnswer },
  { name: 'ValidationResult', schema: ValidationResult, answer: validationAnswer },
  { name: 'DeleteGroupResponse', schema: DeleteGroupResponse, answer: deleteGroupAnswer },
];

describe.each(answers)('$name', ({ schema, answer }) => {
  it('parses the answer assembled from the spec', () => {
    expect(schema.safeParse(answer).error).toBeUndefined();
  });

  it('parses an answer with fields the spec does not list, and drops them', () => {
    const parsed = schema.parse({ ...answer, added_by_a_later_version: { nested: [1, 2] } });
    expect(parsed).not.toHaveProperty('added_by_a_later_version');
  });
});

describe('answers', () => {
  it('a payment without attachments or user_tags has them empty; extra info fields are dropped', () => {
    const parsed = Payment.parse({
      ...paymentAnswer,
      attachments: undefined,
      user_tags: undefined,
      info: { ...paymentAnswer.info, settlement_reference: 'x' },
    });
    expect(parsed.attachments).toEqual([]);
    expect(parsed.user_tags).toEqual({});
    expect(parsed.info).not.toHaveProperty('settlement_reference');
  });

  it('a processed payment carries credit info', () => {
    const processed = {
      ...paymentAnswer,
      info: { status: 'COMPLETED', credit: { currency: 'GBP', amount: 1062.3 }, rate: 0.8604 },
    };
    expect(Payment.parse(processed).info.credit).toEqual({ currency: 'GBP', amount: 1062.3 });
  });

  it.each(['PENDING', 'COMPLETED', 'FAILED', 'PROCESSING', 'PARTIAL', 'CANCELLED', 'PROCESSED'])(
    'a payment in status %s parses',
    (status) => {
      expect(Payment.safeParse(withValue(paymentAnswer, ['info', 'status'], status)).success).toBe(
        true,
      );
    },
  );

  it('validation echoes keep everything the item was sent with', () => {
    const parsed = ValidationResult.parse(
      withValue(validationAnswer, ['valid', 0, 'own_reference'], 'E-1'),
    );
    expect(parsed.valid[0]).toMatchObject({
      own_reference: 'E-1',
      entity: { address_city: 'London' },
    });
  });

  it('a beneficiary answered without account_country still parses: the client needs none of it', () => {
    const parsed = Beneficiary.parse(
      without(beneficiaryAnswer, ['bank_details', 'account_country']),
    );
    expect(parsed.bank_details).not.toHaveProperty('account_country');
  });

  it('a statement counterpart keeps type and owner, which responses may carry', () => {
    const parsed = WalletStatement.parse(statementAnswer);
    expect(parsed.items[0]?.counterpart).toMatchObject({ type: 'contact', owner: 'le-1' });
  });

  it('error bodies parse with and without error_info and sub_code', () => {
    const notAllowed = {
      error: 'Method Not Allowed',
      description: 'x',
      error_code: 405,
      sub_code: 1,
    };
    expect(ErrorBody.parse(notAllowed).sub_code).toBe(1);
    const notFound = {
      error: 'not_found',
      description: 'no such job',
      error_code: 404,
      error_info: { timestamp: '2026-11-01T00:00:00Z', status: 404, path: '/x' },
    };
    expect(ErrorBody.parse(notFound).error_info).toMatchObject({ status: 404, path: '/x' });
    expect(TokenErrorBody.parse({ error: 'Invalid request' })).toEqual({
      error: 'Invalid request',
    });
    expect(
      refusal(ErrorBody, { error: 'bad_request', description: 'x', error_code: 400.5 }),
    ).toContain('error_code:');
  });
});

describe('an answer that does not fit is refused, naming the field', () => {
  const cases: [string, z.ZodType, unknown, (string | number)[], unknown, string][] = [
    [
      'an unknown payment status',
      Payment,
      paymentAnswer,
      ['info', 'status'],
      'SENT',
      'info.status',
    ],
    ['a payment of another type', Payment, paymentAnswer, ['type'], 'transfer', 'type'],
    ['a payment without info', Payment, paymentAnswer, ['info'], undefined, 'info: required'],
    [
      'a beneficiary whose account_country is not a country code',
      Beneficiary,
      beneficiaryAnswer,
      ['bank_details', 'account_country'],
      'GBR',
      'bank_details.account_country:',
    ],
    [
      'a group wallet balance with decimals',
      PaymentGroup,
      groupAnswer,
      ['wallet', 'balance'],
      10.5,
      'wallet.balance',
    ],
    [
      'a next payout date with a time',
      PaymentGroup,
      groupAnswer,
      ['info', 'payments', 'next'],
      '2026-12-01T00:00:00Z',
      'info.payments.next',
    ],
    ['an unknown job status', PaymentImportJob, paymentJobAnswer, ['status'], 'RUNNING', 'status'],
    ['a token without expiry', Token, tokenAnswer, ['valid_until'], undefined, 'valid_until'],
    [
      'an unknown statement action',
      WalletStatement,
      statementAnswer,
      ['items', 0, 'action'],
      'REFUND',
      'items[0].action',
    ],
  ];

  it.each(cases)('%s', (_name, schema, answer, path, value, expected) => {
    expect(refusal(schema, withValue(answer, path, value))).toContain(expected);
  });
});
