// The sandbox's storage: one SQLite file in the data folder. Migrations are an ordered list
// tracked in PRAGMA user_version; a database written by a newer sandbox is refused.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SCHEMA_MIGRATIONS } from './schema';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  const db = new Database(join(dataDir, 'sandbox.sqlite'));
  db.pragma('journal_mode = WAL');
  // A test double of a service, not a ledger: a killed or restarted sandbox loses nothing
  // (committed pages are with the OS), only a power cut could. OFF lets bulk imports reach
  // the throughput the benchmark asks for; the app's own outbox runs synchronous=FULL.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -131072'); // 128 MiB: 100,000 random UUID keys stay in memory
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_MIGRATIONS.length) {
    throw new Error(
      `the sandbox database is at version ${current}, newer than this sandbox (${SCHEMA_MIGRATIONS.length}); start it with another --data folder`,
    );
  }
  db.transaction(() => {
    SCHEMA_MIGRATIONS.slice(current).forEach((sql) => db.exec(sql));
    db.pragma(`user_version = ${SCHEMA_MIGRATIONS.length}`);
  })();
}

export function readMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** JSON columns: objects in, objects out. */
export const toJson = (value: unknown): string => JSON.stringify(value ?? null);
export const fromJson = <T>(text: string | null): T =>
  (text === null ? null : JSON.parse(text)) as T;
