import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { GroupList, Wallet, WalletStatement } from '../../../shared/service';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-cli-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);

describe('payout-desk live views on the Local sandbox', () => {
  it('lists groups with filters as JSON, with nothing but JSON on stdout', async () => {
    const run = await cli('groups', '--locked', 'false', '--take', '3', '--json');
    expect(run.code).toBe(0);
    const page = GroupList.parse(JSON.parse(run.stdout));
    expect(page.items).toHaveLength(3);
    expect(page.items.every((group) => !group.locked)).toBe(true);
  });

  it('shows a wallet and its statement, for people and for machines', async () => {
    const page = GroupList.parse(JSON.parse((await cli('groups', '--json')).stdout));
    const walletId = page.items[0]?.wallet.id as string;
    const wallet = Wallet.parse(JSON.parse((await cli('wallet', walletId, '--json')).stdout));
    expect(wallet.id).toBe(walletId);
    const text = await cli('wallet', walletId);
    expect(text.stdout).toContain(`Balance: ${wallet.balance} ${wallet.currency}`);
    const statement = WalletStatement.parse(
      JSON.parse(
        (await cli('statement', walletId, '--from', '2000-01-01', '--take', '5', '--json')).stdout,
      ),
    );
    expect(statement.items).toHaveLength(5);
    expect(statement.start_date).toBe('2000-01-01T00:00:00.000Z');
  });

  it('fails with a non-zero status and a message that says what to do', async () => {
    const unknownWallet = await cli('wallet', 'nope');
    expect(unknownWallet.code).toBe(1);
    expect(unknownWallet.stderr).toContain('404 not_found: wallet nope does not exist');
    const badFlag = await cli('groups', '--take', 'lots');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('--take takes a whole number');
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('usage: payout-desk');
  });
});
