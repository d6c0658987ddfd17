// A sync's confirmation says whose money it moves: the batch's profile, which need not be the
// one the status bar shows. A reviewer synced a Production profile's batch with the status bar
// saying "Local sandbox · no real money", and the confirmation marked nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../sandbox/sandbox';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  service = await startTestSandbox();
  t = await openTestDesk();
});
afterAll(async () => {
  await t.close();
  await service.close();
});

describe("a sync's preview", () => {
  it("names a production profile's batch as real money, whichever profile is in use", async () => {
    const { api } = t.desk;
    await api.addProfile({
      name: 'Prod',
      kind: 'production',
      base_url: service.sandbox.baseUrl,
      auth_url: service.sandbox.authUrl,
      ca_path: service.sandbox.caPath,
    });
    await api.setCredentials({
      name: 'Prod',
      api_key: DEMO_CREDENTIALS.apiKey,
      client_secret: DEMO_CREDENTIALS.clientSecret,
      keep_in_memory: true,
    });
    const file = 'test/fixtures/payouts-template.csv';
    await api.selectProfile({ name: 'Prod' });
    await api.importSheet({ file, batch_name: 'Real' });
    await api.selectProfile({ name: 'Local sandbox' });
    await api.importSheet({ file, batch_name: 'Play' });

    expect(await api.syncPreview({ batch: 'Real' })).toMatchObject({
      profile: 'Prod',
      profile_kind: 'production',
    });
    expect(await api.syncPreview({ batch: 'Play' })).toMatchObject({ profile_kind: 'sandbox' });
  });
});
