// The beneficiary part driven through its route handlers against a real SQLite file; only
// time is faked (a sandbox clock that never persists).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SandboxClock } from '../../../sandbox/clock';
import { DEFAULT_SETTINGS, type SandboxFeature } from '../../../sandbox/feature';
import { ServiceError } from '../../../sandbox/http/errors';
import { Router } from '../../../sandbox/http/router';
import { beneficiariesFeature } from '../../../sandbox/routes/beneficiaries';
import { BeneficiaryRepository } from '../../../sandbox/store/beneficiary-repository';
import { openDatabase, type Db } from '../../../sandbox/store/database';
import { Beneficiary, BeneficiaryImportJob, ValidationResult } from '../../../shared/service';

const gb = {
  country: 'GB',
  currency: 'GBP',
  entity: { individual_first_name: 'Mary', individual_last_name: 'Seacole' },
  bank_details: { bank_code: '601613', account_number: '31926819' },
};

let dir: string;
let db: Db;
let clock: SandboxClock;
let kick: Mock<() => void>;
let feature: SandboxFeature;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-beneficiaries-'));
  db = openDatabase(dir);
  clock = new SandboxClock(0, () => {});
  kick = vi.fn<() => void>();
  feature = beneficiariesFeature({
    db,
    clock,
    settings: { ...DEFAULT_SETTINGS, activationDelaySeconds: 5, maxBulkItems: 3 },
    kick,
  });
});

afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Routes a request with the sandbox's own router, as the server would (minus HTTP). */
async function call(method: string, path: string, body?: unknown) {
  const { route, params } = new Router().add(...feature.routes).match(method, path);
  return route.handler({
    method,
    path,
    params,
    query: new URLSearchParams(),
    body,
    principal: { kind: 'account' },
  });
}

