// The first outbox schema. Money is never stored as a float: draft bodies keep amounts as the
// JSON numbers the spec sends (exact decimals in text), and nothing here adds them up.
import type { Migration } from './migration';

export const initial: Migration = {
  version: 1,
  name: 'profiles, batches, drafts, mappings, sync runs, chunks, jobs, locks, audit log',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        name TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('local', 'sandbox', 'production')),
        base_url TEXT NOT NULL,
        auth_url TEXT NOT NULL,
        ca_path TEXT,
        created_at TEXT NOT NULL
      );

      CREATE TABLE batches (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        profile TEXT NOT NULL,
        group_id TEXT,
        wallet_id TEXT,
        wallet_currency TEXT,
        source_file TEXT,
        created_at TEXT NOT NULL
      );

      CREATE TABLE beneficiary_drafts (
        id TEXT PRIMARY KEY,
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        source_row INTEGER,
        body_json TEXT NOT NULL,
        existing INTEGER NOT NULL DEFAULT 0,
        issues_json TEXT NOT NULL DEFAULT '[]',
        sync_state TEXT NOT NULL DEFAULT 'draft',
        remote_status TEXT,
        error_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX beneficiary_drafts_by_batch ON beneficiary_drafts(batch_id, source_row);

      CREATE TABLE payment_drafts (
        id TEXT PRIMARY KEY,
        correlation_id TEXT NOT NULL UNIQUE,
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        source_row INTEGER,
        beneficiary_draft_id TEXT REFERENCES beneficiary_drafts(id),
        body_json TEXT NOT NULL,
        issues_json TEXT NOT NULL DEFAULT '[]',
        state TEXT NOT NULL DEFAULT 'draft',
        chunk_id TEXT,
        remote_status TEXT,
        remote_json TEXT,
        error_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX payment_drafts_by_batch ON payment_drafts(batch_id, source_row);
      CREATE INDEX payment_drafts_by_state ON payment_drafts(batch_id, state, source_row);
      CREATE INDEX payment_drafts_by_chunk ON payment_drafts(chunk_id);

      CREATE TABLE column_mappings (
        source_key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        mapping_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE sync_runs (
        id TEXT PRIMARY KEY,
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        state TEXT NOT NULL,
        counts_json TEXT NOT NULL DEFAULT '{}',
        error_json TEXT
      );

      CREATE TABLE chunks (
        id TEXT PRIMARY KEY,
        batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        sync_run_id TEXT REFERENCES sync_runs(id),
        state TEXT NOT NULL CHECK (state IN ('sending', 'sent', 'returned', 'recovered', 'done')),
        job_id TEXT,
        item_count INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX chunks_by_batch ON chunks(batch_id, state);

      CREATE TABLE import_jobs (
        job_id TEXT PRIMARY KEY,
        chunk_id TEXT REFERENCES chunks(id),
        kind TEXT NOT NULL CHECK (kind IN ('payment', 'beneficiary')),
        status TEXT NOT NULL,
        total INTEGER NOT NULL,
        processed INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        last_progress_json TEXT,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE batch_locks (
        batch_id TEXT PRIMARY KEY REFERENCES batches(id) ON DELETE CASCADE,
        owner TEXT NOT NULL,
        acquired_at INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL
      );

      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        batch_id TEXT,
        subject_id TEXT,
        details_json TEXT NOT NULL DEFAULT '{}'
      );
      -- Append-only: history is not rewritten, not even by the app itself.
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `);
  },
};
