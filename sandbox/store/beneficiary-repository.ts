// Stored beneficiaries and their wire shape (a `contact`). `active` follows from activate_at
// on the sandbox clock: a beneficiary becomes active a short, configurable time after each
// create or update (DESIGN.md), so nothing has to run for it to happen.
import type { Beneficiary } from '../../shared/service';
import { holderName } from '../engine/beneficiary-schemas';
import { fromJson, type Db } from './database';

interface BeneficiaryRow {
  id: string;
  entity_type: string;
  country: string;
  currency: string;
  name: string;
  entity_json: string;
  bank_details_json: string;
  tags_json: string;
  user_tags_json: string;
  activate_at: number;
}

export interface BeneficiaryRecord {
  id: string;
  entityType: string;
  country: string;
  currency: string;
  entity: Record<string, unknown>;
  bankDetails: Record<string, unknown>;
  tags?: Record<string, unknown> | undefined;
  userTags?: Record<string, string> | undefined;
}

export class BeneficiaryRepository {
  private readonly byId;
  private readonly upsertRow;

  constructor(db: Db) {
    this.byId = db.prepare('SELECT * FROM beneficiaries WHERE id = ?');
    this.upsertRow = db.prepare(
      `INSERT INTO beneficiaries (id, entity_type, country, currency, name, entity_json,
         bank_details_json, tags_json, user_tags_json, activate_at, created_at, updated_at)
       VALUES (@id, @entity_type, @country, @currency, @name, @entity_json, @bank_details_json,
         @tags_json, @user_tags_json, @activate_at, @now, @now)
       ON CONFLICT(id) DO UPDATE SET entity_type = excluded.entity_type, country = excluded.country,
         currency = excluded.currency, name = excluded.name, entity_json = excluded.entity_json,
         bank_details_json = excluded.bank_details_json, tags_json = excluded.tags_json,
         user_tags_json = excluded.user_tags_json, activate_at = excluded.activate_at,
         updated_at = excluded.updated_at`,
    );
  }

  exists(id: string): boolean {
    return this.byId.get(id) !== undefined;
  }

  /** Creates or replaces; the beneficiary becomes active at `activateAt`. */
  save(record: BeneficiaryRecord, now: number, activateAt: number): void {
    this.upsertRow.run({
      id: record.id,
      entity_type: record.entityType,
      country: record.country,
      currency: record.currency,
      name: holderName(record.entity, record.bankDetails),
      entity_json: JSON.stringify(record.entity),
      bank_details_json: JSON.stringify(record.bankDetails),
      tags_json: JSON.stringify(record.tags ?? {}),
      user_tags_json: JSON.stringify(record.userTags ?? {}),
      activate_at: activateAt,
      now,
    });
  }

  get(id: string, now: number): Beneficiary | undefined {
    const row = this.byId.get(id) as BeneficiaryRow | undefined;
    if (!row) return undefined;
    return {
      type: 'contact',
      id: row.id,
      entity_type: row.entity_type,
      active: now >= row.activate_at,
      country: row.country,
      currency: row.currency,
      name: row.name,
      entity: fromJson<Record<string, unknown>>(row.entity_json),
      bank_details: {
        ...fromJson<Record<string, unknown>>(row.bank_details_json),
        account_country: row.country,
        account_currency: row.currency,
      },
      tags: fromJson<Record<string, unknown>>(row.tags_json),
      user_tags: fromJson<Record<string, string>>(row.user_tags_json),
    };
  }
}
