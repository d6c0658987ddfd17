// Beneficiaries: the payees the outbox knows, a window at a time, the edit of a new payee's
// details, and a payee saved on its own. A payee drafted with a payment lives on that draft, so
// its edit is the draft's edit (the same rules, journal for undo, and refusal once the payment
// was sent); one saved on its own is judged by the same rules on the payee, and changes until
// the service holds it.
import type { BeneficiaryListItem } from '../../../shared/desk/beneficiaries';
import { DeskError } from '../../../shared/desk/errors';
import type { DraftBeneficiary, DraftIssue, DraftPayment } from '../../../shared/domain/draft';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import { isEditable, type DraftState } from '../../../shared/domain/draft-state';
import { validateBeneficiary } from '../../../shared/domain/validate-beneficiary';
import type { BeneficiaryRow } from '../outbox/beneficiary-queries';
import { payeeName } from '../outbox/draft-columns';
import { payeeEditRecord } from './edit-record';
import { newDraftId } from '../outbox/draft-ids';
import { importBeneficiaries } from './beneficiary-import';
import { batchOf, changed, type DeskContext, type DeskHandlers } from './desk-context';
import { draftHandlers } from './draft-methods';

type BeneficiaryHandlers = Pick<
  DeskHandlers,
  | 'listBeneficiaries'
  | 'getBeneficiary'
  | 'editBeneficiary'
  | 'createBeneficiary'
  | 'importBeneficiaries'
>;

/** A payee with nothing typed yet: what the form of a new payee starts from. */
const EMPTY_PAYEE: DraftBeneficiary = {
  type: 'INDIVIDUAL',
  country: '',
  currency: '',
  entity: {},
  bank_details: {},
};
/** A payee saved on its own has no payment; applyDraftChanges takes one and leaves it be. */
const NO_PAYMENT: DraftPayment = {
  source: { id: '' },
  target: { id: '' },
  amount: {},
  execution: { date: '' },
};

export function beneficiaryHandlers(ctx: DeskContext): BeneficiaryHandlers {
  const { outbox } = ctx;
  const drafts = draftHandlers(ctx);
  return {
    listBeneficiaries: ({ skip, take, search, batch, status, saved_here }) => {
      const batchId = batch === undefined ? undefined : batchOf(ctx, batch).id;
      const found = outbox.beneficiaries.window({
        skip,
        take,
        search,
        batchId,
        status,
        savedHere: saved_here,
      });
      return { total: found.total, skip, rows: found.rows.map(itemOf) };
    },

    getBeneficiary: ({ id }) => itemOf(rowOf(ctx, id)),

    createBeneficiary: ({ changes }) => {
      const body = applied(EMPTY_PAYEE, changes);
      // Its id at the service, fixed now: an import sent twice updates it, never makes two.
      const id = newDraftId();
      outbox.db.transaction(() => {
        outbox.standaloneBeneficiaries.create(id, body, payeeName(body) ?? null, rulesOn(body));
        outbox.audit.append('create_beneficiary', {
          subjectId: id,
          details: { name: payeeName(body) ?? null },
        });
      })();
      changed(ctx, null);
      return itemOf(rowOf(ctx, id));
    },

    importBeneficiaries: (input, signal) => importBeneficiaries(ctx, input, signal),

    editBeneficiary: async ({ id, changes }, signal) => {
      const row = rowOf(ctx, id);
      if (row.batch_id === null && row.body_json !== null) return editStandalone(ctx, row, changes);
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

/** A payee saved on its own: changed until the service holds it, then refused with why. */
function editStandalone(
  ctx: DeskContext,
  row: BeneficiaryRow,
  changes: DraftChanges,
): BeneficiaryListItem {
  if (row.status === 'synced') {
    throw new DeskError(
      'conflict',
      `the service already holds ${row.name ?? row.id} (created by an import): change their details at the service`,
    );
  }
  const before = JSON.parse(row.body_json as string) as DraftBeneficiary;
  const body = applied(before, changes);
  ctx.outbox.db.transaction(() => {
    ctx.outbox.standaloneBeneficiaries.update(row.id, body, payeeName(body) ?? null, rulesOn(body));
    ctx.outbox.audit.append('edit_beneficiary', {
      subjectId: row.id,
      details: { ...payeeEditRecord(before, body, changes) },
    });
  })();
  changed(ctx, null);
  return itemOf(rowOf(ctx, row.id));
}

/** The payee with the changes in it, written as an edit writes them (codes upper case...). */
function applied(body: DraftBeneficiary, changes: DraftChanges): DraftBeneficiary {
  const result = applyDraftChanges({ payment: NO_PAYMENT, beneficiary: body }, changes);
  if (!result.ok) throw new DeskError('invalid_input', `${result.field}: ${result.message}`);
  return result.content.beneficiary as DraftBeneficiary;
}

/** The shared rules' findings on a payee, as a draft's are kept. */
function rulesOn(body: DraftBeneficiary): DraftIssue[] {
  const issues: DraftIssue[] = [];
  validateBeneficiary(body, (field, message, severity = 'error') =>
    issues.push({ field, message, severity, source: 'rules' }),
  );
  return issues;
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
    batch:
      row.batch_id === null ? null : { id: row.batch_id, name: row.batch_name ?? row.batch_id },
    editable:
      row.body_json !== null &&
      (row.draft_id === null ? row.status !== 'synced' : state !== null && isEditable(state)),
    payments: row.payments,
    issues,
  };
}
