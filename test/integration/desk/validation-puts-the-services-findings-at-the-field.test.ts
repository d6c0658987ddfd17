// Before anything is sent, the service can check a batch's new payees: what it finds lands on
// each draft at the field it names, as an error that keeps the draft from approval until
// fixed; a payee it takes is left as it was.
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
            message: expect.stringContaining('bank_code'),
            severity: 'error',
          }),
        ],
      ],
      [3, []],
    ]);
    const approval = await api.approve({ batch: 'Checked', selection: { filter: {} } });
    expect(approval).toMatchObject({ approved: 1, refused_for: { errors: 1 } });
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
});
