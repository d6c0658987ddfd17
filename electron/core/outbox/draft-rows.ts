// A draft's row as SQLite holds it, and the Draft of the contract made from it.
import type { Draft } from '../../../shared/desk/drafts';
import type { DraftBeneficiary, DraftIssue, DraftPayment } from '../../../shared/domain/draft';
import type { DraftState } from '../../../shared/domain/draft-state';

export interface DraftRow {
  id: string;
  correlation_id: string;
  batch_id: string;
  source_row: number | null;
  state: DraftState;
  body_json: string;
  issues_json: string;
  remote_status: string | null;
  error_json: string | null;
  chunk_id: string | null;
  service_approved: number | null;
  updated_at: string;
  beneficiary_draft_id: string | null;
  beneficiary_body_json: string | null;
  beneficiary_sync_state: string | null;
}

export const DRAFT_SELECT = `SELECT p.rowid, p.id, p.correlation_id, p.batch_id, p.source_row, p.state,
    p.body_json, p.issues_json, p.remote_status, p.error_json, p.chunk_id, p.service_approved,
    p.updated_at, p.beneficiary_draft_id,
    b.body_json AS beneficiary_body_json, b.sync_state AS beneficiary_sync_state
  FROM payment_drafts p LEFT JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id`;

export function toDraft(row: DraftRow): Draft {
  return {
    id: row.id,
    correlation_id: row.correlation_id,
    batch_id: row.batch_id,
    row: row.source_row,
    state: row.state,
    payment: JSON.parse(row.body_json) as DraftPayment,
    beneficiary:
      row.beneficiary_draft_id && row.beneficiary_body_json
        ? {
            id: row.beneficiary_draft_id,
            body: JSON.parse(row.beneficiary_body_json) as DraftBeneficiary,
            sync_state: (row.beneficiary_sync_state ?? 'draft') as 'draft' | 'synced' | 'invalid',
          }
        : null,
    issues: JSON.parse(row.issues_json) as DraftIssue[],
    remote_status: row.remote_status,
    error: row.error_json === null ? null : (JSON.parse(row.error_json) as unknown),
    service_approved: row.service_approved === null ? null : row.service_approved === 1,
    updated_at: row.updated_at,
  };
}
