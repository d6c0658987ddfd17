import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Beneficiary,
  BeneficiaryImportJob,
  ErrorBody,
  ValidationResult,
} from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const gb = {
  entity_type: 'INDIVIDUAL',
  country: 'GB',
  currency: 'GBP',
  entity: { individual_first_name: 'Mary', individual_last_name: 'Seacole', address_country: 'GB' },
  bank_details: { account_name: 'Mary Seacole', bank_code: '601613', account_number: '31926819' },
};

describe('POST /payments/beneficiaries and PUT /payments/beneficiaries/{id}', () => {
  it('creates an inactive contact (201) with the account country and currency in bank_details', async () => {
    const created = Beneficiary.parse(
      await t.expect(201, 'POST', '/payments/beneficiaries', { body: gb }),
    );
    expect(created).toMatchObject({
      type: 'contact',
      active: false,
      country: 'GB',
      currency: 'GBP',
    });
    expect(created.bank_details).toMatchObject({
      account_country: 'GB',
      account_currency: 'GBP',
      bank_code: '601613',
    });
    expect(created.id).toBeTruthy();
  });

  it('keeps a supplied id, and refuses the same id twice', async () => {
    const id = randomUUID();
    const created = Beneficiary.parse(
      await t.expect(201, 'POST', '/payments/beneficiaries', { body: { ...gb, id } }),
    );
    expect(created.id).toBe(id);
    const again = await t.api('POST', '/payments/beneficiaries', { body: { ...gb, id } });
    expect(again.status).toBe(400);
    expect(ErrorBody.parse(again.body).description).toContain('id');
  });

  it('creates or replaces by PUT (200), with the type field named type', async () => {
    const id = randomUUID();
    const { entity_type: _unused, ...rest } = gb;
    const first = Beneficiary.parse(
      await t.expect(200, 'PUT', `/payments/beneficiaries/${id}`, {
        body: { ...rest, type: 'INDIVIDUAL' },
      }),
    );
    expect(first).toMatchObject({ id, type: 'contact', active: false });
    const renamed = Beneficiary.parse(
      await t.expect(200, 'PUT', `/payments/beneficiaries/${id}`, {
        body: {
          ...rest,
          type: 'INDIVIDUAL',
          bank_details: { ...rest.bank_details, account_name: 'M. Seacole' },
        },
      }),
    );
    expect(renamed.bank_details.account_name).toBe('M. Seacole');
  });

  it.each([
    [{ country: undefined }, 'country'],
    [{ currency: 'gbp' }, 'currency'],
    [{ bank_details: { ...gb.bank_details, bank_code: '12345' } }, 'bank_code'],
    [{ bank_details: { account_name: 'X', bank_code: '601613' } }, 'account_number'],
  ])('refuses %j with a 400 naming %s', async (overrides, property) => {
    const res = await t.api('POST', '/payments/beneficiaries', { body: { ...gb, ...overrides } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toContain(property);
  });
});

describe('beneficiary validation', () => {
  const items = [
    {
      id: 'a',
      entity_type: 'INDIVIDUAL',
      entity: gb.entity,
      bank_details: { ...gb.bank_details, account_country: 'GB', account_currency: 'GBP' },
    },
    {
      id: 'b',
      entity_type: 'BUSINESS',
      entity: { company_name: 'ACME GmbH' },
      bank_details: {
        account_country: 'DE',
        account_currency: 'EUR',
        account_number: 'DE89370400440532013001',
      },
    },
    {
      id: 'c',
      entity_type: 'INDIVIDUAL',
      entity: { individual_first_name: 'Jo', individual_last_name: 'Doe' },
      bank_details: { account_country: 'US', account_currency: 'USD', bank_code: '021000021' },
    },
  ];

  it.each(['POST', 'GET'])(
    'answers valid and invalid items with JSON-path issues and totals (%s)',
    async (method) => {
      const result = ValidationResult.parse(
        await t.expect(200, method, '/payments/beneficiaries/validate', { body: { items } }),
      );
      expect(result.valid.map((item) => item.id)).toEqual(['a']);
      expect(result.valid[0]).toMatchObject({
        country: 'GB',
        currency: 'GBP',
        entity_type: 'INDIVIDUAL',
      });
      expect(result.invalid.map((item) => item.id)).toEqual(['b', 'c']);
      const [iban, missing] = result.invalid;
      expect(iban?.issues).toEqual([
        expect.objectContaining({ field: '$.bank_details.account_number' }),
      ]);
      expect(missing?.issues).toEqual([
        expect.objectContaining({
          field: '$.bank_details',
          message: expect.stringContaining('account_number'),
        }),
      ]);
      expect(result.totals).toEqual({ valid: 1, invalid: 2, count: 3, schemas: 3 });
    },
  );

  it('refuses items without account_country with a 400 naming it', async () => {
    const res = await t.api('POST', '/payments/beneficiaries/validate', {
      body: { items: [{ entity: {}, bank_details: { account_currency: 'EUR' } }] },
    });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toContain('account_country');
  });
});

describe('bulk beneficiary import', () => {
  it('answers 202 QUEUED, then DONE with completed_at and per-row results, failures as 422 entries', async () => {
    const good = { ...gb, id: randomUUID(), type: 'INDIVIDUAL' };
    const bad = {
      ...gb,
      id: randomUUID(),
      type: 'INDIVIDUAL',
      bank_details: { ...gb.bank_details, bank_code: 'abc' },
    };
    const queued = BeneficiaryImportJob.parse(
      await t.expect(202, 'POST', '/payments/beneficiaries/import', {
        body: { items: [good, bad] },
      }),
    );
    expect(queued).toMatchObject({
      status: 'QUEUED',
      total: 2,
      processed: 0,
      failed: 0,
      progress: [],
    });
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 0 } });
    const done = BeneficiaryImportJob.parse(
      await t.expect(200, 'GET', `/payments/beneficiaries/import/${queued.job_id}`),
    );
    expect(done).toMatchObject({ status: 'DONE', total: 2, processed: 2, failed: 1 });
    expect(done.completed_at).toBeDefined();
    expect(done.progress.map((item) => [item.row, item.status])).toEqual([
      [0, 'SUCCESS'],
      [1, 'FAILED'],
    ]);
    expect(done.progress[1]?.error).toMatchObject({
      error_code: 422,
      error: 'unprocessable_entity',
      error_info: { valid: false },
    });
    expect(JSON.stringify(done.progress[1]?.error?.error_info.errors)).toContain('bank_code');
  });

  it('answers 404 for an unknown job', async () => {
    const res = await t.api('GET', '/payments/beneficiaries/import/nope');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).error).toBe('not_found');
  });
});
