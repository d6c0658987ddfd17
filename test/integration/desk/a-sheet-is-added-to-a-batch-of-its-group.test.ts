// Through the desk, a sheet is added to a ready batch (`append_to`): its rows join the batch
// after its last, under the batch's own profile and group. Adding to a batch that is not there,
// to one of another group than the one named, or under a new batch name, is refused, and the
// outbox is left as it was.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskFolder } from '../../support/desk-folder';
import { writePayroll } from '../../support/payroll-csv';

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
