// The main job from the command line, on the Local sandbox: import a CSV in the template's
// columns (any sheet goes; the template's is the simplest), approve, sync, and see each draft as the service holds it — with the --json shapes
// the README documents.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { GroupList, PaymentBody } from '../../../shared/service';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-main-job-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);

const json = async (...args: string[]) => {
  const run = await cli(...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown> & { [key: string]: never };
};

describe('payout-desk import, approve, sync, show', () => {
  it('runs the whole flow and reports every problem at its cell', { timeout: 60_000 }, async () => {
    const imported = await json(
      'import',
      'test/fixtures/payouts-template.csv',
      '--batch',
      'January',
    );
    expect(imported).toMatchObject({
      batch: 'January',
      header_row: 1,
      rows: 5,
      drafts: 5,
      skipped: [],
    });
    expect(imported.issues).toEqual([
      expect.objectContaining({ row: 5, cell: 'L5', field: 'amount.amount', severity: 'error' }),
      expect.objectContaining({ row: 6, cell: 'O6', field: 'execution.date' }),
      expect.objectContaining({
        row: 6,
        cell: 'I6',
        field: 'beneficiary.bank_details.account_number',
      }),
    ]);

    const approved = (await json('approve', 'January', '--all')) as unknown as {
      approved: number;
      refused: unknown[];
    };
    expect(approved.approved).toBe(3);
    expect(approved.refused).toHaveLength(2);

    const synced = (await json('sync', 'January')) as unknown as {
      state: string;
      accepted: number;
      jobs: { job_id: string; status: string; total: number; processed: number; failed: number }[];
    };
    expect(synced).toMatchObject({ state: 'done', accepted: 3, failed: 0 });
    expect(synced.jobs).toEqual([
      expect.objectContaining({ status: 'DONE', total: 3, processed: 3, failed: 0 }),
    ]);

    const shown = (await json('show', 'January')) as unknown as {
      batch: { name: string; counts: Record<string, number> };
      drafts: {
        row: number;
        id: string;
        correlation_id: string;
        state: string;
        remote_status: string | null;
        payment: unknown;
        beneficiary: unknown;
        issues: unknown[];
        error: unknown;
      }[];
    };
    expect(shown.batch).toMatchObject({
      name: 'January',
      counts: { drafts: 5, with_issues: 2, accepted: 3, sent: 3 },
    });
    expect(shown.drafts.map((d) => [d.row, d.state])).toEqual([
      [2, 'accepted'],
      [3, 'accepted'],
      [4, 'accepted'],
      [5, 'draft'],
      [6, 'draft'],
    ]);
    // A draft without issues shows a payment body the service accepts; one with issues shows
    // them instead (its amount or date cannot be a valid body until fixed).
    for (const draft of shown.drafts) {
      if (draft.issues.length > 0) continue;
      const payment = PaymentBody.parse(draft.payment);
      expect(payment.correlation_id).toBe(draft.correlation_id);
    }
    expect(shown.drafts.filter((d) => d.issues.length > 0).map((d) => d.row)).toEqual([5, 6]);
    expect(shown.drafts[1]?.beneficiary).toMatchObject({
      country: 'FR',
      currency: 'EUR',
      bank_details: { account_number: 'FR1420041010050500013M02606' },
    });

    // A second sync sends nothing again.
    const again = (await json('sync', 'January')) as unknown as {
      accepted: number;
      jobs: unknown[];
    };
    expect(again.accepted).toBe(3);
    expect(again.jobs).toHaveLength(1);
  });

  it(
    'lets the service check new beneficiaries before sending, and shows its findings at the field',
    { timeout: 60_000 },
    async () => {
      await json('import', 'test/fixtures/payouts-remote-issue.csv', '--batch', 'Checked');
      const validated = (await json('validate', 'Checked')) as unknown as {
        checked: number;
        invalid: number;
      };
      expect(validated).toEqual({ checked: 2, invalid: 1 });
      const shown = (await json('show', 'Checked')) as unknown as {
        drafts: { row: number; issues: { field: string; message: string }[] }[];
      };
      expect(shown.drafts[0]?.issues).toEqual([
        expect.objectContaining({
          field: 'beneficiary.bank_details',
          message: expect.stringContaining('bank_code'),
        }),
      ]);
      expect(shown.drafts[1]?.issues).toEqual([]);
    },
  );

  it('refuses to import into a locked group, naming it, and changes nothing', async () => {
    const locked = GroupList.parse(await json('groups', '--locked', 'true')).items[0];
    expect(locked?.locked).toBe(true);
    const before = await cli('batches', '--json');
    const refused = await cli(
      'import',
      'test/fixtures/payouts-template.csv',
      '--group',
      locked?.id as string,
      '--batch',
      'Into a locked group',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `payment group "${locked?.name}" (${locked?.id}) is locked: no new payments can be added to it. Choose another with --group ID`,
    );
    expect((await cli('batches', '--json')).stdout).toBe(before.stdout);
  });

  it('names the columns an import leaves out, in its report and in its JSON', async () => {
    const file = join(home, 'staff.csv');
    await writeFile(
      file,
      'Employee,Staff no,IBAN,Net Pay,Pay Date,Cost centre\r\nAda Lovelace,E-17,DE89370400440532013000,1250.50,2030-01-31,CC-7\r\n',
    );
    const run = await cli('import', file, '--batch', 'Staff');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('not used: Staff no, Cost centre');
    expect(run.stdout).not.toMatch(/-> null/);
    const printed = await json('import', file, '--batch', 'Staff again');
    expect(printed.mapping).toMatchObject({ 'Staff no': null, 'Cost centre': null });
  });

  it('says which of two columns that could fill one field it used, in its report and in its JSON', async () => {
    const file = join(home, 'two-ibans.csv');
    await writeFile(
      file,
      'Name,IBAN,IBAN 2,Amount,Date\r\nAda Lovelace,DE89370400440532013000,DE02120300000000202051,1250.50,2030-01-31\r\n',
    );
    const run = await cli('import', file, '--batch', 'Two IBANs');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('check: "IBAN 2" could also be iban; "IBAN" was used');
    // Another source (a column more), so that its mapping is proposed, not the one just saved.
    const other = join(home, 'two-ibans-tagged.csv');
    await writeFile(
      other,
      'Name,IBAN,IBAN 2,Amount,Date,tag:team\r\nAda Lovelace,DE89370400440532013000,DE02120300000000202051,1250.50,2030-01-31,R&D\r\n',
    );
    const printed = await json('import', other, '--batch', 'Two IBANs again');
    expect(printed).toMatchObject({
      mapping: { IBAN: 'iban', 'IBAN 2': null },
      mapping_notes: ['"IBAN 2" could also be iban; "IBAN" was used'],
    });
  });

  it('says what to do when a batch does not exist or a file cannot be imported', async () => {
    const missing = await cli('show', 'February');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no batch "February": payout-desk batches lists them');
    const absent = await cli('import', 'payroll.xlsx', '--group', 'g');
    expect(absent.code).toBe(2);
    expect(absent.stderr).toContain('there is no file payroll.xlsx: check the path');
    const folder = await cli('import', home, '--group', 'g');
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`${home} is a folder, not a spreadsheet file`);
    const noMapping = join(home, 'no-such-mapping.json');
    const mappingAbsent = await cli(
      'import',
      'test/fixtures/payouts-template.csv',
      '--mapping',
      noMapping,
    );
    expect(mappingAbsent.code).toBe(2);
    expect(mappingAbsent.stderr).toContain(`there is no file ${noMapping}: check the path`);
    const before = await cli('batches', '--json');
    const notes = join(home, 'notes.txt');
    await writeFile(notes, 'Dear team,\nplease pay the usual people this month.\nThanks\n');
    const notASheet = await cli('import', notes, '--batch', 'Notes');
    expect(notASheet.code).toBe(1);
    expect(notASheet.stderr).toMatch(/no sheet looks like a payment list/);
    expect((await cli('batches', '--json')).stdout).toBe(before.stdout);
  });

  it('names a batch for the person when they give no name, and refuses a blank one', async () => {
    const file = 'test/fixtures/payouts-template.csv';
    const blank = await cli('import', file, '--batch', ' ');
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--batch needs a name');
    const first = (await json('import', file)) as unknown as { batch: string };
    const second = (await json('import', file)) as unknown as { batch: string };
    expect(first.batch).toMatch(/^payouts-template \d{4}-\d\d-\d\d \d\d:\d\d$/);
    // Within the same minute the name made up is taken: the next free one is used.
    if (second.batch.startsWith(first.batch)) expect(second.batch).toBe(`${first.batch} (2)`);
    else expect(second.batch).not.toBe(first.batch);
    // A name the person gives is theirs: taken, it is refused.
    const taken = await cli('import', file, '--batch', first.batch);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`a batch named "${first.batch}" already exists`);
  });
});
