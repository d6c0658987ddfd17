// The form of one payee, or of a new one: its values as typed, the fields its country and
// currency call for, the shared rules' verdict on every keystroke (applyDraftChanges and
// validateBeneficiary, exactly what the desk runs on save), what the service found at its last
// validation or import (errors and warnings), and the save: onto the payee's draft, or for a
// new payee into the outbox on its own, with its id at the service fixed there.
import type { BeneficiaryListItem, DraftIssue } from '../../../../shared/desk';
import {
  ACCOUNT_KINDS,
  accountKindOf,
  type AccountKind,
  type BankField,
} from '../../../../shared/domain/account-kinds';
import type { DraftPayment, Finding } from '../../../../shared/domain/draft';
import {
  applyDraftChanges,
  type DraftChanges,
  type EditableField,
} from '../../../../shared/domain/draft-changes';
import { validateBeneficiary } from '../../../../shared/domain/validate-beneficiary';
import { codeOf, desk, messageOf } from '../../lib/desk';

/** The payee's fields this form edits, in the names the desk takes. */
export const FORM_FIELDS = [
  'beneficiary.type',
  'beneficiary.entity.individual_first_name',
  'beneficiary.entity.individual_last_name',
  'beneficiary.entity.company_name',
  'beneficiary.country',
  'beneficiary.currency',
  'beneficiary.bank_details.account_name',
  'beneficiary.bank_details.account_number',
  'beneficiary.bank_details.bank_code',
  'beneficiary.bank_details.bank_identifier_code',
] as const satisfies readonly EditableField[];
export type FormField = (typeof FORM_FIELDS)[number];

const BANK_FIELDS: readonly BankField[] = ['account_number', 'bank_code', 'bank_identifier_code'];
export const bankField = (name: BankField): FormField => `beneficiary.bank_details.${name}`;

/** The payment is not this form's: the rules on the payee need none, applyDraftChanges one. */
const NO_PAYMENT: DraftPayment = {
  source: { id: '' },
  target: { id: '' },
  amount: {},
  execution: { date: '' },
};

export interface FieldIssue {
  message: string;
  /** `service`: the service's finding at its last validation or import, until it is saved. */
  source: 'rules' | 'needed' | 'service';
  severity: 'error' | 'warning';
}

/** What a new payee's form starts from: nothing typed, an individual, no account yet. */
function newPayee(): BeneficiaryListItem {
  return {
    id: '',
    status: 'draft',
    active: null,
    updated_at: new Date().toISOString(),
    name: null,
    body: { type: 'INDIVIDUAL', country: '', currency: '', entity: {}, bank_details: {} },
    draft: null,
    batch: null,
    editable: true,
    payments: 0,
    issues: [],
  };
}

export class BeneficiaryFormState {
  item = $state<BeneficiaryListItem>() as BeneficiaryListItem;
  values = $state<Record<FormField, string>>() as Record<FormField, string>;
  saving = $state(false);
  error = $state<string | null>(null);
  saved = $state(false);
  /** A payee not saved yet: saving creates it. */
  isNew = $state(false);

  constructor(item: BeneficiaryListItem | 'new') {
    this.isNew = item === 'new';
    this.reset(item === 'new' ? newPayee() : item);
  }

  reset(item: BeneficiaryListItem): void {
    this.item = item;
    this.values = valuesOf(item);
    this.error = null;
  }

  /** What was typed that differs from what the outbox holds. */
  readonly changes = $derived.by((): DraftChanges => {
    const before = valuesOf(this.item);
    const changes: Partial<Record<FormField, string | null>> = {};
    for (const field of FORM_FIELDS) {
      if (this.values[field].trim() !== before[field].trim()) {
        changes[field] = this.values[field].trim() || null;
      }
    }
    return changes as DraftChanges;
  });
  readonly changed = $derived(Object.keys(this.changes).length > 0);

