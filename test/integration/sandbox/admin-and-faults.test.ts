import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, GroupList } from '../../../shared/service';
import { SEED_GROUPS } from '../../../sandbox/seed-data';
import { DEMO_CREDENTIALS } from '../../../sandbox/sandbox';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterEach(() => t.expect(200, 'POST', '/_sandbox/faults', { body: {} }));
afterAll(() => t.close());

async function createGroup(name: string) {
  const wallet = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items[0]?.wallet;
  return t.expect<{ id: string }>(201, 'POST', '/_sandbox/groups', {
    body: { name, wallet_id: wallet?.id },
  });
}

describe('POST /_sandbox/faults', () => {
  it('answers 429 with Retry-After while rate limiting, and admin calls stay reachable', async () => {
    await t.expect(200, 'POST', '/_sandbox/faults', {
      body: { rate_limit_probability: 1, retry_after_seconds: 7 },
    });
    const res = await t.api('GET', '/payments/groups');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(ErrorBody.parse(res.body).error_code).toBe(429);
    expect((await t.api('GET', '/_sandbox/faults')).status).toBe(200);
  });

  it('answers 503 while server errors are on', async () => {
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { server_error_probability: 1 } });
    const res = await t.api('GET', '/payments/groups');
    expect(res.status).toBe(503);
    expect(ErrorBody.parse(res.body).error_code).toBe(503);
  });

  it('drops the connection before handling: nothing changes', async () => {
    const group = await createGroup('Dropped requests');
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_before_probability: 1 } });
    await expect(t.api('DELETE', `/payments/groups/${group.id}`)).rejects.toThrow();
    expect((await t.api('GET', '/_sandbox/clock')).status).toBe(200); // admin calls are exempt
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    const after = GroupList.parse(await t.expect(200, 'GET', `/payments/groups?id=${group.id}`));
    expect(after.items).toHaveLength(1);
  });

  it('are switched off with the account’s credentials when no token can be had', async () => {
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_before_probability: 1 } });
    // Every service call is dropped, the token call among them: no new token.
    await expect(
      t.http.call('POST', '/auth/token', {
        body: { api_key: DEMO_CREDENTIALS.apiKey, client_secret: DEMO_CREDENTIALS.clientSecret },
      }),
    ).rejects.toThrow();
    const basic = (key: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
    });
    const wrong = await t.http.call('POST', '/_sandbox/faults', {
      body: {},
      headers: basic(DEMO_CREDENTIALS.apiKey, 'not-the-secret'),
    });
    expect(wrong.status).toBe(401);
    const off = await t.http.call('POST', '/_sandbox/faults', {
      body: {},
      headers: basic(DEMO_CREDENTIALS.apiKey, DEMO_CREDENTIALS.clientSecret),
    });
    expect(off.status).toBe(200);
    expect((await t.http.call('GET', '/payments/groups', { token: await t.token() })).status).toBe(
      200,
    );
    // Basic credentials open the admin calls only, not the service's.
    const service = await t.http.call('GET', '/payments/groups', {
      headers: basic(DEMO_CREDENTIALS.apiKey, DEMO_CREDENTIALS.clientSecret),
    });
    expect(service.status).toBe(401);
  });

  it('drops the connection after handling: the change is stored but the answer is lost', async () => {
    const group = await createGroup('Dropped answers');
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { drop_after_probability: 1 } });
    await expect(t.api('DELETE', `/payments/groups/${group.id}`)).rejects.toThrow();
    await t.expect(200, 'POST', '/_sandbox/faults', { body: {} });
    const after = GroupList.parse(await t.expect(200, 'GET', `/payments/groups?id=${group.id}`));
    expect(after.items).toHaveLength(0);
  });

  it('adds latency to every service call', async () => {
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { latency_ms: 250 } });
    const started = performance.now();
    expect((await t.api('GET', '/payments/groups')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('refuses unknown fault settings with a 400 naming them', async () => {
    const res = await t.api('POST', '/_sandbox/faults', { body: { lightning: 1 } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toContain('lightning');
  });
});

describe('POST /_sandbox/groups and /_sandbox/reset', () => {
  it('creates a group on a wallet (201, the group), refuses an unknown wallet, and reset reseeds', async () => {
    const before = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
    const wallet = before[0]?.wallet;
    const created = await t.expect<{ id: string; locked: boolean; wallet: { id: string } }>(
      201,
      'POST',
      '/_sandbox/groups',
      { body: { name: 'Locked by admin', wallet_id: wallet?.id, locked: true } },
    );
    expect(created.locked).toBe(true);
    expect(created.wallet.id).toBe(wallet?.id);
    const unknown = await t.api('POST', '/_sandbox/groups', {
      body: { name: 'x', wallet_id: 'nope' },
    });
    expect(unknown.status).toBe(400);
    expect(ErrorBody.parse(unknown.body).description).toContain('wallet_id');

    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 3600 } });
    await t.expect(200, 'POST', '/_sandbox/reset');
    const after = GroupList.parse(await t.expect(200, 'GET', '/payments/groups')).items;
    // The seed's ids are fixed: a reset brings back exactly the seeded groups.
    expect(after.map((group) => group.name)).toEqual(SEED_GROUPS.map((group) => group.name));
    const beforeIds = before.map((group) => group.id);
    expect(after.every((group) => beforeIds.includes(group.id))).toBe(true);
    expect(after.map((group) => group.id)).not.toContain(created.id);
    const clock = await t.expect<{ now: string }>(200, 'GET', '/_sandbox/clock');
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
  });
});
