// The outbox database: one SQLite file in the data folder. WAL with synchronous=FULL: with
// NORMAL a power cut can roll back the last commits, and a draft the user saw saved must
// survive one (DESIGN.md). Migrations run on open, all pending ones in one transaction.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';
import { ensureOwnerOnlyFolder, restrictToOwner } from './owner-only';
import { registerPayeeFold } from './payee-fold';

export type Db = Database.Database;

export class OutboxTooNewError extends Error {
  readonly code = 'outbox_too_new';
}

export function openOutboxDatabase(
  dataDir: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Db {
  ensureOwnerOnlyFolder(dataDir);
  const file = join(dataDir, 'outbox.sqlite');
  const db = new Database(file);
  try {
    // SQLite gives the -wal and -shm files it creates the database file's mode; ones an older
    // version left open are tightened after the WAL pragma below.
    restrictToOwner([file]);
    refuseNewer(db, migrations); // before any pragma writes to the file: a newer app's outbox stays untouched
    db.pragma('journal_mode = WAL');
    restrictToOwner([`${file}-wal`, `${file}-shm`]);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000'); // another process (a CLI sync beside the app) may hold the write lock
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `outbox migration ${migration.name} is numbered ${migration.version}, expected ${index + 1}`,
      );
    }
  });
  const current = refuseNewer(db, migrations);
  // The payee index's triggers (migration 007) call it on every write of a draft or payee.
  registerPayeeFold(db);
  if (current === migrations.length) return;
  db.transaction(() => {
    for (const migration of migrations.slice(current)) migration.up(db);
    db.pragma(`user_version = ${migrations.length}`);
  })();
}

function refuseNewer(db: Db, migrations: readonly Migration[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new OutboxTooNewError(
      `this outbox was written by a newer Payout Desk (schema version ${current}, this app knows ${migrations.length}); update the app — the file was left untouched`,
    );
  }
  return current;
}

/**
 * Runs `write` in a transaction committed without waiting for the disk (synchronous=NORMAL),
 * for writes whose loss to a power cut the next start repairs (an import's chunks, the steps
 * of a deletion: their batch is not `ready` yet or any more, and is deleted whole then).
 * `checkpointPages`, when given, lets the WAL grow to that many 4 KB pages before a commit
 * folds it back. Both settings are set back before anything else can commit.
 */
export function unsyncedTransaction<T>(
  db: Db,
  write: () => T,
  { checkpointPages }: { checkpointPages?: number } = {},
): T {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const checkpointAt = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  if (checkpointPages !== undefined) db.pragma(`wal_autocheckpoint = ${checkpointPages}`);
  try {
    return db.transaction(write)();
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`wal_autocheckpoint = ${checkpointAt}`);
  }
}

/** Folds the WAL back into the database so that it cannot grow without bound. */
export function checkpoint(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}
