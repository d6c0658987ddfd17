// The main job from the command line up to the sync, on one data folder and one import (the
// tests run in order): the template's sheet imported, rows approved by number and then all,
// the new payees checked by the service, the batch shown for machines and for people, given its
// group, renamed and deleted. Each --json answer is held to the shape README.md documents. What
// the desk decides is proven on the desk (test/integration/desk/); here, what the command line
// adds: its arguments, its output and its exit statuses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentBody } from '../../../shared/service';
import { runCli, runCliJson } from '../../support/cli';
import { departuresFromReadme } from '../../support/readme-shapes';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-main-job-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);
const json = <T = Record<string, unknown>>(...args: string[]) => runCliJson<T>(home, args);

interface Shown {
  batch: { name: string; group: string | null; counts: Record<string, number> };
  drafts: {
    row: number;
    correlation_id: string;
    state: string;
    payment: unknown;
    beneficiary: Record<string, unknown> | null;
    issues: { field: string; cell: string | null; severity: string }[];
  }[];
}

describe('payout-desk on a batch before its sync', () => {
  it('imports a sheet, answering --json in the README’s shape, with progress on stderr', async () => {
    const { value, stderr } = await json<{ issues: Record<string, unknown>[] }>(
      'import',
      'test/fixtures/payouts-template.csv',
      '--batch',
      'January',
    );
    expect(departuresFromReadme(value, 'import')).toEqual([]);
    expect(value).toMatchObject({ batch: 'January', header_row: 1, rows: 5, drafts: 5 });
    expect(value.issues.map((i) => [i.row, i.cell, i.field, i.severity])).toEqual([
      [5, 'L5', 'amount.amount', 'error'],
      [6, 'O6', 'execution.date', 'error'],
      [6, 'I6', 'beneficiary.bank_details.account_number', 'error'],
    ]);
    expect(stderr).toMatch(/^Read 5 rows \(100% of the file\), 5 drafts written…$/m);
    expect(stderr).toMatch(/^Imported into group ".+" \(\S+\), wallet \S+ [A-Z]{3}$/m);
  });

  it('refuses rows the batch lacks as a command line to correct, naming them', async () => {
    const run = await cli('approve', 'January', '--rows', '5,999999-1000000');
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toBe(
      'payout-desk approve: Rows 999999 and 1000000 are not in batch "January": nothing was done\n',
    );
    expect(run.stdout).toBe('');
  });

  it('approves rows by number, answering --json in the README’s shape', async () => {
    const { value } = await json('approve', 'January', '--rows', '2-3');
    expect(departuresFromReadme(value, 'approve')).toEqual([]);
    expect(value).toMatchObject({ approved: 2, refused: [] });
  });

  it('approves all the rest, and says why some were not', async () => {
    const all = await cli('approve', 'January', '--all');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout.split('\n')).toEqual([
      'Approved 1 to send',
      '  2 not approved: errors to fix first',
      expect.stringMatching(/^ {2}row 5 has errors to fix first: "12\.3456" has 4 decimals/),
      expect.stringMatching(/^ {2}row 6 has errors to fix first: "03\/04\/2030" could be/),
      '',
    ]);
  });

  it('has the service check the new payees: five, one of them with a wrong IBAN, to fix (exit 4)', async () => {
    const run = await cli('validate', 'January', '--json');
    expect(run.code, run.stderr).toBe(4);
    expect(JSON.parse(run.stdout)).toEqual({ checked: 5, invalid: 1 });
  });

  it('shows each draft as --json in the README’s shape: state, bodies the service takes, issues at cells', async () => {
    const { value: shown } = await json<Shown>('show', 'January');
    expect(departuresFromReadme(shown, 'show')).toEqual([]);
    expect(shown.batch).toMatchObject({
      name: 'January',
      counts: { drafts: 5, with_issues: 2, approved: 3, sent: 0, accepted: 0, failed: 0 },
    });
    expect(shown.drafts.map((d) => [d.row, d.state])).toEqual([
      [2, 'approved'],
      [3, 'approved'],
      [4, 'approved'],
      [5, 'draft'],
      [6, 'draft'],
    ]);
    for (const draft of shown.drafts.filter((d) => d.issues.length === 0)) {
      expect(PaymentBody.parse(draft.payment).correlation_id).toBe(draft.correlation_id);
    }
    expect(shown.drafts[3]?.issues).toEqual([
      expect.objectContaining({ field: 'amount.amount', cell: 'L5', severity: 'error' }),
    ]);
    expect(shown.drafts[1]?.beneficiary).toMatchObject({
      country: 'FR',
      currency: 'EUR',
      bank_details: { account_number: 'FR1420041010050500013M02606' },
    });
  });

  it('shows a batch for people as `status`: a line a draft, with its amount and its issues at their cells', async () => {
    const run = await cli('status', 'January');
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    // The total with its currency's decimals: 1250.50 + 2400.00 + 980.12 + 100.00 (row 5's amount
    // is refused, and said to be left out, as the app says it), not the thousandths the sum is
    // kept in (4730.620).
    expect(lines[0]).toMatch(
      /^January: 5 drafts \(4730\.62 GBP, not counting 1 whose amount is missing or wrong\), 3 approved, /,
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}row 2: approved {2}1250\.50 [A-Z]{3} {2}January salary$/),
      expect.stringMatching(/^ {2}row 3: approved {2}2400\.00 [A-Z]{3} {2}Salaire janvier$/),
      expect.stringMatching(/^ {2}row 4: approved {2}980\.12 [A-Z]{3} {2}Invoice 1881$/),
      expect.stringMatching(/^ {2}row 5: draft .* ! L5: "12\.3456" has 4 decimals/),
      expect.stringMatching(/^ {2}row 6: draft .* ! O6: .*; I6: IBAN check digits are wrong/),
    ]);
  });

  let group: string;
  it('lists batches with their counts', async () => {
    const { value } = await json<{ batches: { group: string }[] }>('batches');
    expect(value.batches).toEqual([
      {
        name: 'January',
        group: expect.any(String),
        service_approval: 'for_approval',
        counts: expect.objectContaining({ drafts: 5, approved: 3, with_errors: 2 }),
      },
    ]);
    group = value.batches[0]?.group as string;
  });

  it('gives a batch its group, checked with the service', async () => {
    const { value: set } = await json('set-group', 'January', group);
    expect(set).toEqual({
      name: 'January',
      group: {
        id: group,
        name: expect.any(String),
        wallet_id: expect.any(String),
        wallet_currency: expect.stringMatching(/^[A-Z]{3}$/),
        wallet_name: expect.any(String),
      },
      checked: true,
    });
  });

  it('renames a batch', async () => {
    const { value } = await json('rename', 'January', 'January pay');
    expect(value).toEqual({ name: 'January pay' });
  });

  it('says how to find a batch it does not know by that name, with exit status 2', async () => {
    const old = await cli('show', 'January');
    expect(old.code).toBe(2);
    expect(old.stderr).toContain(
      'payout-desk show: no batch "January": payout-desk batches lists them',
    );
  });

  it('adds a sheet below a batch’s rows with --append-to, saying how its rows are numbered', async () => {
    const refused = await cli(
      'import',
      'test/fixtures/payouts-template.csv',
      '--append-to',
      'January pay',
      '--batch',
      'Other',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('leave out --batch, --group and --approved');
    const run = await cli(
      'import',
      'test/fixtures/payouts-template.csv',
      '--append-to',
      'January pay',
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Added 5 drafts to batch "January pay" from sheet /);
    expect(lines[1]).toBe(
      "  its rows follow the batch's: the sheet's row n is the batch's row n + 5, as the rows and cells below are numbered",
    );
  });

  it('shows an amount with its currency’s decimals: yen have none', async () => {
    const edited = await cli('edit', 'January pay', '2', 'currency=JPY', 'amount=1234');
    expect(edited.code, edited.stderr).toBe(0);
    const run = await cli('status', 'January pay');
    // It read "1234.00 JPY" beside the batch's total of "1234 JPY".
    expect(run.stdout).toMatch(/^ {2}row 2: draft {2}1234 JPY {2}/m);
  });

  it('deletes a batch nothing of which was sent', async () => {
    const { value } = await json('delete', 'January pay');
    expect(value).toEqual({ deleted: 'January pay', drafts: 10 });
  });
});
