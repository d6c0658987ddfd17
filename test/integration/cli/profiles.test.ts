// Saved profiles: addresses in the outbox, credentials on the real keychain, the pinned
// certificate honoured; plain HTTP refused.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../../support/certificates';
import { runCli } from '../../support/cli';
import { KeychainSecretStore, ProfileSecrets } from '../../../electron/core/secrets';
import { GroupList } from '../../../shared/service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let home: string;
let t: TestSandbox;
const profile = `Sandbox ${randomUUID().slice(0, 8)}`;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-profiles-'));
  t = await startTestSandbox();
});
afterAll(async () => {
  await new ProfileSecrets(new KeychainSecretStore(), profile).forget();
  await t.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (env: Record<string, string>, ...args: string[]) =>
  runCli(home, args, { PAYOUT_DESK_API_KEY: '', PAYOUT_DESK_CLIENT_SECRET: '', ...env });

describe('payout-desk profile', () => {
  it('refuses an http:// address with a clear message', async () => {
    const run = await cli(
      {},
      'profile',
      'add',
      'Plain',
      '--base-url',
      'http://payments.example.test',
      '--auth-url',
      'https://auth.example.test',
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('base_url: must use https://');
  });

  it('keeps the credentials on the keychain, not in the data folder, and uses them with the pinned certificate', async () => {
    const added = await cli(
      {
        PAYOUT_DESK_API_KEY: 'sandbox-api-key',
        PAYOUT_DESK_CLIENT_SECRET: 'sandbox-client-secret',
      },
      'profile',
      'add',
      profile,
      '--base-url',
      t.sandbox.baseUrl,
      '--auth-url',
      t.sandbox.authUrl,
      '--ca',
      join(t.dataDir, 'sandbox-cert.pem'),
      '--json',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      name: profile,
      credentials: 'saved on the OS keychain',
    });

    const groups = await cli({}, 'groups', '--profile', profile, '--json');
    expect(groups.code, groups.stderr).toBe(0);
    expect(GroupList.parse(JSON.parse(groups.stdout)).items.length).toBeGreaterThan(0);

    // Nothing secret in the data folder: neither the client secret nor the token.
    const stored = await new ProfileSecrets(new KeychainSecretStore(), profile).tokenStore().load();
    expect(stored?.token).toBeTruthy();
    for (const file of await readdir(home, { recursive: true })) {
      const path = join(home, file);
      const text = await readFile(path)
        .then((b) => b.toString('latin1'))
        .catch(() => '');
      expect(text.includes('sandbox-client-secret'), path).toBe(false);
      expect(text.includes(stored?.token as string), path).toBe(false);
    }

    const listed = await cli({}, 'profile', 'list', '--json');
    expect(JSON.parse(listed.stdout).profiles.map((p: { name: string }) => p.name)).toEqual([
      'Local sandbox',
      profile,
    ]);
  });

  it("blames a certificate that is not the service's, not the connection", async () => {
    const otherCa = join(home, 'other-cert.pem');
    await writeFile(otherCa, (await makeCertificate()).cert);
    const name = `Pinned elsewhere ${randomUUID().slice(0, 8)}`;
    const added = await cli(
      {},
      'profile',
      'add',
      name,
      '--base-url',
      t.sandbox.baseUrl,
      '--auth-url',
      t.sandbox.authUrl,
      '--ca',
      otherCa,
    );
    expect(added.code, added.stderr).toBe(0);
    const groups = await cli(
      {
        PAYOUT_DESK_API_KEY: 'sandbox-api-key',
        PAYOUT_DESK_CLIENT_SECRET: 'sandbox-client-secret',
      },
      'groups',
      '--profile',
      name,
    );
    expect(groups.code).toBe(1);
    expect(groups.stderr).toContain('the certificate of 127.0.0.1 could not be verified');
    expect(groups.stderr).toContain("Check the profile's address");
    expect(groups.stderr).not.toContain('check the connection');
  });
});
