// A block pasted into the grid changes several drafts at once, and a person takes it back as
// they made it: with one undo, not one per cell. Each pasted value is judged as one typed
// would be; a value that does not fit is refused alone (its row's other values are saved), a
// draft already sent is refused whole, each with its row and why, and the rest are saved. A
// real desk over real SQLite, no service needed.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t?.close());

it('saves a pasted block as one change, refuses what does not fit, and one undo takes it back', async () => {
  const { api } = t.desk;
  const file = join(t.dataDir, 'payroll.csv');
  await writeFile(
    file,
    [
      'Name,Account number,Sort code,Amount,Currency,Date,Reference',
      'Ann Lee,31926819,60-16-13,100.00,GBP,2030-01-31,June',
      'Bob Kay,31926820,60-16-13,200.00,GBP,2030-01-31,June',
      'Cy Dunn,31926821,60-16-13,300.00,GBP,2030-01-31,June',
      '',
    ].join('\r\n'),
  );
  await api.importSheet({ file, batch_name: 'June' });
  const rows = (await api.draftWindow({ batch: 'June', skip: 0, take: 10 })).rows;
  const [ann, bob, cy] = rows;
  expect(rows.map((draft) => draft.payment.amount.amount)).toEqual([100, 200, 300]);
  // An earlier edit, which the paste's undo must leave alone.
  await api.editDraft({ id: cy!.id, changes: { description: 'Bonus' } });

  // Two columns of three rows pasted: amount and description; Bob's amount does not read.
  const pasted = await api.editDrafts({
    batch: 'June',
    edits: [
      { id: ann!.id, changes: { 'amount.amount': '110.50' } },
      { id: ann!.id, changes: { description: 'July' } },
      { id: bob!.id, changes: { 'amount.amount': 'two hundred' } },
      { id: bob!.id, changes: { description: 'July' } },
      { id: cy!.id, changes: { 'amount.amount': '330' } },
      { id: cy!.id, changes: { description: 'July' } },
    ],
  });
  expect(pasted.drafts.map((draft) => draft.id)).toEqual([ann!.id, bob!.id, cy!.id]);
  expect(pasted.drafts.map((draft) => draft.payment.amount.amount)).toEqual([110.5, 200, 330]);
  expect(pasted.drafts.map((draft) => draft.payment.description)).toEqual(['July', 'July', 'July']);
  // Bob's amount alone is refused, with his row and why; his description is saved.
  expect(pasted.refused_total).toBe(1);
  expect(pasted.refused[0]).toMatchObject({ id: bob!.id, row: bob!.row });
  expect(pasted.refused[0]!.reason).not.toBe('');
  expect((await api.getBatch({ batch: 'June' })).undo).toBe('the paste into 3 rows');

  const undone = await api.undo({ batch: 'June' });
  expect(undone).toMatchObject({ undone: 'the paste into 3 rows', drafts: 3, remaining: 0 });
  const after = (await api.draftWindow({ batch: 'June', skip: 0, take: 10 })).rows;
  expect(after.map((draft) => draft.payment.amount.amount)).toEqual([100, 200, 300]);
  // Cy's description back to what the earlier edit made it, which is the next undo's.
  expect(after.map((draft) => draft.payment.description)).toEqual(['June', 'June', 'Bonus']);
  expect((await api.getBatch({ batch: 'June' })).undo).toBe(`the edit of row ${cy!.row}`);
});

it('refuses a paste into drafts already sent, and saves nothing when nothing fits', async () => {
  const { api } = t.desk;
  const [draft] = (await api.draftWindow({ batch: 'June', skip: 0, take: 1 })).rows;
  const before = (await api.getBatch({ batch: 'June' })).undo;
  const pasted = await api.editDrafts({
    batch: 'June',
    edits: [
      { id: draft!.id, changes: { 'amount.amount': 'n/a' } },
      { id: 'no-such-draft', changes: { description: 'x' } },
    ],
  });
  expect(pasted).toMatchObject({ drafts: [], refused_total: 2 });
  expect(pasted.refused.map((refusal) => refusal.id)).toEqual([draft!.id, 'no-such-draft']);
  // Nothing changed, so nothing new to undo.
  expect((await api.getBatch({ batch: 'June' })).undo).toBe(before);
});
