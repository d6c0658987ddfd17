// Sheets in and out: inspect a file (nothing written), import it into a new batch or add it to
// one, the saved mappings, the template, and a batch's own sheet back with each row's outcome. Everything here
// works with no service reachable: a batch imported offline waits for its group.
import { basename } from 'node:path';
import { DeskError } from '../../../shared/desk/errors';
import type { DeskParsedInput } from '../../../shared/desk/api';
import type { ImportSummary } from '../../../shared/desk/imports';
import { ServiceCallError } from '../client';
import {
  batchResults,
  exampleTemplateRows,
  FIELDS,
  importSheet,
  inspectSheet,
  readableFileSize,
  resultRow,
  writeResults,
  writeTemplateCsv,
  writeTemplateWorkbook,
  type BatchSheetSource,
  type SheetImportSummary,
} from '../sheets';
import type { BatchGroupChoice } from '../outbox/batch-repository';
import {
  batchOf,
  changed,
  localDay,
  profileOf,
  type DeskContext,
  type DeskHandlers,
} from './desk-context';
import { formatOf, refuseToReplace } from './files';
import { importDefaultsOf, settingsOf } from './settings-methods';
import {
  chooseGroup,
  firstOpenGroup,
  groupView,
  lastSeenGroup,
  type GroupChoice,
} from './group-choice';

type ImportInput = DeskParsedInput<'importSheet'>;

type ImportHandlers = Pick<
  DeskHandlers,
  | 'inspectSheet'
  | 'importSheet'
  | 'listMappings'
  | 'deleteMapping'
  | 'writeTemplate'
  | 'exportResults'
>;

const PROGRESS_EVERY = 5_000;

export function importHandlers(ctx: DeskContext): ImportHandlers {
  const { outbox } = ctx;
  return {
    inspectSheet: async (input, signal) => {
      await readable(input.file);
      const group = lastSeenGroup(ctx, profileOf(ctx, input.profile), input.group_id);
      return ctx.jobs.run({ id: input.job_id, kind: 'inspect', signal }, async (jobSignal) => {
        try {
          return await inspectSheet({
            file: input.file,
            ...(input.sheet ? { sheet: input.sheet } : {}),
            ...(input.header_row !== undefined ? { headerRow: input.header_row } : {}),
            ...mappingOf(input),
            previewRows: input.preview_rows,
            saved: outbox.imports.savedMappings(),
            savedList: outbox.imports.listMappings(),
            today: ctx.today(),
            defaults: importDefaultsOf(ctx),
            ...(group ? { group } : {}),
            earlier: outbox.imports,
            signal: jobSignal,
          });
        } catch (error) {
          if (jobSignal.aborted) throw new DeskError('cancelled', 'the inspection was cancelled');
          throw error;
        }
      });
    },

    importSheet: async (input, signal) => {
      await readable(input.file);
      if (input.append_to !== undefined) return appendSheet(ctx, input, input.append_to, signal);
      const profile = profileOf(ctx, input.profile);
      const choice = await groupForImport(ctx, profile, input.group_id);
      const name = input.batch_name ?? freeBatchName(ctx, defaultBatchName(input.file, ctx.now()));
      if (outbox.batches.nameTaken(name)) {
        throw new DeskError(
          'conflict',
          `a batch named "${name}" already exists: choose another name`,
        );
      }
      const group = choice?.group;
      return ctx.jobs.run(
        { id: input.job_id, kind: 'import', signal },
        async (jobSignal, jobId) => {
          const summary = await importSheet(outbox, {
            ...sheetOf(ctx, input, jobSignal, jobId),
            batchName: name,
            profile,
            group: group
              ? {
                  id: group.groupId,
                  ...(group.groupName ? { name: group.groupName } : {}),
                  ...(group.walletId ? { walletId: group.walletId } : {}),
                  ...(group.walletCurrency ? { walletCurrency: group.walletCurrency } : {}),
                }
              : { id: '' },
            serviceApproval: input.service_approval ?? settingsOf(ctx).service_approval,
          });
          changed(ctx, null);
          return importSummary(ctx, profile, summary, group ?? null, choice?.checked ?? false);
        },
      );
    },

    listMappings: () => ({
      mappings: outbox.imports.listMappings().map((saved) => ({
        key: saved.key,
        name: saved.name,
        mapping: saved.mapping,
        updated_at: saved.updatedAt,
      })),
    }),

    deleteMapping: ({ key }) => ({ deleted: outbox.imports.deleteMapping(key) }),

    writeTemplate: async ({ file, force }) => {
      const format = formatOf(file);
      await refuseToReplace(file, force);
      const rows = exampleTemplateRows();
      await (format === 'xlsx' ? writeTemplateWorkbook(file, rows) : writeTemplateCsv(file, rows));
      return { file, format, columns: FIELDS.map((field) => field.template), rows: rows.length };
    },

    exportResults: async ({ batch: ref, file, force, job_id }, signal) => {
      formatOf(file);
      // The likeliest file to be there already is the sheet that came in: never replace it unasked.
      await refuseToReplace(file, force);
      const batch = batchOf(ctx, ref);
      const source = outbox.imports.batchSource<BatchSheetSource>(batch.id);
      if (!source) {
        throw new DeskError(
          'not_found',
          `batch "${batch.name}" was not imported from a sheet, so there is no sheet to annotate`,
        );
      }
      return ctx.jobs.run(
        { id: job_id, kind: 'export', batchId: batch.id, signal },
        async (jobSignal, jobId) => {
          const states: Record<string, number> = {};
          async function* rows() {
            let count = 0;
            for (const draft of outbox.imports.sourceRows(batch.id)) {
              if (jobSignal.aborted) throw new DeskError('cancelled', 'the export was cancelled');
              yield resultRow(draft, batch.walletCurrency ?? null);
              count += 1;
              states[draft.state] = (states[draft.state] ?? 0) + 1;
              if (count % PROGRESS_EVERY === 0) {
                ctx.events.emit({ type: 'export.progress', job_id: jobId, rows: count });
              }
            }
          }
          const written = await writeResults(
            file,
            batchResults(outbox.imports, batch.id, source, rows()),
          );
          return {
            file,
            batch: batch.name,
            rows: written.rows,
            states,
            rows_left_out: source.kept_rows_left_out ?? 0,
            source: { file: source.file, sheet: source.sheet },
          };
        },
      );
    },
  };
}

