// What a new user of the command hit, each fixed where the command line shows it: the exit
// status of a sync that did not finish, credentials meant for a saved profile kept away from the
// Local sandbox, amounts shown with their currency and never as a made-up 0, the wallet id a
// group list must show, names on one line, and a period given backwards refused before the
// service is asked.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { GroupList } from '../../../shared/service';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-cli-says-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) => runCli(home, args, env);

describe('payout-desk tells what happened', () => {
  it(
    'exits 3 when a sync stops because the service cannot be reached',
    { timeout: 90_000 },
    async () => {
      // A saved profile whose service is not there: port 9 on loopback answers nothing.
      const add = await cli(
        [
          'profile',
          'add',
          'Nowhere',
          '--base-url',
          'https://127.0.0.1:9',
          '--auth-url',
          'https://127.0.0.1:9/auth',
        ],
        { PAYOUT_DESK_API_KEY: '', PAYOUT_DESK_CLIENT_SECRET: '' },
      );
      expect(add.code, add.stderr).toBe(0);
      const env = { PAYOUT_DESK_API_KEY: 'key', PAYOUT_DESK_CLIENT_SECRET: 'secret' };
      const imported = await cli(
        [
          'import',
          'test/fixtures/payouts-template.csv',
          '--batch',
          'Offline',
          '--group',
          'group-1',
          '--profile',
          'Nowhere',
        ],
        env,
      );
      expect(imported.code, imported.stderr).toBe(0);
      expect((await cli(['approve', 'Offline', '--rows', '2'])).code).toBe(0);
      const sync = await cli(['sync', 'Offline', '--profile', 'Nowhere', '--json'], env);
      expect(sync.code, sync.stderr).toBe(3);
      expect(JSON.parse(sync.stdout)).toMatchObject({ state: 'offline', approved: 1 });
    },
  );

  it('leaves a saved profile’s credentials out of the Local sandbox', async () => {
    const env = { PAYOUT_DESK_API_KEY: 'another-key', PAYOUT_DESK_CLIENT_SECRET: 'another' };
    const groups = await cli(['groups', '--take', '1', '--json'], env);
    expect(groups.code, groups.stderr).toBe(0);
    expect(GroupList.parse(JSON.parse(groups.stdout)).items).toHaveLength(1);
  });

  it('shows amounts with their currency, and a missing amount as missing', async () => {
    const file = join(home, 'amounts.csv');
    await writeFile(
      file,
      'Name,IBAN,Amount,Currency,Date\r\n' +
        'Ada Lovelace,DE89370400440532013000,1250.5,EUR,2030-01-31\r\n' +
        'Alan Turing,DE02120300000000202051,,EUR,2030-01-31\r\n',
    );
    expect((await cli(['import', file, '--batch', 'Amounts'])).code).toBe(0);
    const shown = await cli(['show', 'Amounts']);
    expect(shown.code, shown.stderr).toBe(0);
    const lines = shown.stdout.split('\n');
    expect(lines.find((line) => line.includes('row 2'))).toContain('1250.50 EUR');
    const missing = lines.find((line) => line.includes('row 3')) ?? '';
    expect(missing).toContain('(no amount) EUR');
    expect(missing).not.toMatch(/\s0 EUR/);
  });

  it('lists groups with the wallet id a wallet command needs', async () => {
    const page = GroupList.parse(
      JSON.parse((await cli(['groups', '--take', '2', '--json'])).stdout),
    );
    const text = await cli(['groups', '--take', '2']);
    for (const group of page.items) expect(text.stdout).toContain(group.wallet.id);
    const wallet = await cli(['wallet', page.items[0]?.wallet.id as string]);
    expect(wallet.code, wallet.stderr).toBe(0);
  });

  it('refuses a batch name that is not one line, and lists batches one per line', async () => {
    const refused = await cli([
      'import',
      'test/fixtures/payouts-template.csv',
      '--batch',
      'Two\nlines',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('one line');
    const listed = await cli(['batches']);
    expect(listed.stdout.split('\n').every((line) => !line.startsWith('lines'))).toBe(true);
  });

  it('refuses a period that ends before it starts, as a usage error, before asking the service', async () => {
    const page = GroupList.parse(
      JSON.parse((await cli(['groups', '--take', '1', '--json'])).stdout),
    );
    const run = await cli([
      'statement',
      page.items[0]?.wallet.id as string,
      '--from',
      '2030-02-01',
      '--to',
      '2030-01-01',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--from 2030-02-01 is after --to 2030-01-01');
  });
});
