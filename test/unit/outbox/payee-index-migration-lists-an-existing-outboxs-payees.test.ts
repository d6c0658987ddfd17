// Migration 007 on an outbox of version 6 with payees in it: each payee the list showed before
// gets its entry in the payee index (drafted, named by id in each batch that names it, saved
// here), a batch still being imported none until it becomes ready, and the list reads its
// order, filters and count from the index without sorting.
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrate } from '../../../electron/core/outbox';
import { BeneficiaryQueries } from '../../../electron/core/outbox/beneficiary-queries';
import { DraftRepository } from '../../../electron/core/outbox/draft-repository';
import type { NewPaymentDraft } from '../../../electron/core/outbox/draft-types';
import { MIGRATIONS } from '../../../electron/core/outbox/migrations';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-outbox-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** An outbox of version 6: two ready batches, one being imported, and a payee saved here. */
function version6(): Database.Database {
  const db = new Database(join(dir, 'outbox.sqlite'));
  migrate(db, MIGRATIONS.slice(0, 6));
  db.exec(`
    INSERT INTO batches (id, name, profile, created_at, state) VALUES
      ('b1', 'November', 'local', 'now', 'ready'), ('b2', 'December', 'local', 'now', 'ready'),
      ('b3', 'January', 'local', 'now', 'importing');
    INSERT INTO standalone_beneficiaries (id, body_json, name, created_at, updated_at)
      VALUES ('s1', '{"bank_details":{"account_number":"31926819"}}', 'Mary Seacole', 'now', 'now');
  `);
  const beneficiary = db.prepare(
    `INSERT INTO beneficiary_drafts (id, batch_id, body_json, sync_state, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'now', 'now')`,
  );
  beneficiary.run('n1', 'b1', '{"bank_details":{"account_number":"FR1420041"}}', 'synced');
  beneficiary.run('n2', 'b1', '{"bank_details":{"account_number":"55779911"}}', 'draft');
  beneficiary.run('n3', 'b3', '{}', 'draft');
  const payment = db.prepare(
    `INSERT INTO payment_drafts (id, correlation_id, batch_id, beneficiary_draft_id, payee,
       body_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'now', 'now')`,
  );
  const to = (target: string) => JSON.stringify({ target: { type: 'contact', id: target } });
  const rows: [string, string, string | null, string | null, string][] = [
    ['p1', 'b1', 'n1', 'Émile Zola', to('n1')],
    ['p2', 'b1', 'n2', 'Ada Lovelace', to('n2')],
    // Named by id only: h-1 in both ready batches, h-2 in one.
    ['p3', 'b1', null, null, to('h-1')],
    ['p4', 'b2', null, null, to('h-1')],
    ['p5', 'b2', null, null, to('h-2')],
    ['p6', 'b2', null, null, to('h-1')],
    // Ids the outbox has payees of its own for: listed as those, not again by id.
    ['p7', 'b2', null, null, to('s1')],
    ['p8', 'b2', null, null, to('n2')],
    // A payment without a payee yet.
    ['p9', 'b2', null, null, to('')],
    // The batch being imported.
    ['p10', 'b3', 'n3', 'Zed Zander', to('n3')],
    ['p11', 'b3', null, null, to('h-3')],
  ];
  for (const [id, batch, newPayee, payee, body] of rows) {
    payment.run(id, `pd-${id}`, batch, newPayee, payee, body);
  }
  return db;
}

