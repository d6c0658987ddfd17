import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BeneficiaryCreateBody,
  BeneficiaryImportRequest,
  BeneficiaryPutBody,
  BeneficiaryValidationRequest,
  PaymentBody,
  PaymentImportRequest,
  TokenRequest,
} from '../../../shared/service';
import { refusal, without } from './refusal';
import {
  beneficiaryCreateBody,
  beneficiaryPutBody,
  importItem,
  paymentBody,
  tokenRequest,
  validationItem,
} from './spec-examples';

type Path = (string | number)[];

/** Each operation's body, and the properties the spec marks required in it. */
const operations: { name: string; schema: z.ZodType; body: unknown; required: Path[] }[] = [
  {
    name: 'POST {auth_url}/token',
    schema: TokenRequest,
    body: tokenRequest,
    required: [['api_key'], ['client_secret']],
  },
  {
    name: 'PUT /payments/payments/{id}',
    schema: PaymentBody,
    body: paymentBody,
    required: [
      ['source'],
      ['source', 'id'],
      ['target'],
      ['target', 'id'],
      ['amount'],
      ['amount', 'amount'],
      ['execution'],
      ['execution', 'date'],
      ['attachments', 0, 'url'],
    ],
  },
  {
    name: 'POST /payments/payments/import',
    schema: PaymentImportRequest,
    body: { items: [importItem] },
    required: [
      ['items'],
      ['items', 0, 'source'],
      ['items', 0, 'source', 'id'],
      ['items', 0, 'target'],
      ['items', 0, 'target', 'id'],
      ['items', 0, 'amount'],
      ['items', 0, 'amount', 'amount'],
      ['items', 0, 'execution'],
      ['items', 0, 'execution', 'date'],
      ['items', 0, 'attachments', 0, 'url'],
      ['items', 0, 'correlation_id'],
    ],
  },
  {
    name: 'POST /payments/beneficiaries',
    schema: BeneficiaryCreateBody,
    body: beneficiaryCreateBody,
    required: [['entity_type'], ['country'], ['currency'], ['entity'], ['bank_details']],
  },
  {
    name: 'PUT /payments/beneficiaries/{id}',
    schema: BeneficiaryPutBody,
    body: beneficiaryPutBody,
    required: [['type'], ['country'], ['currency'], ['entity'], ['bank_details']],
  },
  {
    name: 'POST /payments/beneficiaries/import (DESIGN.md)',
    schema: BeneficiaryImportRequest,
    body: { items: [beneficiaryPutBody] },
    required: [['items'], ['items', 0, 'id'], ['items', 0, 'type'], ['items', 0, 'country']],
  },
  {
    name: 'validate beneficiaries',
    schema: BeneficiaryValidationRequest,
    body: { items: [validationItem] },
    required: [
      ['items'],
      ['items', 0, 'bank_details'],
      ['items', 0, 'bank_details', 'account_country'],
      ['items', 0, 'bank_details', 'account_currency'],
      ['items', 0, 'entity'],
    ],
  },
];

/** "items[0].source.id" for ['items', 0, 'source', 'id']. */
const named = (path: Path) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${key}` : key)).join('');

describe.each(operations)('$name', ({ schema, body, required }) => {
  it('accepts the body assembled from the spec', () => {
    expect(schema.safeParse(body).error).toBeUndefined();
  });

  it.each(required.map((path) => [named(path), path] as const))(
    'refuses the body without %s, naming it',
    (name, path) => {
      expect(refusal(schema, without(body, path))).toContain(`${name}: required`);
    },
  );
});

describe('optional fields', () => {
  it('a payment needs nothing the spec leaves optional', () => {
    const minimal = {
      source: { id: 'group-1' },
      target: { id: 'beneficiary-1' },
      amount: { amount: 10 },
      execution: { date: '2026-12-01T09:00:00Z' },
    };
    expect(PaymentBody.parse(minimal)).toEqual({
      purpose: 'SALA',
      source: { type: 'group', id: 'group-1' },
      target: { type: 'contact', id: 'beneficiary-1' },
      amount: { type: 'SEND', amount: 10 },
      execution: { date: '2026-12-01T09:00:00Z' },
    });
    expect(
      PaymentImportRequest.safeParse({ items: [{ ...minimal, correlation_id: 'c' }] }).success,
    ).toBe(true);
  });

  it('a beneficiary needs no id, tags or user_tags, and a validation item no entity_type', () => {
    const { id: _id, tags: _tags, user_tags: _userTags, ...bare } = beneficiaryCreateBody;
    expect(BeneficiaryCreateBody.safeParse(bare).success).toBe(true);
    const { entity_type: _type, id: _itemId, ...item } = validationItem;
    expect(BeneficiaryValidationRequest.safeParse({ items: [item] }).success).toBe(true);
  });

  it('a token request needs no token_name', () => {
    expect(TokenRequest.safeParse(without(tokenRequest, ['token_name'])).success).toBe(true);
  });
});

describe('empty values', () => {
  it.each([
    ['an empty bulk payment import', PaymentImportRequest, { items: [] }, 'items'],
    ['an empty validation request', BeneficiaryValidationRequest, { items: [] }, 'items'],
    ['an empty bulk beneficiary import', BeneficiaryImportRequest, { items: [] }, 'items'],
    ['an empty source id', PaymentBody, { ...paymentBody, source: { id: '' } }, 'source.id'],
    ['an empty api_key', TokenRequest, { ...tokenRequest, api_key: '' }, 'api_key'],
  ])('refuses %s, naming the property', (_name, schema, value, property) => {
    expect(refusal(schema, value)).toContain(`${property}: `);
  });
});
