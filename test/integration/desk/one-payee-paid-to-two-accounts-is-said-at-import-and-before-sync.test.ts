// One payee paid to two accounts in one batch is said of the batch, as one account under two
// names is: each row is sound alone, but bank details that change between two rows of one sheet
// are a typing slip or an account changed to a fraudster's, unless two people share the name.
// The import's summary names the rows to compare, and so does the sync's confirmation when it
// sends both. The name written in other case is the same payee; one account twice is not said.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

const SEVERAL =
  'one payee is paid to different accounts: "Priya Patel" to …2490 (row 2) and …9911 (row 4): ' +
  'check that the account was not changed by mistake, or that they are different people of one name';

let t: TestDesk;
let file: string;
beforeAll(async () => {
  t = await openTestDesk();
  file = join(t.dataDir, 'contractors.csv');
  await writeFile(
    file,
    'Name,Sort Code,Account Number,Amount,Currency,Date\r\n' +
      'Priya Patel,40-47-84,70872490,350.50,GBP,2030-01-31\r\n' +
      'Jo Bloggs,20-00-00,55779900,120.00,GBP,2030-01-31\r\n' +
      'PRIYA PATEL,20-00-00,55779911,350.50,GBP,2030-01-31\r\n' +
      'Jo Bloggs,20-00-00,55779900,80.00,GBP,2030-01-31\r\n',
  );
});
afterAll(() => t.close());

describe('one payee paid to two accounts', () => {
  it('is said by the import, with its rows; a payee paid twice to one account is not', async () => {
    const summary = await t.desk.api.importSheet({ file, batch_name: 'Contractors' });
    expect(summary.drafts).toBe(4);
    expect(summary.several_accounts_note).toBe(SEVERAL);
    expect(summary.shared_account_note).toBeUndefined();
  });

  it('is said again by the sync’s confirmation only when it sends both rows', async () => {
    const { api } = t.desk;
    await api.approve({ batch: 'Contractors', selection: { rows: [2, 3] } });
    const one = await api.syncPreview({ batch: 'Contractors' });
    expect(one.notes.filter((note) => note.includes('different accounts'))).toEqual([]);
    await api.approve({ batch: 'Contractors', selection: { rows: [4] } });
    expect((await api.syncPreview({ batch: 'Contractors' })).notes).toContain(SEVERAL);
  });
});
