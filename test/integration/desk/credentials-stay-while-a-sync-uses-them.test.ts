// A profile's credentials and address are what its running sync speaks with. Changed under it,
// the sync's connection was closed mid-request and the sync stopped as if the service were
// offline; removed between its requests, they went on working until it ended. While one of the
// profile's batches syncs, such a change is refused, saying what to do.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../sandbox/sandbox';
import { openDeskOnTeamSandbox, type TestDesk } from '../../support/desk';
import { PAYROLL_HEADER, payrollLine } from '../../support/payroll-csv';
import type { TestSandbox } from '../../support/sandbox';

let t: TestDesk;
let service: TestSandbox;
beforeAll(async () => {
  ({ t, service } = await openDeskOnTeamSandbox());
});
afterAll(async () => {
  await t.close();
  await service.close();
});

describe("a profile's credentials while one of its batches syncs", () => {
  it('are neither changed nor removed until the sync ends, and the refusal says why', async () => {
    const { api } = t.desk;
    const sheet = join(t.dataDir, 'payroll.csv');
    const lines = Array.from({ length: 40 }, (_, n) => payrollLine(n));
    await writeFile(sheet, [PAYROLL_HEADER, ...lines].join('\r\n'));
    await api.importSheet({ file: sheet, batch_name: 'Syncing' });
    await api.approve({ batch: 'Syncing', selection: { filter: {} } });
    // Slow answers keep the sync going while the changes are tried.
    await service.expect(200, 'POST', '/_sandbox/faults', { body: { latency_ms: 150 } });
    const started = new Promise<void>((resolve) => {
      const stop = t.desk.on((event) => {
        if (event.type === 'sync.stage') {
          stop();
          resolve();
        }
      });
    });
    const sync = api.sync({ batch: 'Syncing' });
    await started;

    const refusal = {
      code: 'busy',
      message: expect.stringContaining('batch "Syncing" is syncing with this profile'),
    };
    await expect(api.removeCredentials({ name: 'Team sandbox' })).rejects.toMatchObject(refusal);
    await expect(
      api.setCredentials({
        name: 'Team sandbox',
        api_key: DEMO_CREDENTIALS.apiKey,
        client_secret: DEMO_CREDENTIALS.clientSecret,
        keep_in_memory: true,
      }),
    ).rejects.toMatchObject(refusal);
    await expect(api.removeProfile({ name: 'Team sandbox' })).rejects.toMatchObject(refusal);

    // The sync was left alone: it ends as it would have, every payment accepted.
    const outcome = await sync;
    await service.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    expect(outcome.state).toBe('done');
    expect(outcome.counts.by_state.accepted).toBe(40);
    await expect(api.removeCredentials({ name: 'Team sandbox' })).resolves.toEqual({
      profile: 'Team sandbox',
    });
  });
});
