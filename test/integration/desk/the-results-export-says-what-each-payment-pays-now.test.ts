// The results export gives the finance person's sheet back as it came in, with what became of
// each payment: a cell fixed in the app stays as the sheet had it, so the payout columns say
// what the payment pays, to whom and when, as the desk holds it; a payment the service refused says why as a
// person reads it. Read back from the CSV the desk writes.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '../../../electron/core/sheets/writing/results-export';
import { PAYROLL_HEADER } from '../../support/payroll-csv';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('the results export of a batch fixed in the app', () => {
  it('keeps the cell as the sheet had it and gives the amount and account paid beside it', async () => {
    const { api } = t.desk;
    const sheet = join(t.dataDir, 'fixed.csv');
    await writeFile(
      sheet,
      [
        PAYROLL_HEADER,
        'Charles Babbage,601613,61000001,"12,3,4",GBP,2030-01-31,Pay',
        'Ada Lovelace,601613,61000002,70.5,GBP,2030-01-31,Pay',
      ].join('\r\n'),
    );
    await api.importSheet({ file: sheet, batch_name: 'Fixed in the app' });
    const [babbage] = (await api.draftWindow({ batch: 'Fixed in the app', sort: { by: 'row' } }))
      .rows;
    expect(babbage?.payment.amount.amount).toBeUndefined();
    await api.editDraft({ id: babbage!.id, changes: { 'amount.amount': '1234.56' } });
    // The account number fixed in the app too (the sheet's lost a digit).
    const fixedAccount = { 'beneficiary.bank_details.account_number': '61000009' };
    await api.editDraft({ id: babbage!.id, changes: fixedAccount });
    // And the day it is paid on, moved in the app.
    await api.editDraft({ id: babbage!.id, changes: { 'execution.date': '2030-02-28' } });

    const file = join(t.dataDir, 'results.csv');
    await api.exportResults({ batch: 'Fixed in the app', file });
    const [header, first, second] = parse(await readFile(file), { bom: true }) as string[][];
    const at = (name: string) => header!.indexOf(name);
    expect(header!.slice(-RESULT_COLUMNS.length)).toEqual([...RESULT_COLUMNS]);
    expect(first![3]).toBe('12,3,4');
    expect([first![at('Payout amount')], first![at('Payout currency')]]).toEqual([
      '1234.56',
      'GBP',
    ]);
    expect(first![at('Error')]).toBe('');
    // Whom it pays: the account as fixed, beside the sheet's cell as it came.
    expect(first![2]).toBe('61000001');
    expect(first![5]).toBe('2030-01-31');
    expect([
      first![at('Payout payee')],
      first![at('Payout account')],
      first![at('Payout date')],
    ]).toEqual(['Charles Babbage', '601613 · 61000009', '2030-02-28']);
    expect([second![at('Payout amount')], second![at('Payout currency')]]).toEqual([
      '70.50',
      'GBP',
    ]);
  });

  it("gives the service's refusal of a payment in words, not the request's paths", async () => {
    const { api } = t.desk;
    const sheet = join(t.dataDir, 'refused.csv');
    // A SEND of 0.10 GBP does not cover the Local sandbox's fee of 0.20 GBP: refused.
    await writeFile(
      sheet,
      [PAYROLL_HEADER, 'Grace Hopper,601613,61000003,0.10,GBP,2030-01-31,Pay'].join('\r\n'),
    );
    await api.importSheet({ file: sheet, batch_name: 'Refused' });
    await api.approve({ batch: 'Refused', selection: { filter: {} } });
    const outcome = await api.sync({ batch: 'Refused' });
    expect(outcome.counts.by_state.failed).toBe(1);

    const file = join(t.dataDir, 'refused-results.csv');
    await api.exportResults({ batch: 'Refused', file });
    const [header, row] = parse(await readFile(file), { bom: true }) as string[][];
    expect(row![header!.indexOf('Error')]).toBe('Amount does not cover the fee of 0.20 GBP');
  });

  it('says why a payment held back by its warnings was not sent, where the column was empty', async () => {
    const { api } = t.desk;
    const sheet = join(t.dataDir, 'twice.csv');
    const line = 'Grace Hopper,601613,61000004,25.00,GBP,2030-01-31,Pay';
    await writeFile(sheet, [PAYROLL_HEADER, line, line].join('\r\n'));
    await api.importSheet({ file: sheet, batch_name: 'Twice' });
    // Approve all leaves out rows with warnings unless acknowledged: row 3 stays a draft.
    await api.approve({ batch: 'Twice', selection: { filter: {} } });
    const file = join(t.dataDir, 'twice-results.csv');
    await api.exportResults({ batch: 'Twice', file });
    const [header, first, second] = parse(await readFile(file), { bom: true }) as string[][];
    const error = header!.indexOf('Error');
    expect(first![error]).toBe('');
    expect(second![header!.indexOf('Payout Desk state')]).toBe('draft');
    expect(second![error]).toMatch(
      /^not approved, with warnings: Duplicate: same account, amount, currency and date as row 2/,
    );
  });
});

