// The main job, headless: import a sheet into a batch, look at it, approve rows, validate,
// sync, and see where every draft stands. Over the same core the app uses.
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { Outbox, type Batch, type PaymentDraft } from '../core/outbox';
import { readTemplateCsv } from '../core/sheets/template-csv';
import { SyncEngine, type SyncProgress } from '../core/sync/sync-engine';
import { openClient, print, UsageError, type CliContext } from './context';

function withOutbox<T>(ctx: CliContext, run: (outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = Outbox.open(ctx.dataDir);
  return run(outbox).finally(() => outbox.close());
}

function findBatch(outbox: Outbox, name: string | undefined): Batch {
  if (!name) throw new UsageError('name the batch: payout-desk batches lists them');
  const batch = outbox.batches.find(name);
  if (!batch) throw new UsageError(`no batch "${name}": payout-desk batches lists them`);
  return batch;
}

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
  if (!file)
    throw new UsageError('usage: payout-desk import FILE [--batch NAME] [--group ID] [--json]');
  if (!file.toLowerCase().endsWith('.csv'))
    throw new UsageError(
      'today the importer reads .csv in the template columns; .xlsx and any sheet arrive with the sheet importer',
    );
  let groupId = values.group;
  let wallet: { id: string; currency: string } | undefined;
  if (!groupId) {
    const { client, close } = await openClient(ctx, values.profile);
    try {
      const group = (await client.listGroups({ locked: [false], take: 1 })).items[0];
      if (!group) throw new UsageError('no unlocked payment group to import into: pass --group ID');
      groupId = group.id;
      wallet = group.wallet;
      ctx.note(
        `Importing into group "${group.name}" (${group.id}), wallet ${group.wallet.name} ${group.wallet.currency}`,
      );
    } finally {
      await close();
    }
  }
  const sheet = await readTemplateCsv(file, groupId);
  await withOutbox(ctx, async (outbox) => {
    const name =
      values.batch ??
      `${basename(file).replace(/\.[^.]+$/, '')} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    const batch = outbox.db.transaction(() => {
      const created = outbox.batches.create({
        name,
        profile: values.profile ?? 'local',
        groupId: groupId ?? null,
        walletId: wallet?.id ?? null,
        walletCurrency: wallet?.currency ?? null,
        sourceFile: file,
      });
      outbox.drafts.create(created.id, sheet.drafts);
      outbox.audit.append('import', { batchId: created.id, details: { file, rows: sheet.rows } });
      return created;
    })();
    const issues = sheet.drafts.flatMap((draft) =>
      (draft.issues ?? []).map((issue) => ({ row: draft.sourceRow, ...issue })),
    );
    print(
      ctx,
      {
        batch: batch.name,
        sheet: basename(file),
        header_row: sheet.headerRow,
        mapping: {},
        rows: sheet.rows,
        drafts: sheet.drafts.length,
        skipped: sheet.skipped,
        issues,
      },
      () =>
        `Imported ${sheet.drafts.length} drafts into batch "${batch.name}"; ${issues.length} issue(s)${issues
          .slice(0, 20)
          .map((i) => `\n  ${i.cell ?? `row ${i.row}`}: ${i.message}`)
          .join('')}`,
    );
  });
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
