// Payees saved on their own, without a payment: created on the Beneficiaries screen, kept here
// (offline too) until a bulk import creates them at the service. Their id at the service is
// fixed when they are saved, never at send time, so a repeat is an update there, never a second
// payee. `name` is kept beside the JSON so that the list counts, searches and sorts them in SQL
// as it does the drafted payees.
import type { Migration } from './migration';

export const standaloneBeneficiaries: Migration = {
  version: 6,
  name: 'payees saved without a payment',
  up(db) {
    db.exec(`
      CREATE TABLE standalone_beneficiaries (
        id TEXT PRIMARY KEY,
        body_json TEXT NOT NULL,
        name TEXT,
        issues_json TEXT NOT NULL DEFAULT '[]',
        sync_state TEXT NOT NULL DEFAULT 'draft' CHECK (sync_state IN ('draft', 'invalid', 'synced')),
        remote_status TEXT,
        error_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX standalone_beneficiaries_by_state ON standalone_beneficiaries(sync_state);
    `);
  },
};
