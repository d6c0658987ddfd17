// A draft's issues after a change: the rules' findings worked out anew (validateDraft), what
// the sheet's cells told kept until their field is edited, the service's findings kept until
// the beneficiary is, and a possible duplicate looked for again when the fields that make one
// change. One function for an edit, a bulk edit, and a batch given its wallet.
import { contentOf, type Draft } from '../../../shared/desk/drafts';
import type { DraftContent, DraftIssue } from '../../../shared/domain/draft';
import { duplicateKey, possibleDuplicateMessage } from '../../../shared/domain/duplicate-key';
import { isEditable } from '../../../shared/domain/draft-state';
import { validateDraft } from '../../../shared/domain/validate-draft';
import type { Outbox } from '../outbox';
import { DeskError } from '../../../shared/desk/errors';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import type { Batch } from '../outbox/batch-repository';
import { changed, type DeskContext } from './desk-context';
import { editRecord } from './edit-record';

/** Fields whose change makes a possible duplicate worth looking for again. */
const DUPLICATE_FIELDS = [
  'amount.amount',
  'amount.currency',
  'amount.type',
  'execution.date',
  'target.id',
  'beneficiary.country',
  'beneficiary.currency',
  'beneficiary.bank_details.account_number',
  'beneficiary.bank_details.bank_code',
];

export interface RevisionContext {
  today: string;
  walletCurrency?: string | undefined;
}

/** Where an issue came from; an issue kept before sources were (no source) is a cell's. */
function sourceOf(issue: DraftIssue): NonNullable<DraftIssue['source']> {
  if (issue.source) return issue.source;
  return issue.field === 'duplicate' ? 'batch' : 'cell';
}

export function revisedIssues(
  previous: readonly DraftIssue[],
  content: DraftContent,
  context: RevisionContext,
  edited: ReadonlySet<string>,
): DraftIssue[] {
  const beneficiaryEdited = [...edited].some((field) => field.startsWith('beneficiary.'));
  const duplicateEdited = DUPLICATE_FIELDS.some((field) => edited.has(field));
  const kept = previous.filter((issue) => {
    switch (sourceOf(issue)) {
      case 'rules':
        return false;
      case 'service':
        return !beneficiaryEdited;
      case 'batch':
        return !(issue.field === 'duplicate' && duplicateEdited);
      case 'cell':
        return !edited.has(issue.field);
    }
  });
  // One error per field: what the sheet's cell showed says more than the rule's verdict on it.
  const errorFields = new Set(kept.filter((i) => i.severity === 'error').map((i) => i.field));
  const said = new Set(kept.map((i) => `${i.field}\u0000${i.message}`));
  const rules = validateDraft(content, context).filter(
    (issue) =>
      !(issue.severity === 'error' && errorFields.has(issue.field)) &&
      !said.has(`${issue.field}\u0000${issue.message}`),
  );
  return [...kept, ...rules];
}

export function needsDuplicateCheck(edited: ReadonlySet<string>): boolean {
  return DUPLICATE_FIELDS.some((field) => edited.has(field));
}

/** The duplicate key of the content, and the warning when another draft already has it. */
export function duplicateCheck(
  outbox: Outbox,
  draft: Pick<Draft, 'id' | 'batch_id'>,
  content: DraftContent,
  walletCurrency: string | undefined,
): { key: string | null; issue?: DraftIssue } {
  const key = duplicateKey(content, walletCurrency) ?? null;
  const issue = key ? duplicateWarning(outbox, draft, key) : undefined;
  return issue ? { key, issue } : { key };
}

/** The warning that another draft has `key` too, naming the first of them; none when none has. */
function duplicateWarning(
  outbox: Outbox,
  draft: Pick<Draft, 'id' | 'batch_id'>,
  key: string,
): DraftIssue | undefined {
  const other = outbox.drafts.firstWithKey(key, draft.id);
  if (!other) return undefined;
  const where =
    other.batch_id === draft.batch_id
      ? `row ${other.row ?? '?'}`
      : `row ${other.row ?? '?'} of batch "${other.batch}"`;
  return {
    field: 'duplicate',
    message: possibleDuplicateMessage(where),
    severity: 'warning',
    source: 'batch',
  };
}

