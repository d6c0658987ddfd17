// Sheets out: the template for a new batch, a batch's own sheet annotated with what became of
// each row, and a wallet statement to reconcile against. The first two work offline: they
// read only the outbox.
import { access } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { PaymentsClient } from '../core/client';
import type { StatementItem } from '../../shared/service';
import {
  batchResults,
  exampleTemplateRows,
  exportFormat,
  FIELDS,
  resultRow,
  SheetExportError,
  writeResults,
  writeStatement,
  writeTemplateCsv,
  writeTemplateWorkbook,
  type BatchSheetSource,
  type ExportFormat,
} from '../core/sheets';
import { findBatch, print, UsageError, withOutbox, type CliContext } from './context';

const PROGRESS_EVERY = 5_000;

/** The format a file name asks for; any other extension is a usage error naming the two. */
export function exportFormatOf(file: string): ExportFormat {
  try {
    return exportFormat(file);
  } catch (error) {
    if (error instanceof SheetExportError) throw new UsageError(error.message);
    throw error;
  }
}

/** A file that exists is replaced only with --force. */
export async function refuseToReplace(file: string, force: boolean | undefined): Promise<void> {
  const taken = await access(file).then(
    () => true,
    () => false,
  );
  if (taken && !force) {
    throw new UsageError(
      `${file} already exists: choose another name, or pass --force to replace it`,
    );
  }
}

export async function templateCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  });
  const file = positionals[0];
  if (!file) throw new UsageError('usage: payout-desk template FILE.xlsx|FILE.csv [--force]');
  const format = exportFormatOf(file);
  await refuseToReplace(file, values.force);
  const rows = exampleTemplateRows();
  await (format === 'xlsx' ? writeTemplateWorkbook(file, rows) : writeTemplateCsv(file, rows));
  const columns = FIELDS.map((field) => field.template);
  print(
    ctx,
    { file, format, columns },
    () =>
      `Wrote the template to ${file}: ${columns.length} columns${format === 'xlsx' ? ', each header with a note, the code columns with drop-down lists' : ''}, and ${rows.length} example rows to replace with your payments.\nThen: payout-desk import ${file}`,
  );
}

export async function exportCommand(ctx: CliContext, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  });
  const [name, file] = positionals;
  if (!name || !file) {
    throw new UsageError('usage: payout-desk export BATCH FILE.xlsx|FILE.csv [--force]');
  }
  exportFormatOf(file);
  // The likeliest file to be there already is the sheet that came in: never replace it unasked.
  await refuseToReplace(file, values.force);
  await withOutbox(ctx, async (outbox) => {
    const batch = findBatch(outbox, name);
    const source = outbox.imports.batchSource<BatchSheetSource>(batch.id);
    if (!source) {
      throw new UsageError(
        `batch "${batch.name}" was not imported from a sheet; nothing to annotate (payout-desk show ${batch.name} lists its drafts)`,
      );
    }
    const states = new Map<string, number>();
    async function* rows() {
      let count = 0;
      for (const draft of outbox.imports.sourceRows(batch.id)) {
        yield resultRow(draft);
        count += 1;
        states.set(draft.state, (states.get(draft.state) ?? 0) + 1);
        if (count % PROGRESS_EVERY === 0) ctx.note(`Wrote ${count.toLocaleString('en')} rows…`);
      }
    }
    const written = await writeResults(
      file,
      batchResults(outbox.imports, batch.id, source, rows()),
    );
    print(
      ctx,
      { file, batch: batch.name, rows: written.rows },
      () =>
        `Wrote ${written.rows.toLocaleString('en')} rows of batch "${batch.name}" (from ${source.file}, sheet "${source.sheet}") to ${file}, each with its state and any error on the right${
          states.size
            ? `: ${[...states].map(([state, count]) => `${count.toLocaleString('en')} ${state}`).join(', ')}`
            : ''
        }${
          source.kept_rows_left_out
            ? `. ${source.kept_rows_left_out.toLocaleString('en')} skipped rows were past what an import keeps, so they are left empty`
            : ''
        }`,
    );
  });
}

/**
 * The whole statement of a period into FILE, page by page. Every page after the first asks
 * for the period the first one answered for: without --to, the service would end each page at
 * its own "now", and an item booked during the export would shift the pages under it.
 */
export async function exportStatement(
  ctx: CliContext,
  client: PaymentsClient,
  request: { walletId: string; start?: string; end?: string; pageSize: number; file: string },
): Promise<void> {
  const { walletId, pageSize, file } = request;
  const wallet = await client.wallet(walletId);
  const first = await client.statement(walletId, {
    ...(request.start ? { start: request.start } : {}),
    ...(request.end ? { end: request.end } : {}),
    skip: 0,
    take: pageSize,
  });
  const period = { start: first.start_date, end: first.end_date };
  async function* items(): AsyncGenerator<StatementItem> {
    let page = first;
    let skip = 0;
    for (;;) {
      for (const item of page.items) {
        yield item;
        skip += 1;
        if (skip % PROGRESS_EVERY === 0) ctx.note(`Wrote ${skip.toLocaleString('en')} items…`);
      }
      if (page.items.length < pageSize) return;
      page = await client.statement(walletId, { ...period, skip, take: pageSize });
    }
  }
  const written = await writeStatement(file, {
    wallet: { id: wallet.id, name: wallet.name, currency: wallet.currency },
    ...period,
    items: items(),
  });
  print(
    ctx,
    { file, wallet: wallet.id, rows: written.rows, ...period },
    () =>
      `Wrote ${written.rows.toLocaleString('en')} statement items of wallet ${wallet.name} (${wallet.id}, ${wallet.currency}) from ${period.start} to ${period.end} to ${file}`,
  );
}
