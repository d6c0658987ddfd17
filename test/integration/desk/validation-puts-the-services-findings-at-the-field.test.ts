// Before anything is sent, the service can check a batch's new payees: what it finds lands on
// each draft at the field it names, as an error that keeps the draft from approval until
// fixed; a payee it takes is left as it was.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('validating a batch’s new payees', () => {
  it('puts the service’s findings at the field, and holds that draft back from approval', async () => {
    const { api } = t.desk;
    // Row 2 has a UK account without its sort code; row 3 is complete.
    await api.importSheet({
      file: 'test/fixtures/payouts-remote-issue.csv',
      batch_name: 'Checked',
    });
    expect(await api.validateBeneficiaries({ batch: 'Checked' })).toEqual({
      checked: 2,
      invalid: 1,
    });
    const { rows } = await api.draftWindow({ batch: 'Checked', sort: { by: 'row' } });
    expect(rows.map((draft) => [draft.row, draft.issues])).toEqual([
      [
        2,
        [
          expect.objectContaining({
            field: 'beneficiary.bank_details',
            message: expect.stringContaining('bank code (the sort code)'),
            severity: 'error',
          }),
        ],
      ],
      [3, []],
    ]);
    const approval = await api.approve({ batch: 'Checked', selection: { filter: {} } });
    expect(approval).toMatchObject({ approved: 1, refused_for: { errors: 1 } });
  });

  it('checks the others when a payee lacks the bank country the request needs', async () => {
    const { api } = t.desk;
    // Row 3's bank country is blank: the service's request cannot carry it, and one such payee
    // had the service refuse the whole request (400), nothing checked.
    const file = join(t.dataDir, 'no-country.csv');
    await writeFile(
      file,
      [
        'Name,Bank Country,IBAN,Account Number,Amount,Currency,Pay Date',
        'Ada Lovelace,DE,DE89370400440532013000,,100.00,EUR,2030-01-31',
        'Alan Turing,,,12345678,50.00,EUR,2030-01-31',
      ].join('\r\n'),
    );
    await api.importSheet({ file, batch_name: 'No country' });
    expect(await api.validateBeneficiaries({ batch: 'No country' })).toEqual({
      checked: 2,
      invalid: 1,
    });
    const [ada, alan] = (await api.draftWindow({ batch: 'No country', sort: { by: 'row' } })).rows;
    expect(ada!.issues).toEqual([]);
    // Its own error says what is missing; the request's finding adds no second one there.
    const country = alan!.issues.filter((i) => i.field === 'beneficiary.country');
    expect(country).toEqual([expect.objectContaining({ severity: 'error', source: 'rules' })]);
  });

  it('adds no second error on a field the draft already has one on', async () => {
    const { api } = t.desk;
    await api.importSheet({
      file: 'test/fixtures/payouts-remote-issue.csv',
      batch_name: 'Short account',
    });
    const [row2] = (await api.draftWindow({ batch: 'Short account', sort: { by: 'row' } })).rows;
    const edited = await api.editDraft({
      id: row2!.id,
      changes: { 'beneficiary.bank_details.account_number': '1234' },
    });
    const field = 'beneficiary.bank_details.account_number';
    expect(edited.issues.filter((i) => i.field === field)).toHaveLength(1);
    await api.validateBeneficiaries({ batch: 'Short account' });
    const after = await api.getDraft({ id: row2!.id });
    expect(after.issues.filter((i) => i.field === field)).toEqual([
      expect.objectContaining({ source: 'rules', message: 'a UK account number is 8 digits' }),
    ]);
    // What only the service found is there too.
    expect(after.issues).toContainEqual(
      expect.objectContaining({ field: 'beneficiary.bank_details', source: 'service' }),
    );
  });

  it('keeps the payee’s verdict through edits of the payment alone; a change to the payee asks again', async () => {
    const { api } = t.desk;
    await api.importSheet({
      file: 'test/fixtures/payouts-remote-issue.csv',
      batch_name: 'Dated again',
    });
    await api.validateBeneficiaries({ batch: 'Dated again' });
    const [row2, row3] = (await api.draftWindow({ batch: 'Dated again', sort: { by: 'row' } }))
      .rows;
    const statuses = async () =>
      (await api.listBeneficiaries({ batch: 'Dated again' })).rows.map((payee) => payee.status);
    expect(await statuses()).toEqual(expect.arrayContaining(['invalid']));

    // A new date and purpose, one draft by hand and both in bulk: the payees are as they were.
    const edited = await api.editDraft({
      id: row2!.id,
      changes: { 'execution.date': '2030-02-28' },
    });
    expect(edited.beneficiary?.sync_state).toBe('invalid');
    await api.bulkEdit({
      batch: 'Dated again',
      selection: { ids: [row2!.id, row3!.id] },
      changes: { purpose: 'BONU' },
    });
    expect((await api.getDraft({ id: row2!.id })).beneficiary?.sync_state).toBe('invalid');
    expect(await statuses()).toEqual(expect.arrayContaining(['invalid']));

    // The payee itself changed: the service's verdict no longer holds.
    const fixed = await api.editDraft({
      id: row2!.id,
      changes: { 'beneficiary.bank_details.bank_code': '601613' },
    });
    expect(fixed.beneficiary?.sync_state).toBe('draft');
  });
});
