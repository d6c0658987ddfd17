// The main job on the desk, as the window will drive it: a sheet imported, its problems found
// in a window of rows, fixed by edits the rules judge again (and undone), approved, previewed,
// synced to the Local sandbox over HTTPS, and approved there by the checker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_METHODS, DeskError, type Draft } from '../../../shared/desk';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

const rowOf = (drafts: Draft[], row: number) => {
  const draft = drafts.find((d) => d.row === row);
  if (!draft) throw new Error(`no draft from row ${row}`);
  return draft;
};
const errors = (draft: Draft) => draft.issues.filter((i) => i.severity === 'error');

describe('the desk', () => {
  it(
    'imports, fixes, approves, previews, syncs and approves at the service',
    { timeout: 120_000 },
    async () => {
      const { api } = t.desk;
      const imported = await api.importSheet({
        file: 'test/fixtures/payouts-template.csv',
        batch_name: 'January',
      });
      expect(imported).toMatchObject({ batch: 'January', drafts: 5, header_row: 1 });
      expect(imported.group?.wallet_currency).toMatch(/^[A-Z]{3}$/);
      // The wallet by the name the service gives it: what a person knows it by.
      const [seen] = (await api.listGroups({ query: { id: [imported.group?.id ?? ''] } })).items;
      expect(imported.group?.wallet_name).toBe(seen?.wallet.name);

      const withErrors = await api.draftWindow({
        batch: 'January',
        filter: { with_errors: true },
        sort: { by: 'row', direction: 'asc' },
      });
      expect(withErrors.total).toBe(2);
      expect(withErrors.rows.map((d) => d.row)).toEqual([5, 6]);
      // Errors and warnings asked for together: the rows with either, as the editor's two boxes
      // ticked mean (together they found none).
      const all = (await api.draftWindow({ batch: 'January', sort: { by: 'row' } })).rows;
      const either = await api.draftWindow({
        batch: 'January',
        filter: { with_errors: true, with_warnings: true },
        sort: { by: 'row' },
      });
      expect(either.rows.map((d) => d.row)).toEqual(
        all.filter((d) => d.issues.length > 0).map((d) => d.row),
      );
      expect(either.total).toBeGreaterThan(0);

      // Row 5's amount has four decimals: fixed, its error goes; undone, it is back as it was.
      const before = rowOf(withErrors.rows, 5);
      const fixed = await api.editDraft({ id: before.id, changes: { 'amount.amount': '12.35' } });
      expect(errors(fixed)).toEqual([]);
      expect(fixed.payment.amount.amount).toBe(12.35);
      expect((await api.undo({ batch: 'January' })).undone).toBe('the edit of row 5');
      const restored = await api.getDraft({ id: before.id });
      expect(restored.issues).toEqual(before.issues);
      expect(restored.payment).toEqual(before.payment);
      await api.editDraft({ id: before.id, changes: { 'amount.amount': '12.35' } });

      // A wrong fix is judged as the importer would: a bad IBAN stays an error at its field.
      const row6 = rowOf(withErrors.rows, 6);
      const stillWrong = await api.editDraft({
        id: row6.id,
        changes: { 'beneficiary.bank_details.account_number': 'DE89 3704 0044 0532 0130 01' },
      });
      expect(errors(stillWrong).map((i) => i.field)).toContain(
        'beneficiary.bank_details.account_number',
      );
      const right = await api.editDraft({
        id: row6.id,
        changes: {
          'beneficiary.bank_details.account_number': 'de89 3704 0044 0532 0130 00',
          'execution.date': '2030-03-04',
        },
      });
      expect(errors(right)).toEqual([]);
      expect(right.beneficiary?.body.bank_details.account_number).toBe('DE89370400440532013000');

      // A value of the wrong kind is refused, and nothing changes.
      await expect(
        api.editDraft({ id: row6.id, changes: { 'amount.amount': 'twelve' } }),
      ).rejects.toMatchObject({ code: 'invalid_input' });
      expect((await api.getDraft({ id: row6.id })).updated_at).toBe(right.updated_at);

      const approval = await api.approve({ batch: 'January', selection: { filter: {} } });
      expect(approval).toMatchObject({ approved: 5, refused_total: 0 });

      const preview = await api.syncPreview({ batch: 'January' });
      expect(preview).toMatchObject({
        to_send: 5,
        go_approved: 0,
        go_for_approval: 5,
        blockers: [],
        service_approval: 'for_approval',
      });
      // SEND amounts without a currency of their own leave the wallet in its currency.
      const wallet = imported.group?.wallet_currency as string;
      expect(preview.totals).toEqual([{ currency: wallet, amount: '4742.970', count: 5 }]);
      expect(preview.debits).toEqual([
        expect.objectContaining({ currency: wallet, amount: '4742.970', not_estimated: 0 }),
      ]);
      expect(preview.debits[0]?.balance).toMatch(/^\d+\.\d{3}$/);

      const synced = await api.sync({ batch: 'January' });
      expect(synced.state).toBe('done');
      expect(synced.counts.by_state.accepted).toBe(5);
      expect(synced.counts.awaiting_approval_at_service).toBe(5);
      const stages = t.events.flatMap((e) => (e.type === 'sync.stage' ? [e.stage] : []));
      expect(stages).toEqual(expect.arrayContaining(['checking', 'sending', 'done']));
      expect(t.events.some((e) => e.type === 'sync.job' && e.status === 'DONE')).toBe(true);
      // The audit log says how the sync ended and what it left, not only that it started.
      const [ended] = (await api.auditLog({ action: 'sync_outcome' })).entries;
      expect(ended?.details).toEqual({
        state: 'done',
        accepted: 5,
        failed: 0,
        awaiting: 0,
        still_to_send: 0,
        held_back: 0,
      });

      // Nothing is left to send: said so, not as a batch waiting for its approvals.
      expect((await api.syncPreview({ batch: 'January' })).notes).toContain(
        'every payment of the batch has been sent: there is nothing left to send',
      );
      // What the checker's step releases, summed: the five payments sent for approval.
      expect((await api.getBatch({ batch: 'January' })).awaiting_approval_totals).toEqual([
        { currency: wallet, amount: '4742.970', count: 5 },
      ]);

      // The checker's step: payments sent for approval are approved at the service from the desk.
      const checked = await api.approveAtService({ batch: 'January' });
      expect(checked).toMatchObject({ approved: 5, refused_total: 0 });
      const batch = await api.getBatch({ batch: 'January' });
      expect(batch.counts).toMatchObject({
        approved_at_service: 5,
        awaiting_approval_at_service: 0,
      });
      expect(batch.awaiting_approval_totals).toEqual([]);

      // What was sent stays as it was sent.
      await expect(
        api.editDraft({ id: row6.id, changes: { description: 'changed after' } }),
      ).rejects.toMatchObject({ code: 'conflict' });
      await expect(api.deleteBatch({ batch: 'January' })).rejects.toMatchObject({
        code: 'conflict',
      });
    },
  );

  it('bulk-edits a filter, deletes a selection and undoes both, ids unchanged', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'Bulk' });
    // The batch says what Undo would take back: nothing, just imported.
    const undoable = async () => (await api.getBatch({ batch: 'Bulk' })).undo;
    expect(await undoable()).toBeNull();
    const all = (await api.draftWindow({ batch: 'Bulk' })).rows;
    const edited = await api.bulkEdit({
      batch: 'Bulk',
      selection: { filter: {} },
      changes: { description: 'February pay', 'execution.date': '2030-02-27' },
    });
    expect(edited).toMatchObject({ changed: 5, refused_total: 0 });
    const after = (await api.draftWindow({ batch: 'Bulk' })).rows;
    expect(after.every((d) => d.payment.description === 'February pay')).toBe(true);
    // Row 6's ambiguous date was its error: a date given in full ends it.
    expect(errors(rowOf(after, 6)).map((i) => i.field)).not.toContain('execution.date');

    const gone = await api.deleteDrafts({ batch: 'Bulk', selection: { ids: [all[0]!.id] } });
    expect(gone.deleted).toBe(1);
    expect((await api.draftWindow({ batch: 'Bulk' })).total).toBe(4);
    expect(await undoable()).toBe('the deletion of a draft');
    expect((await api.undo({ batch: 'Bulk' })).undone).toBe('the deletion of a draft');
    expect(await undoable()).toBe('the bulk edit of 5 drafts');
    expect((await api.undo({ batch: 'Bulk' })).undone).toBe('the bulk edit of 5 drafts');
    expect(await undoable()).toBeNull();
    const back = (await api.draftWindow({ batch: 'Bulk' })).rows;
    expect(back.map((d) => [d.id, d.correlation_id, d.payment.description])).toEqual(
      all.map((d) => [d.id, d.correlation_id, d.payment.description]),
    );
    await expect(api.undo({ batch: 'Bulk' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('asks for warnings to be acknowledged before approving them, and says how many and why', async () => {
    const { api } = t.desk;
    // The same sheet a second time: every payment is a possible duplicate of the first import's.
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'Again' });
    const logged = async () => (await api.auditLog({ action: 'approve' })).entries.length;
    const before = await logged();
    const refused = await api.approve({ batch: 'Again', selection: { filter: {} } });
    expect(refused.approved).toBe(0);
    expect(refused.refused_for.warnings).toBeGreaterThan(0);
    // Nothing approved is nothing to log: the person has not decided yet.
    expect(await logged()).toBe(before);
    expect(refused.refused.map((r) => r.reason)).toContainEqual(
      expect.stringMatching(/^row 2 has warnings to look at first: same account, amount/),
    );
    const acknowledged = await api.approve({
      batch: 'Again',
      selection: { filter: { with_errors: false } },
      include_warnings: true,
    });
    expect(acknowledged.approved).toBe(refused.refused_for.warnings);
    expect(await logged()).toBe(before + 1);
  });

  it('checks every answer against the contract, and refuses input that does not fit it', async () => {
    await expect(
      t.desk.call('draftWindow', { batch: 'January', take: 5000 }),
    ).rejects.toBeInstanceOf(DeskError);
    await expect(t.desk.call('getDraft', { id: 'no-such-draft' })).rejects.toMatchObject({
      code: 'not_found',
    });
    const batches = await t.desk.call('listBatches', {});
    expect(DESK_METHODS.listBatches.output.safeParse(batches).success).toBe(true);
  });
});
