// A batch's totals count the amounts it can pay: one with more decimals than its currency has,
// or in a currency that is not one, is an error at its cell and left out of the totals, which
// say how many they leave out. A reviewer read "GBP 100,004,178,992.991" and a total line in
// "XYZ" over a batch whose payable rows came to far less. Fixed in the app, it counts again.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER } from '../../support/payroll-csv';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

const totalsOf = async (name: string) => {
  const { batches } = await t.desk.api.listBatches({});
  const batch = batches.find((b) => b.name === name)!;
  return { rows: batch.counts.drafts, totals: batch.totals };
};

describe("a batch's totals", () => {
  it('leave out an amount the rules refuse, until it is corrected', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'refused-amounts.csv');
    await writeFile(
      file,
      [
        PAYROLL_HEADER,
        'Ada Lovelace,601613,61000001,100.50,GBP,2030-01-31,Pay',
        'Alan Turing,601613,61000002,1234567.891,GBP,2030-01-31,Pay',
        'Grace Hopper,601613,61000003,4700,XYZ,2030-01-31,Pay',
      ].join('\r\n'),
    );
    await api.importSheet({ file, batch_name: 'Refused amounts' });
    expect(await totalsOf('Refused amounts')).toEqual({
      rows: 3,
      totals: [{ currency: 'GBP', amount: '100.500', count: 1 }],
    });

    const { rows } = await api.draftWindow({ batch: 'Refused amounts', sort: { by: 'row' } });
    await api.editDraft({ id: rows[1]!.id, changes: { 'amount.amount': '1234567.89' } });
    expect(await totalsOf('Refused amounts')).toEqual({
      rows: 3,
      totals: [{ currency: 'GBP', amount: '1234668.390', count: 2 }],
    });
  });
});
