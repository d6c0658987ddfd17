// The audit log's details read as a person would write them: the entries a real desk writes
// (an import, an edit, a bulk edit, an approval, an undo, a deletion, a rename, the settings)
// each become a sentence, never "second approver: true" or a stored key with underscores.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYROLL_HEADER } from '../../support/payroll-csv';
import type { AuditEntry } from '../../../shared/desk';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let describeDetails: (action: string, details: Record<string, unknown>) => string;
beforeAll(async () => {
  // The renderer formats in the browser's language; Node 20 has no navigator. The module is
  // named by a variable so that this Node project's type check does not follow it into the
  // renderer's DOM code (svelte-check checks that); its one function is typed above.
  vi.stubGlobal('navigator', { language: 'en-GB' });
  const auditDetails = '../../../renderer/src/features/settings/audit-details';
  ({ describeDetails } = (await import(auditDetails)) as {
    describeDetails: typeof describeDetails;
  });
  t = await openTestDesk();
});
afterAll(async () => {
  await t.close();
  vi.unstubAllGlobals();
});

async function entries(): Promise<AuditEntry[]> {
  return (await t.desk.api.auditLog({ take: 200 })).entries;
}

describe('an audit entry', () => {
  it('says what happened in a sentence, whatever the action', async () => {
    const { api } = t.desk;
    const { batch_id } = await api.importSheet({
      file: 'test/fixtures/payouts-template.csv',
      batch_name: 'Audited',
    });
    const [first, second] = (await api.draftWindow({ batch: batch_id })).rows;
    await api.editDraft({
      id: first!.id,
      changes: { description: 'Checked', 'execution.date': '2030-01-31' },
    });
    await api.bulkEdit({
      batch: batch_id,
      selection: { ids: [first!.id, second!.id] },
      changes: { purpose: 'SALA' },
    });
    await api.undo({ batch: batch_id });
    await api.approve({ batch: batch_id, selection: { filter: {} }, include_warnings: true });
    await api.unapprove({ batch: batch_id, selection: { ids: [second!.id] } });
    await api.deleteDrafts({ batch: batch_id, selection: { ids: [second!.id] } });
    await api.renameBatch({ batch: batch_id, name: 'Audited twice' });
    await api.saveSettings({ second_approver: true, chunk_size: 250 });
    await api.setServiceApproval({ batch: batch_id, service_approval: 'approved' });
    // The batch's payees imported at the service.
    await api.importBeneficiaries({ batch: batch_id });

    const written = await entries();
    const said = new Map(
      written.map((entry) => [entry.action, describeDetails(entry.action, entry.details)]),
    );
    expect([...said.keys()].sort()).toEqual(
      [
        'approve',
        'bulk_edit',
        'delete',
        'edit',
        'import',
        'import_beneficiaries',
        'rename',
        'set_service_approval',
        'settings',
        'unapprove',
        'undo',
      ].sort(),
    );
    for (const [action, text] of said) {
      // A sentence: a capital, words, a full stop; no stored key, no bare yes/no value.
      expect({ action, text }).toMatchObject({ text: expect.stringMatching(/^[A-Z“0-9].*\.$/) });
      expect({ action, text }).not.toMatchObject({
        text: expect.stringMatching(/_|: (true|false)\b/),
      });
    }
    expect(said.get('settings')).toBe(
      '250 payments per request; a second person must approve at the service.',
    );
    // Which row, whose, and each field from what it was to what it is.
    expect(said.get('edit')).toBe(
      'Row 2 (Ada Lovelace): description “January salary” → “Checked”; ' +
        'execution date “2030-01-31” → “2030-01-31”.',
    );
    // What each field was set to, not only which.
    expect(said.get('bulk_edit')).toBe('Set the purpose to “SALA”, on 2 drafts.');
    expect(
      describeDetails('bulk_edit', {
        fields: ['execution.date', 'approved'],
        changes: { 'execution.date': '2026-01-05', approved: true },
        drafts: 1,
      }),
    ).toBe(
      'Set the execution date to “2026-01-05”, the approval at the service to approved, on 1 draft.',
    );
    // How a sync ended, with what it left.
    expect(
      describeDetails('sync_outcome', { state: 'done', accepted: 29, failed: 1, awaiting: 0 }),
    ).toBe('Finished; the batch has 29 accepted, 1 failed.');
    expect(
      describeDetails('sync_outcome', { state: 'done', accepted: 1, failed: 0, held_back: 1 }),
    ).toBe(
      'Finished; the batch has 1 accepted, 0 failed. 1 approved payment held back: the service found the new payee wrong.',
    );
    expect(
      describeDetails('sync_outcome', {
        state: 'interrupted',
        accepted: 3,
        failed: 0,
        still_to_send: 2,
        error: 'HTTP 503',
      }),
    ).toBe(
      'Stopped: the service was busy or failing (HTTP 503); the batch has 3 accepted, 0 failed, 2 still to send.',
    );
    // Entries written before the values were kept read as they did.
    expect(describeDetails('bulk_edit', { fields: ['purpose'], drafts: 3 })).toBe(
      'Set the purpose of 3 drafts.',
    );
    expect(said.get('rename')).toBe('Renamed from “Audited” to “Audited twice”.');
    expect(said.get('undo')).toMatch(/^Undid .+: 2 drafts put back\.$/);
    expect(said.get('set_service_approval')).toBe('Payments go to the service approved.');
    expect(said.get('import_beneficiaries')).toMatch(
      /^\d+ payees? sent to the service: \d+ created, \d+ refused\.$/,
    );
  });

  it('reads an edit kept before its values were, by its fields', () => {
    expect(describeDetails('edit', { fields: ['description', 'execution.date'] })).toBe(
      'Changed the description, execution date.',
    );
  });

  it('shows a key it does not know in words rather than dropping it', () => {
    expect(describeDetails('future_action', { checked_twice: false, rows: 3 })).toBe(
      'Checked twice: no; rows: 3.',
    );
  });

  it('shows an amount edited as every screen does: with its currency, to its decimals', async () => {
    const { api } = t.desk;
    const { batch_id } = await api.importSheet({
      file: 'test/fixtures/payouts-template.csv',
      batch_name: 'Amounts',
    });
    const [first] = (await api.draftWindow({ batch: batch_id })).rows;
    await api.editDraft({ id: first!.id, changes: { 'amount.amount': '25' } });
    const [edit] = (await api.auditLog({ action: 'edit', take: 1 })).entries;
    // Ada Lovelace's 1,250.50 is paid in the wallet's pounds, which the amount does not name.
    // Intl puts a no-break space between the currency and the figure.
    expect(describeDetails('edit', edit!.details)).toBe(
      'Row 2 (Ada Lovelace): amount GBP\u00a01,250.50 → GBP\u00a025.00.',
    );
    // The template's row 5 holds 12.3456, refused for its decimals: said as it was, not
    // rounded to 12.346 as if it had fitted.
    const bad = (await api.draftWindow({ batch: batch_id })).rows.find((row) => row.row === 5);
    await api.editDraft({ id: bad!.id, changes: { 'amount.amount': '12.35' } });
    const [fix] = (await api.auditLog({ action: 'edit', take: 1 })).entries;
    expect(describeDetails('edit', fix!.details)).toBe(
      'Row 5 (Bad Amount): amount GBP\u00a012.3456 → GBP\u00a012.35.',
    );
  });

  it('names the payee saved or changed, and the payment approved at the service, with its amount', async () => {
    const { api } = t.desk;
    const saved = await api.createBeneficiary({
      changes: {
        'beneficiary.type': 'INDIVIDUAL',
        'beneficiary.entity.individual_first_name': 'Mary',
        'beneficiary.entity.individual_last_name': 'Seacole',
        'beneficiary.country': 'GB',
        'beneficiary.currency': 'GBP',
        'beneficiary.bank_details.account_number': '31926819',
      },
    });
    await api.editBeneficiary({
      id: saved.id,
      changes: { 'beneficiary.bank_details.account_number': '55779911' },
    });
    const said = async (action: string) => {
      const [entry] = (await api.auditLog({ action, take: 1 })).entries;
      return describeDetails(action, entry!.details);
    };
    expect(await said('create_beneficiary')).toBe('Payee “Mary Seacole” saved here.');
    // A saved payee's account changed is what a checker looks for: whose, from what, to what.
    expect(await said('edit_beneficiary')).toBe('“Mary Seacole”: account “31926819” → “55779911”.');

    // Sent for approval at the service, then approved there from the desk: each entry says
    // which row, whose, and how much, where it said only who approved.
    await api.saveSettings({ second_approver: false });
    const { batch_id } = await api.importSheet({
      file: 'test/fixtures/payouts-template.csv',
      batch_name: 'Approved there',
    });
    await api.setServiceApproval({ batch: batch_id, service_approval: 'for_approval' });
    await api.approve({ batch: batch_id, selection: { filter: {} }, include_warnings: true });
    expect((await api.sync({ batch: batch_id })).state).toBe('done');
    expect((await api.approveAtService({ batch: batch_id })).approved).toBeGreaterThan(0);
    const approvals = (await api.auditLog({ action: 'approve_at_service', take: 200 })).entries;
    const ada = approvals.find((entry) => entry.details.row === 2)!;
    expect(describeDetails('approve_at_service', ada.details)).toBe(
      `Row 2 (Ada Lovelace), GBP\u00a01,250.50: approved here by ${ada.actor}; the same person approved it at the service.`,
    );
    // An entry kept before the payment was named reads as it did.
    expect(
      describeDetails('approve_at_service', { approved_here_by: ['ann'], second_approver: true }),
    ).toBe('Approved here by ann; a second person approved it at the service.');
  });

  it('keeps what an unreadable cell held as what a corrected field was', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'unreadable.csv');
    await writeFile(
      file,
      [PAYROLL_HEADER, 'Mary Seacole,601613,31926819,abc,GBP,2030-01-31,Pay'].join('\r\n'),
    );
    const { batch_id } = await api.importSheet({ file, batch_name: 'Unreadable' });
    const [row] = (await api.draftWindow({ batch: batch_id })).rows;
    await api.editDraft({ id: row!.id, changes: { 'amount.amount': '500' } });
    const [edit] = (await api.auditLog({ action: 'edit', take: 1 })).entries;
    // "amount empty → 500.00" lost what the sheet said: the correction is what a checker reads.
    expect(describeDetails('edit', edit!.details)).toBe(
      'Row 2 (Mary Seacole): amount “abc” → GBP\u00a0500.00.',
    );
  });

  it('names a deleted group as the person knew it, its id beside', () => {
    expect(
      describeDetails('delete_group', {
        group: 'g-1',
        name: 'Payroll this month',
        clear: true,
        removed: 2,
        drafts_updated: 0,
      }),
    ).toMatch(/^Group “Payroll this month” \(g-1\) deleted with its 2 pending payments/);
    // An entry written before names were kept: its id alone, as before.
    expect(describeDetails('delete_group', { group: 'g-1', clear: false })).toMatch(
      /^Group g-1 deleted/,
    );
  });
});
