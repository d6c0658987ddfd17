// A sheet into a batch of drafts: choose the sheet and its header row, map the columns (the
// mapping given, the one saved for this source, or one proposed from the headers), then stream
// the rows into the outbox, each as a draft with its issues. The whole import is one
// transaction: a file refused halfway leaves the outbox as it was.
import { basename } from 'node:path';
import type { Outbox } from '../outbox';
import type { DraftIssue } from '../outbox/draft-types';
import {
  amountHeaderCurrency,
  mappingFromJson,
  mappingToJson,
  sourceKey,
  type ColumnMapping,
} from './column-mapping';
import { SHEET_LIMITS, type SheetLimits } from './limits';
import { rowToDraft, type DraftContext } from './row-to-draft';
import { skipReason } from './row-filters';
import { chooseSheet } from './sheet-choice';
import { SheetFileError, type SheetRow } from './sheet-types';
import { DraftWriter, type ImportedIssue } from './draft-writer';
import { fillMergedCells } from './merged-cells';

export interface SheetImportRequest {
  file: string;
  /** The sheet to read; otherwise the first that looks like a payment list. */
  sheet?: string;
  /** A mapping as JSON, `{"<header>": "<field>"}`, given by the person. */
  mapping?: unknown;
  batchName: string;
  profile: string;
  group: { id: string; walletId?: string; walletCurrency?: string };
  limits?: SheetLimits;
  /** YYYY-MM-DD; payment dates before it get a warning. Defaults to today. */
  today?: string;
  onProgress?: (progress: { rows: number }) => void;
}

export interface SheetImportSummary {
  batch: string;
  batchId: string;
  sheet: string;
  header_row: number;
  mapping: Record<string, string>;
  /** Where the mapping came from. */
  mapping_source: 'given' | 'saved' | 'proposed';
  rows: number;
  drafts: number;
  skipped: { row: number; reason: string }[];
  issues: ImportedIssue[];
}

const PROGRESS_EVERY = 1000;

export async function importSheet(
  outbox: Outbox,
  request: SheetImportRequest,
): Promise<SheetImportSummary> {
  const limits = request.limits ?? SHEET_LIMITS;
  const chosen = await chooseSheet(request.file, limits, {
    sheet: request.sheet,
    mapping: request.mapping,
  });
  const { sheet, header } = chosen;
  const key = sourceKey(header.headers);
  const saved = request.mapping === undefined ? outbox.imports.savedMapping(key) : undefined;
  let mapping: ColumnMapping = header.mapping;
  let mappingSource: SheetImportSummary['mapping_source'] =
    request.mapping === undefined ? 'proposed' : 'given';
  if (saved) {
    try {
      mapping = mappingFromJson(saved.mapping, header.headers);
      mappingSource = 'saved';
    } catch {
      // The saved mapping no longer fits (a column was renamed): propose afresh.
    }
  }
  const context: DraftContext = {
    groupId: request.group.id,
    walletCurrency: request.group.walletCurrency,
    amountHeaderCurrency: amountHeaderCurrency(mapping, header.headers),
    date1904: sheet.date1904,
    dateOrder: mapping.dateOrder,
    today: request.today ?? new Date().toISOString().slice(0, 10),
  };

  if (outbox.batches.find(request.batchName)) {
    await chosen.close();
    throw new SheetFileError(
      'bad_mapping',
      `a batch named "${request.batchName}" already exists: choose another name`,
    );
  }
  const db = outbox.db;
  db.exec('BEGIN IMMEDIATE');
  try {
    const batch = outbox.batches.create({
      name: request.batchName,
      profile: request.profile,
      groupId: request.group.id,
      walletId: request.group.walletId ?? null,
      walletCurrency: request.group.walletCurrency ?? null,
      sourceFile: request.file,
    });
    const writer = new DraftWriter(outbox.imports, batch.id);
    const skipped: SheetImportSummary['skipped'] = [];
    let rows = 0;
    const take = (row: SheetRow) => {
      rows += 1;
      if (rows > limits.maxRows) {
        throw new SheetFileError(
          'too_many_rows',
          `the sheet has more than ${limits.maxRows.toLocaleString('en')} rows below its header, the most one import takes: split it into several files`,
        );
      }
      const reason = skipReason(row, mapping);
      if (reason) return skipped.push({ row: row.number, reason });
      const draft = rowToDraft(row, mapping, context);
      if (row.hidden) draft.issues.push(hiddenRow(row.number));
      writer.write(row, draft);
      if (rows % PROGRESS_EVERY === 0) request.onProgress?.({ rows });
    };
    chosen.firstRows.slice(header.position + 1).forEach(take);
    for (let next = await chosen.rest.next(); !next.done; next = await chosen.rest.next()) {
      take(next.value);
    }
    await chosen.close();
    fillMergedCells(sheet.merges, header.number, mapping, writer, (row) =>
      rowToDraft(row, mapping, context),
    );
    const mappingJson = mappingToJson(mapping);
    outbox.imports.setBatchSource(batch.id, {
      file: basename(request.file),
      sheet: sheet.name,
      header_row: header.number,
      headers: header.headers,
      mapping: mappingJson,
    });
    outbox.imports.saveMapping(key, {
      name: `${basename(request.file)} / ${sheet.name}`,
      mapping: mappingJson,
    });
    outbox.audit.append('import', {
      batchId: batch.id,
      details: { file: basename(request.file), sheet: sheet.name, rows, drafts: writer.count },
    });
    db.exec('COMMIT');
    request.onProgress?.({ rows });
    return {
      batch: batch.name,
      batchId: batch.id,
      sheet: sheet.name,
      header_row: header.number,
      mapping: mappingJson,
      mapping_source: mappingSource,
      rows,
      drafts: writer.count,
      skipped,
      issues: writer.issues(),
    };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    await chosen.close().catch(() => undefined);
    throw error;
  }
}

function hiddenRow(row: number): DraftIssue {
  return {
    field: 'row',
    message: `row ${row} is hidden in the workbook: check that it belongs in this payout`,
    severity: 'warning',
  };
}
