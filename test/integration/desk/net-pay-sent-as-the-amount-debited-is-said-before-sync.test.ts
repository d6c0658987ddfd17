// A payroll's amounts are what each person is to receive, but a payment goes as the amount
// debited (SEND) unless told otherwise, and a fee the service charges then comes out of the
// pay. The sync's confirmation says so of the salaries it sends, and how to pay them in full;
// made the amount received (LAND), they are said no more.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

const SAID =
  '2 salaries go as the amount debited (SEND): any fee the service charges comes out of what the payee receives; to pay them in full, make the amount the one received by editing their amount type to LAND';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
  const file = join(t.dataDir, 'payroll.csv');
  await writeFile(
    file,
    'Employee,IBAN,Net Pay,Pay Date\r\n' +
      'Ada Lovelace,DE89370400440532013000,2500.00,2030-01-31\r\n' +
      'Alan Turing,DE02120300000000202051,2400.00,2030-01-31\r\n',
  );
  await t.desk.api.importSheet({ file, batch_name: 'Payroll' });
});
afterAll(() => t.close());

describe('net pay before a sync', () => {
  it('is said to arrive less any fee while the salaries go as the amount debited', async () => {
    const { api } = t.desk;
    await api.approve({ batch: 'Payroll', selection: { filter: {} } });
    expect((await api.syncPreview({ batch: 'Payroll' })).notes).toContain(SAID);
  });

  it('is no longer said once they are the amount received', async () => {
    const { api } = t.desk;
    await api.bulkEdit({
      batch: 'Payroll',
      selection: { filter: {} },
      changes: { 'amount.type': 'LAND' },
    });
    await api.approve({ batch: 'Payroll', selection: { filter: {} }, include_warnings: true });
    const preview = await api.syncPreview({ batch: 'Payroll' });
    expect(preview.to_send).toBe(2);
    expect(preview.notes.filter((note) => note.includes('SEND'))).toEqual([]);
  });
});
