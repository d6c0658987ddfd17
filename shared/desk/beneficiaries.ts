// Beneficiaries through the contract: every payee the outbox knows, a window at a time (a batch
// can hold 100,000 drafts: the list is counted and paged in SQL, never read whole), and the edit
// of a new payee's details, saved onto the draft that carries it while it is unsent.
import { z } from 'zod';
import { DraftChanges, EditableField } from '../domain/draft-changes';
import { DraftBeneficiary, DraftIssue } from '../domain/draft';
import { DRAFT_STATES } from '../domain/draft-state';
import { Id, Timestamp } from './common';

/**
 * Where a payee stands:
 * - `draft`: drafted with a payment, or saved on its own; not yet created at the service;
 * - `invalid`: the service's validation or import found it wrong (its issues say where);
 * - `synced`: created at the service, by a sync or a bulk import;
 * - `held`: a payment names it by id only: the service held it before this outbox drafted it.
 */
export const BeneficiaryStatus = z.enum(['draft', 'invalid', 'synced', 'held']);
export type BeneficiaryStatus = z.infer<typeof BeneficiaryStatus>;

export const BeneficiaryListInput = z.object({
  skip: z.int().min(0).default(0),
  take: z.int().min(1).max(500).default(50),
  /** Words in the payee's name, account number or id. */
  search: z.string().trim().max(200).optional(),
  /** Only the payees of this batch (by id or name). */
  batch: z.string().min(1).max(200).optional(),
  /** Only the payees saved on their own, in no batch. */
  saved_here: z.boolean().optional(),
  /** Only the payees in this status: `invalid` lists what the service found wrong. */
  status: BeneficiaryStatus.optional(),
});

export const BeneficiaryListItem = z.object({
  /** The beneficiary's id at the service: fixed when it was drafted. */
  id: Id,
  status: BeneficiaryStatus,
  /**
   * What the service said of it when it was last created or updated: false, not yet active (the
   * service activates a payee some time after); null when the outbox has not been told.
   */
  active: z.boolean().nullable(),
  /** When the outbox last changed what it knows of this payee. */
  updated_at: Timestamp,
  /** The name it is paid under; null when only its id is known. */
  name: z.string().nullable(),
  /** Its details as drafted; null for a payee known only by id. */
  body: DraftBeneficiary.nullable(),
  /** The draft that carries it (a new payee is created with its payment). */
  draft: z
    .object({
      id: Id,
      row: z.int().nullable(),
      state: z.enum(DRAFT_STATES),
      /** False once the payment was sent: its payee can no longer change from here. */
      editable: z.boolean(),
    })
    .nullable(),
  /** The batch of the draft that carries it; null for a payee saved on its own. */
  batch: z.object({ id: Id, name: z.string() }).nullable(),
  /**
   * Whether its details can still change here: a drafted payee's until its payment is sent; a
   * payee saved on its own until the service holds it.
   */
  editable: z.boolean(),
  /** Payments in the outbox that pay it. */
  payments: z.int(),
  /** The draft's issues on the payee's fields: the rules' and the service's. */
  issues: z.array(DraftIssue),
});
export type BeneficiaryListItem = z.infer<typeof BeneficiaryListItem>;

export const BeneficiaryList = z.object({
  /** Payees the search finds, of which `rows` is the window asked for. */
  total: z.int(),
  skip: z.int(),
  rows: z.array(BeneficiaryListItem),
});
export type BeneficiaryList = z.infer<typeof BeneficiaryList>;

/** The payee's own fields: an edit here never touches the payment's amount or date. */
const BeneficiaryField = EditableField.refine((field) => field.startsWith('beneficiary.'), {
  message: 'only the payee’s fields (beneficiary.*) change here',
});
export const BeneficiaryChanges = DraftChanges.refine(
  (changes) => Object.keys(changes).every((field) => BeneficiaryField.safeParse(field).success),
  'only the payee’s fields (beneficiary.*) change here',
);

export const EditBeneficiaryInput = z.object({ id: Id, changes: BeneficiaryChanges });
/** A payee saved on its own, without a payment: its fields as typed into an empty form. */
export const CreateBeneficiaryInput = z.object({ changes: BeneficiaryChanges });
export const BeneficiaryIdInput = z.object({ id: Id });
