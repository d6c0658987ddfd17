// The main job, headless: import a sheet into a batch, look at it, approve rows, validate,
// sync, and see where every draft stands. Over the same core the app uses.
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { Outbox, PaymentDraft } from '../core/outbox';
import { readFile } from 'node:fs/promises';
import { ServiceCallError } from '../core/client';
import {
  importSheet,
  type SheetImportRequest,
  type SheetImportSummary,
  readableFileSize,
} from '../core/sheets';
import { SyncEngine, type SyncProgress } from '../core/sync/sync-engine';
import { findBatch, openClient, print, UsageError, withOutbox, type CliContext } from './context';

export async function importCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      batch: { type: 'string' },
      group: { type: 'string' },
      profile: { type: 'string' },
      sheet: { type: 'string' },
      mapping: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file) {
    throw new UsageError(
      'usage: payout-desk import FILE [--sheet NAME] [--batch NAME] [--group ID] [--mapping FILE] [--json]',
    );
  }
  if (values.batch !== undefined && values.batch.trim() === '') {
    throw new UsageError(
      '--batch needs a name; leave it out to name the batch after the file and the time',
    );
  }
  // Before the service is reached: a folder or a file that cannot be read is said at once.
  await readableFileSize(file).catch((error: unknown) => {
    throw new UsageError((error as Error).message);
  });
  const mapping = values.mapping ? await readMappingFile(values.mapping) : undefined;
  const group = await importGroup(ctx, values.group, values.profile);
  const summary = await withOutbox(ctx, (outbox) =>
    importSheet(outbox, {
      file,
      ...(values.sheet ? { sheet: values.sheet } : {}),
      ...(mapping !== undefined ? { mapping } : {}),
      // A name given is the person's: taken, it is refused. The one made up here is ours, so a
      // second import of the same file within the minute gets the next free one.
      batchName: values.batch ?? freeBatchName(outbox, defaultBatchName(file)),
      profile: values.profile ?? 'local',
      group,
      onProgress: ({ rows }) => ctx.note(`Read ${rows.toLocaleString('en')} rows…`),
    }),
  );
  const { batchId: _id, mapping_source: source, ...shown } = summary;
  print(ctx, shown, () => importText(summary, source));
}

function defaultBatchName(file: string): string {
  const minute = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `${basename(file).replace(/\.[^.]+$/, '')} ${minute}`;
}

/** `name`, else `name (2)`, `name (3)`…: the first no batch has. */
function freeBatchName(outbox: Outbox, name: string): string {
  let free = name;
  for (let n = 2; outbox.batches.find(free); n += 1) free = `${name} (${n})`;
  return free;
}

function importText(summary: SheetImportSummary, source: string): string {
  const errors = summary.issues.filter((i) => i.severity === 'error').length;
  const columns = Object.entries(summary.mapping);
  const unused = columns.filter(([, field]) => field === null).map(([header]) => header);
  return [
    `Imported ${summary.drafts} drafts into batch "${summary.batch}" from sheet "${summary.sheet}" (header on row ${summary.header_row}, ${source} mapping); ${errors} error(s), ${summary.issues.length - errors} warning(s)`,
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
    ...summary.skipped.slice(0, 10).map((s) => `  skipped row ${s.row}: ${s.reason}`),
    ...summary.issues
      .slice(0, 20)
      .map(
        (i) =>
          `  ${i.cell ?? `row ${i.row}`}: ${i.severity === 'warning' ? '(check) ' : ''}${i.message}`,
      ),
    ...(summary.issues.length > 20
      ? [`  … and ${summary.issues.length - 20} more: payout-desk show ${summary.batch}`]
      : []),
  ].join('\n');
}

