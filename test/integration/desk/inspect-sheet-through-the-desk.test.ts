// The import wizard's first call, through the desk as every face makes it: a file in, the
// contract's SheetInspection out (checked here against its schema), nothing written to the
// outbox. The wallet of the group the import would pay from is the one last seen, read from
// the outbox's copies, so the preview has the issues the import would give; a cancelled call
// says so.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SheetInspection } from '../../../shared/desk/imports';
import { LOCAL_PROFILE } from '../../../shared/desk/profiles';
import { createDesk, type Desk } from '../../../electron/core/desk';
import { Outbox } from '../../../electron/core/outbox';
import { startBuiltInSandbox } from '../../../electron/sandbox-starter';
import { HEADER_ROW, writeTitledPayroll } from '../../support/titled-payroll';

let dataDir: string;
let desk: Desk;
let titled: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-inspect-'));
  desk = createDesk({ dataDir, startSandbox: startBuiltInSandbox });
  titled = join(dataDir, 'titled.xlsx');
  await writeTitledPayroll(titled);
});
afterAll(async () => {
  await desk.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A sheet of the test's own in the data folder; its path. */
async function csvFile(name: string, text: string): Promise<string> {
  const file = join(dataDir, name);
  await writeFile(file, text);
  return file;
}

/** Every table's row count, read through a connection of the test's own. */
function counts(): Record<string, number> {
  const outbox = Outbox.open(dataDir);
  try {
    const tables = outbox.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        outbox.db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number,
      ]),
    );
  } finally {
    outbox.close();
  }
}

/** A group as the desk last saw it, its wallet in `currency`, kept in the outbox's copies. */
function seeGroup(id: string, currency: string): void {
  const outbox = Outbox.open(dataDir);
  try {
    outbox.cache.put(
      LOCAL_PROFILE,
      `group:${id}`,
      { id, name: `${currency} group`, wallet: { id: `wallet-${id}`, currency } },
      new Date().toISOString(),
    );
  } finally {
    outbox.close();
  }
}

