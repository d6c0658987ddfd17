// Drafts through the contract: a window of rows (the grid asks for what it shows, sorted and
// filtered in the outbox, never the whole batch), one draft, edits revalidated by the domain's
// rules, bulk edits of a selection or a filter, deletion, undo, and approval.
import { z } from 'zod';
import { DraftChanges, EditableField, FieldValue } from '../domain/draft-changes';
import { DraftBeneficiary, DraftIssue, DraftPayment, type DraftContent } from '../domain/draft';
import { DRAFT_STATES } from '../domain/draft-state';
import { isPurposeCode } from '../domain/purpose-codes';
import { BatchRef, Id, JobId, Refusals, Timestamp } from './common';

export const DraftState = z.enum(DRAFT_STATES);

export const BeneficiarySyncState = z.enum(['draft', 'synced', 'invalid']);

export const Draft = z.object({
  id: Id,
  /** Fixed when the draft was created, as its id: a crashed sync asks the service by them. */
  correlation_id: z.string(),
  batch_id: Id,
  /** The sheet row it came from; null for a draft not imported from a sheet. */
  row: z.int().nullable(),
  state: DraftState,
  payment: DraftPayment,
  /** The payee to create with the payment; null when it names one the service holds. */
  beneficiary: z
    .object({ id: Id, body: DraftBeneficiary, sync_state: BeneficiarySyncState })
    .nullable(),
  issues: z.array(DraftIssue),
  /** The payment's status at the service, as last seen. */
  remote_status: z.string().nullable(),
  /** The service's refusal, as it answered. */
  error: z.unknown(),
  /** At the service: true approved, false awaiting approval there, null not there yet. */
  service_approved: z.boolean().nullable(),
  updated_at: Timestamp,
});
export type Draft = z.infer<typeof Draft>;

/** The part of a draft its rules judge and its edits change. */
export const contentOf = (draft: Pick<Draft, 'payment' | 'beneficiary'>): DraftContent => ({
  payment: draft.payment,
  beneficiary: draft.beneficiary?.body ?? null,
});

