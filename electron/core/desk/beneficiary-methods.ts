// Beneficiaries: the payees the outbox knows, a window at a time, and the edit of a new payee's
// details. A new payee lives on the draft of the payment that creates it, so its edit is that
// draft's edit (the same rules, journal for undo, and refusal once the payment was sent).
import type { BeneficiaryListItem } from '../../../shared/desk/beneficiaries';
import { DeskError } from '../../../shared/desk/errors';
import type { DraftBeneficiary, DraftIssue } from '../../../shared/domain/draft';
import { isEditable, type DraftState } from '../../../shared/domain/draft-state';
import type { BeneficiaryRow } from '../outbox/beneficiary-queries';
import { batchOf, type DeskContext, type DeskHandlers } from './desk-context';
import { draftHandlers } from './draft-methods';

type BeneficiaryHandlers = Pick<
  DeskHandlers,
  'listBeneficiaries' | 'getBeneficiary' | 'editBeneficiary'
>;

export function beneficiaryHandlers(ctx: DeskContext): BeneficiaryHandlers {
  const { outbox } = ctx;
  const drafts = draftHandlers(ctx);
  return {
    listBeneficiaries: ({ skip, take, search, batch, status }) => {
      const batchId = batch === undefined ? undefined : batchOf(ctx, batch).id;
      const found = outbox.beneficiaries.window({ skip, take, search, batchId, status });
      return { total: found.total, skip, rows: found.rows.map(itemOf) };
    },

    getBeneficiary: ({ id }) => itemOf(rowOf(ctx, id)),

    editBeneficiary: async ({ id, changes }, signal) => {
      const row = rowOf(ctx, id);
      if (!row.draft_id) {
        throw new DeskError(
          'conflict',
          `the service already held beneficiary ${id} before it was drafted here: change their details at the service`,
        );
      }
      if (!isEditable(row.draft_state as DraftState)) {
        throw new DeskError(
          'conflict',
          `the payment that creates this payee was sent to the service (${row.draft_state}): their details can no longer change from here`,
        );
      }
      await drafts.editDraft({ id: row.draft_id, changes }, signal);
      return itemOf(rowOf(ctx, id));
    },
  };
}

function rowOf(ctx: DeskContext, id: string): BeneficiaryRow {
  const row = ctx.outbox.beneficiaries.get(id);
  if (!row) throw new DeskError('not_found', `no beneficiary ${id} in the outbox`);
  return row;
}

function itemOf(row: BeneficiaryRow): BeneficiaryListItem {
  const issues = (JSON.parse(row.issues_json) as DraftIssue[]).filter((issue) =>
    issue.field.startsWith('beneficiary.'),
  );
  const state = row.draft_state as DraftState | null;
  return {
    id: row.id,
    status: row.status,
    active: row.remote_status === null ? null : row.remote_status === 'active',
    updated_at: row.updated_at,
    name: row.name,
    body: row.body_json === null ? null : (JSON.parse(row.body_json) as DraftBeneficiary),
    draft:
      row.draft_id === null || state === null
        ? null
        : { id: row.draft_id, row: row.source_row, state, editable: isEditable(state) },
    batch: { id: row.batch_id, name: row.batch_name },
    payments: row.payments,
    issues,
  };
}
