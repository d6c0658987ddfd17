import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DRAFT_EVENT_TYPES,
  DRAFT_STATES,
  isEditable,
  nextDraftState,
  type DraftEventType,
  type DraftState,
} from '../../../shared/domain';

// The whole table, written out independently of the implementation: every (state, event).
const EXPECTED: Record<DraftState, Partial<Record<DraftEventType, DraftState>>> = {
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

describe('the draft state machine', () => {
  const pairs = DRAFT_STATES.flatMap((state) =>
    DRAFT_EVENT_TYPES.map((event) => [state, event] as const),
  );

  it.each(pairs)('%s + %s', (state, event) => {
    const result = nextDraftState(state, { type: event });
    const expected = EXPECTED[state][event];
    if (expected) expect(result).toEqual({ ok: true, state: expected });
    else expect(result).toMatchObject({ ok: false, reason: expect.stringContaining(state) });
  });

  it('lets payment fields change only before sending', () => {
    expect(DRAFT_STATES.filter(isEditable)).toEqual(['draft', 'approved', 'failed']);
  });

  it('sends only approved drafts, and a payment the service holds is never sent again (unless it was removed there)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DRAFT_EVENT_TYPES), { maxLength: 60 }), (events) => {
        let state: DraftState = 'draft';
        let held = false;
        for (const type of events) {
          const result = nextDraftState(state, { type });
          if (!result.ok) continue;
          if (result.state === 'sending') {
            expect(state).toBe('approved');
            expect(held).toBe(false);
          }
          state = result.state;
          if (state === 'accepted') held = true;
          // Deleting its group with clear removed it: the service holds it no more.
          if (type === 'removed_at_service') held = false;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
