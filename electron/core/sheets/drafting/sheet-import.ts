// A sheet into a batch of drafts: choose the sheet and its header row, map the columns (the
// mapping given, the one saved for this source, or one proposed from the headers), then stream
// the rows into the outbox, each as a draft with its issues. The whole import is one
// transaction: a file refused halfway leaves the outbox as it was.
import { basename } from 'node:path';
import type { Outbox } from '../../outbox';
import { mappingNotes, mappingToJson, sourceKey } from '../understanding/column-mapping';
import { SHEET_LIMITS, type SheetLimits } from '../reading/limits';
import { parseMapping, parseSavedMappings } from '../understanding/mapping-file';
import { draftContext, importedDraft, type DraftContext, type SheetDraft } from './row-to-draft';
import type { SheetDecimalMark } from '../coercion/cell-amounts';
import { DateOrderTally, type DateOrders } from '../understanding/date-orders';
import { FIELDS } from '../understanding/fields';
import { DecimalMarkTally } from '../understanding/decimal-marks';
import { isBlankReason, SkippedRows } from '../understanding/row-filters';
import type { PassedOverSheet } from '../understanding/sheet-choice';
import { readSheet } from './sheet-reading';
import type { ReadingRequest, ReadRow } from './sheet-reading-protocol';
import { SheetFileError, type SheetRow } from '../reading/sheet-types';
import { DraftWriter, type ImportedIssue } from './draft-writer';
import { fillMergedCells } from './merged-cells';
import { decodeCells, encodeCells, type SourceCell } from './source-cells';
import { KeptRows } from './kept-rows';

export interface SheetImportRequest extends Pick<ReadingRequest, 'headerRow'> {
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
  /** Which thread makes the drafts (sheet-reading-protocol.ts); balanced unless a test pins it. */
  drafting?: ReadingRequest['drafting'];
}

