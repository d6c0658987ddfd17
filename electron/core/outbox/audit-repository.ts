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
    /** Who this desk's entries name. */
    readonly actor: string = safeUserName(),
  ) {}

  /** Everyone who did `action` on the batch, in the order they first did. */
  actorsOf(batchId: string, action: string): string[] {
    return this.db
      .prepare(
        'SELECT actor FROM audit_log WHERE batch_id = ? AND action = ? GROUP BY actor ORDER BY MIN(id)',
      )
      .pluck()
      .all(batchId, action) as string[];
  }

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

  /** A page of the log, newest first, with how many entries there are in all (of `action`). */
  page(options: { skip: number; take: number; action?: string | undefined }): {
    entries: AuditEntry[];
    total: number;
  } {
    const where = options.action ? 'WHERE action = ?' : '';
    const params = options.action ? [options.action] : [];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM audit_log ${where}`)
      .pluck()
      .get(...params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM audit_log ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(...params, options.take, options.skip) as AuditRow[];
    return { entries: rows.map(toEntry), total };
  }

  /** The actions the log holds, for a filter. */
  actions(): string[] {
    return this.db
      .prepare('SELECT DISTINCT action FROM audit_log ORDER BY action')
      .pluck()
      .all() as string[];
  }

  /**
   * Entries after `id`, oldest first: an export of any length reads page by page, never
   * holding a statement open across an await (the one connection must stay free to write).
   */
  after(id: number, take: number): AuditEntry[] {
    return (
      this.db
        .prepare('SELECT * FROM audit_log WHERE id > ? ORDER BY id LIMIT ?')
        .all(id, take) as AuditRow[]
    ).map(toEntry);
  }

  list(batchId?: string): AuditEntry[] {
    const rows = (
      batchId
        ? this.db.prepare('SELECT * FROM audit_log WHERE batch_id = ? ORDER BY id').all(batchId)
        : this.db.prepare('SELECT * FROM audit_log ORDER BY id').all()
    ) as AuditRow[];
    return rows.map(toEntry);
  }
}

interface AuditRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  batch_id: string | null;
  subject_id: string | null;
  details_json: string;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  action: row.action,
  batchId: row.batch_id,
  subjectId: row.subject_id,
  details: JSON.parse(row.details_json) as Record<string, unknown>,
});

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
