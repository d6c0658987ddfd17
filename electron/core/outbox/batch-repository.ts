// Batches: a named set of drafts tied to a payment group (and so to a wallet) on a profile.
import { randomUUID } from 'node:crypto';
import type { Db } from './database';

export interface Batch {
  id: string;
  name: string;
  profile: string;
  groupId: string | null;
  walletId: string | null;
  walletCurrency: string | null;
  sourceFile: string | null;
  createdAt: string;
}

interface BatchRow {
  id: string;
  name: string;
  profile: string;
  group_id: string | null;
  wallet_id: string | null;
  wallet_currency: string | null;
  source_file: string | null;
  created_at: string;
}

export class BatchRepository {
  constructor(private readonly db: Db) {}

  create(batch: Omit<Batch, 'id' | 'createdAt'>): Batch {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO batches (id, name, profile, group_id, wallet_id, wallet_currency, source_file, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        batch.name,
        batch.profile,
        batch.groupId,
        batch.walletId,
        batch.walletCurrency,
        batch.sourceFile,
        new Date().toISOString(),
      );
    return this.get(id) as Batch;
  }

  /** By id or by name, as a person types it. */
  find(idOrName: string): Batch | undefined {
    const row = this.db
      .prepare('SELECT * FROM batches WHERE id = ? OR name = ?')
      .get(idOrName, idOrName) as BatchRow | undefined;
    return row ? toBatch(row) : undefined;
  }

  get(id: string): Batch | undefined {
    const row = this.db.prepare('SELECT * FROM batches WHERE id = ?').get(id) as
      BatchRow | undefined;
    return row ? toBatch(row) : undefined;
  }

  list(): Batch[] {
    return (
      this.db.prepare('SELECT * FROM batches ORDER BY created_at, rowid').all() as BatchRow[]
    ).map(toBatch);
  }
}

function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    name: row.name,
    profile: row.profile,
    groupId: row.group_id,
    walletId: row.wallet_id,
    walletCurrency: row.wallet_currency,
    sourceFile: row.source_file,
    createdAt: row.created_at,
  };
}
