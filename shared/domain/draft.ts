// A draft as the outbox keeps it and every face shows it: a payment body and, for a payee not
// yet known to the service, the beneficiary to create, each in the spec's field names. Unlike
// the wire schemas in shared/service, these accept what is still wrong — an amount missing, a
// date not given, a code mistyped — because a draft with errors is kept to be fixed in the app,
// never dropped. What is wrong is said by its issues (validate-draft.ts).
import { z } from 'zod';
import { HELD_LIMIT } from './held-text';

export const IssueSeverity = z.enum(['error', 'warning']);
export type IssueSeverity = z.infer<typeof IssueSeverity>;

/**
 * Where an issue came from, which decides when it goes away:
 * - `rules`: validateDraft's rules on values, worked out anew on every edit;
 * - `cell`: what only the sheet's cell could tell (its text, its format): gone once its field
 *   is edited;
 * - `service`: the service's validation of a new beneficiary: gone once the beneficiary is
 *   edited;
 * - `batch`: what only shows across drafts (the same payment twice): worked out anew when the
 *   fields it compares are edited.
 * Issues written before sources were kept have none, and are treated as `cell`.
 */
export const IssueSource = z.enum(['rules', 'cell', 'service', 'batch']);
export type IssueSource = z.infer<typeof IssueSource>;

export const DraftIssue = z.object({
  /** The draft field, in the spec's names: `amount.amount`, `beneficiary.bank_details.bank_code`. */
  field: z.string(),
  /** The source cell, such as `D17`, when the draft came from a sheet. */
  cell: z.string().optional(),
  message: z.string(),
  /** Errors block approval; warnings (a possible duplicate, a date in the past) ask for a look. */
  severity: IssueSeverity,
  source: IssueSource.optional(),
  /**
   * For a value the sheet wrote unreadably ("12x3" for an amount), the cell's text: the editor
   * starts from it, so that the person corrects what was written rather than types it anew.
   */
  held: z.string().max(HELD_LIMIT).optional(),
});
export type DraftIssue = z.infer<typeof DraftIssue>;

const Text = z.string();

/** The payment as drafted: the spec's PUT body, with any value still allowed to be wrong. */
export const DraftPayment = z.looseObject({
  description: Text.optional(),
  purpose: Text.optional(),
  source: z.looseObject({ type: Text.optional(), id: Text }),
  target: z.looseObject({ type: Text.optional(), id: Text }),
  approved: z.boolean().optional(),
  amount: z.looseObject({
    type: Text.optional(),
    /** Absent while the amount is missing; a JSON number with up to 3 decimals once given. */
    amount: z.number().optional(),
    currency: Text.optional(),
  }),
  execution: z.looseObject({ type: Text.optional(), date: Text, margin: z.number().optional() }),
  user_tags: z.record(z.string(), z.string()).optional(),
});
export type DraftPayment = z.infer<typeof DraftPayment>;

/** A beneficiary to create, as drafted: the spec's PUT body, values still allowed to be wrong. */
export const DraftBeneficiary = z.looseObject({
  type: Text,
  country: Text,
  currency: Text,
  entity: z.record(z.string(), z.unknown()),
  bank_details: z.record(z.string(), z.unknown()),
  user_tags: z.record(z.string(), z.string()).optional(),
});
export type DraftBeneficiary = z.infer<typeof DraftBeneficiary>;

/** The part of a draft its rules judge. */
export interface DraftContent {
  payment: DraftPayment;
  /** Null when the payment names a beneficiary the service already holds. */
  beneficiary: DraftBeneficiary | null;
}

/** How a rule reports what it found; an error unless it says otherwise. */
export type Finding = (field: string, message: string, severity?: IssueSeverity) => void;

export const hasErrors = (issues: readonly DraftIssue[]): boolean =>
  issues.some((issue) => issue.severity === 'error');
