// Beneficiary keys (spec "Authentication" 6): an admin call issues one bound to a beneficiary;
// its token may update that record and validate payloads, and is refused everything else with
// 403 in the spec's error shape, saying why.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Beneficiary, ErrorBody, Token, ValidationResult } from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const payee = (first: string) => ({
  type: 'INDIVIDUAL',
  country: 'GB',
  currency: 'GBP',
  entity: { individual_first_name: first, individual_last_name: 'Franklin', address_country: 'GB' },
  bank_details: {
    account_name: `${first} Franklin`,
    bank_code: '601613',
    account_number: '31926819',
  },
});

/** A beneficiary at the service, a key bound to it, and that key's token. */
async function keyFor(first: string) {
  const id = randomUUID();
  await t.expect(200, 'PUT', `/payments/beneficiaries/${id}`, { body: payee(first) });
  const key = await t.expect<{ api_key: string; client_secret: string; beneficiary_id: string }>(
    201,
    'POST',
    '/_sandbox/beneficiary-keys',
    { body: { beneficiary_id: id } },
  );
  const issued = await t.http.call('POST', '/auth/token', {
    body: { api_key: key.api_key, client_secret: key.client_secret },
  });
  expect(issued.status).toBe(201);
  return { id, key, token: Token.parse(issued.body).token };
}

function refusal(body: unknown, beneficiaryId: string) {
  const error = ErrorBody.parse(body);
  expect(error).toMatchObject({
    error: 'forbidden',
    error_code: 403,
    error_info: { reason: 'beneficiary_key', beneficiary_id: beneficiaryId },
  });
  expect(error.description).toContain('may update only its own beneficiary record');
  return error;
}

describe('a beneficiary key', () => {
  it('is issued for a beneficiary the service holds, and only for one', async () => {
    const { id, key } = await keyFor('Rosalind');
    expect(key.beneficiary_id).toBe(id);
    expect(key.api_key).not.toBe(key.client_secret);
    const unknown = await t.api('POST', '/_sandbox/beneficiary-keys', {
      body: { beneficiary_id: randomUUID() },
    });
    expect(unknown.status).toBe(400);
    expect(ErrorBody.parse(unknown.body).description).toContain('beneficiary_id');
  });

  it('gets no token with a wrong secret', async () => {
    const { key } = await keyFor('Wrong');
    const refused = await t.http.call('POST', '/auth/token', {
      body: { api_key: key.api_key, client_secret: `${key.client_secret}x` },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'Invalid request' });
  });

  it('updates its own record', async () => {
    const { id, token } = await keyFor('Rosalind');
    const changed = await t.http.call('PUT', `/payments/beneficiaries/${id}`, {
      token,
      body: {
        ...payee('Rosalind'),
        bank_details: { ...payee('Rosalind').bank_details, account_name: 'R. E. Franklin' },
      },
    });
    expect(changed.status).toBe(200);
    expect(Beneficiary.parse(changed.body).bank_details.account_name).toBe('R. E. Franklin');
  });

  it('is refused any other record, which stays as it was', async () => {
    const { id: ownId, token } = await keyFor('Rosalind');
    const other = randomUUID();
    await t.expect(200, 'PUT', `/payments/beneficiaries/${other}`, { body: payee('Maurice') });
    const refused = await t.http.call('PUT', `/payments/beneficiaries/${other}`, {
      token,
      body: payee('Somebody else'),
    });
    expect(refused.status).toBe(403);
    expect(refusal(refused.body, ownId).description).toContain(other);
    // Creating a record by PUT under a new id is refused the same way.
    const created = await t.http.call('PUT', `/payments/beneficiaries/${randomUUID()}`, {
      token,
      body: payee('New'),
    });
    expect(created.status).toBe(403);
    // The spec has no call that reads a beneficiary: the sandbox's own file says it is unchanged.
    const db = new Database(join(t.dataDir, 'sandbox.sqlite'), { readonly: true });
    const stored = db.prepare('SELECT name FROM beneficiaries WHERE id = ?').pluck().get(other);
    db.close();
    expect(stored).toBe('Maurice Franklin');
  });

  it('may validate payloads', async () => {
    const { token } = await keyFor('Validating');
    const { type, country, currency, ...rest } = payee('Validating');
    const answer = await t.http.call('POST', '/payments/beneficiaries/validate', {
      token,
      body: {
        items: [
          {
            entity_type: type,
            ...rest,
            bank_details: {
              ...rest.bank_details,
              account_country: country,
              account_currency: currency,
            },
          },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(ValidationResult.parse(answer.body).totals.valid).toBe(1);
  });

  it.each([
    ['POST', '/payments/beneficiaries', { entity_type: 'INDIVIDUAL' }],
    ['POST', '/payments/beneficiaries/import', { items: [] }],
    ['GET', '/payments/beneficiaries/import/some-job', undefined],
    ['GET', '/payments/groups', undefined],
    ['GET', '/payments/wallets/?id=x', undefined],
    ['GET', '/payments/wallets/x/statement', undefined],
    ['PUT', '/payments/payments/p1', {}],
    ['POST', '/payments/payments/import', { items: [] }],
    ['DELETE', '/payments/groups/g1', undefined],
    ['POST', '/_sandbox/beneficiary-keys', { beneficiary_id: 'x' }],
    ['POST', '/_sandbox/reset', undefined],
  ])('is refused %s %s with 403', async (method, path, body) => {
    const { id, token } = await keyFor('Curious');
    const refused = await t.http.call(method, path, { token, body });
    expect(refused.status).toBe(403);
    refusal(refused.body, id);
  });

  it('is forgotten by a reset', async () => {
    const { key } = await keyFor('Reset');
    await t.expect(200, 'POST', '/_sandbox/reset');
    const refused = await t.http.call('POST', '/auth/token', {
      body: { api_key: key.api_key, client_secret: key.client_secret },
    });
    expect(refused.status).toBe(401);
  });
});
