// A draft edited while the service is judging or creating its payee (a validation or a sync
// read the draft, then waits for the service) keeps the edit: what the service answers is about
// the payee as it was sent, so it neither overwrites the draft nor marks the edited payee
// created or invalid. The edited payee is sent anew by the next sync, and its payment pays the
// account the operator typed, not the one the service was told before.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent, DeskInput, DeskOutput } from '../../../shared/desk';
import { openDeskOnTeamSandbox, type TestDesk } from '../../support/desk';
import type { TestSandbox } from '../../support/sandbox';

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  ({ t, service } = await openDeskOnTeamSandbox());
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** Row 2's payee lacks its sort code; row 3's (Alan Turing, 31926819) is complete. */
const SHEET = 'test/fixtures/payouts-remote-issue.csv';

/** The start of the work on payees: a sync's (or validation's) stage, or an import's job. */
const payeesStarting = (event: DeskEvent) =>
  (event.type === 'sync.stage' && event.stage === 'beneficiaries' && event.total !== undefined) ||
  event.type === 'job.progress';

/**
 * Edits a draft as soon as the payees' work has read its page of drafts: it tells its start
 * (done 0), reads the page and sends it in the same turn; the edit runs in the next microtask,
 * while the service's answer is still on its way.
 */
function editWhileTheServiceAnswers(
  input: DeskInput<'editDraft'>,
): Promise<DeskOutput<'editDraft'>> {
  return new Promise((resolve, reject) => {
    const stop = t.desk.on((event: DeskEvent) => {
      if (!payeesStarting(event) || !('done' in event) || event.done !== 0) return;
      stop();
      queueMicrotask(() => t.desk.api.editDraft(input).then(resolve, reject));
    });
  });
}

const accountAtService = (id: string): string | undefined => {
  const db = new Database(join(service.dataDir, 'sandbox.sqlite'), { readonly: true });
  try {
    const details = db
      .prepare('SELECT bank_details_json FROM beneficiaries WHERE id = ?')
      .pluck()
      .get(id) as string | undefined;
    return details === undefined
      ? undefined
      : (JSON.parse(details) as { account_number: string }).account_number;
  } finally {
    db.close();
  }
};

const rowsOf = async (batch: string) =>
  (await t.desk.api.draftWindow({ batch, sort: { by: 'row' } })).rows;

describe('a draft edited while the service answers', () => {
  it('keeps its edit through a validation, its payee left to be judged anew', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: SHEET, batch_name: 'Validated meanwhile' });
    const [row2] = await rowsOf('Validated meanwhile');
    const edit = editWhileTheServiceAnswers({
      id: row2!.id,
      changes: { 'amount.amount': '55.00', 'beneficiary.bank_details.bank_code': '601613' },
    });
    const validated = await api.validateBeneficiaries({ batch: 'Validated meanwhile' });
    expect((await edit).payment.amount.amount).toBe(55);
    expect(validated.checked).toBe(2);

    const after = await api.getDraft({ id: row2!.id });
    expect(after.payment.amount.amount).toBe(55);
    expect(after.beneficiary?.body.bank_details.bank_code).toBe('601613');
    // The service found the sort code missing: not of the payee as it is now.
    expect(after.beneficiary?.sync_state).toBe('draft');
    expect(after.issues).toEqual([]);
    // Judged anew, it passes.
    expect(await api.validateBeneficiaries({ batch: 'Validated meanwhile' })).toEqual({
      checked: 2,
      invalid: 0,
    });
  });

  it('keeps the account typed during a sync, and the next sync pays that account', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: SHEET, batch_name: 'Synced meanwhile' });
    const [, row3] = await rowsOf('Synced meanwhile');
    // The same payees as the batch before: each a possible duplicate, looked at.
    const approve = () =>
      api.approve({
        batch: 'Synced meanwhile',
        selection: { ids: [row3!.id] },
        include_warnings: true,
      });
    expect(await approve()).toMatchObject({ approved: 1 });
    const edit = editWhileTheServiceAnswers({
      id: row3!.id,
      changes: { 'beneficiary.bank_details.account_number': '12345678' },
    });
    await api.sync({ batch: 'Synced meanwhile' });
    await edit;

    const payee = row3!.beneficiary!.id;
    const after = await api.getDraft({ id: row3!.id });
    // The edit took the draft back from approval, so its payment was not sent; its payee was
    // created at the service with the account it had, which is no longer the payee's.
    expect(after).toMatchObject({ state: 'draft', remote_status: null });
    expect(after.beneficiary?.sync_state).toBe('draft');
    expect(accountAtService(payee)).toBe('31926819');

    expect(await approve()).toMatchObject({ approved: 1 });
    await api.sync({ batch: 'Synced meanwhile' });
    expect(await api.getDraft({ id: row3!.id })).toMatchObject({
      state: 'accepted',
      beneficiary: { sync_state: 'synced' },
    });
    expect(accountAtService(payee)).toBe('12345678');
  });

  it('keeps the account typed during an import of the payees at the service', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: SHEET, batch_name: 'Imported meanwhile' });
    const [, row3] = await rowsOf('Imported meanwhile');
    const payee = row3!.beneficiary!.id;
    const edit = editWhileTheServiceAnswers({
      id: row3!.id,
      changes: { 'beneficiary.bank_details.account_number': '23456789' },
    });
    await api.importBeneficiaries({ batch: 'Imported meanwhile' });
    await edit;
    expect((await api.getDraft({ id: row3!.id })).beneficiary?.sync_state).toBe('draft');
    expect(accountAtService(payee)).toBe('31926819');

    await api.importBeneficiaries({ batch: 'Imported meanwhile' });
    expect((await api.getDraft({ id: row3!.id })).beneficiary?.sync_state).toBe('synced');
    expect(accountAtService(payee)).toBe('23456789');
  });
});
