// The live views from the command line, on the Local sandbox and one data folder (the tests run
// in order): groups filtered, for machines and for people; a wallet; its statement over a
// period given in days, and the statement exported (its --json in the README's shape); a locked
// group refused with the flag to reach for; the service's "no such wallet" a failure, not a
// usage error.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupList, Wallet, WalletStatement, type PaymentGroup } from '../../../shared/service';
import { runCli, runCliJson } from '../../support/cli';
import { departuresFromReadme } from '../../support/readme-shapes';

let home: string;
let groups: PaymentGroup[];
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-live-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);
const json = (...args: string[]) => runCliJson<unknown>(home, args);
const walletId = () => groups[0]?.wallet.id as string;

/** YYYY-MM-DD, `days` from today in UTC. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('payout-desk groups, wallet, statement', () => {
  it('lists groups as JSON, whatever credentials the environment holds for saved profiles', async () => {
    // The Local sandbox has credentials of its own: a saved profile's stay out of it.
    const { value } = await runCliJson<unknown>(home, ['groups'], {
      env: { PAYOUT_DESK_API_KEY: 'for-a-saved-profile', PAYOUT_DESK_CLIENT_SECRET: 'its-secret' },
    });
    groups = GroupList.parse(value).items;
    expect(groups.some((group) => group.locked)).toBe(true);
    expect(groups.some((group) => !group.locked)).toBe(true);
  });

  it('filters groups and lists them for people, a line each with the wallet id', async () => {
    const run = await cli('groups', '--locked', 'false', '--take', '2');
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    const open = groups.filter((group) => !group.locked).slice(0, 2);
    expect(lines).toHaveLength(2);
    lines.forEach((line, index) => {
      const group = open[index] as PaymentGroup;
      expect(line).toContain(`${group.id}  ${group.name}  wallet ${group.wallet.id} (`);
      expect(line).not.toContain('(locked)');
    });
  });

  let wallet: Wallet;
  it('shows a wallet as JSON', async () => {
    wallet = Wallet.parse((await json('wallet', walletId())).value);
    expect(wallet.id).toBe(walletId());
  });

  it('shows a wallet for people, with its balance', async () => {
    const text = await cli('wallet', walletId());
    expect(text.code, text.stderr).toBe(0);
    // With the currency's two decimals, even where the JSON number has fewer (120000, 3078.2).
    const shown = /^Balance: (-?\d+\.\d{2}) ([A-Z]{3})$/m.exec(text.stdout);
    expect(shown?.[2], text.stdout).toBe(wallet.currency);
    expect(Number(shown?.[1])).toBe(wallet.balance);
  });

  const [from, to] = [day(-365), day(0)];
  const range = ['--from', from, '--to', to];
  let statement: WalletStatement;
  it('takes --from and --to as whole UTC days', async () => {
    statement = WalletStatement.parse(
      (await json('statement', walletId(), ...range, '--take', '500')).value,
    );
    expect(statement.start_date).toBe(`${from}T00:00:00.000Z`);
    expect(statement.end_date).toBe(`${to}T23:59:59.999Z`);
    expect(statement.items.length).toBeGreaterThan(0);
    expect(statement.items.length).toBeLessThan(500); // one page holds them all
  });

  it('says a page of the statement is not the period’s last, and how to read on', async () => {
    // The period's items, oldest first, 50 to a page: the newest are on the pages after it.
    const first = await cli('statement', walletId(), ...range);
    expect(first.code, first.stderr).toBe(0);
    expect(statement.items.length).toBeGreaterThan(50);
    expect(first.stdout.trimEnd().split('\n')).toHaveLength(51); // the heading, 50 items
    expect(first.stderr).toContain(
      'Items 1-50 of the period, oldest first: more may follow (--skip 50), or write them all with --export FILE',
    );
    const last = await cli('statement', walletId(), ...range, '--skip', '50', '--take', '500');
    expect(last.code, last.stderr).toBe(0);
    expect(last.stderr).not.toContain('more may follow');
  });

  it('exports the statement of the period, answering --json in the README’s shape', async () => {
    const file = join(home, 'statement.csv');
    const { value } = await json('statement', walletId(), ...range, '--export', file);
    expect(departuresFromReadme(value, 'statement --export')).toEqual([]);
    expect(value).toEqual({
      file,
      wallet: walletId(),
      rows: statement.items.length,
      start: statement.start_date,
      end: statement.end_date,
    });
  });

  it('refuses to import into a locked group, naming the flag and the command to choose another', async () => {
    const locked = groups.find((group) => group.locked) as PaymentGroup;
    const run = await cli('import', 'test/fixtures/payouts-template.csv', '--group', locked.id);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `payout-desk import: payment group "${locked.name}" (${locked.id}) is locked: no new payments can be added to it. Choose another with --group ID (payout-desk groups --locked false lists them)`,
    );
  });

  it('fails with status 1 when the service knows no such wallet', async () => {
    const run = await cli('wallet', 'nope');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('404 not_found: wallet nope does not exist');
  });
});
