import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../sandbox/store/database';
import { SCHEMA_MIGRATIONS } from '../../../sandbox/store/schema';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-sandbox-db-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the sandbox database', () => {
  it('migrates a new file to the current version and reopens it unchanged', () => {
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_MIGRATIONS.length);
    db.prepare("INSERT INTO meta (key, value) VALUES ('kept', 'yes')").run();
    db.close();
    const again = openDatabase(dir);
    expect(again.prepare("SELECT value FROM meta WHERE key = 'kept'").pluck().get()).toBe('yes');
    again.close();
  });

  it('refuses a database written by a newer sandbox, and says what to do', () => {
    const future = new Database(join(dir, 'sandbox.sqlite'));
    future.pragma(`user_version = ${SCHEMA_MIGRATIONS.length + 1}`);
    future.close();
    expect(() => openDatabase(dir)).toThrow(/newer than this sandbox.*--data/);
  });
});
