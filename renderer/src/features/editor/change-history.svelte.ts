// The Batch editor's history of the changes it sent, for its Redo (editor.svelte.ts says why the
// editor keeps one beside the desk's journal), and a change said in words.
import type { Selection } from '../../../../shared/desk/drafts';
import type { DraftChanges } from '../../../../shared/domain/draft-changes';
import { formatCountOf } from '../../lib/format';
import type { DraftEdit } from './draft-source';
import type { BulkChanges } from './editor.svelte';

export type Change =
  | { kind: 'edit'; id: string; changes: DraftChanges; row: number | null }
  | { kind: 'paste'; edits: DraftEdit[] }
  | { kind: 'bulk'; selection: Selection; changes: BulkChanges }
  | { kind: 'delete'; selection: Selection };

/**
 * A batch's changes sent from the editor, and those undone that Redo can send again. Kept per
 * batch for as long as the app runs, not per visit of its screen: the desk's journal keeps
 * what Undo takes back across visits, and a Redo right after an Undo made on a later visit
 * found nothing to redo (found by trying the app as an operator).
 */
export class ChangeHistory {
  history = $state<Change[]>([]);
  redoable = $state<Change[]>([]);
}

const histories = new Map<string, ChangeHistory>();

export function historyOf(batchId: string): ChangeHistory {
  let found = histories.get(batchId);
  if (!found) {
    found = new ChangeHistory();
    histories.set(batchId, found);
  }
  return found;
}

const LABELS: Record<string, string> = {
  'execution.date': 'execution date',
  'amount.amount': 'amount',
  'amount.currency': 'currency',
  'beneficiary.bank_details.account_name': 'payee',
  'beneficiary.bank_details.account_number': 'account',
  'beneficiary.bank_details.bank_code': 'bank code',
  'beneficiary.country': 'country',
  approved: 'approval at the service',
};

export function describe(change: Change): string {
  if (change.kind === 'delete') return 'the deletion';
  if (change.kind === 'paste') return `the paste into ${formatCountOf(change.edits.length, 'row')}`;
  const fields = Object.keys(change.changes).map((field) => LABELS[field] ?? field);
  // Which row, where one is edited: "Redid the edit of amount" named none.
  const where = change.kind === 'edit' && change.row !== null ? ` in row ${change.row}` : '';
  return `the ${change.kind === 'edit' ? 'edit' : 'bulk edit'} of ${fields.join(', ')}${where}`;
}
