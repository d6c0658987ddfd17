// The service's side of a batch: validate its new beneficiaries, sync it (what it will send
// first, then the stages as they go), retry what failed, and approve at the service what was
// sent for approval there.
import type { SyncOutcome, SyncPreview } from '../../shared/desk';
import { parseAmount } from '../../shared/domain/money';
import { batchName, printedCounts } from './batch-commands';
import {
  parseCount,
  print,
  UsageError,
  useBatchProfile,
  type CliContext,
  parseCommandLine,
  moneyText,
} from './context';

/**
 * `BATCH [--profile NAME]`, the arguments of a command that asks the service about a batch: the
 * batch, and the profile asked for, its credentials given in the environment taken for the run
 * (useBatchProfile).
 */
async function batchOnProfile(
  ctx: CliContext,
  args: string[],
): Promise<{ batch: string; profile: string | undefined }> {
  const { values, positionals } = parseCommandLine(1, {
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' } },
  });
  const batch = batchName(positionals[0]);
  return { batch, profile: await useBatchProfile(ctx, batch, values.profile) };
}

/** Exit status 3: the sync stopped before it was done (offline, interrupted or cancelled). */
export const SYNC_NOT_FINISHED = 3;
/**
 * Exit status 4: done, but the service refused part of the batch: payments at a sync (they did
 * not go), payees at a sync or a validation (their payments are held back). A scheduled run
 * must not read that as success.
 */
export const DONE_WITH_REFUSALS = 4;

/**
 * Exit status 4 when the service found payees to fix: a scheduled `validate && sync` must not
 * go on to a sync that would hold their payments back.
 */
export async function validateCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { batch, profile } = await batchOnProfile(ctx, args);
  const result = await ctx.desk.api.validateBeneficiaries({
    batch,
    ...(profile ? { profile } : {}),
  });
  print(
    ctx,
    result,
    () =>
      `Checked ${result.checked} new beneficiaries with the service: ${result.invalid} need fixing${result.invalid ? ` (payout-desk show "${batch}" lists what, at which field)` : ''}`,
  );
  return result.invalid > 0 ? DONE_WITH_REFUSALS : 0;
}

export async function syncCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(1, {
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' }, 'chunk-size': { type: 'string' } },
  });
  const batch = batchName(positionals[0]);
  // Without --chunk-size, the desk's setting (500 unless changed in the app).
  const chunk = values['chunk-size']
    ? parseCount('--chunk-size', values['chunk-size'], 1)
    : undefined;
  if (chunk !== undefined && chunk > 1000) throw new UsageError('--chunk-size takes at most 1000');
  const profile = await useBatchProfile(ctx, batch, values.profile);
  const preview = await ctx.desk.api.syncPreview({ batch, ...(profile ? { profile } : {}) });
  ctx.note(previewText(preview));
  if (preview.blockers.length > 0) {
    throw new UsageError(
      `batch "${preview.batch}" cannot be synced: ${preview.blockers.join('; ')}${preview.group ? '' : ` (payout-desk set-group "${preview.batch}" GROUP_ID)`}`,
    );
  }
  const result = await ctx.desk.api.sync({
    batch,
    ...(chunk !== undefined ? { chunk_size: chunk } : {}),
    ...(profile ? { profile } : {}),
  });
  const { totals } = await ctx.desk.api.getBatch({ batch });
  const counts = printedCounts({ counts: result.counts, totals });
  print(
    ctx,
    {
      ...counts,
      state: result.state,
      jobs: result.jobs,
      held_back: result.held_back,
      ...(result.error ? { error: result.error } : {}),
    },
    () =>
      `Sync ${result.state}: ${counts.accepted} accepted, ${counts.failed} failed${awaitingText(result.counts.by_state)}, ${counts.approved} still to send${result.error ? `\n${result.error}` : ''}${AGAIN[result.state]}` +
      (result.state === 'done' && counts.failed > 0
        ? `\n${counts.failed} payment(s) the service refused did not go: payout-desk show "${batch}" says why; once they are corrected (payout-desk edit "${batch}" ROW FIELD=VALUE, or in the app), payout-desk retry "${batch}" sends them again`
        : '') +
      (result.held_back > 0
        ? `\n${result.held_back} approved payment(s) held back, not sent: the service found their new payee wrong, and they are drafts again; payout-desk show "${batch}" says where, and once corrected (payout-desk edit "${batch}" ROW FIELD=VALUE) and approved, payout-desk sync "${batch}" sends them`
        : ''),
  );
  if (result.state !== 'done') return SYNC_NOT_FINISHED;
  return counts.failed > 0 || result.held_back > 0 ? DONE_WITH_REFUSALS : 0;
}

