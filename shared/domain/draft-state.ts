// The life of a payment draft in the outbox, as a pure function from (state, event) to the next
// state (STYLE.md rule 5). The sync engine records what happened as events; the database and
// HTTP effects stay at its edges. Exactly-once rests on three rules written here:
//   - a draft's payment fields can change only before it is sent (draft, approved, failed);
//   - only approved drafts are sent;
//   - nothing that reached the service (submitted, accepted) is ever sent again.
export const DRAFT_STATES = [
  /** Imported or edited; not yet approved for sending. */
  'draft',
  /** Approved: the next sync sends it. */
  'approved',
  /** In a chunk recorded as sending: the request may or may not have reached the service. */
  'sending',
  /** Its chunk was accepted (202): the service's import job will report on it. */
  'submitted',
  /** The service holds the payment: created by the job, by a PUT, or found already there. */
  'accepted',
  /** The service refused it; it can be fixed and approved again. */
  'failed',
] as const;
export type DraftState = (typeof DRAFT_STATES)[number];

export type DraftEvent =
  | { type: 'approve' }
  | { type: 'unapprove' }
  | { type: 'edit' }
  | { type: 'chunk_recorded' }
  /** The chunk's request was answered 202 with a job. */
  | { type: 'chunk_accepted' }
  /** A 400 on the chunk, isolated by bisection to this very item. */
  | { type: 'item_rejected' }
  /** A 400 on the chunk caused by other items: this one goes back to be sent again. */
  | { type: 'chunk_rejected_elsewhere' }
  /** Job progress: SUCCESS or FAILED for this item. */
  | { type: 'job_item_succeeded' }
  | { type: 'job_item_failed' }
  /** Recovery of a chunk found in `sending` after a restart, by PUT per item. */
  | { type: 'recovered_by_put' }
  /** The PUT found a payment no longer pending: it was submitted before the crash. */
  | { type: 'recovered_already_submitted' }
  | { type: 'recovery_refused' }
  /**
   * Its payment group was deleted with `clear`, which removed the payment while still pending:
   * the service no longer holds it, so it may be fixed and sent again, like a refused one.
   */
  | { type: 'removed_at_service' };
export type DraftEventType = DraftEvent['type'];

export const DRAFT_EVENT_TYPES: readonly DraftEventType[] = [
  'approve',
  'unapprove',
  'edit',
  'chunk_recorded',
  'chunk_accepted',
  'item_rejected',
  'chunk_rejected_elsewhere',
  'job_item_succeeded',
  'job_item_failed',
  'recovered_by_put',
  'recovered_already_submitted',
  'recovery_refused',
  'removed_at_service',
];

export type Transition = { ok: true; state: DraftState } | { ok: false; reason: string };

const TABLE: Readonly<Record<DraftState, Partial<Record<DraftEventType, DraftState>>>> = {
  draft: { approve: 'approved', edit: 'draft', unapprove: 'draft' },
  approved: { unapprove: 'draft', edit: 'draft', approve: 'approved', chunk_recorded: 'sending' },
  sending: {
    chunk_accepted: 'submitted',
    item_rejected: 'failed',
    chunk_rejected_elsewhere: 'approved',
    recovered_by_put: 'accepted',
    recovered_already_submitted: 'accepted',
    recovery_refused: 'failed',
    removed_at_service: 'failed',
  },
  submitted: {
    job_item_succeeded: 'accepted',
    job_item_failed: 'failed',
    removed_at_service: 'failed',
  },
  accepted: { removed_at_service: 'failed' },
  failed: { edit: 'draft', approve: 'approved' },
};

const WHY_NOT: Partial<Record<DraftEventType, string>> = {
  edit: 'its payment was sent to the service and can no longer change',
  approve: 'it is already on its way to the service or there',
  unapprove: 'it is already on its way to the service or there',
  chunk_recorded: 'only approved drafts are sent, and never twice',
};

export function nextDraftState(state: DraftState, event: DraftEvent): Transition {
  const next = TABLE[state][event.type];
  if (next) return { ok: true, state: next };
  return {
    ok: false,
    reason: `a ${state} draft cannot take "${event.type}": ${WHY_NOT[event.type] ?? 'that event does not apply in this state'}`,
  };
}

/** Whether the draft's payment fields may still be edited. */
export const isEditable = (state: DraftState): boolean =>
  nextDraftState(state, { type: 'edit' }).ok;

/**
 * Why a draft can no longer change, said of it as `which` ("row 3", "Row 3", "this draft"):
 * the desk's refusal of an edit, and the grid's before anything is typed. Null while it can.
 */
export const whyNotEditable = (state: DraftState, which: string): string | null =>
  isEditable(state) ? null : `${which} was sent to the service (${state}) and can no longer change`;

/**
 * States in which the service may hold the payment: never send these again (unless the service
 * says it removed it: `removed_at_service`).
 */
export const REACHED_SERVICE: readonly DraftState[] = ['submitted', 'accepted'];