it('007 gives each payee an outbox of version 6 lists its entry in the payee index', () => {
  const db = version6();
  migrate(db, MIGRATIONS.slice(0, 7));
  expect(db.pragma('user_version', { simple: true })).toBe(7);
  expect(
    db.prepare('SELECT sort_key, id, batch_id, kind, status, account FROM payee_index').all(),
  ).toEqual([
    {
      sort_key: 'ada lovelace',
      id: 'n2',
      batch_id: 'b1',
      kind: 'drafted',
      status: 'draft',
      account: '55779911',
    },
    {
      sort_key: 'emile zola',
      id: 'n1',
      batch_id: 'b1',
      kind: 'drafted',
      status: 'synced',
      account: 'FR1420041',
    },
    { sort_key: 'h-1', id: 'h-1', batch_id: 'b1', kind: 'held', status: 'held', account: null },
    { sort_key: 'h-1', id: 'h-1', batch_id: 'b2', kind: 'held', status: 'held', account: null },
    { sort_key: 'h-2', id: 'h-2', batch_id: 'b2', kind: 'held', status: 'held', account: null },
    {
      sort_key: 'mary seacole',
      id: 's1',
      batch_id: '',
      kind: 'saved',
      status: 'draft',
      account: '31926819',
    },
  ]);

  const list = new BeneficiaryQueries(db);
  const all = list.window({ skip: 0, take: 50 });
  expect(all.total).toBe(5);
  expect(all.rows.map((row) => [row.name ?? row.id, row.batch_name, row.payments])).toEqual([
    ['Ada Lovelace', 'November', 1],
    ['Émile Zola', 'November', 1],
    // The first payment naming it is in November; three name it in all.
    ['h-1', 'November', 3],
    ['h-2', 'December', 1],
    ['Mary Seacole', null, 0],
  ]);
  const december = list.window({ skip: 0, take: 50, batchId: 'b2' });
  expect(december.rows.map((row) => [row.id, row.batch_name, row.payments])).toEqual([
    ['h-1', 'December', 2],
    ['h-2', 'December', 1],
  ]);
  expect(list.window({ skip: 1, take: 2, search: 'EMILE' })).toMatchObject({ total: 1, rows: [] });
  expect(list.window({ skip: 0, take: 2, status: 'synced' }).rows.map((row) => row.id)).toEqual([
    'n1',
  ]);

  // The batch being imported comes in whole when it becomes ready.
  db.prepare(`UPDATE batches SET state = 'ready' WHERE id = 'b3'`).run();
  expect(list.window({ skip: 0, take: 50, batchId: 'b3' }).rows.map((row) => row.id)).toEqual([
    'h-3',
    'n3',
  ]);
  expect(list.window({ skip: 0, take: 50 }).total).toBe(7);

  // Drafts written straight into a ready batch list their payees too (no trigger does it).
  const payment = (target: string) => ({
    source: { id: 'w' },
    target: { type: 'contact', id: target },
    amount: { type: 'SEND', amount: 5 },
    execution: { date: '2030-01-31' },
  });
  new DraftRepository(db).create('b2', [
    { payment: payment('h-4') } as NewPaymentDraft,
    {
      payment: payment(''),
      beneficiary: { bank_details: { account_name: 'Ørsted Ada' } },
    } as unknown as NewPaymentDraft,
  ]);
  expect(
    list.window({ skip: 0, take: 50, batchId: 'b2' }).rows.map((row) => row.name ?? row.id),
  ).toEqual(['h-1', 'h-2', 'h-4', 'Ørsted Ada']);
  db.close();
});

it('007 has the list read a page in the index order, never sorting the payees', () => {
  const db = version6();
  migrate(db, MIGRATIONS.slice(0, 7));
  const plan = (sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
      .map((step) => step.detail)
      .join(' | ');
  // As beneficiary-queries.ts asks for a page and a count: across batches a payee named by id
  // in two batches is one; in a batch each payee has one entry.
  const page = (where: string, once: string) =>
    `SELECT id, kind FROM payee_index WHERE ${where} ${once} ORDER BY sort_key, id LIMIT 50 OFFSET 50`;
  const count = (where: string, once: string) =>
    `SELECT COUNT(*) FROM (SELECT 1 FROM payee_index WHERE ${where} ${once})`;
  for (const where of [
    '1',
    `status = 'draft'`,
    `(sort_key LIKE '%a%' OR account LIKE '%a%' OR id LIKE '%a%')`,
    `batch_id = 'b1'`,
    `batch_id = 'b1' AND status = 'invalid'`,
  ]) {
    const once = where.startsWith('batch_id') ? '' : 'GROUP BY sort_key, id';
    expect(plan(page(where, once))).toBe('SCAN payee_index');
    expect(plan(count(where, once))).not.toContain('TEMP B-TREE');
  }
  db.close();
});
