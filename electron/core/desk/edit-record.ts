// What an edit changed, as the audit log keeps it: the row, whom it pays, and each field's value
// before and after as text. "Changed the account" told a checker nothing of which row, whose
// account, or what it was: the log is where a changed bank detail is looked for after the fact.
import { contentOf, type Draft } from '../../../shared/desk/drafts';
import type { DraftBeneficiary, DraftContent } from '../../../shared/domain/draft';
import type { DraftChanges } from '../../../shared/domain/draft-changes';
import { payeeName } from '../outbox/draft-columns';

/**
 * The payment an entry is about, as a checker finds it again: its row, whom it pays, and how
 * much in which currency (the wallet's where the payment names none).
 */
export function paymentNamed(
  draft: Draft,
  walletCurrency: string | null,
): { row: number | null; payee: string | null; amount: string | null; currency: string | null } {
  const amount = draft.payment.amount?.amount;
  return {
    row: draft.row,
    payee: payeeName(draft.beneficiary?.body) ?? null,
    amount: amount === undefined ? null : String(amount),
    currency: draft.payment.amount?.currency ?? walletCurrency,
  };
}

export interface EditRecord {
  fields: string[];
  row: number | null;
  payee: string | null;
  changes: Record<string, { from: string | null; to: string | null }>;
  /** The currency of an amount changed, where known: "0.1 → 25" said nothing of which. */
  currency?: { from: string | null; to: string | null };
}

export function editRecord(
  before: Draft,
  after: Draft,
  changes: DraftChanges,
  walletCurrency: string | null = null,
): EditRecord {
  const fields = Object.keys(changes);
  const currencyOf = (draft: Draft) => draft.payment.amount?.currency ?? walletCurrency;
  return {
    fields,
    row: after.row,
    payee: payeeName(after.beneficiary?.body) ?? null,
    ...('amount.amount' in changes
      ? { currency: { from: currencyOf(before), to: currencyOf(after) } }
      : {}),
    changes: changesBetween(contentOf(before), contentOf(after), fields, (field) =>
      heldAt(before, field),
    ),
  };
}

/**
 * What the sheet held where a field has no value for being unreadable ("abc" for an amount):
 * the log said "amount empty → 500.00" of a cell that held text, which the correction replaced.
 */
function heldAt(draft: Draft, field: string): string | null {
  return (
    draft.issues.find((issue) => issue.field === field && issue.held !== undefined)?.held ?? null
  );
}

/**
 * A payee saved here, edited: its name and each field from what it was to what it is, as an
 * edit of a draft is kept (a saved payee's account changed is what a checker looks for).
 */
export function payeeEditRecord(
  before: DraftBeneficiary,
  after: DraftBeneficiary,
  changes: DraftChanges,
): Pick<EditRecord, 'fields' | 'changes'> & { name: string | null } {
  const fields = Object.keys(changes);
  return {
    fields,
    name: payeeName(after) ?? null,
    changes: changesBetween({ beneficiary: before }, { beneficiary: after }, fields),
  };
}

/** What a payment and its payee hold, as far as a record reads them (a saved payee has no payment). */
type Held = Partial<DraftContent>;

/**
 * Each field from what it was to what it is, as text; `held` gives what a field without a value
 * held in its cell before.
 */
function changesBetween(
  before: Held,
  after: Held,
  fields: readonly string[],
  held: (field: string) => string | null = () => null,
): EditRecord['changes'] {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      { from: valueAt(before, field) ?? held(field), to: valueAt(after, field) },
    ]),
  );
}

/** A field's value as text: `beneficiary.bank_details.iban` of the payee, else of the payment. */
function valueAt(content: Held, field: string): string | null {
  const [root, ...path] = field.startsWith('beneficiary.')
    ? [content.beneficiary, ...field.split('.').slice(1)]
    : [content.payment, ...field.split('.')];
  let value: unknown = root;
  for (const key of path) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  if (value === undefined || value === null || value === '') return null;
  // A date is edited as its day: the time the payment carries is the desk's own.
  if (field === 'execution.date') return String(value).slice(0, 10);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