/**
 * A sheet added to a ready batch (sheets/drafting/batch-append.ts): its rows take the batch's
 * profile, group and approval, so a group asked for must be the batch's; one sheet at a time
 * per batch, as each takes the row numbers after the batch's last.
 */
function appendSheet(
  ctx: DeskContext,
  input: ImportInput,
  ref: string,
  signal: AbortSignal,
): Promise<ImportSummary> {
  const batch = batchOf(ctx, ref);
  if (input.batch_name !== undefined) {
    throw new DeskError(
      'invalid_input',
      `rows added to batch "${batch.name}" keep its name: give no new name to add a sheet to a batch`,
    );
  }
  if (input.group_id !== undefined && input.group_id !== batch.groupId) {
    throw new DeskError(
      'conflict',
      batch.groupId
        ? `batch "${batch.name}" pays from group ${batch.groupId}, not ${input.group_id}: add the sheet without naming a group, or import it as a batch of its own`
        : `batch "${batch.name}" has no group yet: choose its group first, or add the sheet without naming one`,
    );
  }
  if (ctx.jobs.busyWith(batch.id).includes('import')) {
    throw new DeskError(
      'busy',
      `a sheet is being added to batch "${batch.name}" already: wait for it to finish`,
    );
  }
  return ctx.jobs.run(
    { id: input.job_id, kind: 'import', batchId: batch.id, signal },
    async (jobSignal, jobId) => {
      const summary = await importSheet(ctx.outbox, {
        ...sheetOf(ctx, input, jobSignal, jobId),
        batchName: batch.name,
        profile: batch.profile,
        group: { id: batch.groupId ?? '' },
        appendTo: batch.id,
      });
      changed(ctx, batch.id);
      const { groupId, groupName, walletId, walletCurrency } = batch;
      // The batch's own group, as the batch holds it: checked, if at all, before its sync.
      return importSummary(
        ctx,
        batch.profile,
        summary,
        groupId ? { groupId, groupName, walletId, walletCurrency } : null,
        false,
      );
    },
  );
}

/** What every import asks of the sheets: the file, its sheet and mapping, progress and cancel. */
function sheetOf(ctx: DeskContext, input: ImportInput, signal: AbortSignal, jobId: string) {
  return {
    file: input.file,
    ...(input.sheet ? { sheet: input.sheet } : {}),
    ...(input.header_row !== undefined ? { headerRow: input.header_row } : {}),
    ...mappingOf(input),
    today: ctx.today(),
    defaults: importDefaultsOf(ctx),
    signal,
    onProgress: (progress: { rows: number; drafts: number; fraction?: number }) =>
      ctx.events.emit({ type: 'import.progress', job_id: jobId, ...progress }),
  };
}

/** The mapping given, as the sheets take it: with its date order, `{"mapping", "date_order"}`. */
function mappingOf(input: {
  mapping?: Record<string, string | null> | undefined;
  date_order?: 'DMY' | 'MDY' | undefined;
}): { mapping?: unknown } {
  // A date order alone applies to the mapping saved or proposed for the sheet.
  if (!input.mapping)
    return input.date_order ? { mapping: { mapping: {}, date_order: input.date_order } } : {};
  return {
    mapping: input.date_order
      ? { mapping: input.mapping, date_order: input.date_order }
      : input.mapping,
  };
}

function importSummary(
  ctx: DeskContext,
  profile: string,
  summary: SheetImportSummary,
  group: BatchGroupChoice | null,
  checked: boolean,
): ImportSummary {
  const { batchId, mapping_source, ...rest } = summary;
  return {
    ...rest,
    batch_id: batchId,
    mapping_source,
    group: group ? groupView(ctx, profile, group) : null,
    group_checked: group !== null && checked,
  };
}

/** A folder or a file that cannot be read is said at once, before anything else. */
async function readable(file: string): Promise<void> {
  await readableFileSize(file).catch((error: unknown) => {
    throw new DeskError('invalid_input', (error as Error).message, { file });
  });
}

/**
 * The group an import pays from: the one named, checked where the service answers; else the
 * first unlocked one; offline without a group named, none yet (chosen before sync).
 */
async function groupForImport(
  ctx: DeskContext,
  profile: string,
  groupId: string | undefined,
): Promise<GroupChoice | undefined> {
  try {
    return groupId ? await chooseGroup(ctx, profile, groupId) : await firstOpenGroup(ctx, profile);
  } catch (error) {
    if (error instanceof ServiceCallError && error.kind === 'network') return undefined;
    throw error;
  }
}

/** The file's name and the minute on the person's own clock, not UTC's (hours off for most). */
function defaultBatchName(file: string, now: Date): string {
  const minute = `${localDay(now)} ${now.toTimeString().slice(0, 5)}`;
  return `${basename(file).replace(/\.[^.]+$/, '')} ${minute}`;
}

/** `name`, else `name (2)`, `name (3)`…: the first no batch has. */
function freeBatchName(ctx: DeskContext, name: string): string {
  let free = name;
  for (let n = 2; ctx.outbox.batches.nameTaken(free); n += 1) free = `${name} (${n})`;
  return free;
}
