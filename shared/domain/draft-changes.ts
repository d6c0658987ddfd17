// An edit of a draft as values typed into its fields, in the spec's field names. The same
// function applies it in the core (before the rules run and the draft is saved) and in the
// renderer (to show the rules' verdict as the user types), so both see the same draft.
import { z } from 'zod';
import { IBAN_LIKE, normaliseIban, payUkIbanBySortCode, stripSeparators } from './bank-identifiers';
import { EXECUTION_TIME, isCalendarDay } from './calendar-day';
import type { DraftBeneficiary, DraftContent, DraftPayment } from './draft';
import { amountToNumber, parseAmount } from './money';

const B = 'beneficiary.';
const BANK_FIELDS = [
  'account_name',
  'account_number',
  'bank_code',
  'bank_identifier_code',
  'bank_name',
] as const;
const ENTITY_FIELDS = [
  'individual_first_name',
  'individual_last_name',
  'company_name',
  'date_of_birth',
  'address_line_1',
  'address_city',
  'address_postal_code',
  'address_country',
] as const;

export const EditableField = z.enum([
  'amount.amount',
  'amount.currency',
  'amount.type',
  'execution.date',
  'purpose',
  'description',
  'approved',
  'target.id',
  `${B}type`,
  `${B}country`,
  `${B}currency`,
  ...BANK_FIELDS.map((name) => `${B}bank_details.${name}` as const),
  ...ENTITY_FIELDS.map((name) => `${B}entity.${name}` as const),
]);
export type EditableField = z.infer<typeof EditableField>;

/**
 * A value as typed: text (an amount as plain decimal text, "1234.50", parsed from the user's
 * locale before it gets here; a date as YYYY-MM-DD), a yes/no, or null to clear the field.
 */
export const FieldValue = z.union([z.string().max(2000), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

export const DraftChanges = z
  .partialRecord(EditableField, FieldValue)
  .refine((changes) => Object.keys(changes).length > 0, 'name at least one field to change');
export type DraftChanges = z.infer<typeof DraftChanges>;

/** Codes are written upper case without spaces: " gb " is GB. */
const CODE_FIELDS = new Set<string>([
  'amount.currency',
  'amount.type',
  'purpose',
  `${B}type`,
  `${B}country`,
  `${B}currency`,
  `${B}bank_details.bank_identifier_code`,
  `${B}entity.address_country`,
]);

export type AppliedChanges =
  { ok: true; content: DraftContent } | { ok: false; field: EditableField; message: string };

/** The draft with the changes in it; a value that is not one of its field's kind is refused. */
export function applyDraftChanges(draft: DraftContent, changes: DraftChanges): AppliedChanges {
  // Drafts are JSON: a copy through JSON is a deep one.
  const payment = JSON.parse(JSON.stringify(draft.payment)) as DraftPayment;
  const beneficiary = draft.beneficiary
    ? (JSON.parse(JSON.stringify(draft.beneficiary)) as DraftBeneficiary)
    : null;
  for (const [key, raw] of Object.entries(changes) as [EditableField, FieldValue][]) {
    const value = typeof raw === 'string' ? normalise(key, raw) : raw;
    const refused = (message: string) => ({ ok: false as const, field: key, message });
    if (key.startsWith(B)) {
      if (!beneficiary) {
        return refused(
          `this payment goes to a payee the service already holds (${payment.target.id}): change their details there`,
        );
      }
      if (typeof value === 'boolean') return refused('this field takes text');
      setBeneficiaryField(beneficiary, key.slice(B.length), value);
      continue;
    }
    switch (key) {
      case 'amount.amount': {
        if (value === null || value === '') {
          delete payment.amount.amount;
          break;
        }
        if (typeof value !== 'string') return refused('an amount is written as a number');
        const milli = parseAmount(value);
        if (milli === null) {
          return refused(
            `"${value}" is not an amount: write it as 1234.50, with at most 3 decimals`,
          );
        }
        try {
          payment.amount.amount = amountToNumber(milli);
        } catch (error) {
          return refused((error as Error).message);
        }
        break;
      }
      case 'execution.date': {
        if (typeof value === 'boolean') return refused('a date is written as 2026-12-01');
        if (value === null || value === '') payment.execution.date = '';
        else if (!isCalendarDay(value))
          return refused(`"${value}" is not a date such as 2026-12-01`);
        else payment.execution.date = `${value}${EXECUTION_TIME}`;
        break;
      }
      case 'approved':
        if (typeof value === 'string') return refused('approval at the service is yes or no');
        if (value === null) delete payment.approved;
        else payment.approved = value;
        break;
      case 'target.id':
        if (typeof value === 'boolean') return refused('a beneficiary id is text');
        if (beneficiary) {
          return refused(
            'this payment creates its payee from the details given: edit those, or delete the row and add one for the existing payee',
          );
        }
        payment.target = { ...payment.target, id: value ?? '' };
        break;
      default: {
        if (typeof value === 'boolean') return refused('this field takes text');
        const [group, name] = key.split('.') as [string, string | undefined];
        if (group === 'amount' && name) setOptional(payment.amount, name, value);
        else setOptional(payment, group, value);
      }
    }
  }
  if (beneficiary && Object.keys(changes).some((key) => key.startsWith(B))) {
    // As the importer does: a UK IBAN paid in pounds goes as its sort code and account number.
    payUkIbanBySortCode(beneficiary.bank_details, beneficiary.country, beneficiary.currency);
  }
  return { ok: true, content: { payment, beneficiary } };
}

/** Codes upper case without spaces; an IBAN and a bank code in the form they are sent in. */
function normalise(field: EditableField, value: string): string {
  const trimmed = value.trim();
  if (CODE_FIELDS.has(field)) return trimmed.replace(/\s+/g, '').toUpperCase();
  if (field === `${B}bank_details.bank_code`) return stripSeparators(trimmed);
  if (field === `${B}bank_details.account_number`) {
    const iban = normaliseIban(trimmed);
    return IBAN_LIKE.test(iban) ? iban : trimmed;
  }
  return trimmed;
}

function setBeneficiaryField(beneficiary: DraftBeneficiary, path: string, value: string | null) {
  const [group, name] = path.split('.') as [string, string | undefined];
  if (group === 'bank_details' && name) setOptional(beneficiary.bank_details, name, value);
  else if (group === 'entity' && name) setOptional(beneficiary.entity, name, value);
  else if (group === 'type' || group === 'country' || group === 'currency') {
    beneficiary[group] = value ?? '';
  }
}

/** An empty value clears the field: a blank cell in the grid is no value, not "". */
function setOptional(target: Record<string, unknown>, name: string, value: string | null) {
  if (value === null || value === '') delete target[name];
  else target[name] = value;
}
