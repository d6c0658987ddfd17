// Imports a sheet into a real outbox in a temporary folder, and gives back the import's
// report with the drafts by their source row: what the person sees after an import.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Draft } from '../../shared/desk';
import { Outbox } from '../../electron/core/outbox';
import {
  batchResults,
  type BatchSheetSource,
} from '../../electron/core/sheets/writing/batch-results';
import { resultRow } from '../../electron/core/sheets/writing/result-rows';
import { writeResults } from '../../electron/core/sheets/writing/results-export';
import {
  importSheet,
  type SheetImportRequest,
  type SheetImportSummary,
} from '../../electron/core/sheets/drafting/sheet-import';

export interface ImportedSheet {
  summary: SheetImportSummary;
  /** Drafts by the sheet row they came from. */
  rows: Map<number, Draft>;
}

export const GROUP = { id: 'group-1', walletId: 'wallet-gbp', walletCurrency: 'GBP' };

export class OutboxFolder {
  private constructor(
    readonly dir: string,
    readonly outbox: Outbox,
  ) {}

  static async create(): Promise<OutboxFolder> {
    const dir = await mkdtemp(join(tmpdir(), 'payout-desk-sheets-'));
    return new OutboxFolder(dir, Outbox.open(dir));
  }

  async import(file: string, request: Partial<SheetImportRequest> = {}): Promise<ImportedSheet> {
    const summary = await importSheet(this.outbox, {
      file,
      batchName: `Batch ${Math.random().toString(36).slice(2, 8)}`,
      profile: 'local',
      group: GROUP,
      today: '2029-12-01',
      ...request,
    });
    const drafts = this.outbox.drafts.page(summary.batchId, 0, 1_000_000);
    return { summary, rows: new Map(drafts.map((d) => [d.row ?? 0, d])) };
  }

  /** Every table's row count: an import that was refused must leave them all as they were. */
  counts(): Record<string, number> {
    const tables = [
      'batches',
      'payment_drafts',
      'beneficiary_drafts',
      'column_mappings',
      'audit_log',
    ];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        this.outbox.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number,
      ]),
    );
  }

  /** Writes a CSV of these lines (CRLF, as Excel saves one) in the folder; its path. */
  async csv(name: string, lines: readonly string[]): Promise<string> {
    const file = join(this.dir, name);
    await writeFile(file, `${lines.join('\r\n')}\r\n`);
    return file;
  }

  /**
   * Writes a batch's results export to `name` in the folder, as `payout-desk export` does; its
   * path. `source` may change what the import kept (to stand for an older batch).
   */
  async exportResults(
    batchId: string,
    name: string,
    source: (kept: BatchSheetSource) => BatchSheetSource = (kept) => kept,
  ): Promise<string> {
    const { imports } = this.outbox;
    const kept = imports.batchSource<BatchSheetSource>(batchId);
    if (!kept) throw new Error('the import kept no source');
    const wallet = this.outbox.batches.get(batchId)?.walletCurrency ?? null;
    const rows = [...imports.sourceRows(batchId)].map((draft) => resultRow(draft, wallet));
    const path = join(this.dir, name);
    await writeResults(path, batchResults(imports, batchId, source(kept), rows));
    return path;
  }

  async remove(): Promise<void> {
    this.outbox.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** The draft of a row, or a failure naming the row. */
export function draftOf(imported: ImportedSheet, row: number): Draft {
  const draft = imported.rows.get(row);
  if (!draft)
    throw new Error(`no draft from row ${row}; rows: ${[...imported.rows.keys()].join(', ')}`);
  return draft;
}

export const errorsOf = (draft: Draft) =>
  draft.issues.filter((issue) => issue.severity === 'error');