/**
 * Drafts a possible duplicate was said on, whose twin may be gone: a draft with one of `keys`
 * was edited to other values, or deleted. Each one not yet sent is looked at again: its warning
 * stays while another draft has its key, naming that one now, and goes when none has. Without
 * this, the warning of a pair outlived the pair, and approving all asked about it still.
 */
export function recheckTwins(outbox: Outbox, keys: readonly string[]): void {
  if (keys.length === 0) return;
  for (const { id, key } of outbox.drafts.warnedWithKeys(keys)) {
    const twin = outbox.drafts.get(id);
    if (!twin) continue;
    const others = twin.issues.filter((issue) => issue.field !== 'duplicate');
    if (others.length === twin.issues.length) continue; // its warnings are of something else
    const warning = duplicateWarning(outbox, twin, key);
    const issues = warning ? [...others, warning] : others;
    if (JSON.stringify(issues) !== JSON.stringify(twin.issues)) {
      outbox.drafts.saveIssues(id, contentOf(twin), issues);
    }
  }
}

/**
 * Drafts an undo put back may duplicate a draft made or changed since (a duplicate is looked
 * for when a draft is edited, not when another one is): each is looked at again, as an edit
 * is. A possible duplicate is said on the draft and takes an approved one back to draft, so
 * that approving it again asks for the warning to be acknowledged.
 */
export function warnOfDuplicatesPutBack(
  ctx: DeskContext,
  batch: Batch,
  ids: string[],
  { keepApproval = false }: { keepApproval?: boolean } = {},
): void {
  const walletCurrency = batch.walletCurrency ?? undefined;
  for (const id of ctx.outbox.drafts.withTwins(ids)) {
    const draft = ctx.outbox.drafts.get(id);
    if (!draft || (draft.state !== 'draft' && draft.state !== 'approved')) continue;
    if (draft.issues.some((issue) => issue.field === 'duplicate')) continue;
    const content = contentOf(draft);
    const found = duplicateCheck(ctx.outbox, draft, content, walletCurrency);
    if (!found.issue || saidOnAnUnsentTwin(ctx, draft.id, found.key)) continue;
    ctx.outbox.drafts.saveIssues(draft.id, content, [...draft.issues, found.issue]);
    if (draft.state === 'approved' && !keepApproval) {
      ctx.outbox.drafts.transition(draft, { type: 'unapprove' });
    }
  }
}

/**
 * Whether a twin not yet sent says the pair already: then this draft, put back, is the other of
 * it, and says nothing. Without this, the earlier draft of a pair, edited and its edit undone,
 * came back warned as well, and an approved one came back a draft.
 */
function saidOnAnUnsentTwin(ctx: DeskContext, id: string, key: string | null): boolean {
  if (key === null) return false;
  return ctx.outbox.drafts
    .warnedWithKeys([key])
    .some(
      (twin) =>
        twin.id !== id &&
        (ctx.outbox.drafts.get(twin.id)?.issues.some((issue) => issue.field === 'duplicate') ??
          false),
    );
}

/**
 * A possible duplicate is said on the later draft of a pair; once either is sent, the other is
 * the second payment, whichever came first. After a sync, each draft not yet sent that has the
 * key of a draft the batch sent is warned (unless it is already), an approved one taken back to
 * draft: approving it again asks for the warning to be acknowledged. Without this, the earlier
 * draft of a pair synced after its twin went out with no word, and paid the same payee twice.
 */
