// A bulk edit of approved rows makes them drafts again (what was approved is no longer what
// would be sent): the answer says how many, so the editor can say it. A reviewer changed the
// date of five approved rows and read only "Changed 5 rows", the approvals gone unsaid.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER, payrollLine } from '../../support/payroll-csv';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('a bulk edit', () => {
  it('counts the approved rows it made drafts again', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'bulk.csv');
    await writeFile(file, [PAYROLL_HEADER, ...[0, 1, 2, 3].map(payrollLine)].join('\r\n'));
    const { batch_id } = await api.importSheet({ file, batch_name: 'Bulk approved' });
    const rows = (await api.draftWindow({ batch: batch_id, sort: { by: 'row' } })).rows;
    await api.approve({ batch: batch_id, selection: { ids: [rows[0]!.id, rows[1]!.id] } });

    const edited = await api.bulkEdit({
      batch: batch_id,
      selection: { ids: [rows[0]!.id, rows[2]!.id] },
      changes: { 'execution.date': '2030-02-27' },
    });
    expect(edited).toMatchObject({ changed: 2, unapproved: 1 });
    const states = (await api.draftWindow({ batch: batch_id, sort: { by: 'row' } })).rows.map(
      (draft) => draft.state,
    );
    expect(states).toEqual(['draft', 'approved', 'draft', 'draft']);
  });
});
