// Sheets in and out: inspect a file (nothing written), import it into a new batch, the saved
// mappings, the template, and a batch's own sheet back with each row's outcome. Everything here
// works with no service reachable: a batch imported offline waits for its group.
import { basename } from 'node:path';
import { DeskError } from '../../../shared/desk/errors';
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
} from '../sheets';
import {
  batchOf,
  changed,
  localDay,
  profileOf,
  type DeskContext,
  type DeskHandlers,
} from './desk-context';
import { formatOf, refuseToReplace } from './files';
import {
  chooseGroup,
  firstOpenGroup,
  groupView,
  lastSeenGroup,
  type GroupChoice,
} from './group-choice';

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
            ...(group ? { group } : {}),
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
      if (input.append_to !== undefined) {
        throw new DeskError(
          'invalid_input',
          'adding a sheet to an existing batch is not available yet: import it as a batch of its own',
        );
      }
      const profile = profileOf(ctx, input.profile);
      const choice = await groupForImport(ctx, profile, input.group_id);
      const name = input.batch_name ?? freeBatchName(ctx, defaultBatchName(input.file, ctx.now()));
      if (outbox.batches.nameTaken(name)) {
        throw new DeskError(
          'conflict',
          `a batch named "${name}" already exists: choose another name`,
        );
      }
      return ctx.jobs.run({ id: input.job_id, kind: 'import', signal }, async (_signal, jobId) => {
        const summary = await importSheet(outbox, {
          file: input.file,
          ...(input.sheet ? { sheet: input.sheet } : {}),
          ...(input.header_row !== undefined ? { headerRow: input.header_row } : {}),
          ...mappingOf(input),
          batchName: name,
          profile,
          group: choice
            ? {
                id: choice.group.groupId,
                ...(choice.group.walletId ? { walletId: choice.group.walletId } : {}),
                ...(choice.group.walletCurrency
                  ? { walletCurrency: choice.group.walletCurrency }
                  : {}),
              }
            : { id: '' },
          today: ctx.today(),
          onProgress: ({ rows }) =>
            ctx.events.emit({ type: 'import.progress', job_id: jobId, rows }),
        });
        outbox.db.transaction(() => {
          if (choice) outbox.batches.setGroup(summary.batchId, choice.group);
          else outbox.batches.clearGroup(summary.batchId);
          if (input.service_approval) {
            outbox.batches.setServiceApproval(summary.batchId, input.service_approval);
          }
        })();
        changed(ctx, null);
        const { batchId, mapping_source, ...rest } = summary;
        const result: ImportSummary = {
          ...rest,
          batch_id: batchId,
          mapping_source,
          group: choice ? groupView(choice.group) : null,
          group_checked: choice?.checked ?? false,
        };
        return result;
      });
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
              yield resultRow(draft);
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

/** The mapping given, as the sheets take it: with its date order, `{"mapping", "date_order"}`. */
function mappingOf(input: {
  mapping?: Record<string, string | null> | undefined;
  date_order?: 'DMY' | 'MDY' | undefined;
}): { mapping?: unknown } {
  if (!input.mapping) return {};
  return {
    mapping: input.date_order
      ? { mapping: input.mapping, date_order: input.date_order }
      : input.mapping,
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
