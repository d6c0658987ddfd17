// The payee list is read from an index kept beside the drafts (migration 007). After each kind
// of change — import, append, edit, undo, delete, a payment naming a drafted payee by id, a
// validation and a sync at the service, a payee saved here, a batch deleted — the list the desk
// answers, in every filter, is the one worked out here straight from the drafts, payees and
// batches in the outbox file: the same payees, in the same order, with the same counts.
import Database from 'better-sqlite3';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeneficiaryListItem, BeneficiaryStatus } from '../../../shared/desk/beneficiaries';
import { openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let sheets: string;
beforeAll(async () => {
  t = await openTestDesk();
  sheets = await mkdtemp(join(tmpdir(), 'payout-desk-payee-index-'));
});
afterAll(async () => {
  await t.close();
  await rm(sheets, { recursive: true, force: true });
});

const HEADER =
  'beneficiary_id,entity_type,individual_first_name,individual_last_name,company_name,country,currency,account_name,account_number,bank_code,bank_identifier_code,amount,amount_currency,amount_type,execution_date,purpose,description';

async function sheet(name: string, lines: string[]): Promise<string> {
  const file = join(sheets, name);
  await writeFile(file, [HEADER, ...lines].join('\n'));
  return file;
}

/** A payee as the list should show it, worked out from the outbox's own tables. */
interface Expected {
  id: string;
  name: string | null;
  status: string;
  batch: string | null;
  payments: number;
  search: string[];
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** SQLite compares text as UTF-8 bytes. */
const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function payeesInOutbox(): Expected[] {
  const db = new Database(join(t.dataDir, 'outbox.sqlite'), { readonly: true });
  try {
    const ready = new Set(
      db.prepare(`SELECT id FROM batches WHERE state = 'ready'`).pluck().all() as string[],
    );
    const beneficiaries = db.prepare('SELECT * FROM beneficiary_drafts').all() as {
      id: string;
      batch_id: string;
      sync_state: string;
      body_json: string;
    }[];
    const saved = db.prepare('SELECT * FROM standalone_beneficiaries').all() as {
      id: string;
      name: string | null;
      sync_state: string;
      body_json: string;
    }[];
    const payments = db
      .prepare('SELECT batch_id, beneficiary_draft_id, payee, body_json FROM payment_drafts')
      .all() as {
      batch_id: string;
      beneficiary_draft_id: string | null;
      payee: string | null;
      body_json: string;
    }[];
    const account = (body: string) =>
      String(
        (JSON.parse(body) as { bank_details?: { account_number?: string } }).bank_details
          ?.account_number ?? '',
      );
    const own = new Set([...beneficiaries.map((b) => b.id), ...saved.map((s) => s.id)]);
    const found: Expected[] = saved.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.sync_state,
      batch: null,
      payments: 0,
      search: [s.name === null ? '' : fold(s.name), account(s.body_json), s.id],
    }));
    const held = new Map<string, Expected>();
    for (const p of payments) {
      if (!ready.has(p.batch_id)) continue;
      if (p.beneficiary_draft_id !== null) {
        const b = beneficiaries.find((candidate) => candidate.id === p.beneficiary_draft_id)!;
        found.push({
          id: b.id,
          name: p.payee,
          status: b.sync_state,
          batch: b.batch_id,
          payments: 1,
          search: [p.payee === null ? '' : fold(p.payee), account(b.body_json), b.id],
        });
        continue;
      }
      const target = (JSON.parse(p.body_json) as { target?: { id?: string } }).target?.id ?? '';
      if (target === '' || own.has(target)) continue;
      const known = held.get(`${target}/${p.batch_id}`);
      if (known) known.payments += 1;
      else {
        held.set(`${target}/${p.batch_id}`, {
          id: target,
          name: null,
          status: 'held',
          batch: p.batch_id,
          payments: 1,
          search: [target],
        });
      }
    }
    found.push(...held.values());
    const key = (payee: Expected) => fold(payee.name ?? payee.id);
    return found.sort((a, b) => bytes(key(a), key(b)) || bytes(a.id, b.id));
  } finally {
    db.close();
  }
}

type Filter = {
  batch?: string;
  status?: BeneficiaryStatus;
  saved_here?: boolean;
  search?: string;
};

