// The data folder holds payees' bank details: on POSIX no other local user may list it or read
// the outbox, its WAL included, whatever the umask, and an older version's looser folder is
// tightened on open. (Windows is skipped: the profile folder's ACL does this there.)
import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalSandbox } from '../../../electron/core/local-sandbox';
import { Outbox } from '../../../electron/core/outbox';
import { DEMO_CREDENTIALS, startSandbox } from '../../../sandbox/sandbox';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

const newBatch = (outbox: Outbox, name: string) =>
  outbox.batches.create({
    name,
    profile: 'local',
    groupId: null,
    walletId: null,
    walletCurrency: null,
    sourceFile: null,
  });

let root: string;
let umask: number;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'payout-desk-modes-'));
  // The loosest umask: any mode that comes out tight was set, not inherited.
  umask = process.umask(0);
});
afterEach(async () => {
  process.umask(umask);
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  it('is made 0700, with the outbox and its WAL files 0600 after a write', () => {
    const dataDir = join(root, 'home', 'payout-desk');
    const outbox = Outbox.open(dataDir);
    try {
      newBatch(outbox, 'Payroll');
      expect(modeOf(dataDir)).toBe('700');
      const file = join(dataDir, 'outbox.sqlite');
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      outbox.close();
    }
    // Opened again, the WAL files SQLite makes anew take the outbox's mode.
    const again = Outbox.open(dataDir);
    try {
      newBatch(again, 'Contractors');
      const file = join(dataDir, 'outbox.sqlite');
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      again.close();
    }
  });

  it("tightens an older version's folder and files, its WAL still open", () => {
    const dataDir = join(root, 'payout-desk');
    mkdirSync(dataDir, { mode: 0o755 });
    Outbox.open(dataDir).close();
    const file = join(dataDir, 'outbox.sqlite');
    // An older version still holds the outbox, so its -wal and -shm are there, all readable.
    const older = new Database(file);
    older.pragma('journal_mode = WAL');
    older
      .prepare(
        "INSERT INTO audit_log (at, actor, action) VALUES ('2024-01-01T00:00:00Z', 'older', 'open')",
      )
      .run();
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    chmodSync(dataDir, 0o755);
    const outbox = Outbox.open(dataDir);
    try {
      expect(modeOf(dataDir)).toBe('700');
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      outbox.close();
      older.close();
    }
  });

  it('is made 0700 when the Local sandbox starts first, its own folder as it decides', async () => {
    const dataDir = join(root, 'payout-desk');
    const local = await startLocalSandbox(async (options) => {
      const sandbox = await startSandbox({ ...options, tickMs: 60_000 });
      return { ...sandbox, credentials: DEMO_CREDENTIALS };
    }, dataDir);
    try {
      expect(modeOf(dataDir)).toBe('700');
    } finally {
      await local.close();
    }
  });
});
