// Through the desk, a sheet is added to a ready batch (`append_to`): its rows join the batch
// after its last, under the batch's own profile and group. Adding to a batch that is not there,
// to one of another group than the one named, or under a new batch name, is refused, and the
// outbox is left as it was.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskFolder } from '../../support/desk-folder';
import { PAYROLL_HEADER, payrollLine, writePayroll } from '../../support/payroll-csv';

let folder: DeskFolder;
let groupId: string;
beforeAll(async () => {
  folder = await DeskFolder.create();
  const first = await folder.desk.api.importSheet({
    file: await writePayroll(join(folder.dir, 'week-1.csv'), 30),
    batch_name: 'Weekly',
  });
  groupId = first.group?.id ?? '';
});
afterAll(() => folder.remove());

describe('a sheet added to a batch', () => {
  it('joins the batch after its last row, in the batch’s group', async () => {
    const changed = folder.next((e) => e.type === 'outbox.changed');
    const added = await folder.desk.api.importSheet({
      file: await writePayroll(join(folder.dir, 'week-2.csv'), 20, { first: 30 }),
      append_to: 'Weekly',
    });
    // Week 1 ends on row 31: week 2's row 2 is the batch's row 32.
    expect(added).toMatchObject({ batch: 'Weekly', drafts: 20, row_offset: 30, issues: [] });
    expect(added.group?.id).toBe(groupId);
    const batch = await folder.desk.api.getBatch({ batch: 'Weekly' });
    expect(batch.counts.drafts).toBe(50);
    expect(await changed).toMatchObject({ batch_id: batch.id });
    const window = await folder.desk.api.draftWindow({ batch: 'Weekly', skip: 48, take: 2 });
    expect(window.rows.map((draft) => draft.row)).toEqual([50, 51]);
    expect((await folder.desk.api.listBatches({})).batches).toHaveLength(1);
  });

  it('is taken back by Undo, rows and totals line, and the edit made before it stays', async () => {
    const { desk } = folder;
    const [third] = (await desk.api.draftWindow({ batch: 'Weekly', skip: 1, take: 1 })).rows;
    await desk.api.editDraft({ id: third!.id, changes: { 'amount.amount': '999.99' } });
    const before = await desk.api.getBatch({ batch: 'Weekly' });
    // Three payees and the sheet's totals line, kept for the results export.
    const lines = [0, 1, 2].map((n) => payrollLine(60 + n));
    const file = join(folder.dir, 'week-4.csv');
    await writeFile(file, [PAYROLL_HEADER, ...lines, 'Total,,,483.83,GBP,,', ''].join('\r\n'));
    const added = await desk.api.importSheet({ file, append_to: 'Weekly' });
    expect(added.drafts).toBe(3);
    expect((await desk.api.getBatch({ batch: 'Weekly' })).undo).toBe(
      'the addition of 3 rows from week-4.csv',
    );
    const keptRows = () =>
      (
        JSON.parse(
          folder
            .peek()
            .prepare('SELECT source_json FROM batches WHERE id = ?')
            .pluck()
            .get(before.id) as string,
        ) as { kept_rows?: { row: number }[] }
      ).kept_rows?.map((kept) => kept.row) ?? [];
    expect(keptRows()).toContain(55);

    const undone = await desk.api.undo({ batch: 'Weekly' });
    expect(undone).toMatchObject({
      undone: 'the addition of 3 rows from week-4.csv',
      change: 'append',
      drafts: 3,
      remaining: 0,
    });
    const after = await desk.api.getBatch({ batch: 'Weekly' });
    expect(after.counts).toEqual(before.counts);
    expect(after.totals).toEqual(before.totals);
    expect(keptRows()).not.toContain(55);
    // The edit made before the sheet came is the next Undo's, still as it was made.
    expect(after.undo).toMatch(/edit/);
    const edited = await desk.api.getDraft({ id: third!.id });
    expect(edited.payment.amount.amount).toBe(999.99);
    // The next sheet added is numbered on from the batch's last row, as before the undone one.
    const again = await desk.api.importSheet({ file, append_to: 'Weekly' });
    expect(again.row_offset).toBe(added.row_offset);
  });

  it('is refused for a batch not there, another group, or a new name', async () => {
    const { desk } = folder;
    const file = await writePayroll(join(folder.dir, 'week-3.csv'), 5, { first: 50 });
    const before = folder.counts();
    await expect(desk.api.importSheet({ file, append_to: 'Monthly' })).rejects.toMatchObject({
      code: 'not_found',
    });
    const groups = await desk.api.listGroups({});
    const other = groups.items.find((group) => group.id !== groupId);
    if (!other) throw new Error('the Local sandbox has one group only');
    await expect(
      desk.api.importSheet({ file, append_to: 'Weekly', group_id: other.id }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining(groupId) });
    await expect(
      desk.api.importSheet({ file, append_to: 'Weekly', batch_name: 'Week 3' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect(folder.counts()).toEqual(before);
  });
});
