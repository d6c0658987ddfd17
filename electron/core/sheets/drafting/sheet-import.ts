// A sheet into a batch of drafts: choose the sheet and its header row, map the columns (the
// mapping given, the one saved for this source, or one proposed from the headers), then stream
// the rows into the outbox, each as a draft with its issues. The import is staged (DESIGN.md):
// its batch is made `importing` at once, which reserves its name and keeps it out of the lists;
// the rows are committed in chunks as they come (staged-rows.ts), never in a transaction held
// across an await; the last transaction makes the batch ready. A file refused halfway, or an
// import cancelled, deletes the batch whole: the outbox is left as it was.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Outbox } from '../../outbox';
import { mappingToJson, sourceKey } from '../understanding/column-mapping';
import { importNotes } from '../understanding/import-notes';
import { batchChecks, type BatchChecks } from './batch-checks';
import { sheetTotalNote } from './sheet-total';
import { SHEET_LIMITS, type SheetLimits } from '../reading/limits';
import { parseMapping, parseSavedMappings } from '../understanding/mapping-file';
import { draftContext, importedDraft, type DraftTarget, type ImportDefaults } from './row-to-draft';
import type { PassedOverSheet } from '../understanding/sheet-choice';
import { readSheet, type SheetReading } from './sheet-reading';
import type { ReadingRequest } from './sheet-reading-protocol';
import { SheetFileError, type SheetRow } from '../reading/sheet-types';
import { DraftWriter, type ImportedIssue } from './draft-writer';
import { fillMergedCells } from './merged-cells';
import { encodeCells } from './source-cells';
import { howCellsWereRead } from './how-cells-were-read';
import { StagedRows } from './staged-rows';
import type { SkippedRows } from '../understanding/row-filters';
import { skippedRowsLabel } from '../../../../shared/desk/imports';
import type { Batch } from '../../outbox/batch-repository';
import { lockOwner } from '../../outbox/batch-lock';
import { appendStaged, appendTarget, refuseOtherHeaders, type AppendTarget } from './batch-append';

export interface SheetImportRequest extends Pick<ReadingRequest, 'headerRow'> {
  file: string;
  /** The sheet to read; otherwise the first that looks like a payment list. */
  sheet?: string;
  /** A mapping as JSON, `{"<header>": "<field>"}`, given by the person. */
  mapping?: unknown;
  /** A new batch's name; with `appendTo`, not used (the batch has its name). */
  batchName: string;
  profile: string;
  /** The payment group; an empty id: none yet (the batch waits for one before its sync). */
  group: { id: string; name?: string; walletId?: string; walletCurrency?: string };
  /** How the new batch's payments go to the service; for approval there unless said. */
  serviceApproval?: Batch['serviceApproval'];
  /**
   * A ready batch to add the rows to instead of a new one (batch-append.ts): its profile and
   * group are the ones used, and its headers must be the sheet's.
   */
  appendTo?: string;
  /** Cancels the import: the reading stops, the batch is deleted, ImportCancelledError. */
  signal?: AbortSignal;
  limits?: SheetLimits;
  /** YYYY-MM-DD; payment dates before it get a warning. Defaults to today. */
  today?: string;
  /** What rows that give no purpose or no date take. */
  defaults?: ImportDefaults;
  /** Rows read, and drafts committed, after each chunk. */
  onProgress?: (progress: { rows: number; drafts: number; fraction?: number }) => void;
  /** Which thread makes the drafts (sheet-reading-protocol.ts); balanced unless a test pins it. */
  drafting?: ReadingRequest['drafting'];
}

