// Ordered schema migrations. Append only: a released step is never edited.
// Money columns hold bigint thousandths of a unit (see shared/domain/money.ts); times are
// epoch milliseconds of the sandbox clock.
export const SCHEMA_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE wallets (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    currency TEXT NOT NULL,
    owner TEXT NOT NULL,
    state TEXT NOT NULL,
    balance_milli INTEGER NOT NULL,
    funding_json TEXT NOT NULL,
    user_tags_json TEXT NOT NULL
  );

  CREATE TABLE groups (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    locked INTEGER NOT NULL DEFAULT 0,
    wallet_id TEXT NOT NULL REFERENCES wallets(id),
    user_tags_json TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );

  CREATE TABLE beneficiaries (
    id TEXT PRIMARY KEY,
    entity_type TEXT NOT NULL,
    country TEXT NOT NULL,
    currency TEXT NOT NULL,
    name TEXT NOT NULL,
    entity_json TEXT NOT NULL,
    bank_details_json TEXT NOT NULL,
    tags_json TEXT NOT NULL DEFAULT '{}',
    user_tags_json TEXT NOT NULL DEFAULT '{}',
    activate_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    correlation_id TEXT UNIQUE,
    group_id TEXT NOT NULL,
    beneficiary_id TEXT NOT NULL,
    status TEXT NOT NULL,
    approved INTEGER NOT NULL,
    body_json TEXT NOT NULL,
    execution_at INTEGER NOT NULL,
    margin_hours INTEGER NOT NULL DEFAULT 0,
    debit_currency TEXT NOT NULL,
    debit_milli INTEGER NOT NULL,
    credit_currency TEXT NOT NULL,
    credit_milli INTEGER NOT NULL,
    fees_milli INTEGER NOT NULL,
    rate TEXT,
    failure_json TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    processing_at INTEGER,
    completed_at INTEGER
  );
  -- covering: a group's counters are read from the index alone
  CREATE INDEX payments_by_group ON payments(group_id, status, approved, execution_at, margin_hours, debit_milli);
  -- partial: only payments the lifecycle may move are indexed, not every stored one
  CREATE INDEX payments_due ON payments(execution_at) WHERE status = 'PENDING' AND approved = 1;
  CREATE INDEX payments_processing ON payments(processing_at) WHERE status = 'PROCESSING';

  CREATE TABLE payment_jobs (
    id TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    completed_at INTEGER,
    total INTEGER NOT NULL,
    processed INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    -- the request's items as accepted: one write per request, parsed once when processed
    items_json TEXT NOT NULL
  );
  CREATE TABLE payment_job_progress (
    job_id TEXT NOT NULL REFERENCES payment_jobs(id) ON DELETE CASCADE,
    row INTEGER NOT NULL,
    status TEXT NOT NULL,
    payment_id TEXT NOT NULL,
    error_json TEXT,
    PRIMARY KEY (job_id, row)
  ) WITHOUT ROWID;

  CREATE TABLE beneficiary_jobs (
    id TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    completed_at INTEGER,
    total INTEGER NOT NULL,
    processed INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL
  );
  CREATE TABLE beneficiary_job_items (
    job_id TEXT NOT NULL REFERENCES beneficiary_jobs(id) ON DELETE CASCADE,
    row INTEGER NOT NULL,
    item_json TEXT NOT NULL,
    status TEXT,
    error_json TEXT,
    PRIMARY KEY (job_id, row)
  );

  CREATE TABLE statement_items (
    id TEXT PRIMARY KEY,
    wallet_id TEXT NOT NULL REFERENCES wallets(id),
    date INTEGER NOT NULL,
    action TEXT NOT NULL,
    description TEXT NOT NULL,
    execution_id TEXT NOT NULL,
    debit_currency TEXT NOT NULL,
    debit_milli INTEGER NOT NULL,
    credit_currency TEXT NOT NULL,
    credit_milli INTEGER NOT NULL,
    fees_milli INTEGER NOT NULL,
    rate TEXT,
    balance_milli INTEGER NOT NULL,
    counterpart_json TEXT NOT NULL,
    user_tags_json TEXT NOT NULL DEFAULT '{}',
    tags_json TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX statement_by_wallet_date ON statement_items(wallet_id, date);
  CREATE INDEX payment_jobs_by_status ON payment_jobs(status, started_at);
  CREATE INDEX beneficiary_jobs_by_status ON beneficiary_jobs(status, started_at);
  `,
  `
  -- Beneficiary keys (spec "Authentication" 6): credentials bound to one beneficiary, issued by
  -- an admin call. No foreign key: a reset empties beneficiaries and keys together.
  CREATE TABLE beneficiary_keys (
    api_key TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    beneficiary_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
];