describe('inspectSheet through the desk', () => {
  it('answers in the contract, with the header guessed and the first rows previewed', async () => {
    const before = counts();
    const inspection = await desk.api.inspectSheet({ file: titled });
    expect(SheetInspection.parse(inspection)).toEqual(inspection);
    expect(inspection.header_row).toBe(HEADER_ROW);
    // The preview's default length, in the contract: the sheet is far longer.
    expect(inspection.preview).toHaveLength(20);
    expect(counts()).toEqual(before);
  });

  it('takes the header row picked and a mapping given with its date order', async () => {
    const inspection = await desk.api.inspectSheet({
      file: titled,
      header_row: HEADER_ROW,
      mapping: { Reference: null },
      date_order: 'DMY',
      preview_rows: 3,
    });
    expect(inspection).toMatchObject({ header_row: HEADER_ROW, mapping_source: 'given' });
    expect(inspection.preview.map((line) => line.row)).toEqual([5, 6, 7]);
  });

  it('reads dates such as 05/04/2030 by a date order given alone, on the mapping proposed', async () => {
    const fifth = await csvFile(
      'fifth.csv',
      'Name,IBAN,Amount,Currency,Pay date\r\nAna Ruiz,ES9121000418450200051332,1200.00,EUR,05/04/2030\r\n',
    );
    const dateIssues = (inspection: SheetInspection) =>
      inspection.preview.flatMap((line) => line.issues).filter((i) => i.field === 'execution.date');
    const judged = await desk.api.inspectSheet({ file: fifth });
    expect(dateIssues(judged).map((issue) => issue.message)).toEqual([
      expect.stringContaining('could be 5 April 2030 or 4 May 2030'),
    ]);
    const told = await desk.api.inspectSheet({ file: fifth, date_order: 'DMY' });
    expect(told).toMatchObject({ header_row: 1, mapping_source: 'proposed' });
    expect(dateIssues(told)).toEqual([]);
    const imported = await desk.api.importSheet({ file: fifth, date_order: 'MDY' });
    const [draft] = (await desk.api.draftWindow({ batch: imported.batch, skip: 0, take: 1 })).rows;
    expect(draft?.payment.execution?.date).toMatch(/^2030-05-04/);
  });

  it('drafts the preview with the wallet currency of the group as last seen', async () => {
    const file = await csvFile(
      'source.csv',
      'Name,IBAN,Amount,Pay date,Source currency\r\nAnna,DE89370400440532013000,10,2030-01-31,EUR\r\n',
    );
    seeGroup('group-gbp', 'GBP');
    const sourceIssues = async (group: string) =>
      (
        await desk.api.inspectSheet({ file, group_id: group, profile: LOCAL_PROFILE })
      ).preview[0]?.issues.filter((issue) => issue.field === 'source');
    // A EUR payment paid from the GBP wallet is an error at its cell, as the import makes it.
    expect(await sourceIssues('group-gbp')).toMatchObject([{ cell: 'E2', severity: 'error' }]);
    // A group never seen has no wallet known: nothing to hold the source currency against.
    expect(await sourceIssues('group-unseen')).toEqual([]);
  });

  it("counts the previewed payments by their currency, named or their account's, most first", async () => {
    const file = await csvFile(
      'currencies.csv',
      [
        'Name,IBAN,Amount,Currency,Pay date',
        'Anna,DE89370400440532013000,10,EUR,2030-01-31',
        'Ben,DE89370400440532013000,11,EUR,2030-01-31',
        'Cleo,FR1420041010050500013M02606,12,EUR,2030-01-31',
        'Dan,DE89370400440532013000,13,USD,2030-01-31',
        // No currency of its own: its German account's, not the wallet's it would be paid from.
        'Eve,DE89370400440532013000,14,,2030-01-31',
        'Total,,60,,',
      ].join('\r\n'),
    );
    seeGroup('group-eur', 'EUR');
    seeGroup('group-gbp', 'GBP');
    const currencies = async (group: string) =>
      (await desk.api.inspectSheet({ file, group_id: group, profile: LOCAL_PROFILE }))
        .payment_currencies;
    const counted = [
      { currency: 'EUR', payments: 4 },
      { currency: 'USD', payments: 1 },
    ];
    expect(await currencies('group-unseen')).toEqual(counted);
    expect(await currencies('group-eur')).toEqual(counted);
    // Previewed against the GBP wallet, Eve's bare 14 is still counted a euro payment: the
    // group proposed for a sheet of German IBANs is one that pays euros.
    expect(await currencies('group-gbp')).toEqual(counted);
  });

  it('imports from the header row picked, as inspected (on the Local sandbox)', async () => {
    const picked = { file: titled, header_row: HEADER_ROW + 1 };
    // Imported first: the import fetches the groups, and the inspection then knows the wallet
    // of the default group, as it would after any earlier import or look at the groups.
    const imported = await desk.api.importSheet({ ...picked, batch_name: 'Picked header' });
    const inspection = await desk.api.inspectSheet({ ...picked, preview_rows: 200 });
    expect(imported.header_row).toBe(inspection.header_row);
    expect(imported.issues.map(({ row, cell, message }) => ({ row, cell, message }))).toEqual(
      inspection.preview.flatMap((line) =>
        line.issues.map((issue) => ({
          row: line.row,
          cell: issue.cell ?? null,
          message: issue.message,
        })),
      ),
    );
  });

  it('flags a row paying what a draft in the outbox pays, as the import will', async () => {
    const file = await csvFile(
      'paid-before.csv',
      [
        'Name,Sort code,Account number,Amount,Currency,Pay date,Reference',
        'Ada Lovelace,601613,61000042,70.50,GBP,2030-01-31,Pay',
      ].join('\r\n'),
    );
    const before = await desk.api.inspectSheet({ file });
    expect(before.preview[0]?.issues.filter((issue) => issue.field === 'duplicate')).toEqual([]);
    await desk.api.importSheet({ file, batch_name: 'Paid before' });
    const again = await desk.api.inspectSheet({ file });
    expect(again.preview[0]?.issues).toContainEqual(
      expect.objectContaining({
        field: 'duplicate',
        severity: 'warning',
        message:
          'same account, amount, currency and date as row 2 of batch "Paid before": check that it is not paid twice',
      }),
    );
  });

  it('says what is wrong with a file or a mapping, and that a cancelled call was cancelled', async () => {
    await expect(
      desk.api.inspectSheet({ file: join(dataDir, 'missing.xlsx') }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      desk.api.inspectSheet({ file: titled, mapping: { Reference: 'no_such_field' } }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      desk.call('inspectSheet', { file: titled }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });
});
