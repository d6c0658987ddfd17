import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import { BatchLocks, lockOwner, STALE_LOCK_MS } from '../../../electron/core/outbox/batch-lock';

let dir: string;
let outbox: Outbox;
let batchId: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-lock-'));
  outbox = Outbox.open(dir);
  batchId = outbox.batches.create({
    name: 'Locked',
    profile: 'local',
    groupId: null,
    walletId: null,
    walletCurrency: null,
    sourceFile: null,
  }).id;
});
afterEach(async () => {
  outbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('one sync per batch', () => {
  it('refuses a second holder with a message, and frees the lock on release', () => {
    expect(outbox.locks.acquire(batchId, 'first')).toEqual({ ok: true });
    const second = outbox.locks.acquire(batchId, 'second');
    expect(second).toMatchObject({
      ok: false,
      error: { code: 'batch_locked', message: expect.stringContaining('this batch is busy with') },
    });
    outbox.locks.release(batchId, 'first');
    expect(outbox.locks.acquire(batchId, 'second')).toEqual({ ok: true });
  });

  it('says a sync holds the batch only while its process lives and beats', () => {
    let now = 1_000_000;
    const alive = new Set<number>([4242]);
    const locks = new BatchLocks(
      outbox.db,
      () => now,
      (pid) => alive.has(pid),
    );
    const held = (owner: string) => {
      expect(locks.acquire(batchId, owner)).toEqual({ ok: true });
      const answer = locks.isHeldFor(batchId, 'sync');
      locks.release(batchId, owner);
      return answer;
    };
    const here = lockOwner('sync').replace(/pid \d+/, 'pid 4242');
    expect(held(here)).toBe(true);
    expect(held(lockOwner('import').replace(/pid \d+/, 'pid 4242'))).toBe(false);
    alive.delete(4242);
    expect(held(here)).toBe(false); // killed: its run ended with it
    // Elsewhere, only its heartbeat tells.
    const elsewhere = `finance-ws-07 pid 77 sync ${'0'.repeat(8)}`;
    expect(locks.acquire(batchId, elsewhere)).toEqual({ ok: true });
    expect(locks.isHeldFor(batchId, 'sync')).toBe(true);
    now += STALE_LOCK_MS + 1;
    expect(locks.isHeldFor(batchId, 'sync')).toBe(false);
  });

  it('tells a person what holds the batch and where, never the raw owner', () => {
    const locks = new BatchLocks(outbox.db, Date.now, () => true);
    const refusal = (owner: string) => {
      expect(locks.acquire(batchId, owner)).toEqual({ ok: true });
      const refused = locks.acquire(batchId, lockOwner('sync'));
      locks.release(batchId, owner);
      return refused.ok ? 'taken' : refused.error.message;
    };
    expect(refusal(lockOwner('delete_drafts'))).toMatch(
      /^this batch is busy with a deletion of rows in this app since \d{4}-\d\d-\d\dT.*; wait for it to finish$/,
    );
    expect(refusal(lockOwner('import').replace(/pid \d+/, 'pid 4242'))).toContain(
      'busy with an import in another Payout Desk on this computer (process 4242) since',
    );
    expect(refusal(`finance-ws-07 pid 77 sync ${'0'.repeat(8)}`)).toContain(
      'busy with a sync in Payout Desk on finance-ws-07 since',
    );
    // A lock an older version took names no work.
    expect(refusal(`${hostname()} pid 4242 1a2b3c4d`)).toContain(
      'busy with work in another Payout Desk on this computer (process 4242)',
    );
  });

  it('lets a lock whose holder stopped beating be taken over', () => {
    let now = 1_000_000;
    const locks = new BatchLocks(outbox.db, () => now);
    expect(locks.acquire(batchId, 'crashed')).toEqual({ ok: true });
    now += STALE_LOCK_MS - 1;
    expect(locks.acquire(batchId, 'next').ok).toBe(false);
    now += 2;
    expect(locks.acquire(batchId, 'next')).toEqual({ ok: true });
  });

  it('lets a lock whose holder process is gone be taken over at once', () => {
    const locks = new BatchLocks(outbox.db, Date.now, (pid) => pid !== 4242);
    expect(locks.acquire(batchId, lockOwner('sync').replace(/pid \d+/, 'pid 4242'))).toEqual({
      ok: true,
    });
    expect(locks.acquire(batchId, lockOwner('sync'))).toEqual({ ok: true });
    expect(locks.acquire(batchId, lockOwner('import')).ok).toBe(false); // this process is alive
  });

  it('lets exactly one of many processes racing for it win', async () => {
    const script = `
      import { Outbox } from './electron/core/outbox/index.ts';
      const outbox = Outbox.open(process.env.OUTBOX_DIR);
      const result = outbox.locks.acquire(process.env.BATCH_ID, 'process-' + process.pid);
      console.log(result.ok ? 'won' : 'lost');
      outbox.db.close();
    `;
    const race = Array.from(
      { length: 6 },
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', '--input-type=module', '-e', script],
            {
              env: { ...process.env, OUTBOX_DIR: dir, BATCH_ID: batchId },
            },
          );
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('error', reject);
          child.on('close', () => resolve(out.trim()));
        }),
    );
    const results = await Promise.all(race);
    expect(results.filter((r) => r === 'won')).toHaveLength(1);
    expect(results.filter((r) => r === 'lost')).toHaveLength(5);
  });
});
