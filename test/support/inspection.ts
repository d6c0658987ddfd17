// Inspects a sheet as the import wizard does, and compares an inspection with what the import
// of the same file reports: the same sheet, header row and mapping, and each previewed row
// skipped for the same reason or drafted with the same issues.
import { expect } from 'vitest';
import { SheetInspection } from '../../shared/desk/imports';
import { inspectSheet, type SheetInspectionRequest } from '../../electron/core/sheets';
import type {
  SheetImportRequest,
  SheetImportSummary,
} from '../../electron/core/sheets/drafting/sheet-import';
import { GROUP, OutboxFolder } from './sheet-import';

/** The day OutboxFolder's imports take as today. */
export const TODAY = '2029-12-01';

/** An inspection for the group OutboxFolder imports into. */
export const inspect = (file: string, more: Partial<SheetInspectionRequest> = {}) =>
  inspectSheet({
    file,
    today: TODAY,
    group: { id: GROUP.id, walletCurrency: GROUP.walletCurrency },
    ...more,
  });

export interface ImportedAlone {
  summary: SheetImportSummary;
  /** The rows drafted, in order. */
  rows: number[];
}

/**
 * The import's report of a file, into an outbox that holds nothing else: no earlier batch adds
 * a duplicate warning, which only the import can know.
 */
export async function importAlone(
  file: string,
  request: Partial<SheetImportRequest> = {},
): Promise<ImportedAlone> {
  const alone = await OutboxFolder.create();
  try {
    const imported = await alone.import(file, { today: TODAY, ...request });
    return { summary: imported.summary, rows: [...imported.rows.keys()].sort((a, b) => a - b) };
  } finally {
    await alone.remove();
  }
}

/** Blank rows, which the import reports a run at a time (rows 14 to 15), not row by row. */
const blank = (reason: string) => /^blank row$|^only zeros/.test(reason);

/** The inspection says what the import did, for a preview as long as the sheet. */
export function expectSameAsTheImport(
  inspection: SheetInspection,
  { summary, rows }: ImportedAlone,
) {
  expect(SheetInspection.parse(inspection)).toEqual(inspection);
  expect(inspection.sheet).toBe(summary.sheet);
  expect(inspection.header_row).toBe(summary.header_row);
  expect(inspection.sheets_passed_over).toEqual(summary.sheets_passed_over ?? []);
  expect(inspection.mapping_source).toBe(summary.mapping_source);
  expect(inspection.mapping_notes).toEqual(summary.mapping_notes ?? []);
  const fields = new Map(inspection.columns.map((column) => [column.header, column.field]));
  for (const [header, field] of Object.entries(summary.mapping)) {
    expect(fields.get(header), header).toBe(field);
  }
  const mapped = inspection.columns.filter((column) => column.field !== null);
  expect(mapped.every((column) => column.header in summary.mapping)).toBe(true);

  const payments = inspection.preview.filter((line) => line.skipped === null);
  expect(payments.map((line) => line.row)).toEqual(rows);
  for (const line of payments) {
    const imported = summary.issues
      .filter((issue) => issue.row === line.row)
      .map(({ row: _row, ...issue }) => issue);
    const previewed = line.issues.map((issue) => ({
      cell: issue.cell ?? null,
      field: issue.field,
      message: issue.message,
      severity: issue.severity,
    }));
    expect(previewed, `row ${line.row}`).toEqual(imported);
  }
  const skipped = inspection.preview
    .filter((line) => line.skipped !== null && !blank(line.skipped))
    .map((line) => ({ row: line.row, reason: line.skipped }));
  expect(skipped).toEqual(summary.skipped.filter((entry) => !blank(entry.reason)));
}
