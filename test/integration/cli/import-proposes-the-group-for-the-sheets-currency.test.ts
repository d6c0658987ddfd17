// `payout-desk import` without --group pays from the group the import wizard would propose: a
// sheet of payments in euros goes to the first open group with a EUR wallet, not to the first
// open group whatever its wallet (the Local sandbox's is "Payroll this month", in pounds), and
// the command says why. A sheet in the first group's currency, or a group named, stays as it was.
// The rule itself is proven in test/unit/domain; here, that the command asks it and says it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';

const HEADER =
  'entity_type,company_name,country,currency,account_name,account_number,amount,amount_currency,execution_date';
const EURO_ROWS = [
  'BUSINESS,Müller Logistik GmbH,DE,EUR,Müller Logistik GmbH,DE89370400440532013000,1200.00,EUR,2030-01-31',
  'BUSINESS,Atelier Lefèvre SARL,FR,EUR,Atelier Lefèvre SARL,FR1420041010050500013M02606,880.40,EUR,2030-01-31',
  'BUSINESS,Van Dijk BV,NL,EUR,Van Dijk BV,NL91ABNA0417164300,310.00,EUR,2030-01-31',
];

let home: string;
let euros: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'payout-desk-group-proposal-'));
  euros = join(home, 'eu-invoices.csv');
  await writeFile(euros, [HEADER, ...EURO_ROWS, ''].join('\n'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe('payout-desk import without a group', () => {
  it('pays a sheet of euros from the first open group with a EUR wallet, and says why', async () => {
    const run = await runCli(home, ['import', euros, '--batch', 'EU invoices']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'Proposed for this sheet: 3 of the 3 payments previewed are in EUR or to EUR accounts, and the first open group, Payroll this month, pays from a GBP wallet.',
    );
    expect(run.stderr).toMatch(/^Imported into group "EU suppliers" \(\S+\), wallet \S+ EUR$/m);
  });

  it('keeps the group named, whatever the sheet’s currency', async () => {
    const groups = await runCli(home, ['groups', '--json']);
    const payroll = (
      JSON.parse(groups.stdout) as { items: { id: string; name: string }[] }
    ).items.find((group) => group.name === 'Payroll this month');
    const run = await runCli(home, [
      'import',
      euros,
      '--batch',
      'EU from GBP',
      '--group',
      payroll!.id,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Proposed for this sheet');
    expect(run.stderr).toMatch(
      /^Imported into group "Payroll this month" \(\S+\), wallet \S+ GBP$/m,
    );
  });

  it('leaves a sheet in the first open group’s currency to that group, saying nothing more', async () => {
    const pounds = join(home, 'payroll.csv');
    await writeFile(
      pounds,
      [
        HEADER,
        'BUSINESS,Hughes Ltd,GB,GBP,Hughes Ltd,GB33BUKB20201555555555,500.00,GBP,2030-01-31',
        '',
      ].join('\n'),
    );
    const run = await runCli(home, ['import', pounds, '--batch', 'UK']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Proposed for this sheet');
    expect(run.stderr).toMatch(
      /^Imported into group "Payroll this month" \(\S+\), wallet \S+ GBP$/m,
    );
  });
});
