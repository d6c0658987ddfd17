// Saved profiles from the command line, on one data folder (the tests run in order): addresses
// in the outbox, credentials taken from the environment onto the real keychain, the pinned
// certificate honoured; plain HTTP refused; credentials the service refuses, missing ones and a
// certificate that is not the service's each said with what to do; a profile removed with its
// credentials.
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
const pinnedElsewhere = `Pinned elsewhere ${randomUUID().slice(0, 8)}`;
const secrets = (name: string) => new ProfileSecrets(new KeychainSecretStore(), name);
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-profiles-'));
  t = await startTestSandbox();
});
afterAll(async () => {
  await secrets(profile).forget();
  await secrets(pinnedElsewhere).forget();
  await t.close();
  await rm(home, { recursive: true, force: true });
});

const NO_CREDENTIALS = { PAYOUT_DESK_API_KEY: '', PAYOUT_DESK_CLIENT_SECRET: '' };
const SANDBOX_CREDENTIALS = {
  PAYOUT_DESK_API_KEY: 'sandbox-api-key',
  PAYOUT_DESK_CLIENT_SECRET: 'sandbox-client-secret',
};
const cli = (env: Record<string, string>, ...args: string[]) =>
  runCli(home, args, { env: { ...NO_CREDENTIALS, ...env } });
