// A sheet looked at before its import, for the import wizard: which sheet and header row the
// import would take, the mapping it would use (given, saved or proposed) and how sure it is of
// each column, and a preview of the first rows with the issues the import would give them. The
// import's own steps in the import's own order (the reading worker chooses the sheet and header,
// the same pure functions map and draft), stopped after the rows shown: a 100,000-row sheet is
// read no further than its first rows, and nothing is written anywhere.
import type { SheetInspection } from '../../../../shared/desk/imports';
import { cellDisplay } from '../coercion/cell-display';
import { SHEET_LIMITS, type SheetLimits } from '../reading/limits';
import { columnLetter, type CellValue } from '../reading/sheet-types';
import {
  headerKeys,
  mappingToJson,
  sourceKey,
  type MappingEntries,
} from '../understanding/column-mapping';
import { field, FIELDS } from '../understanding/fields';
import { importNotes } from '../understanding/import-notes';
import { mappingConfidence } from '../understanding/mapping-confidence';
import { parseMapping, parseSavedMappings } from '../understanding/mapping-file';
import { isRequired, requiredUnmapped } from '../understanding/required-fields';
import { cellsOf, draftPreview, type EarlierDrafts, type PreviewRow } from './preview-drafts';
import type { DraftTarget, ImportDefaults } from './row-to-draft';
import { readSheet, type SheetReading } from './sheet-reading';
import type { ReadRow } from './sheet-reading-protocol';

export interface SheetInspectionRequest {
  file: string;
  /** The sheet to read; otherwise the one the import would choose. */
  sheet?: string;
  /** The header row the person picked (1-based), over the one guessed. */
  headerRow?: number;
  /** A mapping as JSON, as the import takes it: `{"<header>": field | null}`, with options. */
  mapping?: unknown;
  /** Rows below the header to preview. */
  previewRows?: number;
  /** The outbox's saved mappings by source key (ImportRepository.savedMappings). */
  saved?: Readonly<Record<string, unknown>>;
  /** The same, named and dated (ImportRepository.listMappings): the one offered is named. */
  savedList?: readonly { key: string; name: string; updatedAt: string }[];
  /** YYYY-MM-DD; payment dates before it get a warning, as at the import. */
  today: string;
  /** What rows that give no purpose or no date take, as at the import. */
  defaults?: ImportDefaults;
  /** The group the rows would be paid from: its wallet's currency changes a row's issues. */
  group?: { id: string; walletCurrency?: string | undefined };
  /**
   * The drafts already in the outbox, read and never written: a row paying what one of them
   * pays, or naming its correlation id, is flagged in the preview as the import would flag it.
   */
  earlier?: EarlierDrafts;
  limits?: SheetLimits;
  /** Stops the reading wherever it is; the inspection then fails with the signal's reason. */
  signal?: AbortSignal;
}

export const PREVIEW_ROWS = 20;
/** Sample values shown under each column's header. */
const SAMPLES = 5;

export async function inspectSheet(request: SheetInspectionRequest): Promise<SheetInspection> {
  // Checked before the file is opened, as at the import: a mapping of the wrong shape says why.
  const given = request.mapping === undefined ? undefined : parseMapping(request.mapping);
  const target: DraftTarget = {
    groupId: request.group?.id ?? '',
    ...(request.group?.walletCurrency ? { walletCurrency: request.group.walletCurrency } : {}),
    today: request.today,
    ...(request.defaults ? { defaults: request.defaults } : {}),
  };
  const reading = await readSheet(
    {
      file: request.file,
      limits: request.limits ?? SHEET_LIMITS,
      ...(request.sheet !== undefined ? { sheet: request.sheet } : {}),
      ...(request.headerRow !== undefined ? { headerRow: request.headerRow } : {}),
      ...(given ? { mapping: given } : {}),
      saved: parseSavedMappings(request.saved ?? {}),
      target,
      // The rows come as cells, to be shown, and are drafted here as the importer drafts them.
      drafting: 'importer',
      rowLimit: request.previewRows ?? PREVIEW_ROWS,
    },
    request.signal,
  );
  try {
    const rows: ReadRow[] = [];
    for await (const batch of reading.batches) {
      rows.push(...batch.rows);
      reading.written(1); // taken: the worker may read on, up to the rows asked for
    }
    const preview = draftPreview(reading, rows, reading.merges(), target, request.earlier);
    return inspection(request, reading, preview, given);
  } finally {
    await reading.close();
  }
}

