import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
      error: { code: 'batch_locked', message: expect.stringContaining('first') },
    });
    outbox.locks.release(batchId, 'first');
    expect(outbox.locks.acquire(batchId, 'second')).toEqual({ ok: true });
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
    expect(locks.acquire(batchId, lockOwner('run').replace(/pid \d+/, 'pid 4242'))).toEqual({
      ok: true,
    });
    expect(locks.acquire(batchId, lockOwner('next'))).toEqual({ ok: true });
    expect(locks.acquire(batchId, lockOwner('third')).ok).toBe(false); // this process is alive
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
