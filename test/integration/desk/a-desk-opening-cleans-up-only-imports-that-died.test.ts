// Two faces may share one outbox (the CLI beside the app). A desk that opens it deletes a batch
// an import left `importing` when its process died, but leaves alone one that a living process
// is still importing: each import holds its batch as a sync does.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesk } from '../../../electron/core/desk';
import { Outbox } from '../../../electron/core/outbox';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-imports-left-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A batch as an import in process `pid` leaves it: importing, held by that process. */
function importingBatch(outbox: Outbox, name: string, pid: number): string {
  const batch = outbox.batches.create({
    name,
    profile: 'local',
    groupId: null,
    walletId: null,
    walletCurrency: null,
    sourceFile: 'payroll.csv',
    state: 'importing',
  });
  outbox.locks.acquire(batch.id, `${hostname()} pid ${pid} import-test`);
  return batch.id;
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('a desk opening an outbox', () => {
  it('deletes a batch whose import died, and leaves one still being imported', async () => {
    const outbox = Outbox.open(dir);
    const died = importingBatch(outbox, 'Died halfway', deadPid());
    const running = importingBatch(outbox, 'Still importing', process.pid);
    outbox.close();

    const desk = createDesk({ dataDir: dir, secretStore: null });
    await desk.close();

    const after = Outbox.open(dir);
    try {
      expect(after.batches.get(died)).toBeUndefined();
      expect(after.batches.get(running)).toMatchObject({ state: 'importing' });
    } finally {
      after.close();
    }
  });
});
