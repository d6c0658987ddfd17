// Every method that takes a selection refuses the whole request when it names a sheet row or a
// draft the batch does not hold, naming them (the first few and how many more), and does
// nothing to the rest: "approve rows 5 and 999999" must not approve row 5 alone and read as
// done. The template's sheet: rows 2 to 6, 5 and 6 with errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../shared/desk';
import { openTestDesk, type TestDesk } from '../../support/desk';

const SHEET = 'test/fixtures/payouts-template.csv';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
  await t.desk.api.importSheet({ file: SHEET, batch_name: 'January' });
  await t.desk.api.importSheet({ file: SHEET, batch_name: 'February' });
});
afterAll(() => t.close());

async function drafts(batch: string): Promise<Draft[]> {
  return (await t.desk.api.draftWindow({ batch, take: 100 })).rows;
}

/** Each row's state and description: what a refused request must leave as it was. */
async function rowsOf(batch: string): Promise<[number | null, string, string | undefined][]> {
  return (await drafts(batch)).map((d) => [d.row, d.state, d.payment.description]);
}

describe('a selection by sheet rows', () => {
  it('approves the rows named when the batch holds them all', async () => {
    const result = await t.desk.api.approve({ batch: 'January', selection: { rows: [2, 3] } });
    expect(result).toMatchObject({ approved: 2, refused_total: 0 });
    expect((await rowsOf('January')).map(([row, state]) => [row, state])).toEqual([
      [2, 'approved'],
      [3, 'approved'],
      [4, 'draft'],
      [5, 'draft'],
      [6, 'draft'],
    ]);
  });

  it('refuses an approval naming rows the batch lacks, approving none of the others', async () => {
    const before = await rowsOf('January');
    await expect(
      t.desk.api.approve({ batch: 'January', selection: { rows: [4, 999999, 1000000] } }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'Rows 999999 and 1000000 are not in batch "January": nothing was done',
      details: { absent_rows: [999999, 1000000], absent_total: 2 },
    });
    expect(await rowsOf('January')).toEqual(before);
  });

  it('names one row missing, or the first few and how many more', async () => {
    await expect(
      t.desk.api.approve({ batch: 'January', selection: { rows: [4, 7] } }),
    ).rejects.toMatchObject({ message: 'Row 7 is not in batch "January": nothing was done' });
    const rows = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 down to 1: 1 and 7 to 20 lack
    await expect(
      t.desk.api.approve({ batch: 'January', selection: { rows } }),
    ).rejects.toMatchObject({
      message: 'Rows 1, 7, 8, 9, 10 and 10 more are not in batch "January": nothing was done',
      details: { absent_total: 15 },
    });
  });

  it('refuses an unapproval, a bulk edit, a deletion and a retry the same way', async () => {
    const before = await rowsOf('January');
    const selection = { rows: [2, 4, 42] };
    const refused = {
      code: 'not_found',
      message: 'Row 42 is not in batch "January": nothing was done',
    };
    await expect(t.desk.api.unapprove({ batch: 'January', selection })).rejects.toMatchObject(
      refused,
    );
    await expect(
      t.desk.api.bulkEdit({ batch: 'January', selection, changes: { description: 'Changed' } }),
    ).rejects.toMatchObject(refused);
    await expect(t.desk.api.deleteDrafts({ batch: 'January', selection })).rejects.toMatchObject(
      refused,
    );
    await expect(t.desk.api.retryFailed({ batch: 'January', selection })).rejects.toMatchObject(
      refused,
    );
    await expect(
      t.desk.api.approveAtService({ batch: 'January', selection }),
    ).rejects.toMatchObject(refused);
    expect(await rowsOf('January')).toEqual(before);
    // Nothing was done, so there is nothing to undo either.
    await expect(t.desk.api.undo({ batch: 'January' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('a bulk edit', () => {
  it('refuses a purpose code the service does not know, changing no draft', async () => {
    const before = await rowsOf('February');
    await expect(
      t.desk.api.bulkEdit({
        batch: 'February',
        selection: { filter: {} },
        changes: { purpose: 'xyz', description: 'Changed' },
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(
        'xyz is not an ISO 20022 purpose code such as SALA or SUPP: no draft was changed',
      ),
    });
    expect(await rowsOf('February')).toEqual(before);
  });
});

describe('a selection by draft ids', () => {
  it('refuses ids of a draft deleted since or of another batch, changing nothing', async () => {
    const [row2, , row4] = await drafts('January');
    const [other] = await drafts('February');
    await t.desk.api.deleteDrafts({ batch: 'January', selection: { rows: [4] } });
    const before = await rowsOf('January');

    await expect(
      t.desk.api.unapprove({ batch: 'January', selection: { ids: [row2!.id, row4!.id] } }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message:
        'A selected draft is not in batch "January" (deleted since, or of another batch): nothing was done',
      details: { absent_ids: [row4!.id], absent_total: 1 },
    });
    await expect(
      t.desk.api.bulkEdit({
        batch: 'January',
        selection: { ids: [row2!.id, row4!.id, other!.id] },
        changes: { description: 'Changed' },
      }),
    ).rejects.toMatchObject({
      message:
        '2 selected drafts are not in batch "January" (deleted since, or of another batch): nothing was done',
    });
    expect(await rowsOf('January')).toEqual(before);
    expect(await rowsOf('February')).toEqual(
      expect.arrayContaining([[other!.row, 'draft', other!.payment.description]]),
    );
  });
});
