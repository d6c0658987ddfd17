// The sync and what comes after it from the command line, on one data folder and one import
// (the tests run in order): a sheet of 300 payees approved (the possible duplicate only once
// looked at), a sync stopped with Ctrl-C (exit status 3) and run again, the payment the service
// refused approved to go again, the rest approved at the service, the batch exported and shown,
// and kept once sent. Each --json answer is held to the shape README.md documents.
import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliJson } from '../../support/cli';
import { departuresFromReadme } from '../../support/readme-shapes';

const PAYEES = 300;

let home: string;
let sheet: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-sync-'));
  // Staff no and IBAN 2 are left out; rows PAYEES + 2 to PAYEES + 4 are the odd ones.
  const lines = ['Staff no,Name,IBAN,IBAN 2,Amount,Currency,Pay date,Reference,beneficiary_id'];
  for (let i = 0; i < PAYEES; i += 1) {
    const amount = (100 + i / 100).toFixed(2);
    lines.push(`E${i},Payee ${i},DE89370400440532013000,,${amount},EUR,2030-01-31,Pay ${i},`);
  }
  lines.push('E0,Payee 0,DE89370400440532013000,,100.00,EUR,2030-01-31,Pay 0 again,');
  lines.push('E900,Alan Turing,DE02120300000000202051,,,EUR,2030-01-31,No amount,');
  // A payee the service does not know: the service refuses the payment when it runs the job.
  lines.push(`E901,,,,10.00,EUR,2030-01-31,Gone payee,${randomUUID()}`);
  sheet = join(home, 'pay run.csv');
  await writeFile(sheet, `${lines.join('\r\n')}\r\n`);
});
afterAll(() => rm(home, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(home, args);
const json = <T = Record<string, unknown>>(...args: string[]) => runCliJson<T>(home, args);

describe('payout-desk sync, retry, approve-at-service, export', () => {
  it('reports an import for people: the columns it left out, what to check, each issue at its cell', async () => {
    const run = await cli('import', sheet, '--batch', 'Pay run');
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(
      `Imported ${PAYEES + 3} drafts into batch "Pay run" from sheet "pay run.csv" (header on row 1, proposed mapping); 1 error(s), 1 warning(s)`,
    );
    expect(lines).toContain(
      '  not used: Staff no, IBAN 2 (to use one: --mapping with {"<header>": "<field>"})',
    );
    expect(lines).toContain('  check: "IBAN 2" could also be iban; "IBAN" was used');
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^ {2}E${PAYEES + 3}: the amount is missing$`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^ {2}row ${PAYEES + 2}: \\(check\\) .*same account`)),
    );
  });

  it('leaves a possible duplicate unapproved, saying to look at it and use --include-warnings', async () => {
    const all = await cli('approve', 'Pay run', '--all');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(`Approved ${PAYEES + 1} to send\n`);
    expect(all.stdout).toContain(
      '  1 not approved: warnings to look at first (a possible duplicate, a date in the past); once checked, approve them with --include-warnings\n',
    );
  });

  it('approves the possible duplicate with --include-warnings', async () => {
    const { value } = await json('approve', 'Pay run', '--all', '--include-warnings');
    expect(departuresFromReadme(value, 'approve')).toEqual([]);
    expect(value).toMatchObject({
      approved: 1,
      refused: [{ id: expect.any(String), reason: expect.stringMatching(/the amount is missing/) }],
    });
  });

  it('stops a sync at Ctrl-C with exit status 3, having sent part of it', async () => {
    const run = await runCli(home, ['sync', 'Pay run', '--chunk-size', '1'], {
      interruptWhen: /^Sent [1-9]\d* of/m,
    });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('Stopping at the next safe point');
    const [said, accepted, , toSend] =
      /^Sync cancelled: (\d+) accepted, (\d+) failed(?:, \d+ awaiting the service's answer)?, (\d+) still to send$/m.exec(
        run.stdout,
      ) ?? [];
    expect(said).toBeDefined();
    expect(Number(toSend)).toBeGreaterThan(0);
    expect(Number(accepted) + Number(toSend)).toBeLessThanOrEqual(PAYEES + 2);
    expect(run.stdout).toContain('Run the sync again');
  });

  it('finishes the sync when run again, answering --json in the README’s shape with progress on stderr', async () => {
    // Done, but the service refused a payment: exit status 4, which a scheduled run must not
    // take for success.
    const run = await runCli(home, ['sync', 'Pay run', '--json']);
    expect(run.code, run.stderr).toBe(4);
    const [value, stderr] = [JSON.parse(run.stdout) as { jobs: { status: string }[] }, run.stderr];
    expect(departuresFromReadme(value, 'sync')).toEqual([]);
    expect(departuresFromReadme(value, 'show', 'batch', 'counts')).toEqual([]);
    expect(value).toMatchObject({
      state: 'done',
      drafts: PAYEES + 3,
      accepted: PAYEES + 1,
      failed: 1,
      approved: 0,
    });
    expect(value.jobs.length).toBeGreaterThan(0);
    expect(value.jobs.every((job) => job.status === 'DONE')).toBe(true);
    expect(stderr).toMatch(/^To send: \d+ payment\(s\) \(\d+\.\d{2} [A-Z]{3}\)/m);
    // Nothing of the first run's is approved at the service (they went for approval): none of
    // the balance is said to be held for them.
    expect(stderr).toMatch(/: debits \d+\.\d{2} ([A-Z]{3})[^;\n]*; balance -?\d+\.\d{2} \1$/m);
    expect(stderr).toMatch(/^Sent \d+ of \d+ payments$/m);
  });

  it('shows at its row why the service refused a payment', async () => {
    const run = await cli('show', 'Pay run');
    const gone = run.stdout.split('\n').find((text) => text.startsWith(`  row ${PAYEES + 4}: `));
    expect(gone).toMatch(/^ {2}row \d+: failed .*Gone payee {2}refused: \S/);
  });

  it('approves the payment the service refused to go again', async () => {
    const { value } = await json('retry', 'Pay run');
    expect(value).toEqual({ requeued: 1, refused_total: 0, refused: [] });
  });

  it('approves at the service what was sent for approval there', async () => {
    const { value: atService } = await json('approve-at-service', 'Pay run');
    expect(atService).toEqual({ approved: PAYEES + 1, refused_total: 0, refused: [] });
  });

  it('reconciles the batch with its wallet’s statement: dated 2030, none is debited yet', async () => {
    const { value } = await json<{ accepted: number; debited: number; not_yet: number }>(
      'reconcile',
      'Pay run',
    );
    expect(value).toMatchObject({ accepted: PAYEES + 1, debited: 0, not_yet: PAYEES + 1 });
    const run = await cli('reconcile', 'Pay run');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^0 of ${PAYEES + 1} accepted payment\\(s\\) debited on wallet \\S+'s statement`),
    );
    expect(run.stdout).toMatch(/^ {2}row 2: not yet debited {2}100\.00 EUR {2}\S/m);
  });

  it('exports the batch, answering --json in the README’s shape', async () => {
    const file = join(home, 'pay run results.csv');
    const { value } = await json('export', 'Pay run', file);
    expect(departuresFromReadme(value, 'export')).toEqual([]);
    expect(value).toEqual({ file, batch: 'Pay run', rows: PAYEES + 3 });
    await access(file);
  });

  it('shows each amount with its currency, and one that is missing as missing', async () => {
    const run = await cli('show', 'Pay run');
    expect(run.code, run.stderr).toBe(0);
    const line = (row: number) =>
      run.stdout.split('\n').find((text) => text.startsWith(`  row ${row}: `)) ?? '';
    expect(line(2)).toMatch(
      /^ {2}row 2: accepted(?: \(\w+ at the service's last answer\))? {2}100\.00 EUR {2}Pay 0$/,
    );
    expect(line(3)).toMatch(/ {2}100\.01 EUR {2}Pay 1$/);
    const missing = line(PAYEES + 3);
    expect(missing).toContain(': draft  (no amount) EUR  No amount  ! E');
    expect(missing).not.toMatch(/\s0(\.00)? EUR/);
  });

  it('refuses to delete a batch once sent, with exit status 1', async () => {
    const run = await cli('delete', 'Pay run');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'payout-desk delete: batch "Pay run" has payments sent to the service, so it cannot be deleted',
    );
  });
});
