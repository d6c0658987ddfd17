// Against the real OS keychain (gnome-keyring under dbus-run-session: see test/support/with-keychain.sh).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KeychainSecretStore,
  KeychainUnavailableError,
  openSecretStore,
  ProfileSecrets,
} from '../../../electron/core/secrets';

// A service name of its own, so a developer's real entries are never touched.
const service = `payout-desk-test-${randomUUID()}`;
const store = new KeychainSecretStore(service);
const profile = `profile-${randomUUID()}`;
afterAll(() => new ProfileSecrets(store, profile).forget());

describe('credentials on the OS keychain', () => {
  it('keeps api_key and client_secret per profile, and forgets them', async () => {
    const secrets = new ProfileSecrets(store, profile);
    const other = new ProfileSecrets(store, `${profile}-other`);
    await secrets.saveCredentials({ apiKey: 'key-1', clientSecret: 'secret-1' });
    expect(await secrets.credentials()).toEqual({ apiKey: 'key-1', clientSecret: 'secret-1' });
    expect(await other.credentials()).toBeUndefined();
    // A second store object (as after a restart) reads the same entries from the keychain.
    expect(
      await new ProfileSecrets(new KeychainSecretStore(service), profile).credentials(),
    ).toEqual({
      apiKey: 'key-1',
      clientSecret: 'secret-1',
    });
    await secrets.forget();
    expect(await secrets.credentials()).toBeUndefined();
  });

  it('keeps the cached token, and drops it when the credentials change', async () => {
    const secrets = new ProfileSecrets(store, profile);
    const token = { token: 'a.b.c', valid_until: '2030-01-01T00:00:00.000Z', token_name: 'n' };
    await secrets.tokenStore().save(token);
    expect(await secrets.tokenStore().load()).toEqual(token);
    await secrets.saveCredentials({ apiKey: 'key-2', clientSecret: 'secret-2' });
    expect(await secrets.tokenStore().load()).toBeUndefined();
  });

  it('opens the keychain when one is there', async () => {
    expect((await openSecretStore({ allowMemory: false, service })).kind).toBe('keychain');
  });
});

describe('without a keychain', () => {
  const withoutBus = (script: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('says clearly what to install, and keeps credentials in memory only when asked', () => {
    const refused = withoutBus(`
      import { openSecretStore } from './electron/core/secrets/index.ts';
      try { await openSecretStore({ allowMemory: false }); console.log('opened'); }
      catch (error) { console.log(error.code + ': ' + error.message); }
      const memory = await openSecretStore({ allowMemory: true });
      await memory.set('p', 'api_key', 'k');
      console.log('memory ' + memory.kind + ' ' + (await memory.get('p', 'api_key')));
    `);
    expect(refused.stdout).toContain('keychain_unavailable: No OS keychain is available');
    expect(refused.stdout).toContain('apt-get install gnome-keyring');
    expect(refused.stdout).toContain('memory memory k');
    expect(KeychainUnavailableError).toBeDefined();
  });
});
