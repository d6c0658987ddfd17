// The editor's search finds a batch's drafts by what a person sees of them: the payee, account,
// bank code, description and sheet row, and a piece of a correlation id; not by ids the outbox
// keeps to itself, whose hex digits made a search for one digit find every row.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER } from '../../support/payroll-csv';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
  const file = join(t.dataDir, 'search.csv');
  await writeFile(
    file,
    [
      PAYROLL_HEADER,
      'Ann Search,203040,71000001,10.00,GBP,2030-01-31,Pay',
      'Bob Search,601613,71000002,20.00,GBP,2030-01-31,Pay',
      'Cat Search,601613,71000003,30.00,GBP,2030-01-31,Pay',
    ].join('\r\n'),
  );
  await t.desk.api.importSheet({ file, batch_name: 'Searched' });
});
afterAll(() => t.close());

const found = async (text: string) =>
  (
    await t.desk.api.draftWindow({ batch: 'Searched', filter: { text }, sort: { by: 'row' } })
  ).rows.map((draft) => draft.row);

describe('the search of a batch', () => {
  it('finds a row by its bank code, account, payee and sheet row', async () => {
    expect(await found('203040')).toEqual([2]);
    expect(await found('71000003')).toEqual([4]);
    expect(await found('bob')).toEqual([3]);
    expect(await found('3')).toEqual([2, 3, 4]); // 203040, row 3, and 71000003
  });

  it('finds nothing for a digit no row shows, edited rows included', async () => {
    const [ann] = (await t.desk.api.draftWindow({ batch: 'Searched', sort: { by: 'row' } })).rows;
    await t.desk.api.editDraft({ id: ann!.id, changes: { description: 'Pay again' } });
    expect(await found('9')).toEqual([]);
    expect(await found('ann again')).toEqual([2]);
  });

  it('finds a row by a piece of its correlation id', async () => {
    const [, bob] = (await t.desk.api.draftWindow({ batch: 'Searched', sort: { by: 'row' } })).rows;
    expect(await found(bob!.correlation_id.slice(-8))).toEqual([3]);
  });
});