/** The list a filter should give: a payee named by id in two batches is listed once in all. */
function expectedList(filter: Filter): Expected[] {
  const words = fold(filter.search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const listed = payeesInOutbox().filter(
    (payee) =>
      (filter.batch === undefined || payee.batch === filter.batch) &&
      (filter.status === undefined || payee.status === filter.status) &&
      (!filter.saved_here || (payee.batch === null && payee.status !== 'held')) &&
      words.every((word) => payee.search.some((text) => text.toLowerCase().includes(word))),
  );
  const once: Expected[] = [];
  for (const payee of listed) {
    const same = once.find((seen) => seen.id === payee.id);
    if (same) same.payments += payee.payments;
    else once.push({ ...payee });
  }
  return once;
}

const shown = (item: BeneficiaryListItem) => ({
  id: item.id,
  name: item.name,
  status: item.status,
  batch: item.batch?.id ?? null,
  payments: item.payments,
});

/** Every filter the screen offers, and pages of three, agree with the outbox. */
async function listAgreesWithOutbox(): Promise<number> {
  const { api } = t.desk;
  const batches = (await api.listBatches({})).batches.map((batch) => batch.id);
  const filters: Filter[] = [
    {},
    { saved_here: true },
    { search: 'a' },
    { search: 'EMILE' },
    { search: 'known' },
    { search: '31926819 a' },
    ...(['draft', 'invalid', 'synced', 'held'] as const).map((status) => ({ status })),
    ...batches.map((batch) => ({ batch })),
    ...batches.map((batch) => ({ batch, status: 'draft' as const })),
  ];
  for (const filter of filters) {
    const expected = expectedList(filter);
    const all = await api.listBeneficiaries({ ...filter, take: 500 });
    expect({ filter, total: all.total, rows: all.rows.map(shown) }).toEqual({
      filter,
      total: expected.length,
      rows: expected.map(({ search: _search, ...payee }) => ({
        ...payee,
        // A payee named by id shows the batch of the first payment naming it.
        batch:
          payee.status === 'held' && filter.batch === undefined ? expect.any(String) : payee.batch,
      })),
    });
    const page = await api.listBeneficiaries({ ...filter, skip: 1, take: 3 });
    expect(page.rows.map((item) => item.id)).toEqual(expected.slice(1, 4).map((p) => p.id));
    expect(page.total).toBe(expected.length);
  }
  return expectedList({}).length;
}

describe('the payee list', () => {
  it('agrees with the drafts, payees and batches after every kind of change', async () => {
    const { api } = t.desk;
    const template = await api.importSheet({
      file: 'test/fixtures/payouts-template.csv',
      batch_name: 'Template',
    });
    const known = await api.importSheet({
      file: await sheet('known.csv', [
        'b-known-1,,,,,,,,,,,10.00,,SEND,2030-01-31,SALA,One',
        'b-known-1,,,,,,,,,,,11.00,,SEND,2030-01-31,SALA,Two',
        'b-known-2,,,,,,,,,,,12.00,,SEND,2030-01-31,SALA,Three',
      ]),
      batch_name: 'Known',
    });
    await api.createBeneficiary({
      changes: {
        'beneficiary.type': 'INDIVIDUAL',
        'beneficiary.entity.individual_first_name': 'Zoë',
        'beneficiary.entity.individual_last_name': 'Ångström',
        'beneficiary.country': 'gb',
        'beneficiary.currency': 'gbp',
        'beneficiary.bank_details.account_number': '31926819',
      },
    });
    expect(await listAgreesWithOutbox()).toBe(8);

    // A new payee renamed (it moves in the order) and given another account (its search).
    const byName = async (search: string) => (await api.listBeneficiaries({ search })).rows[0]!;
    const ada = await byName('lovelace');
    await api.editBeneficiary({
      id: ada.id,
      changes: {
        'beneficiary.bank_details.account_name': 'Ørsted Ada',
        'beneficiary.bank_details.account_number': '55779911',
      },
    });
    expect((await byName('55779911')).name).toBe('Ørsted Ada');
    await listAgreesWithOutbox();

    // A payment to a payee known by id sent to another id: the first is named once fewer.
    const { rows: knownDrafts } = await api.draftWindow({ batch: known.batch_id, take: 10 });
    const three = knownDrafts.find((draft) => draft.row === 4)!;
    await api.editDraft({ id: three.id, changes: { 'target.id': 'b-known-1' } });
    await listAgreesWithOutbox();
    expect((await byName('b-known-1')).payments).toBe(3);
    await api.editDraft({ id: three.id, changes: { 'target.id': 'b-known-3' } });
    await listAgreesWithOutbox();

    // A payment naming, by id, a payee drafted in another batch: that payee stays drafted.
    const bayside = await byName('bayside');
    const later = await api.importSheet({
      file: await sheet('later.csv', [`${bayside.id},,,,,,,,,,,13.00,,SEND,2030-01-31,SALA,Four`]),
      batch_name: 'Later',
    });
    expect(await listAgreesWithOutbox()).toBe(8);
    // Its draft deleted, the payee is known by id only; the undo brings it back as drafted.
    await api.deleteDrafts({ batch: template.batch_id, selection: { ids: [bayside.draft!.id] } });
    expect((await byName(bayside.id)).status).toBe('held');
    await listAgreesWithOutbox();
    await api.undo({ batch: template.batch_id });
    expect((await byName(bayside.id)).status).toBe('draft');
    await listAgreesWithOutbox();
    // An undo of an edit puts the old name back in its place.
    await api.undo({ batch: template.batch_id });
    expect((await byName('lovelace')).name).toBe('Ada Lovelace');
    await listAgreesWithOutbox();

    // A sheet added below the batch's rows: its payees join the batch.
    await api.importSheet({
      file: await sheet('more.csv', [
        ',INDIVIDUAL,Grace,Hopper,,GB,GBP,Grace Hopper,31926819,601613,,75.00,,SEND,2030-01-31,SALA,Extra',
      ]),
      append_to: template.batch_id,
    });
    expect(await listAgreesWithOutbox()).toBe(9);

    // The service's findings and its sync change statuses; the list's filters follow.
    await api.validateBeneficiaries({ batch: template.batch_id });
    await listAgreesWithOutbox();
    await api.approve({ batch: template.batch_id, selection: { filter: {} } });
    expect((await api.sync({ batch: template.batch_id })).state).toBe('done');
    expect((await api.listBeneficiaries({ status: 'synced' })).total).toBeGreaterThan(0);
    await listAgreesWithOutbox();

    // Batches deleted: their payees leave the list, and one named elsewhere by id stays.
    await api.deleteBatch({ batch: known.batch_id });
    await listAgreesWithOutbox();
    await api.deleteBatch({ batch: later.batch_id });
    expect(await listAgreesWithOutbox()).toBe(7);
  });
});
