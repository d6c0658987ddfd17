// The main job, headless: import a sheet into a batch, list and show batches, approve rows,
// give a batch its group, rename or delete one. Each is a desk call and its printing.
import { readFile } from 'node:fs/promises';
import {
  DeskError,
  type Batch,
  type DeskInput,
  type Draft,
  type ImportSummary,
  skippedRowsLabel,
} from '../../shared/desk';
import { proposedGroup } from '../../shared/domain/group-proposal';
import { amountFromNumber } from '../../shared/domain/money';
import { serviceRefusal } from '../../shared/domain/service-words';
import {
  parseRows,
  print,
  shown,
  UsageError,
  useBatchProfile,
  useProfile,
  type CliContext,
  parseCommandLine,
  moneyText,
} from './context';

export async function importCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(1, {
    args,
    allowPositionals: true,
    options: {
      batch: { type: 'string' },
      group: { type: 'string' },
      profile: { type: 'string' },
      sheet: { type: 'string' },
      mapping: { type: 'string' },
      approved: { type: 'boolean' },
      'append-to': { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file) {
    throw new UsageError(
      'usage: payout-desk import FILE [--sheet NAME] [--batch NAME | --append-to BATCH] [--group ID] [--mapping FILE] [--approved] [--json]',
    );
  }
  const appendTo = values['append-to'];
  if (appendTo !== undefined && (values.batch !== undefined || values.group || values.approved)) {
    throw new UsageError(
      '--append-to adds the rows to a batch as it is, with its name, group and approval: leave out --batch, --group and --approved',
    );
  }
  if (values.batch !== undefined && values.batch.trim() === '') {
    throw new UsageError(
      '--batch needs a name; leave it out to name the batch after the file and the time',
    );
  }
  const mapping = values.mapping ? await readMappingFile(values.mapping) : undefined;
  const sheet = {
    file,
    ...(values.sheet ? { sheet: values.sheet } : {}),
    ...(mapping ? mapping : {}),
  };
  const profile = await useProfile(ctx, values.profile);
  const proposal =
    values.group || appendTo !== undefined ? null : await groupProposal(ctx, sheet, profile);
  if (proposal) ctx.note(proposal.reason);
  const groupId = values.group ?? proposal?.group?.id;
  const summary = await ctx.desk.api.importSheet({
    ...sheet,
    ...(values.batch !== undefined ? { batch_name: values.batch } : {}),
    ...(appendTo !== undefined ? { append_to: appendTo } : {}),
    ...(groupId ? { group_id: groupId } : {}),
    ...(values.approved ? { service_approval: 'approved' as const } : {}),
    profile,
  });
  // Added to a batch, the group is the batch's own: nothing was chosen or checked to say.
  if (appendTo === undefined) groupNote(ctx, summary);
  const {
    batch_id: _id,
    mapping_source: source,
    group: _group,
    group_checked: _checked,
    ...printed
  } = summary;
  print(ctx, printed, () => importText(summary, source));
}

/** Which group a new batch pays from, and whether the service checked it. */
function groupNote(ctx: CliContext, summary: ImportSummary): void {
  if (summary.group) {
    const group = summary.group;
    ctx.note(
      `Imported into group "${group.name ?? group.id}" (${group.id})${group.wallet_currency ? `, wallet ${group.wallet_id} ${group.wallet_currency}` : ''}` +
        (summary.group_checked
          ? ''
          : ': the service cannot be reached, so the group is checked before the sync'),
    );
  } else {
    ctx.note(
      `The service cannot be reached: batch "${summary.batch}" has no payment group yet. Give it one before its sync: payout-desk set-group "${summary.batch}" GROUP_ID`,
    );
  }
}

/**
 * Without --group, the group proposed for the sheet as the import wizard proposes it: the first
 * open group pays, unless most payments previewed are in another currency than its wallet's
 * (shared/domain/group-proposal.ts). Null where the default suits them, and where the groups
 * cannot be fetched: the desk then takes its default, or leaves the group for later, offline.
 */
async function groupProposal(
  ctx: CliContext,
  sheet: Pick<DeskInput<'inspectSheet'>, 'file' | 'sheet' | 'mapping' | 'date_order'>,
  profile: string | undefined,
) {
  const live = { ...(profile ? { profile } : {}) };
  let groups;
  try {
    const page = await ctx.desk.api.listGroups({ query: { locked: [false] }, ...live });
    if (page.stale) return null;
    groups = page.items;
  } catch (error) {
    if (error instanceof DeskError && error.code === 'offline') return null;
    throw error;
  }
  const inspection = await ctx.desk.api.inspectSheet({ ...sheet, preview_rows: 50, ...live });
  return proposedGroup(groups, inspection.payment_currencies);
}

function importText(summary: ImportSummary, source: string): string {
  const errors = summary.issues.filter((i) => i.severity === 'error').length;
  const columns = Object.entries(summary.mapping);
  const unused = columns.filter(([, field]) => field === null).map(([header]) => header);
  // Added to a batch, the sheet's rows follow the batch's: the rows and cells below are the
  // batch's, each the sheet's own plus the offset.
  const added =
    summary.row_offset === undefined
      ? []
      : [
          `  its rows follow the batch's: the sheet's row n is the batch's row n + ${summary.row_offset}, as the rows and cells below are numbered`,
        ];
  return [
    summary.row_offset === undefined
      ? `Imported ${summary.drafts} drafts into batch "${summary.batch}" from sheet "${summary.sheet}" (header on row ${summary.header_row}, ${source} mapping); ${errors} error(s), ${summary.issues.length - errors} warning(s)`
      : `Added ${summary.drafts} drafts to batch "${summary.batch}" from sheet "${summary.sheet}" (header on row ${summary.header_row}, ${source} mapping); ${errors} error(s), ${summary.issues.length - errors} warning(s)`,
    ...added,
    ...(summary.sheets_passed_over ?? []).map(
      (other) => `  passed over sheet "${other.sheet}": ${other.reason}`,
    ),
    `  columns: ${columns
      .filter(([, field]) => field !== null)
      .map(([header, field]) => `${header} -> ${field}`)
      .join(', ')}`,
    ...(unused.length > 0
      ? [`  not used: ${unused.join(', ')} (to use one: --mapping with {"<header>": "<field>"})`]
      : []),
    ...(summary.mapping_notes ?? []).map((note) => `  check: ${note}`),
    ...(summary.sheet_total_note ? [`  check: ${summary.sheet_total_note}`] : []),
    ...(summary.shared_account_note ? [`  check: ${summary.shared_account_note}`] : []),
    ...(summary.several_accounts_note ? [`  check: ${summary.several_accounts_note}`] : []),
    ...(summary.conversion_note ? [`  check: ${summary.conversion_note}`] : []),
    ...summary.skipped.slice(0, 10).map((s) => `  skipped ${skippedRowsLabel(s)}: ${s.reason}`),
    ...summary.issues
      .slice(0, 20)
      .map(
        (i) =>
          `  ${i.cell ?? `row ${i.row}`}: ${i.severity === 'warning' ? '(check) ' : ''}${i.message}`,
      ),
    ...(summary.issues.length > 20
      ? [`  … and ${summary.issues.length - 20} more: payout-desk show "${summary.batch}"`]
      : []),
  ].join('\n');
}

/** `{"<header>": "<field>"}`, or `{"mapping": {...}, "date_order": "DMY"}` with options. */
async function readMappingFile(path: string) {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      error.code === 'ENOENT'
        ? `the mapping file cannot be used: there is no file ${path}: check the path`
        : error.code === 'EISDIR'
          ? `the mapping file cannot be used: ${path} is a folder, not a mapping file: give the path of its .json file`
          : `the mapping file ${path} cannot be read`,
    );
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the mapping file ${path} is not JSON: ${(error as Error).message}`);
  }
  if (typeof json === 'object' && json !== null && 'mapping' in json) {
    const { mapping, date_order } = json as { mapping: unknown; date_order?: unknown };
    return { mapping, ...(date_order !== undefined ? { date_order } : {}) } as {
      mapping: Record<string, string | null>;
      date_order?: 'DMY' | 'MDY';
    };
  }
  return { mapping: json as Record<string, string | null> };
}

/** The counts as the command has always printed them, and what the desk adds. */
export function printedCounts(batch: Pick<Batch, 'counts' | 'totals'>) {
  const { counts } = batch;
  const state = counts.by_state;
  return {
    drafts: counts.drafts,
    with_issues: counts.with_errors,
    approved: state.approved,
    sent: state.sending + state.submitted + state.accepted,
    accepted: state.accepted,
    failed: state.failed,
    with_errors: counts.with_errors,
    with_warnings: counts.with_warnings,
    by_state: state,
    approved_at_service: counts.approved_at_service,
    awaiting_approval_at_service: counts.awaiting_approval_at_service,
    totals: batch.totals,
  };
}

/** A batch in one line: its drafts, where they stand, and its totals. */
function batchLine(b: Batch): string {
  const c = printedCounts(b);
  const totals = b.totals
    .map((t) => `${moneyText(t.amount, t.currency)} ${t.currency || '(wallet)'}`)
    .join(', ');
  // As the app says it: a total that leaves rows out says how many.
  const uncounted = c.drafts - b.totals.reduce((sum, t) => sum + t.count, 0);
  const left = uncounted > 0 ? `, not counting ${uncounted} whose amount is missing or wrong` : '';
  return `${shown(b.name)}: ${c.drafts} drafts (${totals || 'no amounts'}${left}), ${c.approved} approved, ${c.accepted} accepted, ${c.failed} failed, ${c.with_errors} with errors, ${c.with_warnings} with warnings${b.group ? '' : ', no group yet'}`;
}

export async function batchesCommand(ctx: CliContext): Promise<void> {
  const { batches } = await ctx.desk.api.listBatches({});
  const listed = batches.map((b) => ({
    name: b.name,
    group: b.group?.id ?? null,
    service_approval: b.service_approval,
    counts: printedCounts(b),
  }));
  print(
    ctx,
    { batches: listed },
    () => batches.map(batchLine).join('\n') || 'No batches yet: payout-desk import FILE',
  );
}

export async function showCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(1, { args, allowPositionals: true, options: {} });
  const batch = await ctx.desk.api.getBatch({ batch: batchName(positionals[0]) });
  const head = { name: batch.name, group: batch.group?.id ?? null, counts: printedCounts(batch) };
  // A page of drafts at a time, printed as it comes: a batch of 100,000 is never held whole.
  ctx.out(ctx.json ? `{"batch": ${JSON.stringify(head)}, "drafts": [` : batchLine(batch));
  let first = true;
  for (let skip = 0; ; skip += 1000) {
    const page = await ctx.desk.api.draftWindow({ batch: batch.id, skip, take: 1000 });
    for (const draft of page.rows) {
      ctx.out(
        ctx.json
          ? `${first ? '' : ','}${JSON.stringify(showDraft(draft))}`
          : draftLine(draft, batch),
      );
      first = false;
    }
    if (page.rows.length < 1000) break;
  }
  if (ctx.json) ctx.out(']}');
}

function showDraft(draft: Draft) {
  return {
    row: draft.row,
    id: draft.id,
    correlation_id: draft.correlation_id,
    state: draft.state,
    remote_status: draft.remote_status,
    service_approved: draft.service_approved,
    payment: { ...draft.payment, id: draft.id, correlation_id: draft.correlation_id },
    beneficiary: draft.beneficiary ? { ...draft.beneficiary.body, id: draft.beneficiary.id } : null,
    issues: draft.issues.map((i) => ({
      field: i.field,
      cell: i.cell ?? null,
      message: i.message,
      severity: i.severity,
    })),
    error: draft.error ?? null,
  };
}

function draftLine(draft: Draft, batch: Batch): string {
  const amount = draft.payment.amount;
  const currency =
    amount.currency ??
    (amount.type === 'LAND' ? draft.beneficiary?.body.currency : batch.group?.wallet_currency) ??
    '(wallet)';
  const issues = draft.issues.length
    ? `  ! ${draft.issues.map((i) => `${i.cell ?? i.field}: ${i.message}`).join('; ')}`
    : '';
  // Why the service refused it, as the Sync screen says it: the export was the only place.
  const refusal = serviceRefusal(draft.error);
  const code = currency === '(wallet)' ? undefined : currency;
  return `  row ${draft.row ?? '-'}: ${draft.state}${draft.remote_status ? ` (${draft.remote_status} at the service's last answer)` : ''}  ${amountText(draft, code)} ${currency}  ${draft.payment.description ?? ''}${issues}${refusal ? `  refused: ${refusal}` : ''}`;
}

/**
 * An amount with its currency's decimals (1234 JPY, 12.50 GBP), as the batch's line shows its
 * total; never a made-up 0 for one that is missing or unreadable.
 */
function amountText(draft: Draft, currency: string | undefined): string {
  const { amount } = draft.payment.amount;
  // An import that cannot take a row's amount (missing, or not above zero) leaves 0 in the body
  // and an error at the amount: that 0 was never written, so it is not shown as one.
  const refused = draft.issues.some(
    (issue) => issue.field === 'amount.amount' && issue.severity === 'error',
  );
  if (amount === undefined || (amount === 0 && refused)) return '(no amount)';
  try {
    amountFromNumber(amount);
  } catch {
    return `(unreadable amount ${amount})`;
  }
  return moneyText(amount, currency);
}

export async function approveCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(1, {
    args,
    allowPositionals: true,
    options: {
      all: { type: 'boolean' },
      rows: { type: 'string' },
      'include-warnings': { type: 'boolean' },
    },
  });
  if (!values.all && !values.rows)
    throw new UsageError(
      'usage: payout-desk approve BATCH (--all | --rows 2,5-9) [--include-warnings]',
    );
  const batch = batchName(positionals[0]);
  // Rows go to the desk as rows: it refuses any the batch does not hold, approving nothing.
  const selection = values.rows ? { rows: [...parseRows(values.rows)] } : { filter: {} };
  const result = await ctx.desk.api.approve({
    batch,
    selection,
    include_warnings: values['include-warnings'] === true,
  });
  print(ctx, result, () => {
    const why = result.refused_for;
    // Approving what is approved or sent already changes nothing: said so, not "Approved 0".
    if (result.approved === 0 && !why.errors && !why.warnings && !why.state) {
      return 'Nothing to approve: those drafts are approved or sent already';
    }
    return [
      `Approved ${result.approved} to send`,
      ...(why.errors ? [`  ${why.errors} not approved: errors to fix first`] : []),
      ...(why.warnings
        ? [
            `  ${why.warnings} not approved: warnings to look at first (a possible duplicate, a date in the past); once checked, approve them with --include-warnings`,
          ]
        : []),
      ...(why.state ? [`  ${why.state} not approved: already sent`] : []),
      ...result.refused.slice(0, 20).map((r) => `  ${r.reason}`),
    ].join('\n');
  });
}

export async function setGroupCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(2, {
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' } },
  });
  const [batch, group] = positionals;
  if (!batch || !group)
    throw new UsageError('usage: payout-desk set-group BATCH GROUP_ID [--profile NAME]');
  // The batch's own profile checks the group, with credentials given in the environment, as
  // for a sync of it: they were ignored, and the profile said to have none.
  const profile = await useBatchProfile(ctx, batch, values.profile);
  const result = await ctx.desk.api.setBatchGroup({
    batch,
    group_id: group,
    ...(profile ? { profile } : {}),
  });
  print(
    ctx,
    { name: result.batch.name, group: result.batch.group, checked: result.checked },
    () =>
      `Batch "${result.batch.name}" pays from group ${result.batch.group?.name ?? group}${result.checked ? '' : ' (the service could not be reached: the group is checked before the sync)'}`,
  );
}

export async function renameCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(2, { args, allowPositionals: true, options: {} });
  const [batch, name] = positionals;
  if (!batch || name === undefined)
    throw new UsageError('usage: payout-desk rename BATCH NEW_NAME');
  const renamed = await ctx.desk.api.renameBatch({ batch, name });
  print(ctx, { name: renamed.name }, () => `Renamed to "${renamed.name}"`);
}

export async function deleteCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(1, { args, allowPositionals: true, options: {} });
  const [batch] = positionals;
  if (!batch) throw new UsageError('usage: payout-desk delete BATCH');
  const deleted = await ctx.desk.api.deleteBatch({ batch });
  print(ctx, deleted, () => `Deleted batch "${deleted.deleted}" and its ${deleted.drafts} drafts`);
}

export function batchName(name: string | undefined): string {
  if (!name) throw new UsageError('name the batch: payout-desk batches lists them');
  return name;
}
