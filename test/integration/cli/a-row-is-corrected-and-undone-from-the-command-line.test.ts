// A row corrected without the app: `edit` names the row as the sheet numbers it and the fields
// by short names (or the desk's own), the row revalidated as the app revalidates it, and `undo`
// takes the change back. What the edit decides is the desk's (test/integration/desk/); here,
// what the command line adds: its arguments, its output, its exit statuses and its --json.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliJson } from '../../support/cli';
import { departuresFromReadme } from '../../support/readme-shapes';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-edit-'));
  const run = await runCli(home, [
    'import',
    'test/fixtures/payouts-template.csv',
    '--batch',
    'Jan',
  ]);
  expect(run.code, run.stderr).toBe(0);
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);
const json = <T = Record<string, unknown>>(...args: string[]) => runCliJson<T>(home, args);

interface Edited {
  row: number;
  state: string;
  issues: { field: string; cell: string | null; message: string; severity: string }[];
}

describe('payout-desk edit and undo', () => {
  it('corrects a row by its number and a field’s short name, revalidated', async () => {
    // Row 5's amount, 12.3456, has more decimals than pounds have.
    const { value } = await json<Edited>('edit', 'Jan', '5', 'amount=12.35');
    expect(departuresFromReadme(value, 'edit')).toEqual([]);
    expect(value).toMatchObject({ row: 5, state: 'draft', issues: [] });
    const shown = await cli('show', 'Jan');
    expect(shown.stdout).toMatch(/^ {2}row 5: draft {2}12\.35 GBP {2}Too precise$/m);
  });

  it('says what the rules find in the value written, at its field', async () => {
    const run = await cli('edit', 'Jan', '6', 'beneficiary.bank_details.account_number=DE00');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Row 6 saved: draft$/m);
    expect(run.stdout).toMatch(/^ {2}! beneficiary\.bank_details\.account_number: .+/m);
  });

  it('takes the last change back with undo', async () => {
    const { value } = await json('undo', 'Jan');
    expect(departuresFromReadme(value, 'undo')).toEqual([]);
    expect(value).toMatchObject({ undone: 'the edit of row 6', drafts: 1, remaining: 0 });
    const again = await cli('undo', 'Jan');
    expect(again.stdout).toBe('Undid the edit of row 5: 1 draft put back\n');
    expect((await cli('show', 'Jan')).stdout).toMatch(/^ {2}row 5: draft .*! L5: /m);
  });

  it('refuses a row the batch lacks, a field no row has, and a change not written FIELD=VALUE', async () => {
    const noRow = await cli('edit', 'Jan', '99', 'amount=1');
    expect(noRow.code).toBe(2);
    expect(noRow.stderr).toMatch(/the batch has no row 99/);
    const noField = await cli('edit', 'Jan', '2', 'colour=red');
    expect(noField.code).toBe(2);
    expect(noField.stderr).toMatch(/"colour" is not a field a row has\nusage: payout-desk edit/);
    const notAChange = await cli('edit', 'Jan', '2', 'amount');
    expect(notAChange.code).toBe(2);
    expect(notAChange.stderr).toMatch(/"amount" is not FIELD=VALUE/);
    const notARow = await cli('edit', 'Jan', 'two', 'amount=1');
    expect(notARow.code).toBe(2);
    expect(notARow.stderr).toMatch(/ROW is the row's number in the sheet/);
  });
});

describe('a payee the service finds wrong at sync, corrected from the command line', () => {
  it('is held back with exit status 4, then sent once edited and approved', async () => {
    // Row 2's UK payee has no sort code: the rules let it be, the service does not.
    expect(
      (await cli('import', 'test/fixtures/payouts-remote-issue.csv', '--batch', 'Remote')).code,
    ).toBe(0);
    expect((await cli('approve', 'Remote', '--all')).code).toBe(0);
    const first = await cli('sync', 'Remote');
    // Done, but a payment approved was not sent: not a success for a scheduled run.
    expect(first.code, first.stderr).toBe(4);
    expect(first.stdout).toMatch(/^Sync done: 1 accepted, 0 failed, 0 still to send$/m);
    expect(first.stdout).toContain(
      '1 approved payment(s) held back, not sent: the service found their new payee wrong, and they are drafts again;',
    );
    expect((await cli('edit', 'Remote', '2', 'sort_code=60-16-13')).code).toBe(0);
    expect((await cli('approve', 'Remote', '--rows', '2')).code).toBe(0);
    // Exit status 0 (runCliJson holds it to that).
    const { value } = await json<{ held_back: number; accepted: number }>('sync', 'Remote');
    expect(departuresFromReadme(value, 'sync')).toEqual([]);
    expect(value).toMatchObject({ held_back: 0, accepted: 2 });
    // Everything sent: approving all again does nothing, and says so rather than "Approved 0".
    const again = await cli('approve', 'Remote', '--all');
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(
      'Nothing to approve: those drafts are approved or sent already',
    );
  });
});
