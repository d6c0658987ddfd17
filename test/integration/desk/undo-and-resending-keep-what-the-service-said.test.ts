// What the service said stays true through the desk's own changes: undo puts back only drafts
// not sent since their edit (a failed payment keeps its failure, and is sent again only by a
// retry or a fix), a payee the undone edit did not change keeps the service's verdict, and a
// payment the service accepts in the end no longer shows its earlier refusal, and a payee it
// refused keeps that refusal on its payment when an edit that left the payee alone is undone.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftIssue } from '../../../shared/domain/draft';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

/** A payee the service does not know: its payment fails. */
const GHOST = '7b0c1a57-0000-4000-8000-00000000beef';
const HEADER =
  'beneficiary_id,entity_type,individual_first_name,individual_last_name,company_name,country,currency,account_name,account_number,bank_code,bank_identifier_code,amount,amount_currency,amount_type,execution_date,purpose,description';
const ALAN =
  ',INDIVIDUAL,Alan,Turing,,GB,GBP,Alan Turing,31926819,601613,,60.00,,SEND,2030-01-31,SALA,Fine';
const TO_GHOST = `${GHOST},,,,,,,,,,,80.00,GBP,SEND,2030-01-31,SALA,To nobody`;

const rowsOf = async (batch: string) =>
  (await t.desk.api.draftWindow({ batch, sort: { by: 'row' } })).rows;

describe('a payment the service refused', () => {
  it('is not put back by undoing an edit made before it was sent', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'failing.csv');
    await writeFile(file, `${HEADER}\r\n${ALAN}\r\n${TO_GHOST}\r\n`);
    await api.importSheet({ file, batch_name: 'Failing' });
    const [, toGhost] = await rowsOf('Failing');
    await api.editDraft({ id: toGhost!.id, changes: { description: 'To nobody, checked' } });
    await api.approve({ batch: 'Failing', selection: { filter: {} } });
    await api.sync({ batch: 'Failing' });
    const failed = await api.getDraft({ id: toGhost!.id });
    expect(failed.state).toBe('failed');
    expect(failed.error).not.toBeNull();

    expect(await api.undo({ batch: 'Failing' })).toMatchObject({
      // Nothing was put back, and the answer says so rather than "undid".
      undone: 'nothing: the edit of row 3 changed a draft sent since, left as it is',
      drafts: 0,
    });
    expect(await api.getDraft({ id: toGhost!.id })).toMatchObject({
      state: 'failed',
      error: failed.error,
      payment: { description: 'To nobody, checked' },
    });
  });

  it('shows no refusal once it is fixed, sent again and accepted', async () => {
    const { api } = t.desk;
    const [alan, toGhost] = await rowsOf('Failing');
    await api.editDraft({ id: toGhost!.id, changes: { 'target.id': alan!.beneficiary!.id } });
    await api.approve({ batch: 'Failing', selection: { ids: [toGhost!.id] } });
    await api.sync({ batch: 'Failing' });
    expect(await api.getDraft({ id: toGhost!.id })).toMatchObject({
      state: 'accepted',
      error: null,
    });
  });
});

describe('a payment already sent, named by its sheet row', () => {
  it('is refused by an approval or an unapproval, which says why, as by its id', async () => {
    const { api } = t.desk;
    // Row 2 of 'Failing' was accepted by the service.
    const approval = await api.approve({ batch: 'Failing', selection: { rows: [2] } });
    expect(approval).toMatchObject({ approved: 0, refused_total: 1, refused_for: { state: 1 } });
    expect(approval.refused[0]).toMatchObject({
      row: 2,
      reason: expect.stringContaining('accepted'),
    });
    expect(await api.unapprove({ batch: 'Failing', selection: { rows: [2] } })).toMatchObject({
      unapproved: 0,
      refused_total: 1,
    });
  });
});