export const DraftSortKey = z.enum(['row', 'amount', 'currency', 'payee', 'date', 'state']);
export const DraftSort = z.object({
  by: DraftSortKey,
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type DraftSort = z.infer<typeof DraftSort>;

export const DraftFilter = z.object({
  states: z.array(DraftState).min(1).optional(),
  /**
   * With errors (true) or without (false). Both true: the rows with either, the rows that need a
   * look, as the editor's two boxes ticked together mean (together they found no row at all).
   */
  with_errors: z.boolean().optional(),
  with_warnings: z.boolean().optional(),
  /** Words found in the payee's name, account, description, correlation id or row number. */
  text: z.string().trim().max(200).optional(),
});
export type DraftFilter = z.infer<typeof DraftFilter>;

/**
 * Some drafts by id, the drafts of some sheet rows (as a person names them), or every draft of
 * the batch a filter finds (`{filter: {}}`: all of them). An id or a row the batch does not hold
 * refuses the whole request, naming them: nothing is done to the rest.
 */
export const Selection = z.union([
  z.object({ ids: z.array(Id).min(1).max(100_000) }),
  z.object({ rows: z.array(z.int().min(1)).min(1).max(1_000_000) }),
  z.object({ filter: DraftFilter }),
]);
export type Selection = z.infer<typeof Selection>;

export const DraftWindowInput = z.object({
  batch: BatchRef,
  skip: z.int().min(0).default(0),
  take: z.int().min(1).max(1000).default(100),
  sort: DraftSort.optional(),
  filter: DraftFilter.optional(),
  /** A draft to find in the list as sorted and filtered: its index is answered as `located`. */
  locate: Id.optional(),
});
export const DraftWindow = z.object({
  /** Drafts the filter finds, of which `rows` is the window asked for. */
  total: z.int(),
  skip: z.int(),
  rows: z.array(Draft),
  /** The index of the draft asked for by `locate`; null when the list does not hold it. */
  located: z.int().nullable().optional(),
});
export type DraftWindow = z.infer<typeof DraftWindow>;

export const EditDraftInput = z.object({ id: Id, changes: DraftChanges });

/**
 * The most drafts one paste may change. A pasted block is a spreadsheet's, not a batch's, and it
 * is saved in one transaction, which holds every other call meanwhile: about a second at this
 * many (a bulk edit, which goes in steps, changes a whole batch).
 */
export const MOST_PASTED_DRAFTS = 2_000;

/**
 * Drafts' fields changed as one change, as a paste into the grid makes them: each edit is
 * revalidated as one alone would be, and one undo takes them all back. A value the rules
 * refuse (one that does not fit its field, a draft sent already) is refused alone: the
 * draft's other values and the other drafts are saved. Edits of one draft are taken in order,
 * as one.
 */
export const EditDraftsInput = z.object({
  batch: BatchRef,
  edits: z
    .array(EditDraftInput)
    .min(1)
    .refine(
      (edits) => new Set(edits.map((edit) => edit.id)).size <= MOST_PASTED_DRAFTS,
      `paste into at most ${MOST_PASTED_DRAFTS.toLocaleString('en')} rows at a time; a bulk edit changes more`,
    ),
});
export const EditDraftsResult = z.object({
  /** The drafts changed, as saved, in the order first asked. */
  drafts: z.array(Draft),
  ...Refusals,
});

/** What a bulk edit may set: the fields a whole batch often shares. */
export const BulkField = EditableField.extract([
  'execution.date',
  'purpose',
  'description',
  'amount.type',
  'approved',
]);
export const BulkChanges = z
  .partialRecord(BulkField, FieldValue)
  .refine((changes) => Object.keys(changes).length > 0, 'name at least one field to change')
  .superRefine(({ purpose }, ctx) => {
    // One cell's mistyped purpose is an issue at that cell, to fix there; the same code given
    // to a bulk edit would make an error of every draft it changed, so it is refused first.
    if (typeof purpose === 'string' && !isPurposeCode(purpose)) {
      ctx.addIssue({
        code: 'custom',
        path: ['purpose'],
        message: `${purpose} is not an ISO 20022 purpose code such as SALA or SUPP: no draft was changed`,
      });
    }
  });

/**
 * A bulk edit runs in steps, as a job under `job_id` when the caller names one. Cancelled, or
 * stopped by a change a draft refuses, it puts back the drafts it had changed: nothing is left
 * half edited.
 */
export const BulkEditInput = z.object({
  batch: BatchRef,
  selection: Selection,
  changes: BulkChanges,
  job_id: JobId.optional(),
});
export const BulkEditResult = z.object({
  changed: z.int(),
  /** Of those changed, drafts that were approved: an edit makes each a draft again. */
  unapproved: z.int(),
  ...Refusals,
});

/**
 * Deletion runs in steps, as a job under `job_id` when the caller names one. Cancelled, it puts
 * back the drafts it had deleted and answers `cancelled`: nothing is left half deleted.
 */
export const DeleteDraftsInput = z.object({
  batch: BatchRef,
  selection: Selection,
  job_id: JobId.optional(),
});
export const DeleteDraftsResult = z.object({ deleted: z.int(), ...Refusals });

/** Undo runs in steps, as a job under `job_id` when the caller names one. */
export const UndoInput = z.object({ batch: BatchRef, job_id: JobId.optional() });

export const UndoResult = z.object({
  /** What was undone, in words: "the edit of row 12", "the bulk edit of 240 drafts". */
  undone: z.string(),
  /**
   * What the change was: an edit (a bulk edit, a paste), a deletion, or a sheet added to the
   * batch, whose undo takes its rows out rather than putting drafts back.
   */
  change: z.enum(['edit', 'delete', 'append']),
  /** Drafts put back; for a sheet added, drafts taken out. */
  drafts: z.int(),
  /**
   * Of the drafts put back, those approved since the change: the approval was given to what the
   * change made, so they are drafts again, to be approved again.
   */
  unapproved: z.int(),
  /**
   * Drafts of it still to put back: more than 0 when the undo was cancelled between steps. The
   * change stays the latest in the journal, and the next undo puts back the rest.
   */
  remaining: z.int(),
});

export const ApproveInput = z.object({
  batch: BatchRef,
  selection: Selection,
  /**
   * Warnings are not errors, but a possible duplicate approved unseen is a payment made twice:
   * drafts with warnings are approved only when the caller says they were looked at.
   */
  include_warnings: z.boolean().default(false),
});
export const ApproveResult = z.object({
  approved: z.int(),
  ...Refusals,
  /** Why drafts were refused, counted: errors to fix, warnings not acknowledged, past approval. */
  refused_for: z.object({ errors: z.int(), warnings: z.int(), state: z.int() }),
});
export type ApproveResult = z.infer<typeof ApproveResult>;

export const UnapproveInput = z.object({ batch: BatchRef, selection: Selection });
export const UnapproveResult = z.object({ unapproved: z.int(), ...Refusals });

export const DraftIdInput = z.object({ id: Id });
export const BatchInput = z.object({ batch: BatchRef });