export interface SheetImportSummary {
  batch: string;
  batchId: string;
  sheet: string;
  /** Other sheets that looked like payment lists, passed over for this one, each with why. */
  sheets_passed_over?: PassedOverSheet[];
  header_row: number;
  /** Every column with a header: its field, or null for one the import leaves out. */
  mapping: Record<string, string | null>;
  /** Where the mapping came from. */
  mapping_source: 'given' | 'saved' | 'proposed';
  /**
   * Columns left out that could have filled a field about as well as the column used, each as
   * `"IBAN 2" could also be iban; "IBAN" was used`; absent when there are none, and for a saved
   * mapping (the person has seen it).
   */
  mapping_notes?: string[];
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
  // A batch is found by its name (payout-desk show NAME): one without a name could not be.
  if (request.batchName.trim() === '') {
    throw new SheetFileError('no_batch_name', 'the batch needs a name: give one that is not blank');
  }
  if (outbox.batches.find(request.batchName)) {
    throw new SheetFileError(
      'batch_exists',
      `a batch named "${request.batchName}" already exists: choose another name`,
    );
  }
  const target = {
    groupId: request.group.id,
    ...(request.group.walletCurrency ? { walletCurrency: request.group.walletCurrency } : {}),
    today: request.today ?? new Date().toISOString().slice(0, 10),
  };
  const reading = await readSheet({
    file: request.file,
    limits,
    ...(request.sheet !== undefined ? { sheet: request.sheet } : {}),
    ...(request.headerRow !== undefined ? { headerRow: request.headerRow } : {}),
    // Checked here, before the file is opened: a mapping of the wrong shape is refused saying why.
    ...(request.mapping !== undefined ? { mapping: parseMapping(request.mapping) } : {}),
    saved: parseSavedMappings(outbox.imports.savedMappings()),
    target,
    ...(request.drafting ? { drafting: request.drafting } : {}),
  });
  const { header } = reading;
  const { mapping } = header;
  const key = sourceKey(header.headers);
  let context = draftContext(header, reading, target);

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
    const decimalMarks = new DecimalMarkTally();
    const dateOrders = new DateOrderTally();
    const skipped = new SkippedRows();
    // The header first: of all the rows kept for the export, it is the one most worth keeping.
    const kept = new KeptRows();
    const headerLine = reading.above.filter((row) => row.number === header.number);
    const aboveHeader = reading.above.filter((row) => row.number !== header.number);
    for (const row of [...headerLine, ...aboveHeader]) kept.add(row.number, row.cells);
    let rows = 0;
    let nonBlank = 0;
    const take = (row: ReadRow) => {
      rows += 1;
      if (rows % PROGRESS_EVERY === 0) request.onProgress?.({ rows });
      if ('skip' in row && isBlankReason(row.skip)) return skipped.blank(row.number, row.skip);
      // Blank rows do not count: a sheet formatted down to row 1,048,576, or with its formulas
      // dragged down that far, is still a short list.
      nonBlank += 1;
      if (nonBlank > limits.maxRows) {
        throw new SheetFileError(
          'too_many_rows',
          `the sheet has more than ${limits.maxRows.toLocaleString('en')} rows below its header, the most one import takes: split it into several files`,
        );
      }
      if ('skip' in row) {
        if (row.cells !== undefined) kept.add(row.number, row.cells, row.skip);
        return skipped.add(row.number, row.skip);
      }
      let draft: SheetDraft;
      if ('draft' in row) draft = row.draft;
      else {
        const cells = decodeCells(JSON.parse(row.cells) as SourceCell[]);
        const sheetRow = { number: row.number, cells, ...(row.hidden ? { hidden: true } : {}) };
        draft = importedDraft(sheetRow, row.cells, mapping, context);
      }
      decimalMarks.note(row.number, draft.amountMark);
      dateOrders.note(row.number, draft.dateMarks);
      writer.write(draft);
    };
    for await (const row of reading.rows) take(row);
    await reading.close();
    const readAgain = (row: SheetRow) =>
      importedDraft(row, JSON.stringify(encodeCells(row.cells)), mapping, context);
    // The whole sheet may show another decimal mark than its first rows, or none at all: the
    // amounts that could be read either way are read again with it, or flagged. Likewise a date
    // column may settle on an order its first rows did not show, or show both.
    const reread = decimalMarks.rereadWith(context.decimalMark);
    const rereadDates = dateOrders.rereadWith(context.dateOrders);
    if (reread || rereadDates) {
      context = { ...context, ...reread, ...(rereadDates ? { dateOrders: rereadDates } : {}) };
      const again = new Set([
        ...(reread ? decimalMarks.ambiguousRows : []),
        ...(rereadDates ? dateOrders.ambiguousRows : []),
      ]);
      for (const number of again) {
        const cells = writer.cellsOf(number);
        if (cells) writer.rewrite(readAgain({ number, cells }));
      }
    }
    fillMergedCells(reading.merges(), header.number, mapping, writer, readAgain);
    // A batch of nothing would sit in the list as if the sheet had been imported: the person
    // is told, and the outbox is left as it was (the transaction is rolled back below).
    if (writer.count === 0) throw noPayments(reading.sheet, header.number, skipped);
    const mappingJson = mappingToJson(mapping, header.headers);
    const notes = header.source === 'saved' ? [] : mappingNotes(mapping, header.headers);
    outbox.imports.setBatchSource(batch.id, {
      file: basename(request.file),
      sheet: reading.sheet,
      header_row: header.number,
      headers: header.headers,
      mapping: mappingJson,
      kept_rows: kept.list(),
      ...(kept.leftOut > 0 ? { kept_rows_left_out: kept.leftOut } : {}),
      ...howCellsWereRead(context),
    });
    // A sheet without a header row cannot be known again by its headers: nothing to save.
    if (header.headers.some((text) => text !== '')) {
      outbox.imports.saveMapping(key, {
        name: `${basename(request.file)} / ${reading.sheet}`,
        mapping: mappingJson,
      });
    }
    outbox.audit.append('import', {
      batchId: batch.id,
      details: { file: basename(request.file), sheet: reading.sheet, rows, drafts: writer.count },
    });
    db.exec('COMMIT');
    request.onProgress?.({ rows });
    return {
      batch: batch.name,
      batchId: batch.id,
      sheet: reading.sheet,
      ...(reading.passedOver.length > 0 ? { sheets_passed_over: reading.passedOver } : {}),
      header_row: header.number,
      mapping: mappingJson,
      mapping_source: header.source,
      ...(notes.length > 0 ? { mapping_notes: notes } : {}),
      rows,
      drafts: writer.count,
      skipped: skipped.list(),
      issues: writer.issues(),
    };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    await reading.close();
    throw error;
  }
}

/**
 * What the import learnt of how the sheet writes what a cell alone cannot tell, kept with the
 * batch so that the results export reads a CSV's amounts and dates as the import did
 * (../writing/csv-typed-cells.ts): the decimal mark the sheet showed (not one guessed), and the
 * order each date column was read in.
 */
function howCellsWereRead(context: DraftContext): {
  decimal_mark?: SheetDecimalMark;
  date_orders?: DateOrders;
} {
  const orders: DateOrders = {};
  for (const id of DATE_FIELDS) {
    const order = context.dateOrder ?? context.dateOrders?.[id];
    if (order) orders[id] = order;
  }
  return {
    ...(context.decimalMark && !context.decimalMarkUnshown
      ? { decimal_mark: context.decimalMark }
      : {}),
    ...(Object.keys(orders).length > 0 ? { date_orders: orders } : {}),
  };
}

const DATE_FIELDS = FIELDS.filter((field) => field.kind === 'date').map((field) => field.id);

function noPayments(sheet: string, headerRow: number, skipped: SkippedRows): SheetFileError {
  const why = skipped.list().map(({ row, reason }) => `row ${row}, ${reason}`);
  const listed = why.length > 5 ? [...why.slice(0, 5), '…'] : why;
  return new SheetFileError(
    'no_payment_rows',
    `sheet "${sheet}" has no payment rows below its header (row ${headerRow}), so nothing was imported` +
      (listed.length > 0 ? ` (skipped: ${listed.join('; ')})` : '') +
      '. Check that this is the sheet with the payees, or add them below the header',
  );
}