const addProfile = (env: Record<string, string>, name: string, ca: string, ...more: string[]) =>
  cli(
    env,
    'profile',
    'add',
    name,
    '--base-url',
    t.sandbox.baseUrl,
    '--auth-url',
    t.sandbox.authUrl,
    '--ca',
    ca,
    ...more,
  );

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

  it('without a keychain, says the profile was not saved and how to save it anyway', async () => {
    // No Secret Service at this address: as on a workstation without one.
    const run = await addProfile(
      { ...SANDBOX_CREDENTIALS, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      `No keychain ${randomUUID().slice(0, 8)}`,
      join(t.dataDir, 'sandbox-cert.pem'),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('No OS keychain is available');
    // Not "set PAYOUT_DESK_API_KEY …": they were set, which is how the credentials came.
    expect(run.stderr).toContain(
      'The profile was not saved: to save it without its credentials, add it again with PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET unset, then set them at each command that uses it',
    );
    expect(run.stderr).not.toContain('or set PAYOUT_DESK_API_KEY');
  });

  // Three runs of the command: on a loaded machine, each takes seconds.
  it(
    'keeps the credentials on the keychain, not in the data folder, and uses them with the pinned certificate',
    { timeout: 60_000 },
    async () => {
      const ca = join(t.dataDir, 'sandbox-cert.pem');
      const added = await addProfile(SANDBOX_CREDENTIALS, profile, ca, '--json');
      expect(added.code, added.stderr).toBe(0);
      expect(JSON.parse(added.stdout)).toEqual({
        name: profile,
        kind: 'sandbox',
        base_url: t.sandbox.baseUrl,
        auth_url: t.sandbox.authUrl,
        ca,
        credentials: 'saved on the OS keychain',
      });

      const groups = await cli({}, 'groups', '--profile', profile, '--json');
      expect(groups.code, groups.stderr).toBe(0);
      expect(GroupList.parse(JSON.parse(groups.stdout)).items.length).toBeGreaterThan(0);

      // Nothing secret in the data folder: neither the client secret nor the token.
      const stored = await secrets(profile).tokenStore().load();
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
      expect(JSON.parse(listed.stdout).profiles).toEqual([
        expect.objectContaining({ name: 'Local sandbox', kind: 'local' }),
        {
          name: profile,
          kind: 'sandbox',
          base_url: t.sandbox.baseUrl,
          auth_url: t.sandbox.authUrl,
          ca,
          credentials: 'saved',
          key: null,
        },
      ]);
      // For people, in words rather than the JSON's names (saved, not_needed).
      const shown = await cli({}, 'profile', 'list');
      expect(shown.stdout.trimEnd().split('\n')).toEqual([
        'Local sandbox (local) (started on demand)  credentials: none needed',
        `${profile} (sandbox) ${t.sandbox.baseUrl}  credentials: saved on the OS keychain`,
      ]);
    },
  );

  it('says to check the credentials when the service refuses the ones given for this run', async () => {
    const run = await cli(
      { PAYOUT_DESK_API_KEY: 'sandbox-api-key', PAYOUT_DESK_CLIENT_SECRET: 'wrong' },
      'groups',
      '--profile',
      profile,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'check the profile credentials: add it again with PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET set, or set them for this run',
    );
  });

  it(
    "blames a certificate that is not the service's, not the connection",
    { timeout: 60_000 },
    async () => {
      const otherCa = join(home, 'other-cert.pem');
      await writeFile(otherCa, (await makeCertificate()).cert);
      const added = await addProfile({}, pinnedElsewhere, otherCa);
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toContain('credentials not saved');
      const groups = await cli(SANDBOX_CREDENTIALS, 'groups', '--profile', pinnedElsewhere);
      expect(groups.code).toBe(1);
      expect(groups.stderr).toContain('the certificate of 127.0.0.1 could not be verified');
      expect(groups.stderr).toContain("Check the profile's address");
      expect(groups.stderr).not.toContain('check the connection');
    },
  );

  it('says how to give credentials to a profile that has none', async () => {
    const run = await cli({}, 'groups', '--profile', pinnedElsewhere);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      ' — or set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET to use them for this run only',
    );
  });

  it(
    "gives a batch's own profile the credentials of the environment, as --profile does",
    { timeout: 90_000 },
    async () => {
      // Saved without credentials, as on a machine whose scheduled job sets them each run.
      const unsaved = `Scheduled ${randomUUID().slice(0, 8)}`;
      const ca = join(t.dataDir, 'sandbox-cert.pem');
      expect((await addProfile({}, unsaved, ca)).code).toBe(0);
      const batch = `Nightly ${randomUUID().slice(0, 8)}`;
      const file = 'test/fixtures/payouts-template.csv';
      const imported = await cli(
        SANDBOX_CREDENTIALS,
        'import',
        file,
        '--batch',
        batch,
        '--profile',
        unsaved,
      );
      expect(imported.code, imported.stderr).toBe(0);
      // Its group given again, checked through the batch's profile with the variables set:
      // set-group said the profile had no credentials.
      const listed = JSON.parse((await cli({}, 'batches', '--json')).stdout) as {
        batches: { name: string; group: string }[];
      };
      const group = listed.batches.find((b) => b.name === batch)!.group;
      const grouped = await cli(SANDBOX_CREDENTIALS, 'set-group', batch, group, '--json');
      expect(grouped.code, grouped.stderr).toBe(0);
      expect(JSON.parse(grouped.stdout)).toMatchObject({ checked: true });
      expect((await cli({}, 'approve', batch, '--all')).code).toBe(0);
      // No --profile: the batch's own, with the variables set for this run.
      const validated = await cli(SANDBOX_CREDENTIALS, 'validate', batch);
      // The fixture's German IBAN is wrong: a payee to fix, exit 4, and the rest still sync.
      expect(validated.code, validated.stderr).toBe(4);
      expect(validated.stdout).toContain('1 need fixing');
      // Checked, not saved: validation saves no payee at the service.
      expect(validated.stderr).toMatch(/^New beneficiaries checked: \d+ of \d+$/m);
      const synced = await cli(SANDBOX_CREDENTIALS, 'sync', batch);
      expect(synced.code, synced.stderr).toBe(0);
      expect(synced.stdout).toContain('Sync done');
      await cli({}, 'profile', 'remove', unsaved);
    },
  );

  it('removes a profile with its credentials', async () => {
    const run = await cli({}, 'profile', 'remove', profile, '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ removed: profile });
    expect(await secrets(profile).credentials()).toBeUndefined();
  });
});
