// The client tells a refusal under the spec's beneficiary-key rule apart from any other, also
// from a deployment that does not say why (no `error_info`): a 403 on a call that writes
// beneficiaries is that rule; a 403 elsewhere is only that rule when the service says so. Such
// a refusal is never retried, names its profile, and is reported once to whoever listens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient, ServiceCallError } from '../../../electron/core/client';
import { startOtherDeployment, type OtherDeployment } from '../../support/other-deployment';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
let other: OtherDeployment;
let client: PaymentsClient;
let told = 0;

const forbidden = { status: 403, body: { error: 'Forbidden', description: 'no', error_code: 403 } };
const payee = {
  type: 'INDIVIDUAL' as const,
  country: 'GB',
  currency: 'GBP',
  entity: { individual_first_name: 'Kay', individual_last_name: 'McNulty' },
  bank_details: { account_name: 'Kay McNulty', bank_code: '601613', account_number: '31926819' },
};

beforeAll(async () => {
  t = await startTestSandbox();
  other = await startOtherDeployment(t.dataDir, {
    'POST /token': () => ({
      status: 201,
      body: {
        token: 'a.b.c',
        valid_until: new Date(Date.now() + 3600_000).toISOString(),
        token_name: 'n',
      },
    }),
    'PUT /payments/beneficiaries/.+': () => forbidden,
    'POST /payments/beneficiaries': () => forbidden,
    'GET /payments/groups': () => forbidden,
    'GET /payments/wallets/': () => ({
      status: 403,
      body: { ...forbidden.body, error_info: { reason: 'beneficiary_key', beneficiary_id: 'b1' } },
    }),
  });
  client = new PaymentsClient({
    profile: {
      name: 'Kay’s key',
      kind: 'sandbox',
      baseUrl: other.baseUrl,
      authUrl: other.baseUrl,
      caPem: t.sandbox.ca,
    },
    credentials: { apiKey: 'k', clientSecret: 's' },
    onBeneficiaryKeyRefusal: () => (told += 1),
  });
});
afterAll(async () => {
  client.close();
  await other.close();
  await t.close();
});

const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call was refused'),
    (error: unknown) => error as ServiceCallError,
  );

describe('a 403 from a deployment', () => {
  it('on a beneficiary’s PUT or create is the beneficiary-key rule, named for its profile', async () => {
    const put = await failure(client.putBeneficiary('b2', payee));
    expect(put).toBeInstanceOf(ServiceCallError);
    expect(put).toMatchObject({ status: 403, beneficiaryKeyRefusal: true, profile: 'Kay’s key' });
    const { type, ...rest } = payee;
    const created = await failure(client.createBeneficiary({ ...rest, entity_type: type }));
    expect(created.beneficiaryKeyRefusal).toBe(true);
    expect(told).toBe(2);
    // Refused for good: asked once each.
    expect(other.seen.filter((seen) => seen.startsWith('PUT ')).length).toBe(1);
  });

  it('elsewhere is that rule only when the service says so', async () => {
    told = 0;
    expect((await failure(client.listGroups())).beneficiaryKeyRefusal).toBe(false);
    expect(told).toBe(0);
    expect((await failure(client.wallet('w1'))).beneficiaryKeyRefusal).toBe(true);
    expect(told).toBe(1);
  });
});
