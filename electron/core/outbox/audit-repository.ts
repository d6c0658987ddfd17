// The append-only audit log: who did what, when (import, edit, approve, sync, delete).
// Triggers in the schema refuse UPDATE and DELETE, so history cannot be rewritten.
import { userInfo } from 'node:os';
import type { Db } from './database';

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  batchId: string | null;
  subjectId: string | null;
  details: Record<string, unknown>;
}

export class AuditRepository {
  constructor(
    private readonly db: Db,
    private readonly actor: string = safeUserName(),
  ) {}

  append(
    action: string,
    entry: { batchId?: string; subjectId?: string; details?: Record<string, unknown> } = {},
  ): void {
    this.db
      .prepare(
        'INSERT INTO audit_log (at, actor, action, batch_id, subject_id, details_json) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        new Date().toISOString(),
        this.actor,
        action,
        entry.batchId ?? null,
        entry.subjectId ?? null,
        JSON.stringify(entry.details ?? {}),
      );
  }

  list(batchId?: string): AuditEntry[] {
    const rows = (
      batchId
        ? this.db.prepare('SELECT * FROM audit_log WHERE batch_id = ? ORDER BY id').all(batchId)
        : this.db.prepare('SELECT * FROM audit_log ORDER BY id').all()
    ) as {
      id: number;
      at: string;
      actor: string;
      action: string;
      batch_id: string | null;
      subject_id: string | null;
      details_json: string;
    }[];
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      action: row.action,
      batchId: row.batch_id,
      subjectId: row.subject_id,
      details: JSON.parse(row.details_json) as Record<string, unknown>,
    }));
  }
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
