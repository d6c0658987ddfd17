// Offline, a live view's kept copy is answered at once: once a try has found the service gone,
// the desk does not make a screen wait for the client's retries again. The service is tried
// behind the answer; when it answers, the desk says it is back online, and the next ask is fresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, useTeamSandbox, type TestDesk } from '../../support/desk';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

/** Offline is found out on the first refused connection: no test waits for long retries. */
const QUICK_RETRY = { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 100 };

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  service = await startTestSandbox();
  t = await openTestDesk({ retry: QUICK_RETRY });
  await useTeamSandbox(t, service);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

describe('known to be offline', () => {
  it('answers the kept copies without trying first, and is fresh again once the service answers', async () => {
    const { api } = t.desk;
    const query = { locked: [false], take: 5 };
    const groups = await api.listGroups({ query });
    const walletId = groups.items[0]!.wallet.id;
    const wallet = await api.getWallet({ wallet_id: walletId });
    expect(wallet.stale).toBe(false);

    await service.sandbox.close();
    // The first try finds the service gone (after its retries) and answers the kept copy.
    expect(await api.getWallet({ wallet_id: walletId })).toMatchObject({
      stale: true,
      fetched_at: wallet.fetched_at,
    });
    expect(await api.status({})).toMatchObject({ online: false });

    await service.restart();
    const offlineSince = t.events.length;
    const wentOnline = () =>
      t.events.slice(offlineSince).some((event) => event.type === 'connectivity' && event.online);
    // The service answers again, but the desk knows it as offline: the kept copies come at
    // once, as they were, and the service is tried behind them.
    expect(await api.getWallet({ wallet_id: walletId })).toMatchObject({
      stale: true,
      fetched_at: wallet.fetched_at,
    });
    expect(await api.listGroups({ query })).toMatchObject({
      stale: true,
      fetched_at: groups.fetched_at,
    });
    await expect.poll(wentOnline, { timeout: 10_000 }).toBe(true);
    expect(await api.status({})).toMatchObject({ online: true });

    const fresh = await api.getWallet({ wallet_id: walletId });
    expect(fresh.stale).toBe(false);
    expect(fresh.fetched_at > wallet.fetched_at).toBe(true);
    expect(fresh.wallet.id).toBe(walletId);
  });

  it('checks a batch group with the service, never with a kept copy', async () => {
    const { api } = t.desk;
    const [group] = (await api.listGroups({ query: { locked: [false], take: 1 } })).items;
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'Grouped' });
    const online = await api.setBatchGroup({ batch: 'Grouped', group_id: group!.id });
    expect(online.checked).toBe(true);

    await service.sandbox.close();
    await api.getWallet({ wallet_id: group!.wallet.id }); // finds the service gone
    const offline = await api.setBatchGroup({ batch: 'Grouped', group_id: group!.id });
    // Its name and wallet from the copy kept, but not checked: it is checked again before sync.
    expect(offline).toMatchObject({ checked: false, batch: { group: { id: group!.id } } });
    expect(offline.batch.group).toMatchObject({ name: group!.name });
    await service.restart();
  });
});
