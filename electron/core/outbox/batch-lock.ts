// At most one sync of a batch at once — impossible, not merely unlikely: the lock is a row
// whose primary key is the batch, taken with a plain INSERT. A lock whose holder is gone can be
// taken over: at once when the holder was a process on this machine that no longer exists,
// else once it has stopped beating for STALE_LOCK_MS.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from './database';

/** The work that holds a batch's lock, named in the lock so that a refusal can tell it. */
export type LockedWork =
  'sync' | 'import' | 'delete_batch' | 'delete_drafts' | 'bulk_edit' | 'undo' | 'cleanup';

/** How a refusal speaks of each kind of work. */
const WORK_NAMES: Record<LockedWork, string> = {
  sync: 'a sync',
  import: 'an import',
  delete_batch: 'its deletion',
  delete_drafts: 'a deletion of rows',
  bulk_edit: 'a bulk edit',
  undo: 'an undo',
  cleanup: 'a clean-up',
};

/** Who holds a lock: this process on this machine, the work, and a token for the run. */
export const lockOwner = (work: LockedWork, run: string = randomUUID()): string =>
  `${hostname()} pid ${process.pid} ${work} ${run}`;

/**
 * A lock's holder as a person reads it: the work and where it runs ("a sync in another Payout
 * Desk on this computer"), never the raw owner string. An owner written by an older version (no
 * work in it) is "work".
 */
export function describeHolder(owner: string | undefined): string {
  const holder = owner ? ownerParts(owner) : undefined;
  if (!holder) return 'work in another process';
  const { host, pid, work } = holder;
  const what = Object.hasOwn(WORK_NAMES, work) ? WORK_NAMES[work as LockedWork] : 'work';
  if (host !== hostname()) return `${what} in Payout Desk on ${host}`;
  if (pid === process.pid) return `${what} in this app`;
  return `${what} in another Payout Desk on this computer (process ${pid})`;
}

/** A lock owner's machine, process and work, as lockOwner writes them; an older one has no work. */
function ownerParts(owner: string): { host: string; pid: number; work: string } | undefined {
  const parts = /^(\S+) pid (\d+)(?: (\S+))?/.exec(owner);
  if (!parts) return undefined;
  return { host: parts[1] as string, pid: Number(parts[2]), work: parts[3] ?? '' };
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

export const STALE_LOCK_MS = 2 * 60_000;

export type LockResult =
  { ok: true } | { ok: false; error: { code: 'batch_locked'; message: string } };

export class BatchLocks {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly isAlive: (pid: number) => boolean = processExists,
  ) {}

  acquire(batchId: string, owner: string): LockResult {
    return this.db
      .transaction((): LockResult => {
        const now = this.now();
        // Take over only a lock whose holder is gone; the INSERT below is what makes two
        // holders impossible.
        this.db
          .prepare('DELETE FROM batch_locks WHERE batch_id = ? AND heartbeat_at < ?')
          .run(batchId, now - STALE_LOCK_MS);
        const current = this.db
          .prepare('SELECT owner FROM batch_locks WHERE batch_id = ?')
          .pluck()
          .get(batchId) as string | undefined;
        if (current && this.diedHere(current)) {
          this.db
            .prepare('DELETE FROM batch_locks WHERE batch_id = ? AND owner = ?')
            .run(batchId, current);
        }
        const inserted = this.db
          .prepare(
            'INSERT OR IGNORE INTO batch_locks (batch_id, owner, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?)',
          )
          .run(batchId, owner, now, now);
        if (inserted.changes === 1) return { ok: true };
        const holder = this.db
          .prepare('SELECT owner, acquired_at FROM batch_locks WHERE batch_id = ?')
          .get(batchId) as { owner: string; acquired_at: number } | undefined;
        return {
          ok: false,
          error: {
            code: 'batch_locked',
            message: `this batch is busy with ${describeHolder(holder?.owner)} since ${holder ? new Date(holder.acquired_at).toISOString() : 'just now'}; wait for it to finish`,
          },
        };
      })
      .immediate();
  }

  /**
   * Whether `work` holds the batch's lock still: by a process on this machine that exists, or
   * one elsewhere that beat within STALE_LOCK_MS. A run recorded as going whose lock is not so
   * held ended with the process that ran it (killed, or the machine stopped).
   */
  isHeldFor(batchId: string, work: LockedWork): boolean {
    const lock = this.db
      .prepare('SELECT owner, heartbeat_at FROM batch_locks WHERE batch_id = ?')
      .get(batchId) as { owner: string; heartbeat_at: number } | undefined;
    if (!lock || ownerParts(lock.owner)?.work !== work || this.diedHere(lock.owner)) return false;
    return lock.heartbeat_at >= this.now() - STALE_LOCK_MS;
  }

  /** Whether the owner was a process on this machine that no longer exists. */
  private diedHere(owner: string): boolean {
    const holder = ownerParts(owner);
    return holder?.host === hostname() && !this.isAlive(holder.pid);
  }

  heartbeat(batchId: string, owner: string): void {
    this.db
      .prepare('UPDATE batch_locks SET heartbeat_at = ? WHERE batch_id = ? AND owner = ?')
      .run(this.now(), batchId, owner);
  }

  release(batchId: string, owner: string): void {
    this.db.prepare('DELETE FROM batch_locks WHERE batch_id = ? AND owner = ?').run(batchId, owner);
  }
}
