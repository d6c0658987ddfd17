// A possible duplicate is said on one draft of a pair: the later one, naming the other. When the
// other stops being its twin (edited to other values, deleted, or its whole batch deleted), the
// warning goes, or names the twin still left, and approving all no longer asks about it. A change
// cancelled halfway puts its drafts back and flags the pair again, the approval it found kept; an
// undo that takes a draft away from its twin takes the twin's warning with it. Once the later
// one is sent, the earlier one is the second payment of the pair, and is warned in its turn.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../../shared/desk';
import type { Draft } from '../../../shared/desk/drafts';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { PAYROLL_HEADER, payrollLine } from '../../support/payroll-csv';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t?.close());

/**
 * Payroll row n again, with a reference of its own: the same payment to the same account. Each
 * batch pays payees of its own, so that no draft is another batch's twin.
 */
const twinOf = (n: number, again = 'again') =>
  payrollLine(n).replace(/Salary (\d+)$/, `Salary $1 ${again}`);

/** Imports these payroll lines as a batch of its own; its drafts in sheet row order. */
async function imported(name: string, lines: string[]): Promise<Draft[]> {
  const file = join(t.dataDir, `${name}.csv`);
  await writeFile(file, `${[PAYROLL_HEADER, ...lines].join('\r\n')}\r\n`);
  await t.desk.api.importSheet({ file, batch_name: name });
  return rowsOf(name);
}

async function rowsOf(batch: string): Promise<Draft[]> {
  const rows: Draft[] = [];
  for (;;) {
    const page = await t.desk.api.draftWindow({ batch, skip: rows.length, take: 1000 });
    rows.push(...page.rows);
    if (rows.length >= page.total) return rows.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  }
}

const warnings = (draft: Draft | undefined) =>
  (draft?.issues ?? []).filter((issue) => issue.field === 'duplicate').map((i) => i.message);
const sameAs = (row: number) =>
  `same account, amount, currency and date as row ${row}: check that it is not paid twice`;

