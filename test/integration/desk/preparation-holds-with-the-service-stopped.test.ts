// Offline preparation: with the service stopped, a batch is still imported (into a group from
// the last list fetched, or none yet), edited, approved, exported and previewed; the live views
// answer their last copy with its age; only the sync waits, and says so. Once the service is
// back, an unknown group is refused and the sync finishes.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, useTeamSandbox, type TestDesk } from '../../support/desk';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

/** Offline is found out on the first refused connection: no test waits for long retries. */
const QUICK_RETRY = { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 100 };

let service: TestSandbox;
let t: TestDesk;
let files: string;
beforeAll(async () => {
  service = await startTestSandbox();
  t = await openTestDesk({ retry: QUICK_RETRY });
  files = await mkdtemp(join(tmpdir(), 'payout-desk-offline-files-'));
  await useTeamSandbox(t, service);
});
afterAll(async () => {
  await t.close();
  await service.close();
  await rm(files, { recursive: true, force: true });
});

describe('with the service stopped', () => {
  it(
    'prepares a batch whole, and syncs it once the service is back',
    { timeout: 120_000 },
    async () => {
      const { api } = t.desk;
      const online = await api.listGroups({ query: { locked: [false], take: 5 } });
      expect(online.stale).toBe(false);
      const group = online.items[0]!;
      const period = {
        wallet_id: group.wallet.id,
        start: '2020-01-01T00:00:00Z',
        end: new Date().toISOString(),
      };
      const debits = await api.findInStatement({ ...period, action: 'DEBIT', take: 500 });
      expect(debits).toMatchObject({ stale: false });
      expect(debits.matched).toBeGreaterThan(0);
      expect(debits.scanned).toBeGreaterThan(debits.matched);

      await service.sandbox.close();

      const views = await api.listGroups({ query: { locked: [false], take: 5 } });
      expect(views).toMatchObject({ stale: true, fetched_at: online.fetched_at });
      expect(views.items.map((g) => g.id)).toEqual(online.items.map((g) => g.id));
      // A period read once is searched again offline, from the pages kept, with their age.
      const credits = await api.findInStatement({ ...period, action: 'CREDIT', take: 500 });
      expect(credits).toMatchObject({
        stale: true,
        fetched_at: debits.fetched_at,
        scanned: debits.scanned,
        matched: debits.scanned - debits.matched,
      });

      // Into the group chosen from the last list: its name and wallet known, checked later.
      const imported = await api.importSheet({
        file: 'test/fixtures/payouts-template.csv',
        batch_name: 'Prepared offline',
        group_id: group.id,
      });
      expect(imported.group).toEqual({
        id: group.id,
        name: group.name,
        wallet_id: group.wallet.id,
        wallet_currency: group.wallet.currency,
        wallet_name: group.wallet.name,
      });
      // Without a group named, none is made up: it is chosen before the sync.
      const loose = await api.importSheet({
        file: 'test/fixtures/payouts-template.csv',
        batch_name: 'No group yet',
      });
      expect(loose.group).toBeNull();

      const window = await api.draftWindow({
        batch: 'Prepared offline',
        filter: { with_errors: true },
      });
      for (const draft of window.rows)
        await api.deleteDrafts({ batch: 'Prepared offline', selection: { ids: [draft.id] } });
      const [first] = (await api.draftWindow({ batch: 'Prepared offline' })).rows;
      await api.editDraft({ id: first!.id, changes: { description: 'Edited offline' } });
      expect(
        (await api.approve({ batch: 'Prepared offline', selection: { filter: {} } })).approved,
      ).toBe(3);

      await api.writeTemplate({ file: join(files, 'template.xlsx') });
      await api.exportResults({ batch: 'Prepared offline', file: join(files, 'results.xlsx') });
      expect((await stat(join(files, 'results.xlsx'))).size).toBeGreaterThan(0);

      const preview = await api.syncPreview({ batch: 'Prepared offline' });
      expect(preview).toMatchObject({ to_send: 3, blockers: [] });
      expect((await api.syncPreview({ batch: 'No group yet' })).blockers).toEqual([
        expect.stringContaining('no payment group'),
      ]);

      const offline = await api.sync({ batch: 'Prepared offline' });
      expect(offline.state).toBe('offline');
      expect(offline.counts.by_state.approved).toBe(3);
      expect(await api.status({})).toMatchObject({
        online: false,
        profile: { name: 'Team sandbox' },
      });

      await service.restart();

      await expect(
        api.setBatchGroup({ batch: 'No group yet', group_id: 'no-such-group' }),
      ).rejects.toMatchObject({ code: 'not_found' });
      const grouped = await api.setBatchGroup({ batch: 'No group yet', group_id: group.id });
      expect(grouped).toMatchObject({ checked: true, batch: { group: { id: group.id } } });

      const synced = await api.sync({ batch: 'Prepared offline' });
      expect(synced.state).toBe('done');
      expect(synced.counts.by_state.accepted).toBe(3);
      expect(await api.status({})).toMatchObject({ online: true });
      const payments = await service.expect<{ items: { description?: string }[] }>(
        200,
        'GET',
        `/_sandbox/payments?group=${group.id}`,
      );
      expect(payments.items.filter((p) => p.description === 'Edited offline')).toHaveLength(1);
    },
  );
});
