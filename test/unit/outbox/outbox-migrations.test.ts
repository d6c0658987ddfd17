import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openOutboxDatabase, OutboxTooNewError } from '../../../electron/core/outbox';
import { MIGRATIONS } from '../../../electron/core/outbox/migrations';

let dir: string;

/** Batch b1, as every version of the outbox holds it. */
function insertBatch(db: Database.Database): void {
  db.prepare(
    `INSERT INTO batches (id, name, profile, created_at) VALUES ('b1', 'November', 'local', 'now')`,
  ).run();
}

/** Batch b1 with one empty draft, p1. */
function insertBatchWithDraft(db: Database.Database): void {
  insertBatch(db);
  db.prepare(
    `INSERT INTO payment_drafts (id, correlation_id, batch_id, body_json, created_at, updated_at)
     VALUES ('p1', 'pd-p1', 'b1', '{}', 'now', 'now')`,
  ).run();
}
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-outbox-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('outbox migrations', () => {
  it('are an ordered list without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('001 makes a database that keeps batches and drafts across a reopen', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 0)); // the version before: an empty file
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    migrate(db, MIGRATIONS.slice(0, 1));
    insertBatchWithDraft(db);
    db.close();
    const reopened = openOutboxDatabase(dir);
    expect(
      reopened.prepare('SELECT state FROM payment_drafts WHERE id = ?').pluck().get('p1'),
    ).toBe('draft');
    expect(reopened.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    reopened.close();
  });

  it('002 keeps the drafts of version 1 and adds their sheet source and duplicate key', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 1));
    insertBatch(db);
    db.prepare(
      `INSERT INTO payment_drafts (id, correlation_id, batch_id, source_row, body_json, created_at, updated_at)
       VALUES ('p1', 'pd-p1', 'b1', 7, '{"amount":{"amount":12.5}}', 'now', 'now')`,
    ).run();
    migrate(db, MIGRATIONS.slice(0, 2));
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT * FROM payment_drafts WHERE id = ?').get('p1')).toMatchObject({
      source_row: 7,
      body_json: '{"amount":{"amount":12.5}}',
      source_json: null,
      duplicate_key: null,
    });
    db.prepare(
      `UPDATE payment_drafts SET duplicate_key = 'k', source_json = '[]' WHERE id = 'p1'`,
    ).run();
    db.prepare(`UPDATE batches SET source_json = '{"sheet":"Payroll"}' WHERE id = 'b1'`).run();
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM payment_drafts WHERE duplicate_key = 'k'`)
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('payment_drafts_by_duplicate_key');
    expect(db.prepare(`SELECT source_json FROM batches`).pluck().get()).toBe('{"sheet":"Payroll"}');
    db.close();
  });

  it('003 gives each duplicate key of version 2 the currency its amount is in', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 2));
    db.prepare(
      `INSERT INTO batches (id, name, profile, wallet_currency, created_at)
       VALUES ('b1', 'November', 'local', 'EUR', 'now'), ('b2', 'No wallet', 'local', NULL, 'now')`,
    ).run();
    db.prepare(
      `INSERT INTO beneficiary_drafts (id, batch_id, body_json, created_at, updated_at)
       VALUES ('n1', 'b1', '{"currency":"GBP"}', 'now', 'now')`,
    ).run();
    const draft = db.prepare(
      `INSERT INTO payment_drafts (id, correlation_id, batch_id, beneficiary_draft_id, body_json,
         duplicate_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'now', 'now')`,
    );
    const rows: [string, string, string | null, object, string | null][] = [
      // SEND without a currency of its own: the wallet's.
      ['send', 'b1', 'n1', { amount: { type: 'SEND', amount: 100 } }, 'DE::DE89|100000|2030-01-31'],
      // A currency of its own, unlike the wallet's.
      [
        'usd',
        'b1',
        'n1',
        { amount: { type: 'SEND', amount: 100, currency: 'USD' } },
        'DE::DE89|100000|2030-01-31',
      ],
      // LAND: the account's.
      ['land', 'b1', 'n1', { amount: { type: 'LAND', amount: 100 } }, 'DE::DE89|100000|2030-01-31'],
      // Nothing says which: none.
      ['none', 'b2', null, { amount: { type: 'SEND', amount: 100 } }, 'c-1|100000|2030-01-31'],
      // No key (a row without an account): still none.
      ['nokey', 'b1', null, { amount: { type: 'SEND', amount: 100 } }, null],
    ];
    for (const [id, batch, beneficiary, body, key] of rows) {
      draft.run(id, `pd-${id}`, batch, beneficiary, JSON.stringify(body), key);
    }
    migrate(db, MIGRATIONS.slice(0, 3));
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    const keys = db.prepare('SELECT id, duplicate_key FROM payment_drafts ORDER BY rowid').all();
    expect(keys).toEqual([
      { id: 'send', duplicate_key: 'DE::DE89|100000|2030-01-31|EUR' },
      { id: 'usd', duplicate_key: 'DE::DE89|100000|2030-01-31|USD' },
      { id: 'land', duplicate_key: 'DE::DE89|100000|2030-01-31|GBP' },
      { id: 'none', duplicate_key: 'c-1|100000|2030-01-31|' },
      { id: 'nokey', duplicate_key: null },
    ]);
    db.close();
  });

  it('004 gives the drafts of version 3 the columns windows and counts read, worked out from their JSON', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 3));
    db.prepare(
      `INSERT INTO batches (id, name, profile, wallet_currency, created_at)
       VALUES ('b1', 'November', 'local', 'GBP', 'now')`,
    ).run();
    db.prepare(
      `INSERT INTO beneficiary_drafts (id, batch_id, body_json, created_at, updated_at)
       VALUES ('n1', 'b1', ?, 'now', 'now')`,
    ).run(
      JSON.stringify({
        type: 'INDIVIDUAL',
        country: 'FR',
        currency: 'EUR',
        entity: {},
        bank_details: { account_name: 'Émile Zola', account_number: 'FR1420041010050500013M02606' },
      }),
    );
    const draft = db.prepare(
      `INSERT INTO payment_drafts (id, correlation_id, batch_id, source_row, beneficiary_draft_id,
         body_json, issues_json, created_at, updated_at) VALUES (?, ?, 'b1', ?, ?, ?, ?, 'now', 'now')`,
    );
    draft.run(
      'land',
      'pd-land',
      2,
      'n1',
      JSON.stringify({
        amount: { type: 'LAND', amount: 123456789012.345 },
        execution: { date: '2030-01-31T09:00:00Z' },
        target: { type: 'contact', id: 'n1' },
        description: 'Salaire janvier',
      }),
      JSON.stringify([
        { field: 'duplicate', message: 'same account…', severity: 'warning' },
        { field: 'execution.date', message: 'in the past', severity: 'warning' },
      ]),
    );
    // A body an older app kept without an amount or a date: no columns, and no failure.
    draft.run(
      'bare',
      'pd-bare',
      3,
      null,
      '{}',
      JSON.stringify([{ field: 'amount.amount', message: 'missing', severity: 'error' }]),
    );
    migrate(db, MIGRATIONS.slice(0, 4));
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    const rows = db
      .prepare(
        `SELECT id, error_count, warning_count, amount_milli, amount_currency, payee,
           execution_date, search_text, service_approved FROM payment_drafts ORDER BY source_row`,
      )
      .safeIntegers(true)
      .all();
    expect(rows).toEqual([
      {
        id: 'land',
        error_count: 0n,
        warning_count: 2n,
        amount_milli: 123456789012345n,
        amount_currency: 'EUR',
        payee: 'Émile Zola',
        execution_date: '2030-01-31',
        search_text: 'émile zola fr1420041010050500013m02606 salaire janvier',
        service_approved: null,
      },
      {
        id: 'bare',
        error_count: 1n,
        warning_count: 0n,
        amount_milli: null,
        amount_currency: null,
        payee: null,
        execution_date: null,
        search_text: '',
        service_approved: null,
      },
    ]);
    expect(db.prepare('SELECT state, service_approval FROM batches').get()).toEqual({
      state: 'ready',
      service_approval: 'for_approval',
    });
    // Counts and totals are read from one index alone, which stands in for the index by state.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT state, amount_currency, COUNT(*), SUM(error_count > 0),
           SUM(amount_milli) FROM payment_drafts WHERE batch_id = 'b1' GROUP BY state, amount_currency`,
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain(
      'COVERING INDEX payment_drafts_figures',
    );
    expect(
      db.prepare(`SELECT name FROM sqlite_master WHERE name = 'payment_drafts_by_state'`).get(),
    ).toBeUndefined();
    db.close();
  });

  it('005 indexes by chunk only the drafts that have one, and lookups by chunk still use it', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 4));
    insertBatch(db);
    const draft = db.prepare(
      `INSERT INTO payment_drafts (id, correlation_id, batch_id, body_json, chunk_id, created_at,
         updated_at) VALUES (?, ?, 'b1', '{}', ?, 'now', 'now')`,
    );
    draft.run('sent', 'pd-sent', 'c1');
    draft.run('unsent', 'pd-unsent', null);
    migrate(db, MIGRATIONS.slice(0, 5));
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    const byChunk = 'SELECT id FROM payment_drafts WHERE chunk_id = ?';
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${byChunk}`).all('c1') as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('payment_drafts_by_chunk');
    expect(db.prepare(byChunk).pluck().all('c1')).toEqual(['sent']);
    // The index leaves out the drafts without a chunk.
    const index = db
      .prepare(`SELECT sql FROM sqlite_master WHERE name = 'payment_drafts_by_chunk'`)
      .pluck()
      .get();
    expect(index).toMatch(/WHERE chunk_id IS NOT NULL$/);
    expect(db.prepare('SELECT COUNT(*) FROM payment_drafts').pluck().get()).toBe(2);
    db.close();
  });

  it('006 keeps the drafts of version 5 and adds payees saved without a payment', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 5));
    insertBatchWithDraft(db);
    migrate(db, MIGRATIONS.slice(0, 6));
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    expect(db.prepare('SELECT COUNT(*) FROM payment_drafts').pluck().get()).toBe(1);
    const insert = db.prepare(
      `INSERT INTO standalone_beneficiaries (id, body_json, name, sync_state, created_at, updated_at)
       VALUES (?, '{}', 'Mary Seacole', ?, 'now', 'now')`,
    );
    insert.run('s1', 'draft');
    expect(db.prepare('SELECT * FROM standalone_beneficiaries').get()).toMatchObject({
      id: 's1',
      issues_json: '[]',
      sync_state: 'draft',
      remote_status: null,
    });
    // Only the states a payee of its own can be in: it is never `held`.
    expect(() => insert.run('s2', 'held')).toThrow(/CHECK/);
    db.close();
  });

  it('008 indexes every foreign key, so that deleting a referenced row never scans a table', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, 7));
    insertBatch(db);
    db.prepare(
      `INSERT INTO beneficiary_drafts (id, batch_id, body_json, created_at, updated_at)
       VALUES ('n1', 'b1', '{}', 'now', 'now')`,
    ).run();
    db.prepare(
      `INSERT INTO payment_drafts (id, correlation_id, batch_id, beneficiary_draft_id, body_json,
         created_at, updated_at) VALUES ('p1', 'pd-p1', 'b1', 'n1', '{}', 'now', 'now')`,
    ).run();
    migrate(db, MIGRATIONS.slice(0, 8));
    expect(db.pragma('user_version', { simple: true })).toBe(8);
    // SQLite looks for the rows still referencing a deleted one as this query does.
    const referencing = 'SELECT id FROM payment_drafts WHERE beneficiary_draft_id = ?';
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${referencing}`).all('n1') as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('payment_drafts_by_beneficiary');
    expect(db.prepare(referencing).pluck().all('n1')).toEqual(['p1']);
    // The payee is still protected: it cannot go while its payment names it.
    expect(() => db.prepare(`DELETE FROM beneficiary_drafts WHERE id = 'n1'`).run()).toThrow(
      /FOREIGN KEY/,
    );
    // Every referencing column, in every table, leads an index (or is the primary key).
    const unindexed: string[] = [];
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const keys = db.pragma(`foreign_key_list("${table}")`) as { from: string; table: string }[];
      const leading = new Set(
        (db.pragma(`index_list("${table}")`) as { name: string }[]).map(
          (index) => (db.pragma(`index_info("${index.name}")`) as { name: string }[])[0]?.name,
        ),
      );
      for (const key of keys) {
        if (!leading.has(key.from)) unindexed.push(`${table}.${key.from} -> ${key.table}`);
      }
    }
    expect(unindexed).toEqual([]);
    db.close();
  });

  it("009 finds an undo step by its operation, not by reading the batch's whole journal", () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 8));
    insertBatch(db);
    const entry = db.prepare(
      `INSERT INTO draft_edits (op_id, batch_id, draft_id, kind, label, before_json, at)
       VALUES (?, 'b1', ?, 'edit', 'an edit', '{}', 'now')`,
    );
    entry.run('older', 'p1');
    entry.run('newer', 'p1');
    migrate(db, MIGRATIONS.slice(0, 9));
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    const step = `SELECT seq FROM draft_edits
      WHERE batch_id = 'b1' AND op_id = ? AND seq BETWEEN ? AND ?`;
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${step}`).all('newer', 0, 9) as {
      detail: string;
    }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain(
      'draft_edits_by_operation (batch_id=? AND op_id=? AND seq>? AND seq<?)',
    );
    expect(db.prepare(step).pluck().all('newer', 0, 9)).toEqual([2]);
    db.close();
  });

  it('011 keeps the journal of version 10, takes an added sheet into it, and finds a step as fast', () => {
    const db = new Database(join(dir, 'outbox.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 10));
    insertBatch(db);
    const entry = (kind: string) =>
      db
        .prepare(
          `INSERT INTO draft_edits (op_id, batch_id, draft_id, kind, label, before_json, at)
           VALUES ('op', 'b1', 'p1', ?, 'a change', '{}', 'now')`,
        )
        .run(kind);
    entry('edit');
    expect(() => entry('append')).toThrow(/CHECK constraint/);
    migrate(db, MIGRATIONS.slice(0, 11));
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    entry('append');
    expect(db.prepare('SELECT seq, kind FROM draft_edits ORDER BY seq').all()).toEqual([
      { seq: 1, kind: 'edit' },
      { seq: 2, kind: 'append' },
    ]);
    expect(() => entry('rename')).toThrow(/CHECK constraint/);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT seq FROM draft_edits
         WHERE batch_id = 'b1' AND op_id = ? AND seq BETWEEN ? AND ?`,
      )
      .all('op', 0, 9) as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain('draft_edits_by_operation');
    // The journal goes with its batch still.
    db.pragma('foreign_keys = ON');
    db.prepare(`DELETE FROM batches WHERE id = 'b1'`).run();
    expect(db.prepare('SELECT count(*) FROM draft_edits').pluck().get()).toBe(0);
    db.close();
  });

  it('open the file with WAL, synchronous=FULL and foreign keys', () => {
    const db = openOutboxDatabase(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('refuse an outbox written by a newer app, and leave it untouched', async () => {
    const future = new Database(join(dir, 'outbox.sqlite'));
    future.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    future.close();
    const before = await readFile(join(dir, 'outbox.sqlite'));
    expect(() => openOutboxDatabase(dir)).toThrow(OutboxTooNewError);
    expect(() => openOutboxDatabase(dir)).toThrow(/newer Payout Desk.*update the app/);
    expect(await readFile(join(dir, 'outbox.sqlite'))).toEqual(before);
  });
});