async function readMappingFile(path: string): Promise<unknown> {
  // The same checks as the sheet's, so that a wrong path is said as one, not as unreadable.
  await readableFileSize(path).catch((error: Error) => {
    const said = error.message.replace(
      'a spreadsheet file: give the path of an .xlsx or .csv file',
      'a mapping file: give the path of its .json file',
    );
    throw new UsageError(`the mapping file cannot be used: ${said}`);
  });
  const text = await readFile(path, 'utf8').catch(() => {
    throw new UsageError(`the mapping file ${path} cannot be read`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`the mapping file ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** The group to import into, with its wallet: the one named, else the first unlocked one. */
async function importGroup(
  ctx: CliContext,
  groupId: string | undefined,
  profile: string | undefined,
): Promise<SheetImportRequest['group']> {
  let opened: Awaited<ReturnType<typeof openClient>>;
  try {
    opened = await openClient(ctx, profile);
  } catch (error) {
    if (!groupId) throw error;
    ctx.note(`The service cannot be reached; importing into group ${groupId} without its wallet`);
    return { id: groupId };
  }
  try {
    const group = (
      await opened.client.listGroups(groupId ? { id: [groupId] } : { locked: [false], take: 1 })
    ).items[0];
    if (!group) {
      throw new UsageError(
        groupId
          ? `no payment group ${groupId}`
          : 'no unlocked payment group to import into: pass --group ID',
      );
    }
    // The service takes no new payment into a locked group: every row would fail at sync.
    // Offline this cannot be known (the outbox keeps no groups), and the sync says it then.
    if (group.locked) {
      throw new UsageError(
        `payment group "${group.name}" (${group.id}) is locked: no new payments can be added to it. Choose another with --group ID (payout-desk groups --locked false lists them)`,
      );
    }
    ctx.note(
      `Importing into group "${group.name}" (${group.id}), wallet ${group.wallet.name} ${group.wallet.currency}`,
    );
    return { id: group.id, walletId: group.wallet.id, walletCurrency: group.wallet.currency };
  } catch (error) {
    if (!groupId || !(error instanceof ServiceCallError) || error.kind !== 'network') throw error;
    ctx.note(`The service cannot be reached; importing into group ${groupId} without its wallet`);
    return { id: groupId };
  } finally {
    await opened.close();
  }
}

export async function batchesCommand(ctx: CliContext): Promise<void> {
  await withOutbox(ctx, async (outbox) => {
    const batches = outbox.batches.list().map((batch) => ({
      name: batch.name,
      group: batch.groupId,
      counts: outbox.drafts.counts(batch.id),
    }));
    print(
      ctx,
      { batches },
      () =>
        batches
          .map(
            (b) =>
              `${b.name}: ${b.counts.drafts} drafts, ${b.counts.approved} approved, ${b.counts.accepted} accepted, ${b.counts.failed} failed, ${b.counts.with_issues} with issues`,
          )
          .join('\n') || 'No batches yet: payout-desk import FILE',
    );
  });
}

export async function showCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  await withOutbox(ctx, async (outbox) => {
    const batch = findBatch(outbox, positionals[0]);
    const drafts = outbox.drafts.page(batch.id, 0, 1_000_000);
    const value = {
      batch: { name: batch.name, group: batch.groupId, counts: outbox.drafts.counts(batch.id) },
      drafts: drafts.map(showDraft),
    };
    print(ctx, value, () =>
      [
        `${batch.name} — ${JSON.stringify(value.batch.counts)}`,
        ...drafts.map(
          (d) =>
            `  row ${d.sourceRow}: ${d.state}${d.remoteStatus ? ` (${d.remoteStatus})` : ''}  ${d.payment.amount.amount} ${d.payment.amount.currency ?? ''}  ${d.payment.description ?? ''}${d.issues.length ? `  ! ${d.issues.map((i) => `${i.cell ?? i.field}: ${i.message}`).join('; ')}` : ''}`,
        ),
      ].join('\n'),
    );
  });
}

function showDraft(draft: PaymentDraft) {
  return {
    row: draft.sourceRow,
    id: draft.id,
    correlation_id: draft.correlationId,
    state: draft.state,
    remote_status: draft.remoteStatus,
    payment: { ...draft.payment, id: draft.id, correlation_id: draft.correlationId },
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

export async function approveCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { all: { type: 'boolean' }, rows: { type: 'string' } },
  });
  if (!values.all && !values.rows)
    throw new UsageError('usage: payout-desk approve BATCH (--all | --rows 2,5-9)');
  const rows = values.rows ? parseRows(values.rows) : undefined;
  await withOutbox(ctx, async (outbox) => {
    const batch = findBatch(outbox, positionals[0]);
    const drafts = outbox.drafts
      .page(batch.id, 0, 1_000_000)
      .filter((d) =>
        rows ? rows.has(d.sourceRow ?? -1) : d.state === 'draft' || d.state === 'failed',
      );
    const result = outbox.drafts.approve(drafts.map((d) => d.id));
    outbox.audit.append('approve', {
      batchId: batch.id,
      details: { approved: result.approved, refused: result.refused.length },
    });
    print(
      ctx,
      result,
      () =>
        `Approved ${result.approved}${result.refused.length ? `; not approved:\n${result.refused.map((r) => `  ${r.reason}`).join('\n')}` : ''}`,
    );
  });
}

export async function validateCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' } },
  });
  await withOutbox(ctx, async (outbox) => {
    const batch = findBatch(outbox, positionals[0]);
    const { client, close } = await openClient(ctx, values.profile);
    try {
      const result = await new SyncEngine(outbox, client).validate(batch.id);
      outbox.audit.append('validate', { batchId: batch.id, details: result });
      print(
        ctx,
        result,
        () =>
          `Checked ${result.checked} new beneficiaries with the service: ${result.invalid} need fixing${result.invalid ? ' (payout-desk show lists what, at which field)' : ''}`,
      );
    } finally {
      await close();
    }
  });
}

export async function syncCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { profile: { type: 'string' }, 'chunk-size': { type: 'string' } },
  });
  await withOutbox(ctx, async (outbox) => {
    const batch = findBatch(outbox, positionals[0]);
    const { client, close } = await openClient(ctx, values.profile);
    try {
      const engine = new SyncEngine(outbox, client, {
        chunkSize: values['chunk-size'] ? Number(values['chunk-size']) : 500,
        onProgress: (event) => ctx.note(describeProgress(event)),
      });
      const result = await engine.sync(batch.id);
      print(
        ctx,
        {
          ...result.counts,
          state: result.state,
          jobs: result.jobs,
          ...(result.error ? { error: result.error } : {}),
        },
        () =>
          `Sync ${result.state}: ${result.counts.accepted} accepted, ${result.counts.failed} failed, ${result.counts.approved} still to send${result.error ? `\n${result.error}\nRun the sync again when the service is reachable: nothing will be sent twice.` : ''}`,
      );
      if (result.state !== 'done') process.exitCode = 3;
    } finally {
      await close();
    }
  });
}

function describeProgress(event: SyncProgress): string {
  switch (event.stage) {
    case 'recovering':
      return `Recovering ${event.chunks} chunk(s) left unanswered by an earlier run…`;
    case 'beneficiaries':
      return `Validating and saving ${event.total} new beneficiaries…`;
    case 'sending':
      return `Sent ${event.sent} of ${event.total} payments`;
    case 'job':
      return `Job ${event.job_id}: ${event.processed}/${event.total} processed, ${event.failed} failed`;
  }
}

function parseRows(text: string): Set<number> {
  const rows = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!range) throw new UsageError(`--rows takes rows such as 2,5-9, not "${text}"`);
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    for (let row = from; row <= to; row += 1) rows.add(row);
  }
  return rows;
}
