// Batches: a named set of drafts tied to a payment group (and so to a wallet) on a profile.
// A batch made by an import is `importing` until its last row is written: the lists leave it
// out, and a failed or cancelled import deletes it whole. A batch being deleted is `importing`
// again, for the same reasons.
import { randomUUID } from 'node:crypto';
import { unsyncedTransaction, type Db } from './database';

export interface Batch {
  id: string;
  name: string;
  profile: string;
  state: 'importing' | 'ready';
  serviceApproval: 'approved' | 'for_approval';
  groupId: string | null;
  groupName: string | null;
  walletId: string | null;
  walletCurrency: string | null;
  sourceFile: string | null;
  createdAt: string;
}

interface BatchRow {
  id: string;
  name: string;
  profile: string;
  state: Batch['state'];
  service_approval: Batch['serviceApproval'];
  group_id: string | null;
  group_name: string | null;
  wallet_id: string | null;
  wallet_currency: string | null;
  source_file: string | null;
  created_at: string;
}

export type NewBatch = Pick<
  Batch,
  'name' | 'profile' | 'groupId' | 'walletId' | 'walletCurrency' | 'sourceFile'
> &
  Partial<Pick<Batch, 'state' | 'serviceApproval' | 'groupName'>>;

export interface BatchGroupChoice {
  groupId: string;
  groupName: string | null;
  walletId: string | null;
  walletCurrency: string | null;
}

export class BatchRepository {
  constructor(private readonly db: Db) {}

  create(batch: NewBatch): Batch {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO batches (id, name, profile, group_id, group_name, wallet_id, wallet_currency,
           source_file, state, service_approval, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        batch.name,
        batch.profile,
        batch.groupId,
        batch.groupName ?? null,
        batch.walletId,
        batch.walletCurrency,
        batch.sourceFile,
        batch.state ?? 'ready',
        batch.serviceApproval ?? 'for_approval',
        new Date().toISOString(),
      );
    return this.get(id) as Batch;
  }

  /** By id or by name, as a person types it; a batch still being imported is not found. */
  find(idOrName: string): Batch | undefined {
    const row = this.db
      .prepare(`SELECT * FROM batches WHERE (id = ? OR name = ?) AND state = 'ready'`)
      .get(idOrName, idOrName) as BatchRow | undefined;
    return row ? toBatch(row) : undefined;
  }

  /** Whether a batch (being imported or not) has this name. */
  nameTaken(name: string): boolean {
    return this.db.prepare('SELECT 1 FROM batches WHERE name = ?').get(name) !== undefined;
  }

  get(id: string): Batch | undefined {
    const row = this.db.prepare('SELECT * FROM batches WHERE id = ?').get(id) as
      BatchRow | undefined;
    return row ? toBatch(row) : undefined;
  }

  /** Ready batches, oldest first. */
  list(): Batch[] {
    return (
      this.db
        .prepare(`SELECT * FROM batches WHERE state = 'ready' ORDER BY created_at, rowid`)
        .all() as BatchRow[]
    ).map(toBatch);
  }

  /** Batches left `importing`: each an import still running, or one whose process died. */
  importing(): string[] {
    return this.db
      .prepare(`SELECT id FROM batches WHERE state = 'importing'`)
      .pluck()
      .all() as string[];
  }

  markReady(id: string): void {
    this.db.prepare(`UPDATE batches SET state = 'ready' WHERE id = ?`).run(id);
  }

  rename(id: string, name: string): void {
    this.db.prepare('UPDATE batches SET name = ? WHERE id = ?').run(name, id);
  }

  setGroup(id: string, group: BatchGroupChoice): void {
    this.db
      .prepare(
        `UPDATE batches SET group_id = ?, group_name = ?, wallet_id = ?, wallet_currency = ?
         WHERE id = ?`,
      )
      .run(group.groupId, group.groupName, group.walletId, group.walletCurrency, id);
  }

  /** No group yet: the batch is given one before its sync. */
  clearGroup(id: string): void {
    this.db
      .prepare(
        `UPDATE batches SET group_id = NULL, group_name = NULL, wallet_id = NULL,
           wallet_currency = NULL WHERE id = ?`,
      )
      .run(id);
  }

  setServiceApproval(id: string, approval: Batch['serviceApproval']): void {
    this.db.prepare('UPDATE batches SET service_approval = ? WHERE id = ?').run(approval, id);
  }

  /**
   * Takes a batch out of every list, to delete it a step at a time (`deleteSome`): it is
   * `importing` again, a batch not whole, which the next start deletes should this process stop
   * before the last step.
   */
  hide(id: string): void {
    this.db.prepare(`UPDATE batches SET state = 'importing' WHERE id = ?`).run(id);
  }

  /** The rows a deletion of the batch removes a step at a time (`deleteSome`). */
  rowsToDelete(id: string): number {
    return this.db
      .prepare(
        `SELECT ${STEPPED_TABLES.map((table) => `(SELECT count(*) FROM ${table} WHERE batch_id = @id)`).join(' + ')}`,
      )
      .pluck()
      .get({ id }) as number;
  }

  /**
   * One step of deleting a hidden batch, in a transaction of its own: up to `limit` rows of the
   * first of STEPPED_TABLES that has any, and once none has, the batch itself with the little
   * left (its sync runs and their chunks, none of them sent). The rows deleted; 0 once the
   * batch is gone. Committed without waiting for the disk: a step a power cut undoes, the next
   * start does again, as it deletes the hidden batch whole.
   */
  deleteSome(id: string, limit: number): number {
    return unsyncedTransaction(this.db, () => {
      for (const table of STEPPED_TABLES) {
        const { changes } = this.db
          .prepare(
            `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE batch_id = ? LIMIT ?)`,
          )
          .run(id, limit);
        if (changes > 0) return changes;
      }
      this.delete(id);
      return 0;
    });
  }

  /** Deletes the batch with its drafts, new beneficiaries, runs and journal (the audit log stays). */
  delete(id: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM deleted_rows WHERE batch_id = ?').run(id);
      this.db.prepare('DELETE FROM payment_drafts WHERE batch_id = ?').run(id);
      this.db.prepare('DELETE FROM beneficiary_drafts WHERE batch_id = ?').run(id);
      this.db
        .prepare(
          'DELETE FROM import_jobs WHERE chunk_id IN (SELECT id FROM chunks WHERE batch_id = ?)',
        )
        .run(id);
      this.db.prepare('DELETE FROM batches WHERE id = ?').run(id);
    })();
  }
}

/**
 * A batch's tables with a row per draft (or per edit of one), in the order a deletion empties
 * them: the journal, the rows of drafts deleted, then the payments, then the new payees they
 * name.
 */
const STEPPED_TABLES = [
  'draft_edits',
  'deleted_rows',
  'payment_drafts',
  'beneficiary_drafts',
] as const;

function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    name: row.name,
    profile: row.profile,
    state: row.state,
    serviceApproval: row.service_approval,
    groupId: row.group_id,
    groupName: row.group_name,
    walletId: row.wallet_id,
    walletCurrency: row.wallet_currency,
    sourceFile: row.source_file,
    createdAt: row.created_at,
  };
}