export function warnTwinsOfSent(ctx: DeskContext, batchId: string): void {
  const byBatch = new Map<string, string[]>();
  for (const twin of ctx.outbox.drafts.unsentTwinsOfSent(batchId)) {
    // Pushed, not copied: a sheet imported twice and synced once has a twin for every row.
    const ids = byBatch.get(twin.batch_id);
    if (ids) ids.push(twin.id);
    else byBatch.set(twin.batch_id, [twin.id]);
  }
  ctx.outbox.db.transaction(() => {
    for (const [id, drafts] of byBatch) {
      const batch = ctx.outbox.batches.get(id);
      if (batch) warnOfDuplicatesPutBack(ctx, batch, drafts);
    }
  })();
  for (const id of byBatch.keys()) if (id !== batchId) changed(ctx, id);
}

/**
 * Works out the rules anew for every draft of the batch not yet sent, a page at a time (the
 * wallet's currency decides a SEND amount's decimals): after its group, and so its wallet,
 * changed. Cell, service and duplicate findings stay.
 */
export function revalidateBatch(outbox: Outbox, batchId: string, context: RevisionContext): number {
  let changed = 0;
  const none = new Set<string>();
  for (let skip = 0; ; skip += 500) {
    const page = outbox.drafts.page(batchId, skip, 500);
    if (page.length === 0) break;
    outbox.db.transaction(() => {
      for (const draft of page) {
        if (!isEditable(draft.state)) continue;
        const content = contentOf(draft);
        const issues = revisedIssues(draft.issues, content, context, none);
        if (JSON.stringify(issues) === JSON.stringify(draft.issues)) continue;
        // Only the issues change: the draft keeps its state (approval stands unless errors came).
        outbox.drafts.saveIssues(draft.id, content, issues);
        changed += 1;
      }
    })();
  }
  return changed;
}

/**
 * Applies the changes to a draft, works out its issues anew and saves it (in a transaction).
 * Returns the duplicate key the draft had and has no more, for its twins to be looked at again
 * (recheckTwins) once the drafts changed with it are saved too.
 */
export function reviseDraft(
  ctx: DeskContext,
  batch: Batch,
  draft: Draft,
  changes: DraftChanges,
): string | undefined {
  const applied = applyDraftChanges(contentOf(draft), changes);
  if (!applied.ok) {
    const which = draft.row === null ? '' : ` (row ${draft.row})`;
    throw new DeskError('invalid_input', `${applied.message}${which}`, { field: applied.field });
  }
  const edited = new Set(Object.keys(changes));
  const walletCurrency = batch.walletCurrency ?? undefined;
  const context = { today: ctx.today(), walletCurrency };
  const issues = revisedIssues(draft.issues, applied.content, context, edited);
  let key: string | null | undefined;
  let before: string | undefined;
  if (needsDuplicateCheck(edited)) {
    before = duplicateKey(contentOf(draft), walletCurrency);
    const found = duplicateCheck(ctx.outbox, draft, applied.content, walletCurrency);
    key = found.key;
    if (found.issue) issues.push(found.issue);
  }
  const saved = ctx.outbox.drafts.saveContent(draft, applied.content, issues, key);
  if (!saved.ok) throw new DeskError('conflict', saved.reason);
  return before !== undefined && before !== key ? before : undefined;
}

/**
 * An edit of one draft as the person made it (a cell, or a row of a paste): revised
 * (reviseDraft) and written in the audit log with what it was and became. Answers the draft as
 * saved, and the duplicate key it left for recheckTwins. The caller owns the transaction.
 */
export function reviseAndAudit(
  ctx: DeskContext,
  batch: Batch,
  draft: Draft,
  changes: DraftChanges,
): { after: Draft; gone: string | undefined } {
  const gone = reviseDraft(ctx, batch, draft, changes);
  const after = ctx.outbox.drafts.get(draft.id) as Draft;
  ctx.outbox.audit.append('edit', {
    batchId: batch.id,
    subjectId: draft.id,
    details: { ...editRecord(draft, after, changes, batch.walletCurrency ?? null) },
  });
  return { after, gone };
}