  /** The payee with what was typed, written as the desk will write it (codes upper case...). */
  readonly applied = $derived.by(() => {
    if (!this.item.body) return null;
    const content = { payment: NO_PAYMENT, beneficiary: this.item.body };
    if (!this.changed) return content.beneficiary;
    const result = applyDraftChanges(content, this.changes);
    return result.ok ? result.content.beneficiary : null;
  });

  readonly kind = $derived.by((): AccountKind => {
    const body = this.applied;
    return body ? accountKindOf(body.country, body.currency) : 'general';
  });

  /** The bank fields to show: the kind's, and any other that holds a value (nothing hidden). */
  readonly bankFields = $derived.by(() => {
    const rules = ACCOUNT_KINDS[this.kind];
    const extra = BANK_FIELDS.filter(
      (name) =>
        !rules.fields.some((field) => field.name === name) && this.values[bankField(name)].trim(),
    ).map((name) => ({
      name,
      label: name === 'bank_code' ? 'Bank code' : name === 'bank_identifier_code' ? 'BIC' : name,
      required: false,
      hint: `not used for a ${rules.title.split(' (')[0]!.toLowerCase()}: clear it`,
    }));
    return [...rules.fields, ...extra];
  });

  /** Every issue by field: the rules' as typed, what this kind needs, and the service's. */
  readonly issues = $derived.by((): Map<string, FieldIssue[]> => {
    const found = new Map<string, FieldIssue[]>();
    const add = (field: string, issue: FieldIssue) =>
      found.set(field, [...(found.get(field) ?? []), issue]);
    const body = this.applied;
    if (body) {
      const find: Finding = (field, message, severity = 'error') => {
        if (severity === 'error' && found.get(field)?.some((i) => i.source === 'rules')) return;
        add(field, { message, source: 'rules', severity });
      };
      validateBeneficiary(body, find);
      for (const field of ACCOUNT_KINDS[this.kind].fields) {
        const name = bankField(field.name);
        if (field.required && !this.values[name].trim() && !found.has(name)) {
          const kind = ACCOUNT_KINDS[this.kind].title;
          add(name, {
            message: `${field.label} is needed for a ${kind}`,
            source: 'needed',
            severity: 'error',
          });
        }
      }
    }
    // The service's findings stand for the payee as it was checked: until it is changed.
    if (!this.changed) {
      for (const issue of this.item.issues.filter((i: DraftIssue) => i.source === 'service')) {
        add(issue.field, { message: issue.message, source: 'service', severity: issue.severity });
      }
    }
    return found;
  });

  readonly problemCount = $derived([...this.issues.values()].reduce((n, l) => n + l.length, 0));

  issuesAt(field: string): FieldIssue[] {
    // A new payee's blank form is not four errors: what is missing is said once typing starts.
    if (this.isNew && !this.changed) return [];
    return this.issues.get(field) ?? [];
  }

  async save(): Promise<void> {
    if (!this.changed || this.saving) return;
    this.saving = true;
    this.error = null;
    try {
      this.reset(
        this.isNew
          ? await desk.createBeneficiary({ changes: this.changes })
          : await desk.editBeneficiary({ id: this.item.id, changes: this.changes }),
      );
      this.isNew = false;
      this.saved = true;
    } catch (error) {
      this.error =
        codeOf(error) === 'conflict'
          ? `Not saved: ${messageOf(error)}.`
          : `Not saved: ${messageOf(error)}. What you typed is still here.`;
    } finally {
      this.saving = false;
    }
  }
}

function valuesOf(item: BeneficiaryListItem): Record<FormField, string> {
  const body = item.body;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const values = {} as Record<FormField, string>;
  for (const field of FORM_FIELDS) {
    const [, group, name] = field.split('.') as [string, string, string | undefined];
    if (!body) values[field] = '';
    else if (group === 'entity' && name) values[field] = text(body.entity[name]);
    else if (group === 'bank_details' && name) values[field] = text(body.bank_details[name]);
    else values[field] = text(body[group as 'type' | 'country' | 'currency']);
  }
  return values;
}
