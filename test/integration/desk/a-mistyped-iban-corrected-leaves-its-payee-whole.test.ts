// A sheet without a bank country column gives each payee the country its IBAN names. A
// mistyped IBAN still names it: the import says what is wrong with the IBAN's digits, and not
// that the bank country is missing too, so that correcting the IBAN in the editor leaves a
// payee with nothing more to fix (it was left short of a country the person had to type).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t?.close());

it('is whole once its IBAN is corrected, its country taken from the IBAN', async () => {
  const { api } = t.desk;
  const file = join(t.dataDir, 'suppliers.csv');
  await writeFile(
    file,
    [
      'Name,IBAN,Amount,Currency,Date',
      // The last digit mistyped: 000 is right.
      'Hans Müller,DE89370400440532013001,100.00,EUR,2030-01-31',
      '',
    ].join('\r\n'),
  );
  await api.importSheet({ file, batch_name: 'Suppliers' });
  const [draft] = (await api.draftWindow({ batch: 'Suppliers', skip: 0, take: 10 })).rows;
  expect(draft?.beneficiary?.body.country).toBe('DE');
  const errors = draft!.issues.filter((issue) => issue.severity === 'error');
  expect(errors.map((issue) => issue.field)).toEqual(['beneficiary.bank_details.account_number']);
  expect(errors[0]?.message).toMatch(/check digits/i);

  const fixed = await api.editDraft({
    id: draft!.id,
    changes: { 'beneficiary.bank_details.account_number': 'DE89 3704 0044 0532 0130 00' },
  });
  expect(fixed.issues).toEqual([]);
});
