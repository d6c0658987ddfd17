// Writes an import's drafts to the outbox as the rows stream, and notices what only shows
// across rows: the same account, amount, currency and date twice in the sheet or already in
// the outbox (flagged for review, never dropped), and a correlation id the sheet or the outbox
// already uses. Keeps every issue with its row for the import's report.
import type { DraftStore } from '../../outbox/import-repository';
import type { SheetDraft } from './row-to-draft';
import type { DraftIssue } from '../../outbox/draft-types';
import { decodeCells, type SourceCell } from './source-cells';
import { isBeyondItsCells } from './struck-rows';
import type { CellValue } from '../reading/sheet-types';
import { possibleDuplicateMessage } from '../../../../shared/domain/duplicate-key';

export interface ImportedIssue {
  row: number;
  cell: string | null;
  field: string;
  message: string;
  severity: DraftIssue['severity'];
}

export class DraftWriter {
  count = 0;
  /** Rows whose payee's UK IBAN, paid in pounds, went as its sort code and account number. */
  readonly ukIbanRows = new Set<number>();
  /** Rows whose bank code, written as text, was read with leading zeros put back. */
  readonly zeroRestoredRows = new Set<number>();
  /** Drafts up to this rowid were in the outbox before the import. */
  private readonly mark: number;
  private readonly firstRowByKey = new Map<string, number>();
  /** The sheet's own correlation ids kept so far, each with its row. */
  private readonly correlationIds = new Map<string, number>();
  private readonly issuesByRow = new Map<number, DraftIssue[]>();
  /** One time for all the drafts of an import: they were created together. */
  private readonly now = new Date().toISOString();

  constructor(
    private readonly imports: DraftStore,
    private readonly batchId: string,
  ) {
    this.mark = imports.mark();
  }

  /** Writes a row's draft, with what only shows across rows added to its issues. */
  write(draft: SheetDraft): void {
    const row = draft.sourceRow;
    const issues = [...draft.issues];
    if (draft.duplicateKey) issues.push(...this.duplicates(row, draft.duplicateKey));
    let correlationId = draft.correlationId;
    if (correlationId !== undefined) {
      const taken = this.correlationTaken(correlationId);
      if (taken) {
        issues.push({
          field: 'correlation_id',
          ...(draft.correlationCell ? { cell: draft.correlationCell } : {}),
          message: `${taken}; this one gets an id of its own`,
          severity: 'warning',
        });
        correlationId = undefined;
      } else this.correlationIds.set(correlationId, row);
    }
    const {
      correlationId: _asked,
      correlationCell: _at,
      amountMark: _shown,
      ukIbanSplit,
      zeroRestored,
      ...rest
    } = draft;
    // By row: a row read again (merged-cells.ts) is written again.
    if (ukIbanSplit) this.ukIbanRows.add(row);
    else this.ukIbanRows.delete(row);
    if (zeroRestored) this.zeroRestoredRows.add(row);
    else this.zeroRestoredRows.delete(row);
    this.imports.insert(
      this.batchId,
      { ...rest, issues, ...(correlationId ? { correlationId } : {}) },
      this.now,
    );
    this.count += 1;
    if (issues.length > 0) this.issuesByRow.set(row, issues);
  }

  /** Writes a row again, read anew (its merged cells filled in). */
  rewrite(draft: SheetDraft): void {
    const row = draft.sourceRow;
    // What was known of the row beyond its cells (it is hidden, struck through) still holds.
    const kept = (this.issuesByRow.get(row) ?? []).filter((i) => isBeyondItsCells(i, row));
    this.imports.deleteRow(this.batchId, row);
    this.issuesByRow.delete(row);
    this.count -= 1;
    if (draft.correlationId && this.correlationIds.get(draft.correlationId) === row) {
      this.correlationIds.delete(draft.correlationId);
    }
    this.write({ ...draft, issues: [...draft.issues, ...kept] });
  }

  /** The cells a row was written with; undefined for a row that was skipped. */
  cellsOf(row: number): CellValue[] | undefined {
    const cells = this.imports.sourceCells(this.batchId, row);
    return cells ? decodeCells(cells as SourceCell[]) : undefined;
  }

  issues(): ImportedIssue[] {
    return [...this.issuesByRow]
      .sort(([a], [b]) => a - b)
      .flatMap(([row, issues]) =>
        issues.map((issue) => ({
          row,
          cell: issue.cell ?? null,
          field: issue.field,
          message: issue.message,
          severity: issue.severity,
        })),
      );
  }

  /**
   * Why a correlation id the sheet gives cannot be its payment's, or undefined when it is free.
   * One that a payment already sent has is the strongest sign of a sheet paid before (a results
   * export imported again): its amount may have been edited since, which the duplicate key
   * would miss, so the warning says so in those words.
   */
  private correlationTaken(correlationId: string): string | undefined {
    const sheetRow = this.correlationIds.get(correlationId);
    if (sheetRow !== undefined) {
      return `correlation id ${correlationId} is row ${sheetRow}'s too`;
    }
    const owner = this.imports.correlationIdOwner(correlationId);
    if (!owner) return undefined;
    const where = `row ${owner.row ?? '?'} of batch "${owner.batch}"`;
    return owner.sent
      ? `correlation id ${correlationId} is that of a payment already sent (${where}): check that it is not paid twice`
      : `correlation id ${correlationId} is already the payment of ${where}`;
  }

  /**
   * A duplicate is the account, amount and date together, three cells of which none is wrong
   * alone (and a draft from another batch has cells of another sheet): the warning is on the
   * row, which the person compares whole with the row it names.
   */
  private duplicates(row: number, key: string): DraftIssue[] {
    const found: DraftIssue[] = [];
    const first = this.firstRowByKey.get(key);
    if (first === undefined) this.firstRowByKey.set(key, row);
    else if (first !== row) {
      found.push({
        field: 'duplicate',
        message: possibleDuplicateMessage(`row ${first}`),
        severity: 'warning',
      });
    }
    const earlier = this.imports.duplicateOf(key, this.mark);
    if (earlier) {
      found.push({
        field: 'duplicate',
        message: possibleDuplicateMessage(`row ${earlier.row ?? '?'} of batch "${earlier.batch}"`),
        severity: 'warning',
      });
    }
    return found;
  }
}
