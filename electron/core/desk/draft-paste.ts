// Drafts' fields changed as one change, as a paste into the grid makes them: each edit revalidated
// as editDraft revalidates one, all recorded under one journal operation so that one undo takes
// the paste back, in one transaction. Where a pasted value does not fit its field, or its draft
// was sent already, that edit alone is refused, with its row and why; the rest are saved.
import { contentOf, type Draft } from '../../../shared/desk/drafts';
import type { DeskInput, DeskOutput } from '../../../shared/desk/api';
import type { Refusal } from '../../../shared/desk/common';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import { isEditable } from '../../../shared/domain/draft-state';
import { batchOf, changed, type DeskContext } from './desk-context';
import { recheckTwins, reviseDraft } from './draft-revision';
import { editRecord } from './edit-record';

/** Refusals named one by one; the rest are counted. */
const REFUSALS_NAMED = 100;

export function editDrafts(
  ctx: DeskContext,
  { batch: ref, edits }: DeskInput<'editDrafts'>,
): DeskOutput<'editDrafts'> {
  const { outbox } = ctx;
  const batch = batchOf(ctx, ref);
  // One edit per draft, its changes in the order pasted.
  const merged = new Map<string, DraftChanges>();
  for (const { id, changes } of edits) merged.set(id, { ...merged.get(id), ...changes });

  const refused: Refusal[] = [];
  const taken: { draft: Draft; changes: DraftChanges }[] = [];
  for (const [id, changes] of merged) {
    const draft = outbox.drafts.get(id);
    const row = draft?.row ?? null;
    const reason = !draft
      ? 'no such draft: deleted since it was shown'
      : draft.batch_id !== batch.id
        ? `not a draft of ${batch.name}`
        : !isEditable(draft.state)
          ? `sent to the service (${draft.state}): it can no longer change`
          : whyNot(draft, changes);
    if (reason || !draft) refused.push({ id, row, reason: reason ?? '' });
    else taken.push({ draft, changes });
  }
  if (taken.length === 0)
    return { drafts: [], refused_total: refused.length, refused: named(refused) };

  const which =
    taken.length === 1 && taken[0]!.draft.row !== null
      ? `row ${taken[0]!.draft.row}`
      : `${taken.length.toLocaleString('en')} rows`;
  const saved = outbox.db.transaction(() => {
    const ids = taken.map(({ draft }) => draft.id);
    const where = { sql: `p.id IN (${ids.map(() => '?').join(', ')})`, params: ids };
    outbox.journal.record(batch.id, 'edit', `the paste into ${which}`, where);
    const gone: string[] = [];
    const after = taken.map(({ draft: shown, changes }) => {
      // As it is now, inside the transaction, whatever was read of it before.
      const draft = outbox.drafts.get(shown.id) ?? shown;
      const key = reviseDraft(ctx, batch, draft, changes);
      if (key !== undefined) gone.push(key);
      const now = outbox.drafts.get(draft.id) as Draft;
      outbox.audit.append('edit', {
        batchId: batch.id,
        subjectId: draft.id,
        details: { ...editRecord(draft, now, changes) },
      });
      return now;
    });
    recheckTwins(outbox, gone);
    // Read again: a twin's warning may have changed with another draft of the paste.
    return after.map((draft) => outbox.drafts.get(draft.id) as Draft);
  })();
  changed(ctx, batch.id);
  return { drafts: saved, refused_total: refused.length, refused: named(refused) };
}

/** Why the changes do not fit the draft (as editDraft would refuse them); null when they do. */
function whyNot(draft: Draft, changes: DraftChanges): string | null {
  const applied = applyDraftChanges(contentOf(draft), changes);
  return applied.ok ? null : applied.message;
}

const named = (refused: Refusal[]) => refused.slice(0, REFUSALS_NAMED);
