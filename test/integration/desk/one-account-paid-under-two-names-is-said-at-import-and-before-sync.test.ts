// One account paid under two names is said of the batch: none of the two rows' cells is wrong
// alone (each name, each IBAN is sound), but a row's account copied from the row above, or an
// account changed to someone else's, pays the wrong person. The import's summary says so, and
// so does the sync's confirmation, naming the rows to compare, when it sends them both. The same name written another
// way ("TURING, Alan", "ACME LIMITED" for "Acme Ltd") is the same payee, not said.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

const SHARED =
  'one account is paid under different names: …3000 as "Ada Lovelace" (row 2) and "Grace Hopper" (row 4): ' +
  "check that each payee's account is their own";

let t: TestDesk;
let file: string;
beforeAll(async () => {
  t = await openTestDesk();
  file = join(t.dataDir, 'staff.csv');
  await writeFile(
    file,
    'Name,IBAN,Net Pay,Pay Date\r\n' +
      'Ada Lovelace,DE89370400440532013000,100.00,2030-01-31\r\n' +
      'Alan Turing,DE02120300000000202051,50.00,2030-01-31\r\n' +
      'Grace Hopper,DE89 3704 0044 0532 0130 00,200.00,2030-01-31\r\n' +
      '"TURING, Alan",DE02120300000000202051,60.00,2030-01-31\r\n' +
      'Émile Zola,FR1420041010050500013M02606,70.00,2030-01-31\r\n' +
      'Acme Ltd,NL91ABNA0417164300,80.00,2030-01-31\r\n' +
      'ACME LIMITED,NL91ABNA0417164300,90.00,2030-01-31\r\n',
  );
});
afterAll(() => t.close());

describe('one account paid under two names', () => {
  it('is said by the import, with its rows, and the same name written another way is not', async () => {
    const summary = await t.desk.api.importSheet({ file, batch_name: 'Staff' });
    expect(summary.drafts).toBe(7);
    expect(summary.shared_account_note).toBe(SHARED);
    // Said apart from the mapping's notes, which name nothing of it.
    expect(summary.mapping_notes ?? []).not.toContain(SHARED);
    // Said of the batch, not at a cell: no row gets an issue for it.
    expect(summary.issues.filter((issue) => issue.message.includes('names'))).toEqual([]);
  });

  it('is said again by the sync’s confirmation of the rows it sends, and only of those', async () => {
    const { api } = t.desk;
    // Only Ada's row approved: Grace's, left behind, is not sent by this sync.
    await api.approve({ batch: 'Staff', selection: { rows: [2] } });
    const alone = await api.syncPreview({ batch: 'Staff' });
    expect(alone.notes.filter((note) => note.includes('different names'))).toEqual([]);
    await api.approve({ batch: 'Staff', selection: { filter: {} } });
    expect((await api.syncPreview({ batch: 'Staff' })).notes).toContain(SHARED);
  });

  it('is no longer said once the account is the payee’s own', async () => {
    const { api } = t.desk;
    const window = await api.draftWindow({ batch: 'Staff', skip: 0, take: 10 });
    const grace = window.rows.find((row) => row.row === 4);
    await api.editDraft({
      id: grace!.id,
      changes: { 'beneficiary.bank_details.account_number': 'DE62370400440532013001' },
    });
    await api.approve({ batch: 'Staff', selection: { filter: {} } });
    const preview = await api.syncPreview({ batch: 'Staff' });
    expect(preview.to_send).toBe(7);
    expect(preview.notes.filter((note) => note.includes('different names'))).toEqual([]);
  });
});
