// Drafts' fields changed as one change, as a paste into the grid makes them: each edit revalidated
// as editDraft revalidates one, all recorded under one journal operation so that one undo takes
// the paste back, in one transaction (no await: nothing else runs between its edits, a sync
// included). Where a pasted value does not fit its field, that value alone is refused; where its
// draft was sent already, that draft's; each with its row and why. The rest are saved.
import { contentOf, type Draft } from '../../../shared/desk/drafts';
import type { DeskInput, DeskOutput } from '../../../shared/desk/api';
import type { Refusal } from '../../../shared/desk/common';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import { isEditable } from '../../../shared/domain/draft-state';
import { batchOf, changed, type DeskContext } from './desk-context';
import { recheckTwins, reviseAndAudit } from './draft-revision';
import { draftsNamed } from '../outbox/draft-filters';

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
          : undefined;
    if (reason || !draft) {
      refused.push({ id, row, reason: reason ?? '' });
      continue;
    }
    const fits = fitting(draft, changes);
    for (const why of fits.refused) refused.push({ id, row, reason: why });
    if (Object.keys(fits.changes).length > 0) taken.push({ draft, changes: fits.changes });
  }
  if (taken.length === 0)
    return { drafts: [], refused_total: refused.length, refused: named(refused) };

  const label = `the paste into ${taken.length.toLocaleString('en')} row${taken.length === 1 ? '' : 's'}`;
  const saved = outbox.db.transaction(() => {
    const ids = taken.map(({ draft }) => draft.id);
    outbox.journal.record(batch.id, 'edit', label, draftsNamed(ids));
    const gone: string[] = [];
    for (const { draft: shown, changes } of taken) {
      // As it is now, inside the transaction, whatever was read of it before.
      const draft = outbox.drafts.get(shown.id) ?? shown;
      const { gone: key } = reviseAndAudit(ctx, batch, draft, changes);
      if (key !== undefined) gone.push(key);
    }
    recheckTwins(outbox, gone);
    // Read after the twins: a warning may have changed with another draft of the paste.
    return ids.map((id) => outbox.drafts.get(id) as Draft);
  })();
  changed(ctx, batch.id);
  return { drafts: saved, refused_total: refused.length, refused: named(refused) };
}

/**
 * The changes that fit the draft, each field tried in turn on what those before it made, and
 * why each other was refused: one value that does not fit (a payee's name held at the service)
 * leaves the row's other values to be saved.
 */
function fitting(
  draft: Draft,
  changes: DraftChanges,
): { changes: DraftChanges; refused: string[] } {
  let content = contentOf(draft);
  const fit: DraftChanges = {};
  const refused: string[] = [];
  for (const [field, value] of Object.entries(changes) as [keyof DraftChanges, unknown][]) {
    const one = { [field]: value } as DraftChanges;
    const applied = applyDraftChanges(content, one);
    if (!applied.ok) refused.push(applied.message);
    else {
      content = applied.content;
      Object.assign(fit, one);
    }
  }
  return { changes: fit, refused };
}

const named = (refused: Refusal[]) => refused.slice(0, REFUSALS_NAMED);