function inspection(
  request: SheetInspectionRequest,
  reading: SheetReading,
  preview: readonly PreviewRow[],
  given: MappingEntries | undefined,
): SheetInspection {
  const { header } = reading;
  const hasHeaders = header.headers.some((text) => text.trim() !== '');
  const key = hasHeaders ? sourceKey(header.headers) : undefined;
  const saved = request.savedList?.find((mapping) => mapping.key === key);
  return {
    file: request.file,
    format: reading.format,
    sheets: [...reading.sheets],
    sheet: reading.sheet,
    sheets_passed_over: reading.passedOver,
    header_row: header.number,
    top_rows: reading.above.map((row) => ({
      row: row.number,
      cells: shownCells(cellsOf(row.cells)),
    })),
    columns: columns(reading, preview, given),
    mapping_source: header.source,
    saved_mapping: saved ? { key: saved.key, name: saved.name, updated_at: saved.updatedAt } : null,
    // As the import reports them: the amount's unit, and the contenders of a mapping not saved.
    mapping_notes: importNotes(header, request.defaults?.purpose),
    required_unmapped: requiredUnmapped(header.mapping).map((id) => field(id).label),
    preview: preview.map((row) => {
      const cells = shownCells(row.cells);
      return {
        row: row.row,
        cells,
        skipped: row.skipped,
        issues: row.issues,
        read: Array.from(row.read, (text, index) =>
          text === null || text === undefined || sameText(text, cells[index] ?? '') ? null : text,
        ),
      };
    }),
    payment_currencies: currencyCounts(preview),
    fields: FIELDS.map((f) => ({
      id: f.id,
      label: f.label,
      required: isRequired(f.id),
      target: f.target,
    })),
  };
}

/**
 * Every column with a header, a field or a value in the rows previewed: named as a mapping
 * names it (its header, "(column F)" when blank, "Amount (D)" when repeated), with its field as
 * the mapping JSON writes it (`tag:<key>` for a tag), and the first values of the payment rows.
 */
function columns(
  reading: SheetReading,
  preview: readonly PreviewRow[],
  given: MappingEntries | undefined,
): SheetInspection['columns'] {
  const { headers, mapping } = reading.header;
  const payments = preview.filter((row) => row.skipped === null);
  const width = Math.max(
    headers.length,
    ...mapping.columns.map((column) => column.index + 1),
    ...payments.map((row) => row.cells.length),
  );
  const keys = headerKeys(Array.from({ length: width }, (_, index) => headers[index] ?? ''));
  const json = mappingToJson(mapping, headers);
  const confidence = mappingConfidence(reading.header, given);
  return keys.flatMap((key, index) => {
    const samples = payments
      .map((row) => cellDisplay(row.cells[index] ?? { kind: 'empty' }).trim())
      .filter((text) => text !== '')
      .slice(0, SAMPLES);
    const fieldName = json[key] ?? null;
    if ((headers[index] ?? '').trim() === '' && fieldName === null && samples.length === 0) {
      return [];
    }
    return [
      {
        column: columnLetter(index),
        header: key,
        samples,
        field: fieldName,
        confidence: confidence.get(index) ?? null,
      },
    ];
  });
}

/** A row's cells as the sheet shows them, without the empty ones at its end. */
/** A value read as the cell shows it, but for case and spaces: nothing to add to the cell. */
const sameText = (read: string, shown: string) =>
  read.replace(/\s+/g, '').toLowerCase() === shown.replace(/\s+/g, '').toLowerCase();

function shownCells(cells: readonly CellValue[]): string[] {
  const texts = cells.map(cellDisplay);
  while (texts.length > 0 && texts[texts.length - 1]?.trim() === '') texts.pop();
  return texts;
}

/** The previewed payments by the currency each names, most first (then by code). */
function currencyCounts(preview: readonly PreviewRow[]): { currency: string; payments: number }[] {
  const counts = new Map<string, number>();
  for (const { currency, pointsTo } of preview) {
    const counted = pointsTo ?? currency;
    if (counted !== null) counts.set(counted, (counts.get(counted) ?? 0) + 1);
  }
  return [...counts]
    .map(([currency, payments]) => ({ currency, payments }))
    .sort((a, b) => b.payments - a.payments || a.currency.localeCompare(b.currency));
}