describe('the results export of a batch with drafts deleted in the app', () => {
  /** A payroll CSV of these lines under the header, written to the data folder. */
  const payroll = async (name: string, lines: string[]) => {
    const file = join(t.dataDir, name);
    await writeFile(file, [PAYROLL_HEADER, ...lines].join('\r\n'));
    return file;
  };
  const exported = async (batch: string, name: string) => {
    const file = join(t.dataDir, name);
    await t.desk.api.exportResults({ batch, file });
    return parse(await readFile(file), { bom: true }) as string[][];
  };

  it("keeps a deleted draft's cells at its row, marked deleted, until an undo brings it back", async () => {
    const { api } = t.desk;
    const sheet = await payroll('deleted.csv', [
      'Alan Turing,601613,61000011,10,GBP,2030-01-31,Pay',
      'Edsger Dijkstra,601613,61000012,20,GBP,2030-01-31,Pay',
      'Barbara Liskov,601613,61000013,30,GBP,2030-01-31,Pay',
    ]);
    await api.importSheet({ file: sheet, batch_name: 'Deleted one' });
    await api.deleteDrafts({ batch: 'Deleted one', selection: { rows: [3] } });

    const [header, ...rows] = await exported('Deleted one', 'deleted-results.csv');
    const at = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[0], row[at('Payout Desk state')], row[at('Error')]])).toEqual([
      ['Alan Turing', 'draft', ''],
      ['Edsger Dijkstra', 'deleted', 'deleted in Payout Desk: not paid'],
      ['Barbara Liskov', 'draft', ''],
    ]);
    // The deleted row's cells as the sheet had them; nothing said of a payout it will not make.
    expect(rows[1]!.slice(0, 4)).toEqual(['Edsger Dijkstra', '601613', '61000012', '20']);
    expect(rows[1]![at('Payout amount')]).toBe('');

    await api.undo({ batch: 'Deleted one' });
    const [, ...back] = await exported('Deleted one', 'undone-results.csv');
    expect(back.map((row) => [row[0], row[at('Payout Desk state')]])).toEqual([
      ['Alan Turing', 'draft'],
      ['Edsger Dijkstra', 'draft'],
      ['Barbara Liskov', 'draft'],
    ]);
  });

  it('numbers rows appended after a deleted last row past it', async () => {
    const { api } = t.desk;
    const sheet = await payroll('appended.csv', [
      'Donald Knuth,601613,61000021,10,GBP,2030-01-31,Pay',
      'Frances Allen,601613,61000022,20,GBP,2030-01-31,Pay',
    ]);
    await api.importSheet({ file: sheet, batch_name: 'Appended' });
    await api.deleteDrafts({ batch: 'Appended', selection: { rows: [3] } });
    const more = await payroll('more.csv', ['John Backus,601613,61000023,30,GBP,2030-01-31,Pay']);
    await api.importSheet({ file: more, append_to: 'Appended' });
    const [header, ...rows] = await exported('Appended', 'appended-results.csv');
    const at = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[0], row[at('Payout Desk state')]])).toEqual([
      ['Donald Knuth', 'draft'],
      ['Frances Allen', 'deleted'],
      ['John Backus', 'draft'],
    ]);
  });
});

describe('the results export of a batch already paid, imported again', () => {
  it('says at each row that its payment was sent, even where an edit changed its amount since', async () => {
    const { api } = t.desk;
    const sheet = join(t.dataDir, 'paid-once.csv');
    await writeFile(
      sheet,
      [PAYROLL_HEADER, 'Ed Edited,601613,61000031,40,GBP,2030-01-31,Pay'].join('\r\n'),
    );
    await api.importSheet({ file: sheet, batch_name: 'Paid once' });
    const [ed] = (await api.draftWindow({ batch: 'Paid once', sort: { by: 'row' } })).rows;
    // Its amount changed in the app: the sheet's 40 is no longer what was paid, so the
    // account, amount and date of the row imported again match no payment.
    await api.editDraft({ id: ed!.id, changes: { 'amount.amount': '45.67' } });
    await api.approve({ batch: 'Paid once', selection: { filter: {} } });
    const synced = await api.sync({ batch: 'Paid once' });
    expect(synced.counts.by_state.accepted).toBe(1);

    const results = join(t.dataDir, 'paid-once-results.csv');
    await api.exportResults({ batch: 'Paid once', file: results });
    await api.importSheet({ file: results, batch_name: 'Paid once, again' });
    const [again] = (await api.draftWindow({ batch: 'Paid once, again', sort: { by: 'row' } }))
      .rows;
    expect(again!.issues).toContainEqual(
      expect.objectContaining({
        field: 'correlation_id',
        severity: 'warning',
        message: expect.stringMatching(
          /^correlation id pd-[0-9a-f]{32} is that of a payment already sent \(row 2 of batch "Paid once"\): check that it is not paid twice/,
        ),
      }),
    );
    // Approving all asks for the warning to be looked at first.
    const approved = await api.approve({ batch: 'Paid once, again', selection: { filter: {} } });
    expect(approved).toMatchObject({ approved: 0, refused_for: { warnings: 1 } });
  });
});
