// Profiles through the desk on a machine with no keychain: credentials are refused with what to
// install unless kept for this run only; a certificate given as text (as the window reads a
// picked file) is kept in the data folder and trusted; the connection test gets a token and
// says until when; credentials are removed on their own, and a removed profile takes its
// kept certificate with it.
import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../sandbox/sandbox';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  service = await startTestSandbox();
  t = await openTestDesk({ secretStore: null });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const CREDENTIALS = {
  api_key: DEMO_CREDENTIALS.apiKey,
  client_secret: DEMO_CREDENTIALS.clientSecret,
};
const profile = () => ({
  name: 'Team sandbox',
  kind: 'sandbox' as const,
  base_url: service.sandbox.baseUrl,
  auth_url: service.sandbox.authUrl,
  ca_pem: service.sandbox.ca,
});

describe('a profile on a machine without a keychain', () => {
  it('says no keychain is there, and refuses to keep credentials anywhere but memory', async () => {
    const { api } = t.desk;
    expect((await api.listProfiles({})).secret_store).toBe('unavailable');
    const refused = await api
      .addProfile({ ...profile(), credentials: CREDENTIALS })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'keychain_unavailable' });
    expect((refused as Error).message).toContain('gnome-keyring');
    expect((refused as Error).message).toContain('in memory for this run only');
    // Nothing half made: no profile without its credentials.
    expect((await api.listProfiles({})).profiles.map((p) => p.name)).toEqual(['Local sandbox']);
  });

  it(
    'keeps them for this run, trusts the certificate given as text, and tests the connection',
    { timeout: 60_000 },
    async () => {
      const { api } = t.desk;
      const added = await api.addProfile({
        ...profile(),
        credentials: CREDENTIALS,
        keep_in_memory: true,
      });
      expect(added).toMatchObject({ name: 'Team sandbox', credentials: 'in_memory' });
      expect(added.ca_path).not.toBeNull();
      expect(added.ca_path!.startsWith(t.dataDir)).toBe(true);
      expect(await readFile(added.ca_path!, 'utf8')).toBe(service.sandbox.ca);

      const before = Date.now();
      const tested = await api.testConnection({ name: 'Team sandbox' });
      expect(tested.base_url).toBe(service.sandbox.baseUrl);
      expect(Date.parse(tested.token_valid_until)).toBeGreaterThan(before);
      const listed = (await api.listProfiles({})).profiles.find((p) => p.name === 'Team sandbox');
      expect(listed?.token_valid_until).toBe(tested.token_valid_until);
    },
  );

  it('says in words why a connection test found nothing at an address', async () => {
    const { api } = t.desk;
    // Port 1 of this machine: no service listens there, and the system refuses the connection.
    await api.addProfile({
      ...profile(),
      name: 'Nowhere',
      base_url: 'https://127.0.0.1:1',
      auth_url: 'https://127.0.0.1:1',
      credentials: CREDENTIALS,
      keep_in_memory: true,
    });
    const refused = await api.testConnection({ name: 'Nowhere' }).catch((e: unknown) => e);
    expect((refused as Error).message).toContain(
      'no answer from 127.0.0.1:1: nothing answers at that address and port: check the address, or whether the service is running',
    );
    expect((refused as Error).message).not.toContain('ECONNREFUSED');
    await api.removeProfile({ name: 'Nowhere' });
  });

  it('refuses a name taken unless told to replace it, and never sends its credentials to a new address', async () => {
    const { api } = t.desk;
    // The Settings form once saved over a profile of the same name, Production or not.
    const taken = await api
      .addProfile({ ...profile(), kind: 'production' })
      .catch((error: unknown) => error);
    expect(taken).toMatchObject({ code: 'conflict' });
    expect((taken as Error).message).toContain('a profile named "Team sandbox" exists already');
    const listed = async () =>
      (await api.listProfiles({})).profiles.find((p) => p.name === 'Team sandbox')!;
    expect(await listed()).toMatchObject({ kind: 'sandbox', credentials: 'in_memory' });

    // Replaced at another address without credentials: the old ones are not kept for it.
    const elsewhere = { base_url: 'https://127.0.0.1:1', auth_url: 'https://127.0.0.1:1' };
    await api.addProfile({ ...profile(), ...elsewhere, replace: true });
    expect(await listed()).toMatchObject({ ...elsewhere, credentials: 'missing' });
    await expect(api.testConnection({ name: 'Team sandbox' })).rejects.toMatchObject({
      code: 'no_credentials',
    });
    // Back where it was, with its credentials given again, for the next test.
    await api.addProfile({
      ...profile(),
      credentials: CREDENTIALS,
      keep_in_memory: true,
      replace: true,
    });
    expect(await listed()).toMatchObject({ credentials: 'in_memory' });
  });

  it('logs a switch of profile, with whose money it is', async () => {
    const { api } = t.desk;
    await api.selectProfile({ name: 'Team sandbox' });
    await api.selectProfile({ name: 'Local sandbox' });
    const { entries } = await api.auditLog({ take: 10 });
    const switches = entries.filter((entry) => entry.action === 'select_profile');
    expect(switches.map((entry) => entry.details)).toEqual([
      { name: 'Local sandbox', kind: 'sandbox' },
      { name: 'Team sandbox', kind: 'sandbox' },
    ]);
  });

  it('removes the credentials alone, then the profile with its kept certificate', async () => {
    const { api } = t.desk;
    const { ca_path } = (await api.listProfiles({})).profiles.find(
      (p) => p.name === 'Team sandbox',
    )!;
    expect(await api.removeCredentials({ name: 'Team sandbox' })).toEqual({
      profile: 'Team sandbox',
    });
    const listed = (await api.listProfiles({})).profiles.find((p) => p.name === 'Team sandbox');
    expect(listed?.credentials).toBe('missing');
    await expect(api.testConnection({ name: 'Team sandbox' })).rejects.toMatchObject({
      code: 'no_credentials',
    });

    await api.removeProfile({ name: 'Team sandbox' });
    await expect(stat(ca_path!)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
