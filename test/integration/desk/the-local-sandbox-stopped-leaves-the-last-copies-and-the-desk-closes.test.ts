// The Local sandbox stopped by its admin call, inside the desk's own process, as the
// end-to-end tests stop it: the desk finds the service gone, answers its last copies with
// the time they were fetched, keeps the time of the last answer as the last contact, and
// still closes cleanly on the sandbox already stopped (the host's shutdown).
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../sandbox/sandbox';
import { HttpsJson } from '../../support/https-json';
import { openTestDesk, type TestDesk } from '../../support/desk';

const QUICK_RETRY = { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 100 };

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk({ retry: QUICK_RETRY });
});
afterAll(() => rm(t.dataDir, { recursive: true, force: true }));

async function stopLocalSandbox(): Promise<void> {
  const { profiles } = await t.desk.api.listProfiles({});
  // Started by the desk's first call to the service: its address is known by now.
  const baseUrl = profiles.find((profile) => profile.kind === 'local')?.base_url;
  if (!baseUrl) throw new Error('the Local sandbox has not started');
  const ca = await readFile(join(t.dataDir, 'sandbox', 'sandbox-cert.pem'), 'utf8');
  const https = new HttpsJson(baseUrl, ca);
  try {
    const token = await https.call('POST', '/auth/token', {
      body: { api_key: DEMO_CREDENTIALS.apiKey, client_secret: DEMO_CREDENTIALS.clientSecret },
    });
    const { token: bearer } = token.body as { token: string };
    const stop = await https.call('POST', '/_sandbox/stop', { token: bearer });
    expect(stop.status).toBe(200);
  } finally {
    https.close();
  }
}

describe('the Local sandbox stopped', () => {
  it('leaves the desk its last copies with their age, offline since the last answer, and the desk closes', async () => {
    const { api } = t.desk;
    const end = new Date().toISOString();
    const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const groups = await api.listGroups({ query: { take: 50 } });
    const walletId = groups.items[0]!.wallet.id;
    const wallet = await api.getWallet({ wallet_id: walletId });
    const statement = await api.getStatement({ wallet_id: walletId, start, end });
    expect([groups.stale, wallet.stale, statement.stale]).toEqual([false, false, false]);
    const online = await api.status({});
    expect(online.online).toBe(true);

    await stopLocalSandbox();

    const cachedGroups = await api.listGroups({ query: { take: 50 } });
    expect(cachedGroups).toMatchObject({ stale: true, fetched_at: groups.fetched_at });
    expect(cachedGroups.items.map((g) => g.id)).toEqual(groups.items.map((g) => g.id));
    await expect(api.getWallet({ wallet_id: walletId })).resolves.toMatchObject({
      stale: true,
      fetched_at: wallet.fetched_at,
      wallet: { id: walletId },
    });
    const cachedStatement = await api.getStatement({ wallet_id: walletId, start, end });
    expect(cachedStatement).toMatchObject({ stale: true, fetched_at: statement.fetched_at });
    expect(cachedStatement.statement).toEqual(statement.statement);
    // A refused try is no contact: the age shown is that of the last answer.
    expect(await api.status({})).toMatchObject({
      online: false,
      last_contact_at: online.last_contact_at,
    });

    await expect(t.desk.close()).resolves.toBeUndefined();
  });
});
