// A sync's confirmation says whose money it moves: the batch's profile, which need not be the
// one the status bar shows. A reviewer synced a Production profile's batch with the status bar
// saying "Local sandbox · no real money", and the confirmation marked nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDeskOnTeamSandbox, type TestDesk } from '../../support/desk';
import type { TestSandbox } from '../../support/sandbox';

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  // A production profile, in use, on the test's own sandbox.
  ({ t, service } = await openDeskOnTeamSandbox({ name: 'Prod', kind: 'production' }));
});
afterAll(async () => {
  await t.close();
  await service.close();
});

describe("a sync's preview", () => {
  it("names a production profile's batch as real money, whichever profile is in use", async () => {
    const { api } = t.desk;
    const file = 'test/fixtures/payouts-template.csv';
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