describe('undoing an edit of a payment alone', () => {
  it('leaves the service’s verdict on its payee; undoing a change to the payee asks again', async () => {
    const { api } = t.desk;
    // Row 2's payee lacks its sort code: the service finds it invalid.
    await api.importSheet({
      file: 'test/fixtures/payouts-remote-issue.csv',
      batch_name: 'Judged',
    });
    const [row2] = await rowsOf('Judged');
    await api.editDraft({ id: row2!.id, changes: { 'execution.date': '2030-02-28' } });
    await api.validateBeneficiaries({ batch: 'Judged' });
    await api.undo({ batch: 'Judged' });
    const undone = await api.getDraft({ id: row2!.id });
    expect(undone.payment.execution.date).toMatch(/^2030-01-31/);
    expect(undone.beneficiary?.sync_state).toBe('invalid');
    const listed = await api.listBeneficiaries({ batch: 'Judged', status: 'invalid' });
    expect(listed.rows.map((payee) => payee.id)).toEqual([row2!.beneficiary!.id]);

    await api.editDraft({
      id: row2!.id,
      changes: { 'beneficiary.bank_details.bank_code': '601613' },
    });
    await api.validateBeneficiaries({ batch: 'Judged' });
    await api.undo({ batch: 'Judged' });
    // The details the service judged are gone again: a draft, to be judged anew.
    expect((await api.getDraft({ id: row2!.id })).beneficiary).toMatchObject({
      sync_state: 'draft',
      body: { bank_details: { account_number: '31926819' } },
    });
  });
});

describe('a payee the service refused', () => {
  it('keeps the refusal on its payment through an undo of an edit that left the payee as it was', async () => {
    const { api } = t.desk;
    // Row 2's UK account has no sort code: the service refuses the payee. (The sheet was
    // imported before, so its rows are also warned of as possible duplicates.)
    await api.importSheet({
      file: 'test/fixtures/payouts-remote-issue.csv',
      batch_name: 'Refused payee',
    });
    const [row2] = await rowsOf('Refused payee');
    const approval = { batch: 'Refused payee', include_warnings: true };
    expect(await api.approve({ ...approval, selection: { ids: [row2!.id] } })).toMatchObject({
      approved: 1,
    });
    await api.editDraft({ id: row2!.id, changes: { description: 'Checked twice' } });
    await api.validateBeneficiaries({ batch: 'Refused payee' });
    const fromService = (issues: DraftIssue[]) => issues.filter((i) => i.source === 'service');
    const refusal = fromService((await api.getDraft({ id: row2!.id })).issues);
    expect(refusal).toEqual([expect.objectContaining({ severity: 'error' })]);

    // The edit is undone: its description comes back, the service's word stays, and with it
    // the draft stays out of approval.
    await api.undo({ batch: 'Refused payee' });
    const undone = await api.getDraft({ id: row2!.id });
    expect(undone.payment.description).not.toBe('Checked twice');
    expect(undone.beneficiary?.sync_state).toBe('invalid');
    expect(fromService(undone.issues)).toEqual(refusal);
    expect(undone.state).toBe('draft');
    expect(await api.approve({ ...approval, selection: { filter: {} } })).toMatchObject({
      approved: 1,
      refused_for: { errors: 1 },
    });
  });
});

describe('a draft put back by an undo', () => {
  it('is warned of a duplicate made meanwhile, and is not approved unseen', async () => {
    const { api } = t.desk;
    const sheet = async (name: string, amount: string) => {
      const file = join(t.dataDir, `${name}.csv`);
      await writeFile(file, `${HEADER}\r\n${ALAN.replace('60.00', amount)}\r\n`);
      await api.importSheet({ file, batch_name: name });
      const [draft] = await rowsOf(name);
      return draft!;
    };
    const first = await sheet('Twice A', '75.00');
    const second = await sheet('Twice B', '76.00');
    await api.editDraft({ id: second.id, changes: { 'amount.amount': '77.00' } });
    await api.approve({ batch: 'Twice B', selection: { filter: {} } });
    // 'Twice A' now pays what 'Twice B' paid before its edit: no duplicate at this moment.
    const edited = await api.editDraft({ id: first.id, changes: { 'amount.amount': '76.00' } });
    expect(edited.issues).toEqual([]);

    await api.undo({ batch: 'Twice B' });
    const undone = await api.getDraft({ id: second.id });
    expect(undone.payment.amount.amount).toBe(76);
    expect(undone.state).toBe('draft');
    expect(undone.issues).toEqual([
      expect.objectContaining({ field: 'duplicate', severity: 'warning' }),
    ]);
    expect(await api.approve({ batch: 'Twice B', selection: { filter: {} } })).toMatchObject({
      approved: 0,
      refused_for: { warnings: 1 },
    });
  });
});
