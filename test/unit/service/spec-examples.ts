// Bodies and answers assembled from the spec's field tables, one per operation, with every
// field the tables list. Tests change one thing at a time from these.

/** PUT /payments/payments/{id}: every field of the Payment table a request may carry. */
export const paymentBody = {
  description: 'Invoice 42',
  purpose: 'SUPP',
  source: { type: 'group', id: 'group-1' },
  target: { type: 'contact', id: 'beneficiary-1' },
  approved: true,
  amount: { type: 'SEND', amount: 1234.567, currency: 'EUR' },
  execution: { type: 'SEND', date: '2026-12-01T09:00:00Z', margin: 24 },
  final: { is_final: false, expected: '2026-11-30T12:00:00+01:00' },
  attachments: [{ id: 'a1', title: 'Invoice', url: 'https://files.example/a1.pdf' }],
  user_tags: { run: 'r1', dept: 'ops' },
};

/** One item of POST /payments/payments/import: the body plus id, correlation_id and signature. */
export const importItem = {
  ...paymentBody,
  id: '0b6c2a52-86a4-4f55-9df3-5f1c27d3a001',
  correlation_id: 'batch-7_row-12',
  signature: 'c2lnbmF0dXJl',
};

const entity = {
  individual_first_name: 'Ada',
  individual_last_name: 'Lovelace',
  date_of_birth: '1815-12-10',
  address_line_1: '12 St James Square',
  address_city: 'London',
  address_country: 'GB',
  address_country_subdivision: 'LND',
  address_postal_code: 'SW1Y 4JH',
};

const bankDetails = {
  account_name: 'Ada Lovelace',
  account_number: '31926819',
  bank_code: '601613',
  bank_name: 'Example Bank',
  bank_identifier_code: 'EXMPGB2L',
  account_currency: 'GBP',
};

/** POST /payments/beneficiaries. */
export const beneficiaryCreateBody = {
  entity_type: 'INDIVIDUAL',
  id: 'beneficiary-1',
  country: 'GB',
  currency: 'GBP',
  tags: { source: 'payroll' },
  user_tags: { employee: 'E-1' },
  entity,
  bank_details: bankDetails,
};

/** PUT /payments/beneficiaries/{id}: the entity type is named `type`. */
const { entity_type: _entityType, ...withoutEntityType } = beneficiaryCreateBody;
export const beneficiaryPutBody = { ...withoutEntityType, type: 'INDIVIDUAL' };

/** One item of the validation request. */
export const validationItem = {
  id: 'beneficiary-1',
  entity_type: 'INDIVIDUAL',
  bank_details: { ...bankDetails, account_country: 'GB' },
  entity,
};

export const tokenRequest = { api_key: 'KEY', client_secret: 'SECRET', token_name: 'desk' };

export const tokenAnswer = {
  valid_until: '2026-12-02T09:00:00Z',
  token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
  token_name: 'desk',
};

export const paymentAnswer = {
  ...paymentBody,
  id: 'payment-1',
  type: 'payment',
  source: { id: 'group-1', type: 'group' },
  info: {
    status: 'PENDING',
    funding: { currency: 'EUR', amount: 1240.1, date: '2026-11-30T09:00:00Z' },
    debit: { currency: 'EUR', amount: 1240.1 },
    rate: 1,
    fees: 5.533,
  },
};

export const beneficiaryAnswer = {
  type: 'contact',
  id: 'beneficiary-1',
  active: false,
  country: 'GB',
  currency: 'GBP',
  name: 'Ada Lovelace',
  entity,
  bank_details: { ...bankDetails, account_country: 'GB' },
  user_tags: { employee: 'E-1' },
};

export const groupAnswer = {
  type: 'group',
  id: 'group-1',
  name: 'December payroll',
  description: 'Salaries paid on the first',
  locked: false,
  user_tags: { dept: 'ops' },
  wallet: {
    type: 'wallet',
    id: 'wallet-1',
    currency: 'EUR',
    name: 'Payroll',
    balance: 120000,
    owner: 'le-1',
  },
  info: {
    funding: { next: '2026-11-30', missing_funds: 0 },
    payments: {
      total: 3,
      pending: 2,
      pending_approval: 1,
      issues: 0,
      completed: 1,
      failed: 0,
      routing: 0,
      next: '2026-12-01',
      amount: { amount: 3702.5, currency: 'EUR' },
    },
  },
};

export const walletAnswer = {
  id: 'wallet-1',
  type: 'wallet',
  name: 'Payroll',
  currency: 'EUR',
  owner: 'le-1',
  funding: {
    name: 'Example Ltd',
    country: 'DE',
    account_number: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    iban: 'DE89370400440532013000',
  },
  balance: 120000.5,
  user_tags: {},
  state: 'ACTIVE',
};

export const statementAnswer = {
  type: 'wallet',
  id: 'wallet-1',
  start_date: '2026-11-01T00:00:00Z',
  end_date: '2026-12-01T00:00:00Z',
  items: [
    {
      type: 'transaction',
      id: 't1',
      description: 'Invoice 42',
      execution_id: 'e1',
      date: '2026-11-15T10:00:00Z',
      action: 'DEBIT',
      debit: { amount: 1240.1, currency: 'EUR' },
      credit: { amount: 1234.567, currency: 'EUR' },
      fees: 5.533,
      rate: 1,
      balance: 118760.4,
      counterpart: {
        id: 'beneficiary-1',
        currency: 'GBP',
        bank_details: { account_country: 'GB', account_name: 'Ada Lovelace' },
        entity: {},
        active: true,
        name: 'Ada Lovelace',
        user_tags: {},
        type: 'contact',
        owner: 'le-1',
      },
      user_tags: {},
      tags: {},
    },
  ],
  paging: { skip: 0, take: 50 },
};

export const paymentJobAnswer = {
  job_id: 'job-1',
  started_at: '2026-11-01T00:00:00Z',
  total: 2,
  processing: 2,
  processed: 0,
  failed: 0,
  status: 'QUEUED',
  progress: [],
};

export const beneficiaryJobAnswer = {
  job_id: 'job-2',
  started_at: '2026-11-01T00:00:00Z',
  completed_at: '2026-11-01T00:00:01Z',
  total: 2,
  processing: 0,
  processed: 2,
  failed: 1,
  status: 'DONE',
  progress: [
    { row: 0, status: 'SUCCESS' },
    {
      row: 1,
      status: 'FAILED',
      error: {
        error_code: 422,
        error: 'unprocessable_entity',
        message: 'the payload object is invalid',
        error_info: {
          valid: false,
          warnings: [],
          errors: [{ properties: ['bank_details.account_number'], description: 'required' }],
        },
      },
    },
  ],
};

export const validationAnswer = {
  valid: [{ ...validationItem, currency: 'GBP', country: 'GB', entity_type: 'INDIVIDUAL' }],
  invalid: [
    {
      ...validationItem,
      id: 'beneficiary-2',
      currency: 'GBP',
      country: 'GB',
      entity_type: 'INDIVIDUAL',
      issues: [{ field: '$.bank_details', message: 'account_number is required' }],
    },
  ],
  totals: { valid: 1, invalid: 1, count: 2, schemas: 1 },
};

export const deleteGroupAnswer = {
  group: { id: 'group-1', result: true },
  payments: [{ type: 'payment', id: 'payment-1' }],
};
