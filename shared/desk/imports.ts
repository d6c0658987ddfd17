// Sheets in and out through the contract: inspect a file (its sheets, the header row guessed,
// the mapping proposed or saved, a preview of its first rows with their issues; nothing
// written), import it into a new batch or append it to one, the saved mappings, the template.
import { z } from 'zod';
import { DraftIssue } from '../domain/draft';
import { BatchName, BatchRef, FilePath, Id, JobId } from './common';
import { BatchGroup, ServiceApproval } from './batches';

export const SheetFormat = z.enum(['xlsx', 'csv']);

/** `{"<header>": "<field>" | null}`: the columns it names take those fields; null leaves one out. */
export const ColumnMappingInput = z.record(z.string(), z.string().nullable());

/** How dates without a four-digit year first are read: 31/01/2030 day first, or month first. */
export const DateOrder = z.enum(['DMY', 'MDY']);

const SheetChoice = {
  file: FilePath,
  /** The sheet to read; otherwise the one that looks like the payment list. */
  sheet: z.string().min(1).optional(),
  /**
   * The header row (1-based), where the guess was wrong. Among the first thousand rows: the rows
   * above it are read before any below, and a person picks it from the top of the sheet.
   */
  header_row: z.int().min(1).max(1000).optional(),
  mapping: ColumnMappingInput.optional(),
  date_order: DateOrder.optional(),
};

export const InspectSheetInput = z.object({
  ...SheetChoice,
  preview_rows: z.int().min(1).max(200).default(20),
  /**
   * The payment group the import will pay from, as last seen (nothing is fetched): its wallet's
   * currency changes a row's issues. Without one, the group an import takes by default, as last
   * seen; before any list of groups was fetched there is none, and a row whose currency would
   * come from the wallet shows it missing.
   */
  group_id: Id.optional(),
  profile: z.string().optional(),
  job_id: JobId.optional(),
});

export const MappingSource = z.enum(['given', 'saved', 'proposed']);

/** How sure the mapping is of a column: named by the person, saved, or how well its header matched. */
export const MappingConfidence = z.enum(['given', 'saved', 'exact', 'likely', 'weak']);

export const InspectedColumn = z.object({
  /** Its letter, A for the first. */
  column: z.string(),
  /**
   * Its header as a mapping names it: the text, "(column F)" when blank, "Amount (D)" when the
   * sheet repeats it. A mapping given back with these keys names the same columns.
   */
  header: z.string(),
  /** The first values under the header in payment rows (at most 5), as the sheet shows them. */
  samples: z.array(z.string()),
  /** As a mapping writes it: a field id, `tag:<key>`, or null for a column left out. */
  field: z.string().nullable(),
  confidence: MappingConfidence.nullable(),
});

export const SheetField = z.object({
  id: z.string(),
  label: z.string(),
  /** A required field must be mapped (or told from another: an IBAN gives the bank country). */
  required: z.boolean(),
  /** The draft field it fills, in the spec's names. */
  target: z.string(),
});

export const PassedOverSheet = z.object({ sheet: z.string(), reason: z.string() });

export const SheetInspection = z.object({
  file: z.string(),
  format: SheetFormat,
  sheets: z.array(z.object({ name: z.string(), hidden: z.boolean() })),
  sheet: z.string(),
  sheets_passed_over: z.array(PassedOverSheet),
  header_row: z.int(),
  /** The rows from the top of the sheet to the header's, to pick another header row from. */
  top_rows: z.array(z.object({ row: z.int(), cells: z.array(z.string()) })),
  columns: z.array(InspectedColumn),
  mapping_source: MappingSource,
  /** The mapping saved for these headers, when there is one. */
  saved_mapping: z.object({ key: z.string(), name: z.string(), updated_at: z.string() }).nullable(),
  mapping_notes: z.array(z.string()),
  /** Labels of required fields no column fills. */
  required_unmapped: z.array(z.string()),
  /**
   * The first rows below the header, each with the issues the import would give it, checks
   * against the drafts already in the outbox included (a payment drafted before, a correlation
   * id taken).
   */
  preview: z.array(
    z.object({
      row: z.int(),
      cells: z.array(z.string()),
      /** Why the import would skip this row (a total, a blank row); null when it is a payment. */
      skipped: z.string().nullable(),
      issues: z.array(DraftIssue),
      /**
       * What the import reads each cell as, by the cells' places, where it is not the cell's
       * text as shown ("03/04/2030" read as 2030-04-03, "£1,200.00" as 1200.00 GBP); null where
       * it is, or the column is not used.
       */
      read: z.array(z.string().nullable()),
    }),
  ),
  fields: z.array(SheetField),
  /**
   * The payments previewed by their currency, most first: the one each names (its amount's, or a
   * LAND amount's account currency), else its new payee's account's, else the wallet's of the
   * group previewed with (`group_id`, or the default); a payment with none is not counted. The
   * wizard proposes a group by them.
   */
  payment_currencies: z.array(z.object({ currency: z.string(), payments: z.int() })),
});
export type SheetInspection = z.infer<typeof SheetInspection>;