/** What to do after a sync that stopped, by why it stopped. */
const AGAIN: Record<SyncOutcome['state'], string> = {
  done: '',
  offline: '\nRun the sync again when the service is reachable: nothing will be sent twice.',
  interrupted:
    '\nThe service is in trouble or asked for fewer requests: run the sync again later, nothing will be sent twice.',
  cancelled: '\nRun the sync again to carry on: nothing will be sent twice.',
};

/**
 * Payments sent whose arrival the service has not confirmed yet (its answer lost, its job still
 * running): neither accepted nor failed nor still to send, but counted, never left out.
 */
function awaitingText(states: { sending: number; submitted: number }): string {
  const awaiting = states.sending + states.submitted;
  return awaiting > 0 ? `, ${awaiting} awaiting the service's answer` : '';
}

function previewText(preview: SyncPreview): string {
  const totals = preview.totals
    .map((t) => `${moneyText(t.amount, t.currency)} ${t.currency || '(wallet)'}`)
    .join(', ');
  const approval =
    preview.to_send === 0
      ? ''
      : preview.go_for_approval === 0
        ? ', approved at the service'
        : preview.go_approved === 0
          ? ', for approval at the service'
          : `, ${preview.go_approved} approved and ${preview.go_for_approval} for approval at the service`;
  return [
    `To send: ${preview.to_send} payment(s)${totals ? ` (${totals})` : ''}${approval}`,
    ...preview.debits.map(
      (d) =>
        `  wallet ${d.wallet_id}: debits ${moneyText(d.amount, d.currency)} ${d.currency}, fees not included${d.not_estimated ? ` and ${d.not_estimated} payment(s) in other currencies` : ''}; balance ${d.balance === null || d.balance === undefined ? 'unknown' : `${moneyText(d.balance, d.currency)} ${d.currency}`}${d.held_at_service && parseAmount(d.held_at_service.amount) ? `, of which ${moneyText(d.held_at_service.amount, d.currency)} ${d.currency} is held for payments pending at the service, not yet debited` : ''}${d.short_by ? ` — short by ${moneyText(d.short_by, d.currency)} ${d.currency}` : ''}`,
    ),
    ...preview.notes.map((note) => `  ${note}`),
  ].join('\n');
}

export async function retryCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(1, { args, allowPositionals: true, options: {} });
  const result = await ctx.desk.api.retryFailed({ batch: batchName(positionals[0]) });
  print(
    ctx,
    result,
    () =>
      `${result.requeued} failed payment(s) approved to send again, unchanged (a refusal for what they hold comes again: correct a row with payout-desk edit ${positionals[0]} ROW FIELD=VALUE, then approve it)${result.refused_total ? `; ${result.refused_total} need fixing first` : ''}: payout-desk sync ${positionals[0]}`,
  );
}

export async function approveAtServiceCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { batch, profile } = await batchOnProfile(ctx, args);
  const result = await ctx.desk.api.approveAtService({
    batch,
    ...(profile ? { profile } : {}),
  });
  print(ctx, result, () =>
    [
      `Approved ${result.approved} payment(s) at the service`,
      ...result.refused.slice(0, 20).map((r) => `  ${r.reason}`),
    ].join('\n'),
  );
}

/**
 * A synced batch against its wallet's statement: how many accepted payments it shows debited,
 * and the first of those not yet, whom each pays and how much. The service tells no payment's
 * outcome otherwise; the statement is where a debit is confirmed.
 */
export async function reconcileCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { batch, profile } = await batchOnProfile(ctx, args);
  const found = await ctx.desk.api.reconcileBatch({ batch, ...(profile ? { profile } : {}) });
  const shown = found.not_yet_drafts.slice(0, 20);
  print(ctx, found, () =>
    [
      `${found.debited} of ${found.accepted} accepted payment(s) debited on wallet ${found.wallet_id}'s statement from ${found.start.slice(0, 10)} to ${found.end.slice(0, 10)}; ${found.not_yet} not yet`,
      ...(found.not_yet > 0 && found.group_failed
        ? [
            `  the group counts ${found.group_failed} failed payment(s), never debited: some of those not yet may be among them (the service does not say which)`,
          ]
        : []),
      ...shown.map(
        (draft) =>
          `  row ${draft.row ?? '?'}: not yet debited  ${draft.amount === null ? '(no amount)' : moneyText(draft.amount, draft.currency ?? '')} ${draft.currency ?? ''}  ${draft.payee ?? ''}`,
      ),
      ...(found.not_yet > shown.length ? [`  and ${found.not_yet - shown.length} more`] : []),
    ].join('\n'),
  );
}