describe('a duplicate warning', () => {
  it('goes when the draft it names is edited to another amount', async () => {
    const [first, twin] = await imported('Pair', [payrollLine(0), twinOf(0)]);
    expect(warnings(twin)).toEqual([expect.stringContaining('as row 2')]);

    await t.desk.api.editDraft({ id: first!.id, changes: { 'amount.amount': '100.01' } });
    const [, after] = await rowsOf('Pair');
    expect(warnings(after)).toEqual([]);
    expect(after?.issues).toEqual([]);
    // Nothing left to acknowledge: approving all takes both.
    expect(await t.desk.api.approve({ batch: 'Pair', selection: { filter: {} } })).toMatchObject({
      approved: 2,
    });
  });

  it('names the twin left when the one it named is deleted, and goes with the last', async () => {
    const lines = [payrollLine(1000), twinOf(1000), twinOf(1000, 'thrice')];
    const [first, second, third] = await imported('Trio', lines);
    expect(warnings(second)).toEqual([expect.stringContaining('as row 2')]);
    expect(warnings(third)).toEqual([expect.stringContaining('as row 2')]);

    await t.desk.api.deleteDrafts({ batch: 'Trio', selection: { ids: [first!.id] } });
    const [two, three] = await rowsOf('Trio');
    expect(warnings(two)).toEqual([sameAs(4)]);
    expect(warnings(three)).toEqual([sameAs(3)]);

    await t.desk.api.deleteDrafts({ batch: 'Trio', selection: { rows: [3] } });
    const [last] = await rowsOf('Trio');
    expect(last?.row).toBe(4);
    expect(warnings(last)).toEqual([]);
  });

  it('goes when the batch of the draft it names is deleted', async () => {
    await imported('Earlier', [payrollLine(3000)]);
    const [later] = await imported('Later', [payrollLine(3000)]);
    expect(warnings(later)).toEqual([expect.stringContaining('as row 2 of batch "Earlier"')]);

    await t.desk.api.deleteBatch({ batch: 'Earlier' });
    const [after] = await rowsOf('Later');
    expect(warnings(after)).toEqual([]);
  });

  it('flags the pair again when a bulk edit that moved one of them is cancelled', async () => {
    // 601 payees, then row 2's twin on row 603: a bulk edit of rows 2-602 changes row 2 in its
    // first step (500 drafts), and is cancelled there.
    const lines = Array.from({ length: 601 }, (_, n) => payrollLine(2000 + n));
    const drafts = await imported('Cancelled', [...lines, twinOf(2000)]);
    const twin = drafts.at(-1);
    expect(twin?.row).toBe(603);
    expect(warnings(twin)).toEqual([expect.stringContaining('as row 2:')]);
    await t.desk.api.approve({ batch: 'Cancelled', selection: { rows: [2] } });

    const stop = t.desk.on((event: DeskEvent) => {
      if (event.type === 'job.progress' && event.done === 500 && !event.putting_back) {
        void t.desk.api.cancelJob({ job_id: 'bulk-date-cancelled' });
      }
    });
    try {
      await expect(
        t.desk.api.bulkEdit({
          batch: 'Cancelled',
          selection: { rows: lines.map((_, n) => n + 2) },
          changes: { 'execution.date': '2030-02-27' },
          job_id: 'bulk-date-cancelled',
        }),
      ).rejects.toMatchObject({ code: 'cancelled' });
    } finally {
      stop();
    }
    const after = await rowsOf('Cancelled');
    const [first] = after;
    expect(first?.payment.execution.date).toBe('2030-01-31T09:00:00Z');
    expect(first?.state).toBe('approved');
    // The warning went with the edit, from row 603; put back, row 2 says it.
    expect(warnings(first)).toEqual([sameAs(603)]);
    expect(warnings(after.at(-1))).toEqual([]);
  });

  it('goes from the twin when an undo takes the draft it names back to its own values', async () => {
    // Row 3 pays row 2's account another amount: no twin until row 2 is edited to that amount.
    const other = payrollLine(4000)
      .replace(',500.00,', ',500.01,')
      .replace(/Salary 4000$/, 'Salary 4000 bonus');
    const [edited, twin] = await imported('Undone', [payrollLine(4000), other]);
    expect(warnings(edited)).toEqual([]);
    await t.desk.api.editDraft({ id: edited!.id, changes: { 'amount.amount': '500.01' } });
    expect(warnings((await rowsOf('Undone'))[0])).toEqual([sameAs(3)]);
    // Row 3 deleted, then put back: now it is the one warned, of row 2.
    await t.desk.api.deleteDrafts({ batch: 'Undone', selection: { ids: [twin!.id] } });
    await t.desk.api.undo({ batch: 'Undone' });
    expect(warnings((await rowsOf('Undone'))[1])).toEqual([sameAs(2)]);

    // Undoing the edit gives row 2 its own amount back: row 3 has no twin left.
    await t.desk.api.undo({ batch: 'Undone' });
    const [first, second] = await rowsOf('Undone');
    expect(first?.payment.amount.amount).toBe(500);
    expect(warnings(first)).toEqual([]);
    expect(warnings(second)).toEqual([]);
  });

  it('stays on the later draft when the earlier one, approved, is edited and the edit undone', async () => {
    const [first, twin] = await imported('Kept', [payrollLine(4100), twinOf(4100)]);
    expect(warnings(twin)).toEqual([sameAs(2)]);
    await t.desk.api.approve({ batch: 'Kept', selection: { rows: [2] } });
    // An edit of no field that makes a duplicate: a draft again, to approve once checked.
    await t.desk.api.editDraft({ id: first!.id, changes: { description: 'Salary 4100 June' } });
    await t.desk.api.undo({ batch: 'Kept' });
    // Put back as it was: approved, and the pair said once, on row 3, as before.
    const [after, later] = await rowsOf('Kept');
    expect(after?.state).toBe('approved');
    expect(after?.issues).toEqual([]);
    expect(warnings(later)).toEqual([sameAs(2)]);
  });

  it('comes to the earlier draft of a pair once the later one is sent', async () => {
    // The later batch is warned of the earlier one's row, acknowledged, approved and sent: the
    // earlier draft, approved already, is now the second payment of the pair.
    const [earlier] = await imported('Paid first', [payrollLine(5000)]);
    await t.desk.api.approve({ batch: 'Paid first', selection: { filter: {} } });
    const [later] = await imported('Sent second', [twinOf(5000)]);
    expect(warnings(later)).toEqual([
      'same account, amount, currency and date as row 2 of batch "Paid first": check that it is not paid twice',
    ]);
    expect(warnings(earlier)).toEqual([]);
    await t.desk.api.approve({
      batch: 'Sent second',
      selection: { filter: {} },
      include_warnings: true,
    });
    await t.desk.api.sync({ batch: 'Sent second' });

    const [now] = await rowsOf('Paid first');
    expect(warnings(now)).toEqual([
      'same account, amount, currency and date as row 2 of batch "Sent second": check that it is not paid twice',
    ]);
    // Back to draft: approving it again asks for the warning to be acknowledged.
    expect(now?.state).toBe('draft');
    expect(
      await t.desk.api.approve({ batch: 'Paid first', selection: { filter: {} } }),
    ).toMatchObject({ approved: 0 });
  });
});
