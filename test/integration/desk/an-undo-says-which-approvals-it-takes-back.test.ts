// An approval is given to a draft as it stands: undoing the edit before it puts back a draft
// nobody approved, which is a draft again. The undo counts those, for the person to be told,
// and leaves alone the drafts that were approved before the edit as well.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

const HEADER =
  'entity_type,individual_first_name,individual_last_name,country,currency,account_name,account_number,bank_code,amount,amount_type,execution_date,purpose,description';
const line = (n: number) =>
  `INDIVIDUAL,Ada,Payee${n},GB,GBP,Ada Payee${n},${31_926_810 + n},601613,${60 + n}.00,SEND,2030-01-31,SALA,Pay ${n}`;

describe('an undo of edits approved since', () => {
  it('says how many drafts lost their approval, and they are drafts again', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'approved-since.csv');
    await writeFile(file, [HEADER, line(1), line(2), line(3)].join('\r\n'));
    await api.importSheet({ file, batch_name: 'Approved since' });
    const rows = (await api.draftWindow({ batch: 'Approved since', sort: { by: 'row' } })).rows;
    // Row 2 approved before the bulk edit, and so put back approved; rows 3 and 4 after it.
    await api.approve({ batch: 'Approved since', selection: { ids: [rows[0]!.id] } });
    await api.bulkEdit({
      batch: 'Approved since',
      selection: { filter: {} },
      changes: { description: 'Bonus' },
    });
    await api.approve({ batch: 'Approved since', selection: { filter: {} } });

    expect(await api.undo({ batch: 'Approved since' })).toEqual({
      undone: 'the bulk edit of 3 drafts',
      change: 'edit',
      drafts: 3,
      unapproved: 2,
      remaining: 0,
    });
    const after = (await api.draftWindow({ batch: 'Approved since', sort: { by: 'row' } })).rows;
    expect(after.map((d) => [d.payment.description, d.state])).toEqual([
      ['Pay 1', 'approved'],
      ['Pay 2', 'draft'],
      ['Pay 3', 'draft'],
    ]);
    const [entry] = (await api.auditLog({ skip: 0, take: 1 })).entries;
    expect(entry).toMatchObject({ action: 'undo', details: { drafts: 3, unapproved: 2 } });
  });
});