async function failure(method: string, path: string, body?: unknown): Promise<ServiceError> {
  try {
    await call(method, path, body);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error(`${method} ${path} succeeded`);
}

describe('create and update', () => {
  it('creates an inactive contact that becomes active after the activation delay', async () => {
    const reply = await call('POST', '/payments/beneficiaries', {
      ...gb,
      entity_type: 'INDIVIDUAL',
    });
    expect(reply.status).toBe(201);
    const created = Beneficiary.parse(reply.body);
    expect(created).toMatchObject({
      type: 'contact',
      active: false,
      entity_type: 'INDIVIDUAL',
      name: 'Mary Seacole',
      country: 'GB',
      currency: 'GBP',
      tags: {},
      user_tags: {},
    });
    expect(created.bank_details).toMatchObject({ account_country: 'GB', account_currency: 'GBP' });

    const repository = new BeneficiaryRepository(db);
    expect(repository.get(created.id, clock.now())?.active).toBe(false);
    clock.advance(10);
    expect(repository.get(created.id, clock.now())?.active).toBe(true);
  });

  it('describes schema issues by field path without the leading $.', async () => {
    const error = await failure('POST', '/payments/beneficiaries', {
      ...gb,
      entity_type: 'INDIVIDUAL',
      bank_details: { bank_code: '12345' },
    });
    expect(error.body()).toMatchObject({ error: 'bad_request', error_code: 400 });
    expect(error.description).toBe(
      'validation failed in body: bank_details.bank_code: a sort code is 6 digits, such as 60-16-13; bank_details: account_number is required',
    );
  });

  it('refuses an id that exists, pointing to PUT', async () => {
    const body = { ...gb, entity_type: 'INDIVIDUAL', id: 'b-1' };
    await call('POST', '/payments/beneficiaries', body);
    const error = await failure('POST', '/payments/beneficiaries', body);
    expect(error.status).toBe(400);
    expect(error.description).toMatch(/id: .*b-1.*use PUT/);
  });

  it('creates or replaces by PUT, inactive again until the delay has passed', async () => {
    const put = (accountName: string) =>
      call('PUT', '/payments/beneficiaries/b-2', {
        ...gb,
        type: 'BUSINESS',
        entity: { company_name: 'ACME Ltd' },
        bank_details: { ...gb.bank_details, account_name: accountName },
      });
    expect(await put('ACME')).toMatchObject({ status: 200, body: { id: 'b-2', active: false } });
    clock.advance(10);
    const replaced = await put('ACME Trading');
    expect(replaced.body).toMatchObject({
      active: false,
      name: 'ACME Trading',
      entity_type: 'BUSINESS',
    });
    clock.advance(10);
    expect(new BeneficiaryRepository(db).get('b-2', clock.now())?.active).toBe(true);
  });

  it('refuses a PUT whose body id differs from the path', async () => {
    const error = await failure('PUT', '/payments/beneficiaries/b-3', {
      ...gb,
      type: 'INDIVIDUAL',
      id: 'b-4',
    });
    expect(error.description).toContain('id: b-4 differs');
  });
});

describe('validate', () => {
  const items = [
    {
      id: 'ok',
      entity: gb.entity,
      bank_details: { ...gb.bank_details, account_country: 'GB', account_currency: 'GBP' },
    },
    {
      id: 'bad',
      entity: { company_name: 'ACME GmbH' },
      bank_details: {
        account_country: 'DE',
        account_currency: 'EUR',
        account_number: 'DE89370400440532013001',
      },
    },
  ];

  it.each(['GET', 'POST'])(
    'sorts items into valid and invalid with totals (%s)',
    async (method) => {
      const reply = await call(method, '/payments/beneficiaries/validate', { items });
      expect(reply.status).toBe(200);
      const result = ValidationResult.parse(reply.body);
      expect(result.valid).toEqual([
        { ...items[0], country: 'GB', currency: 'GBP', entity_type: 'INDIVIDUAL' },
      ]);
      expect(result.invalid).toEqual([
        {
          ...items[1],
          country: 'DE',
          currency: 'EUR',
          entity_type: 'BUSINESS',
          issues: [{ field: '$.bank_details.account_number', message: expect.any(String) }],
        },
      ]);
      expect(result.totals).toEqual({ valid: 1, invalid: 1, count: 2, schemas: 2 });
    },
  );

  it('refuses a body without items, or with more than maxBulkItems, naming items', async () => {
    expect((await failure('POST', '/payments/beneficiaries/validate', {})).description).toContain(
      'items',
    );
    const tooMany = await failure('POST', '/payments/beneficiaries/validate', {
      items: [...items, ...items],
    });
    expect(tooMany.description).toBe(
      'validation failed in body: items: at most 3 items per request, got 4',
    );
  });
});

describe('bulk import', () => {
  const good = { ...gb, id: 'row-0', type: 'INDIVIDUAL' };
  const bad = {
    ...gb,
    id: 'row-1',
    type: 'INDIVIDUAL',
    bank_details: { ...gb.bank_details, bank_code: 'abc' },
  };
  const alsoGood = { ...good, id: 'row-2' };

  it('queues a job, then the pump processes it in row order with 422 entries for failures', async () => {
    const submitted = await call('POST', '/payments/beneficiaries/import', {
      items: [good, bad, alsoGood],
    });
    expect(submitted.status).toBe(202);
    const queued = BeneficiaryImportJob.parse(submitted.body);
    expect(queued).toMatchObject({
      status: 'QUEUED',
      total: 3,
      processing: 3,
      processed: 0,
      failed: 0,
      progress: [],
    });
    expect(kick).toHaveBeenCalledOnce();

    const read = async () =>
      BeneficiaryImportJob.parse(
        (await call('GET', `/payments/beneficiaries/import/${queued.job_id}`)).body,
      );

    expect(feature.pump?.(2)).toBe(true);
    const halfway = await read();
    expect(halfway).toMatchObject({ status: 'QUEUED', processing: 1, processed: 2, failed: 1 });
    expect(halfway.completed_at).toBeUndefined();

    expect(feature.pump?.(2)).toBe(false);
    const done = await read();
    expect(done).toMatchObject({
      status: 'DONE',
      total: 3,
      processing: 0,
      processed: 3,
      failed: 1,
    });
    expect(done.completed_at).toBeDefined();
    expect(done.progress).toEqual([
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
            errors: [
              {
                properties: ['bank_details.bank_code'],
                description: 'a sort code is 6 digits, such as 60-16-13',
              },
            ],
          },
        },
      },
      { row: 2, status: 'SUCCESS' },
    ]);

    const repository = new BeneficiaryRepository(db);
    expect(repository.exists('row-0')).toBe(true);
    expect(repository.exists('row-1')).toBe(false);
    expect(feature.pump?.(10)).toBe(false);
  });

  it('warns of a UK holder name past the 18 characters a UK payment carries, beside the errors', async () => {
    const longName = {
      ...gb,
      type: 'INDIVIDUAL',
      entity: { individual_first_name: 'Wilhelmina', individual_last_name: 'Fotheringham' },
    };
    const submitted = await call('POST', '/payments/beneficiaries/import', {
      items: [
        // No sort code: refused, and the name it would have been paid under is cut short.
        { ...longName, id: 'long-1', bank_details: { account_number: '31926819' } },
        {
          ...longName,
          id: 'long-2',
          bank_details: { ...gb.bank_details, account_name: 'Wilhelmina Fotheringham-Smythe' },
        },
        // The same name on a SEPA account: no such limit.
        {
          ...longName,
          id: 'long-3',
          country: 'FR',
          currency: 'EUR',
          bank_details: { account_number: 'FR14 2004 1010 0505 0001 3M02 606' },
        },
      ],
    });
    const { job_id } = BeneficiaryImportJob.parse(submitted.body);
    feature.pump?.(10);
    const done = BeneficiaryImportJob.parse(
      (await call('GET', `/payments/beneficiaries/import/${job_id}`)).body,
    );
    expect(done.progress[0]?.error?.error_info).toEqual({
      valid: false,
      errors: [
        { properties: ['bank_details'], description: 'bank_code (the sort code) is required' },
      ],
      warnings: [
        {
          properties: ['entity.individual_first_name', 'entity.individual_last_name'],
          description:
            'UK payments carry 18 characters of the payee\'s name: the bank will see "Wilhelmina Fotheri"',
        },
      ],
    });
    // Taken: the spec gives an item an error, and so its warnings, only when it fails.
    expect(done.progress[1]).toEqual({ row: 1, status: 'SUCCESS' });
    expect(done.progress[2]?.status).toBe('SUCCESS');
  });

  it('answers 404 not_found for an unknown job', async () => {
    const error = await failure('GET', '/payments/beneficiaries/import/nope');
    expect(error.body()).toEqual({
      error: 'not_found',
      description: expect.stringContaining('nope'),
      error_code: 404,
    });
  });

  it('refuses more than maxBulkItems items before queuing anything', async () => {
    const error = await failure('POST', '/payments/beneficiaries/import', {
      items: [good, good, good, good],
    });
    expect(error.description).toContain('items');
    expect(kick).not.toHaveBeenCalled();
    expect(feature.pump?.(10)).toBe(false);
  });
});