export const ImportSheetInput = z.object({
  ...SheetChoice,
  /** A new batch's name; without one, the file's name and the time. Not with `append_to`. */
  batch_name: BatchName.optional(),
  /** An existing batch to add the rows to, instead of a new one. */
  append_to: BatchRef.optional(),
  /** The payment group; without one, the batch waits for a group before it can be synced. */
  group_id: Id.optional(),
  service_approval: ServiceApproval.optional(),
  profile: z.string().optional(),
  job_id: JobId.optional(),
});

export const ImportedIssue = z.object({
  row: z.int(),
  cell: z.string().nullable(),
  field: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});

/**
 * Rows the import passed over, and why: a row, or a run of rows skipped for one reason (blank
 * rows 14 to 20 are one entry, `last_row` 20, so that 3,000 formatted blank rows are not 3,000).
 */
export const SkippedRows = z.object({
  row: z.int(),
  last_row: z.int().optional(),
  reason: z.string(),
});
export type SkippedRows = z.infer<typeof SkippedRows>;

/** How many rows an entry of `skipped` stands for. */
export function skippedRowCount(entries: readonly SkippedRows[]): number {
  let rows = 0;
  for (const entry of entries) rows += (entry.last_row ?? entry.row) - entry.row + 1;
  return rows;
}

/** "row 13" or "rows 14–15", as every face names an entry of `skipped`. */
export function skippedRowsLabel(entry: SkippedRows): string {
  return entry.last_row === undefined ? `row ${entry.row}` : `rows ${entry.row}–${entry.last_row}`;
}

export const ImportSummary = z.object({
  batch: z.string(),
  batch_id: Id,
  sheet: z.string(),
  sheets_passed_over: z.array(PassedOverSheet).optional(),
  header_row: z.int(),
  /** Every column with a header: its field, or null for one the import leaves out. */
  mapping: z.record(z.string(), z.string().nullable()),
  mapping_source: MappingSource,
  mapping_notes: z.array(z.string()).optional(),
  /**
   * Where the sheet's one totals row ("Grand total", an unlabelled sum) says another amount than
   * the payments imported add up to: both figures, and how many were not counted. Known only
   * once the whole sheet is read, so the inspection's preview never has it.
   */
  sheet_total_note: z.string().optional(),
  /**
   * Accounts the batch pays under more than one name, with the rows to compare (none of their
   * cells is wrong alone). Over the whole batch, once the sheet is written: never in a preview.
   */
  shared_account_note: z.string().optional(),
  /** Payees' names the batch pays to more than one account, with the rows to compare. */
  several_accounts_note: z.string().optional(),
  /** Payments whose account is in another currency than their amount: the service converts. */
  conversion_note: z.string().optional(),
  rows: z.int(),
  drafts: z.int(),
  /**
   * A sheet added to a batch (`append_to`): its rows follow the batch's, so the sheet's row n is
   * the batch's row n + row_offset, the number `skipped` and `issues` give.
   */
  row_offset: z.int().optional(),
  skipped: z.array(SkippedRows),
  issues: z.array(ImportedIssue),
  group: BatchGroup.nullable(),
  /** False when the group was taken from the last list fetched: it is checked before sync. */
  group_checked: z.boolean(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const SavedMapping = z.object({
  key: z.string(),
  name: z.string(),
  mapping: z.record(z.string(), z.string().nullable()),
  updated_at: z.string(),
});
export const MappingList = z.object({ mappings: z.array(SavedMapping) });
export const DeleteMappingInput = z.object({ key: z.string().min(1) });

export const WriteTemplateInput = z.object({ file: FilePath, force: z.boolean().default(false) });
export const TemplateWritten = z.object({
  file: z.string(),
  format: SheetFormat,
  /** The headings written, in order. */
  columns: z.array(z.string()),
  rows: z.int(),
});

export const ExportResultsInput = z.object({
  batch: BatchRef,
  file: FilePath,
  force: z.boolean().default(false),
  job_id: JobId.optional(),
});
export const ResultsExported = z.object({
  file: z.string(),
  batch: z.string(),
  rows: z.int(),
  /** Drafts written by state. */
  states: z.record(z.string(), z.int()),
  /** Skipped rows past what an import keeps, written empty. */
  rows_left_out: z.int(),
  source: z.object({ file: z.string(), sheet: z.string() }),
});
