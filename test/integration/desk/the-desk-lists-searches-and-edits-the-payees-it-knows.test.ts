// The payees the outbox knows, through the desk: new ones drafted with their payments and
// those a payment names by id, counted and paged in SQL, searched, and a new payee's details
// edited onto its draft until its payment is sent, then refused with why.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let sheets: string;
beforeAll(async () => {
  t = await openTestDesk();
  sheets = await mkdtemp(join(tmpdir(), 'payout-desk-payees-'));
});
afterAll(async () => {
  await t.close();
  await rm(sheets, { recursive: true, force: true });
});

const HEADER =
  'beneficiary_id,entity_type,individual_first_name,individual_last_name,company_name,country,currency,account_name,account_number,bank_code,bank_identifier_code,amount,amount_currency,amount_type,execution_date,purpose,description';

describe('the payees the outbox knows', () => {
  it('lists, counts, pages and searches drafted payees and those named by id', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: 'test/fixtures/payouts-template.csv', batch_name: 'Template' });
    // Two payments to one payee the service holds, and one more to another: two payees.
    const held = join(sheets, 'held.csv');
    await writeFile(
      held,
      [
        HEADER,
        'b-known-1,,,,,,,,,,,10.00,,SEND,2030-01-31,SALA,One',
        'b-known-1,,,,,,,,,,,11.00,,SEND,2030-01-31,SALA,Two',
        'b-known-2,,,,,,,,,,,12.00,,SEND,2030-01-31,SALA,Three',
      ].join('\n'),
    );
    await api.importSheet({ file: held, batch_name: 'Known payees' });

    const all = await api.listBeneficiaries({});
    expect(all.total).toBe(7);
    // Sorted by name, those known by id only by their id.
    expect(all.rows.map((b) => b.name ?? b.id)).toEqual([
      'Ada Lovelace',
      'b-known-1',
      'b-known-2',
      'Bad Amount',
      'Bad Iban',
      'Bayside Analytics LLC',
      'Émile Zola',
    ]);
    const ada = all.rows[0]!;
    expect(ada).toMatchObject({
      status: 'draft',
      active: null,
      batch: { name: 'Template' },
      draft: { row: 2, state: 'draft', editable: true },
      payments: 1,
      body: { country: 'GB', currency: 'GBP', bank_details: { bank_code: '601613' } },
    });
    expect(all.rows[1]).toMatchObject({
      status: 'held',
      body: null,
      draft: null,
      payments: 2,
      batch: { name: 'Known payees' },
    });
    // The rules' findings on a payee's own fields come with it; the payment's do not.
    const badAmount = all.rows[3]!;
    expect(badAmount.issues).toEqual([]);
    const badIban = all.rows[4]!;
    expect(badIban.issues.map((i) => i.field)).toEqual(['beneficiary.bank_details.account_number']);

    const page = await api.listBeneficiaries({ skip: 2, take: 2 });
    expect(page).toMatchObject({ total: 7, skip: 2 });
    expect(page.rows.map((b) => b.name ?? b.id)).toEqual(['b-known-2', 'Bad Amount']);

    // Words in any order, found in the name, the account number or the id.
    const bySearch = async (search: string) =>
      (await api.listBeneficiaries({ search })).rows.map((b) => b.name ?? b.id);
    expect(await bySearch('ZOLA')).toEqual(['Émile Zola']);
    expect(await bySearch('emile')).toEqual(['Émile Zola']);
    expect(await bySearch('319268 bad')).toEqual(['Bad Amount']);
    expect(await bySearch('known-2')).toEqual(['b-known-2']);
    expect(await bySearch('100%')).toEqual([]);
    expect((await api.listBeneficiaries({ batch: 'Known payees' })).total).toBe(2);
  });

  it('edits a new payee onto its draft, judged by the rules, until its payment is sent', async () => {
    const { api } = t.desk;
    await api.importSheet({ file: 'test/fixtures/payouts-remote-issue.csv', batch_name: 'Remote' });
    const [grace] = (await api.listBeneficiaries({ search: 'grace' })).rows;
    // The service names what its schema misses: the sort code of a UK account.
    expect(await api.validateBeneficiaries({ batch: 'Remote' })).toEqual({
      checked: 2,
      invalid: 1,
    });
    const invalid = await api.getBeneficiary({ id: grace!.id });
    expect(invalid.status).toBe('invalid');
    expect(invalid.issues).toEqual([
      expect.objectContaining({ field: 'beneficiary.bank_details', source: 'service' }),
    ]);

    // A wrong value is kept and judged; a right one clears the service's finding too.
    const short = await api.editBeneficiary({
      id: grace!.id,
      changes: { 'beneficiary.bank_details.bank_code': '60161' },
    });
    expect(short.status).toBe('draft');
    expect(short.issues).toEqual([
      expect.objectContaining({ field: 'beneficiary.bank_details.bank_code', source: 'rules' }),
    ]);
    const fixed = await api.editBeneficiary({
      id: grace!.id,
      changes: { 'beneficiary.bank_details.bank_code': '60-16-13' },
    });
    expect(fixed.issues).toEqual([]);
    expect(fixed.body?.bank_details.bank_code).toBe('601613');
    // It is the draft's edit: the batch editor sees it, and undoes it.
    const draft = await api.getDraft({ id: fixed.draft!.id });
    expect(draft.beneficiary?.body.bank_details.bank_code).toBe('601613');
    expect((await api.undo({ batch: 'Remote' })).undone).toBe('the edit of row 2');
    expect((await api.getBeneficiary({ id: grace!.id })).body?.bank_details.bank_code).toBe(
      '60161',
    );
    await api.editBeneficiary({
      id: grace!.id,
      changes: { 'beneficiary.bank_details.bank_code': '601613' },
    });

    await api.approve({ batch: 'Remote', selection: { filter: {} } });
    const outcome = await api.sync({ batch: 'Remote' });
    expect(outcome.state).toBe('done');
    const synced = await api.getBeneficiary({ id: grace!.id });
    // The service answers a new payee as not yet active; the outbox says so.
    expect(synced).toMatchObject({ status: 'synced', active: false });
    expect(synced.draft?.editable).toBe(false);
    await expect(
      api.editBeneficiary({
        id: grace!.id,
        changes: { 'beneficiary.bank_details.account_name': 'G. Hopper' },
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('can no longer change'),
    });
    const [known] = (await api.listBeneficiaries({ search: 'b-known-1' })).rows;
    await expect(
      api.editBeneficiary({ id: known!.id, changes: { 'beneficiary.country': 'GB' } }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('at the service'),
    });
    await expect(api.getBeneficiary({ id: 'no-such-payee' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('validating a selection of payees', () => {
  it('checks only the payees chosen, and lists those found wrong with the field named', async () => {
    const { api } = t.desk;
    const file = join(sheets, 'selection.csv');
    await writeFile(
      file,
      [
        HEADER,
        ',INDIVIDUAL,Ann,Nosort,,GB,GBP,Ann Nosort,31926819,,,5.00,,SEND,2030-01-31,SALA,A',
        ',INDIVIDUAL,Bob,Nosort,,GB,GBP,Bob Nosort,31926819,,,6.00,,SEND,2030-01-31,SALA,B',
        ',INDIVIDUAL,Cy,Fine,,GB,GBP,Cy Fine,31926819,601613,,7.00,,SEND,2030-01-31,SALA,C',
      ].join('\n'),
    );
    await api.importSheet({ file, batch_name: 'Selection' });
    const payees = (await api.listBeneficiaries({ batch: 'Selection' })).rows;
    const id = (name: string) => payees.find((p) => p.name === name)!.id;
    expect(
      await api.validateBeneficiaries({
        batch: 'Selection',
        beneficiaries: [id('Ann Nosort'), id('Cy Fine')],
      }),
    ).toEqual({ checked: 2, invalid: 1 });
    const invalid = await api.listBeneficiaries({ batch: 'Selection', status: 'invalid' });
    expect(invalid.rows.map((p) => [p.name, p.issues.map((i) => [i.field, i.source])])).toEqual([
      ['Ann Nosort', [['beneficiary.bank_details', 'service']]],
    ]);
    expect(invalid.rows[0]!.issues[0]!.message).toContain('bank code (the sort code)');
    // Bob was not asked about: still only drafted, with nothing found.
    const bob = await api.getBeneficiary({ id: id('Bob Nosort') });
    expect([bob.status, bob.issues]).toEqual(['draft', []]);
  });
});
