// An import's report says what it made of the sheet's columns: each one it leaves out, by its
// header, and each one that could have filled a field as well as the column it used, so that a
// person can check the choice (and correct it with a mapping). Once the person's mapping is
// saved for those headers, it is theirs, and nothing is left to check.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let file: string;
beforeAll(async () => {
  t = await openTestDesk();
  file = join(t.dataDir, 'staff.csv');
  await writeFile(
    file,
    'Name,Staff no,IBAN,IBAN 2,Net Pay,Pay Date,Cost centre\r\n' +
      'Ada Lovelace,E-17,DE89370400440532013000,DE02120300000000202051,1250.50,2030-01-31,CC-7\r\n',
  );
});
afterAll(() => t.close());

describe('an import’s report of the columns', () => {
  it('maps every column with a header, null for those left out, and says which it chose over which', async () => {
    const summary = await t.desk.api.importSheet({ file, batch_name: 'Staff' });
    expect(summary.mapping_source).toBe('proposed');
    expect(summary.mapping).toEqual({
      Name: 'name',
      'Staff no': null,
      IBAN: 'iban',
      'IBAN 2': null,
      'Net Pay': 'amount',
      'Pay Date': 'execution_date',
      'Cost centre': null,
    });
    expect(summary.mapping_notes).toEqual([
      '"IBAN 2" could also be iban; "IBAN" was used',
      // No purpose column: what every payment goes as, since the service is told it.
      "no column gives the payments' purpose: each goes as SALA (salary), as the header names staff; another is set by editing their purpose",
    ]);
  });

  it('has nothing to check once the mapping for those headers is the saved one', async () => {
    const summary = await t.desk.api.importSheet({ file, batch_name: 'Staff again' });
    expect(summary.mapping_source).toBe('saved');
    expect(summary.mapping_notes).toBeUndefined();
  });
});