/** What an import did; the batch's checks (batch-checks.ts) among it. */
export interface SheetImportSummary extends BatchChecks {
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
   * What the import decided from the header that a person should check (import-notes.ts): the
   * amount column's unit, as `"Amount (£000)" (column D) is in thousands: each amount is
   * multiplied by 1,000, …`, and columns left out that could have filled a field about as well as
   * the column used, as `"IBAN 2" could also be iban; "IBAN" was used` (not for a saved mapping:
   * the person has seen it); then what it made of the payees, as `2 UK IBANs paid in pounds go
   * as the sort code and account number each holds: …`; absent when there are none.
   */
  mapping_notes?: string[];
  /** The sheet's one totals row against the payments imported, where they differ (sheet-total.ts). */
  sheet_total_note?: string;
  rows: number;
  drafts: number;
  /**
   * A sheet appended to a batch: the sheet's row n is the batch's row n + row_offset, which is
   * the number `skipped` and `issues` give (and the drafts' cells point at).
   */
  row_offset?: number;
  skipped: { row: number; reason: string }[];
  issues: ImportedIssue[];
}

/** An import stopped by its signal: nothing of it was left in the outbox. */
export class ImportCancelledError extends Error {
  readonly code = 'cancelled';
  constructor() {
    super('the import was cancelled: nothing of it was kept');
    this.name = 'ImportCancelledError';
  }
}

export async function importSheet(
  outbox: Outbox,
  request: SheetImportRequest,
): Promise<SheetImportSummary> {
  const limits = request.limits ?? SHEET_LIMITS;
  // Checked before anything is written: a mapping of the wrong shape is refused saying why.
  const mapping = request.mapping !== undefined ? parseMapping(request.mapping) : undefined;
  if (request.signal?.aborted) throw new ImportCancelledError();
  const target =
    request.appendTo !== undefined ? appendTarget(outbox, request.appendTo) : undefined;
  const drafts = draftTargetOf(request, target);
  // Made before the first await: from here on the name is taken, by this import.
  const batch = stageBatch(outbox, request, target);
  const held = holdWhileImporting(outbox, batch.id);
  let reading: SheetReading | undefined;
  try {
    reading = await readSheet(
      {
        file: request.file,
        limits,
        ...(request.sheet !== undefined ? { sheet: request.sheet } : {}),
        ...(request.headerRow !== undefined ? { headerRow: request.headerRow } : {}),
        ...(mapping !== undefined ? { mapping } : {}),
        saved: parseSavedMappings(outbox.imports.savedMappings()),
        target: drafts,
        ...(request.drafting ? { drafting: request.drafting } : {}),
        ...(target ? { firstRowNumber: target.firstRow } : {}),
      },
      request.signal,
    );
    return await stageSheet(outbox, request, { batch, reading, target, drafts, limits });
  } catch (error) {
    await reading?.close();
    outbox.batches.delete(batch.id);
    if (request.signal?.aborted) throw new ImportCancelledError();
    throw error;
  } finally {
    held.release();
  }
}

/**
 * The batch being imported is held by this process, as a sync holds its batch: another process
 * opening the outbox meanwhile (the CLI beside the app) takes a batch left `importing` for one
 * whose import died only once no living process holds it (outbox/batch-lock.ts).
 */
function holdWhileImporting(outbox: Outbox, batchId: string): { release(): void } {
  const owner = lockOwner('import');
  outbox.locks.acquire(batchId, owner);
  const heartbeat = setInterval(() => outbox.locks.heartbeat(batchId, owner), 20_000);
  heartbeat.unref();
  return {
    release() {
      clearInterval(heartbeat);
      outbox.locks.release(batchId, owner);
    },
  };
}

interface Staging {
  /** The batch the rows are written to: the new batch, or an append's staging batch. */
  batch: Batch;
  reading: SheetReading;
  target: AppendTarget | undefined;
  drafts: DraftTarget;
  limits: SheetLimits;
}

/** The rows into the staged batch, chunk by chunk; then the last transaction. */
async function stageSheet(
  outbox: Outbox,
  request: SheetImportRequest,
  { batch, reading, target, drafts, limits }: Staging,
): Promise<SheetImportSummary> {
  const { header } = reading;
  const { mapping } = header;
  if (target) refuseOtherHeaders(outbox, target, header.headers);
  let context = draftContext(header, reading, drafts);
  const writer = new DraftWriter(outbox.imports, batch.id);
  const staged = new StagedRows(outbox.imports, writer, mapping, context, limits);
  // The header first: of all the rows kept for the export, it is the one most worth keeping. An
  // appended sheet's header and title are the batch's already.
  if (!target) {
    const headerLine = reading.above.filter((row) => row.number === header.number);
    const aboveHeader = reading.above.filter((row) => row.number !== header.number);
    for (const row of [...headerLine, ...aboveHeader]) staged.kept.add(row.number, row.cells);
  }
  let read = 0;
  let fraction: number | undefined;
  const progress = () =>
    request.onProgress?.({
      rows: read,
      drafts: writer.count,
      ...(fraction !== undefined ? { fraction } : {}),
    });
  for await (const sent of reading.batches) {
    if (request.signal?.aborted) throw new ImportCancelledError();
    read += sent.rows.length;
    fraction = sent.fraction ?? fraction;
    if (staged.add(sent)) {
      reading.written(staged.commit());
      progress();
      // Then a turn of the event loop, for the rest of the app's calls: a Cancel waited 7 s
      // for one on a busy machine, the worker's batches queued ahead being taken one after the
      // other without it, and the import ended first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  reading.written(staged.commit());
  progress();
  await reading.close();
  if (request.signal?.aborted) throw new ImportCancelledError();

  return outbox.db.transaction((): SheetImportSummary => {
    const readAgain = (row: SheetRow) =>
      importedDraft(row, JSON.stringify(encodeCells(row.cells)), mapping, context);
    // The whole sheet may show another decimal mark than its first rows, or none at all: the
    // amounts that could be read either way are read again with it, or flagged. Likewise a date
    // column may settle on an order its first rows did not show, or show both.
    const { decimalMarks, dateOrders } = staged;
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
    const lastAbove = target ? target.firstRow - 1 : header.number;
    fillMergedCells(reading.merges(), lastAbove, mapping, writer, readAgain);
    // A batch of nothing would sit in the list as if the sheet had been imported: the person
    // is told, and the batch is deleted.
    if (writer.count === 0) throw noPayments(reading.sheet, header.number, staged.skipped);
    const mappingJson = mappingToJson(mapping, header.headers);
    // Against the whole batch: a sheet added to one has no total of its own to be held to.
    const total = target
      ? undefined
      : sheetTotalNote(
          staged.kept.list(),
          readAgain,
          () => outbox.queries.batchFigures(batch.id, context.walletCurrency ?? null),
          context.walletCurrency ?? null,
        );
    const notes = [...importNotes(header, request.defaults?.purpose), ...payeeNotes(writer)];
    if (target) {
      const rows = `${writer.count.toLocaleString('en')} row${writer.count === 1 ? '' : 's'}`;
      const label = `the addition of ${rows} from ${basename(request.file)}`;
      appendStaged(outbox, target, batch.id, staged.kept, label);
    } else {
      outbox.imports.setBatchSource(batch.id, {
        file: basename(request.file),
        sheet: reading.sheet,
        header_row: header.number,
        headers: header.headers,
        mapping: mappingJson,
        kept_rows: staged.kept.list(),
        ...(staged.kept.leftOut > 0 ? { kept_rows_left_out: staged.kept.leftOut } : {}),
        ...howCellsWereRead(context),
      });
    }
    // A sheet without a header row cannot be known again by its headers: nothing to save.
    if (header.headers.some((text) => text !== '')) {
      outbox.imports.saveMapping(sourceKey(header.headers), {
        name: `${basename(request.file)} / ${reading.sheet}`,
        mapping: mappingJson,
      });
    }
    const into = target?.batch ?? batch;
    // Over the whole batch: a sheet added to one may pay an account its rows pay already.
    const checks = batchChecks(outbox.queries, into.id, context.walletCurrency ?? null);
    outbox.audit.append('import', {
      batchId: into.id,
      details: {
        file: basename(request.file),
        sheet: reading.sheet,
        rows: staged.rows,
        drafts: writer.count,
        ...(target ? { appended_from_row: target.firstRow } : {}),
      },
    });
    if (!target) outbox.batches.markReady(batch.id);
    return {
      batch: into.name,
      batchId: into.id,
      sheet: reading.sheet,
      ...(reading.passedOver.length > 0 ? { sheets_passed_over: reading.passedOver } : {}),
      header_row: header.number,
      mapping: mappingJson,
      mapping_source: header.source,
      ...(notes.length > 0 ? { mapping_notes: notes } : {}),
      ...(total ? { sheet_total_note: total } : {}),
      ...checks,
      rows: staged.rows,
      drafts: writer.count,
      ...(target ? { row_offset: target.firstRow - header.number - 1 } : {}),
      skipped: staged.skipped.list(),
      issues: writer.issues(),
    };
  })();
}

/** Where the drafts go: the group asked for, or the one of the batch the sheet is added to. */
function draftTargetOf(request: SheetImportRequest, target: AppendTarget | undefined): DraftTarget {
  const group = target
    ? { id: target.batch.groupId ?? '', walletCurrency: target.batch.walletCurrency }
    : { id: request.group.id, walletCurrency: request.group.walletCurrency };
  return {
    groupId: group.id,
    ...(group.walletCurrency ? { walletCurrency: group.walletCurrency } : {}),
    today: request.today ?? new Date().toISOString().slice(0, 10),
    ...(request.defaults ? { defaults: request.defaults } : {}),
  };
}

/**
 * The batch the rows are written to, `importing` until the last transaction: a new batch, its
 * name reserved from now on, or a staging batch for a sheet added to another.
 */
function stageBatch(
  outbox: Outbox,
  request: SheetImportRequest,
  target: AppendTarget | undefined,
): Batch {
  if (target) {
    const { batch } = target;
    return outbox.batches.create({
      name: `${batch.name} (adding ${basename(request.file)}, ${randomUUID()})`,
      profile: batch.profile,
      groupId: batch.groupId,
      walletId: batch.walletId,
      walletCurrency: batch.walletCurrency,
      sourceFile: request.file,
      state: 'importing',
    });
  }
  // A batch is found by its name (payout-desk show NAME): one without a name could not be.
  if (request.batchName.trim() === '') {
    throw new SheetFileError('no_batch_name', 'the batch needs a name: give one that is not blank');
  }
  return outbox.db.transaction(() => {
    // Taken by a batch still being imported too: the name is that import's from its start.
    if (outbox.batches.nameTaken(request.batchName)) {
      throw new SheetFileError(
        'batch_exists',
        `a batch named "${request.batchName}" already exists: choose another name`,
      );
    }
    const { group } = request;
    return outbox.batches.create({
      name: request.batchName,
      profile: request.profile,
      groupId: group.id === '' ? null : group.id,
      groupName: group.name ?? null,
      walletId: group.walletId ?? null,
      walletCurrency: group.walletCurrency ?? null,
      sourceFile: request.file,
      state: 'importing',
      ...(request.serviceApproval ? { serviceApproval: request.serviceApproval } : {}),
    });
  })();
}

/** What the import made of its payees that a person should know (row-beneficiary.ts). */
function payeeNotes(writer: DraftWriter): string[] {
  const notes: string[] = [];
  const split = writer.ukIbanRows.size;
  if (split > 0) {
    const one = split === 1;
    notes.push(
      `${split.toLocaleString('en')} UK IBAN${one ? '' : 's'} paid in pounds ${one ? 'goes' : 'go'} as the sort code and account number ${one ? 'it holds' : 'each holds'}: the service pays UK accounts in pounds by those`,
    );
  }
  const zeros = [...writer.zeroRestoredRows].sort((a, b) => a - b);
  if (zeros.length > 0) {
    // Not a warning at each row: a CSV saved from Excel loses the zero of every such code, and a
    // warning on each would be acknowledged unread. Said once, with the rows to look at.
    const one = zeros.length === 1;
    const rows = zeros.slice(0, 5).join(', ') + (zeros.length > 5 ? ', …' : '');
    notes.push(
      `${zeros.length.toLocaleString('en')} bank code${one ? '' : 's'} ${one ? 'was' : 'were'} short of ${one ? 'its' : 'their'} leading zero and read with it put back (60161 as 060161), as a spreadsheet drops it when it takes a code for a number: check ${one ? 'it' : 'them'} against the payee's details (row${one ? '' : 's'} ${rows})`,
    );
  }
  return notes;
}

function noPayments(sheet: string, headerRow: number, skipped: SkippedRows): SheetFileError {
  const why = skipped.list().map((entry) => `${skippedRowsLabel(entry)}, ${entry.reason}`);
  const listed = why.length > 5 ? [...why.slice(0, 5), '…'] : why;
  return new SheetFileError(
    'no_payment_rows',
    `sheet "${sheet}" has no payment rows below its header (row ${headerRow}), so nothing was imported` +
      (listed.length > 0 ? ` (skipped: ${listed.join('; ')})` : '') +
      '. Check that this is the sheet with the payees, or add them below the header',
  );
}
