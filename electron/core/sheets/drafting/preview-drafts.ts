// The first rows of a sheet drafted as an import drafts them, for the import wizard's preview:
// the same pure function for each row; the amounts and dates a cell alone cannot read, read
// again once the rows show how the sheet writes them; merged cells filled in where the rows read
// reach the merges (a workbook lists them after its rows); and the import's own checks across
// rows (a payment twice, a correlation id twice: DraftWriter), on a store in memory over the
// outbox's drafts, which it reads (a payment already drafted in another batch, a correlation id
// another draft holds) and never writes. Nothing is written anywhere.
import type { DraftIssue } from '../../outbox/draft-types';
import type { CorrelationOwner, DraftStore, ImportedDraft } from '../../outbox/import-repository';
import type { CellRange, CellValue, SheetRow } from '../reading/sheet-types';
import { DateOrderTally } from '../understanding/date-orders';
import { DecimalMarkTally } from '../understanding/decimal-marks';
import { DraftWriter } from './draft-writer';
import { fillMergedCells } from './merged-cells';
import { draftContext, importedDraft, type DraftTarget, type SheetDraft } from './row-to-draft';
import type { ReadRow, SheetChosen } from './sheet-reading-protocol';
import { decodeCells, encodeCells, type SourceCell } from './source-cells';
import { field } from '../understanding/fields';
import { isBlank } from '../understanding/row-filters';
import { amountFromNumber } from '../../../../shared/domain/money';
import { amountInItsDecimals } from '../../../../shared/domain/currencies';

export interface PreviewRow {
  row: number;
  /** The row's cells as read; none for a blank row. */
  cells: CellValue[];
  /** Why the import would skip it; null for a payment. */
  skipped: string | null;
  /** The issues its draft would have; none for a row skipped. */
  issues: DraftIssue[];
  /**
   * The currency its payment is in: the one it names (the amount's, or a LAND amount's account
   * currency), else the wallet's of the group previewed with; null when neither is known, and
   * for a row skipped.
   */
  currency: string | null;
  /**
   * What the draft holds from each mapped column, by the column's index (`cells`' places): the
   * value the import reads the cell as ("03/04/2030" is 2030-04-03, an amount of no currency of
   * its own "2,400.00" 2400.00 GBP, the wallet's), for the person to see it read as meant; null
   * where the draft holds nothing from it, or an amount's currency is written in its row.
   */
  read: (string | null)[];
  /**
   * The currency the row points to, for the group proposed: the one its payment names, else its
   * new payee's account's. A SEND that names none is paid in whichever wallet pays it, so the
   * wallet previewed with says nothing of the sheet; the account's currency is then the best
   * sign of what its amounts are in. Null where neither is known, and for a row skipped.
   */
  pointsTo: string | null;
}

/** What the preview asks of the drafts already in the outbox (ImportRepository), read only. */
export type EarlierDrafts = Pick<DraftStore, 'mark' | 'duplicateOf' | 'correlationIdOwner'>;

export function draftPreview(
  chosen: SheetChosen,
  rows: readonly ReadRow[],
  merges: readonly CellRange[],
  target: DraftTarget,
  earlier?: EarlierDrafts,
): PreviewRow[] {
  const { mapping } = chosen.header;
  let context = draftContext(chosen.header, chosen, target);
  const store = new PreviewStore(earlier);
  const writer = new DraftWriter(store, 'preview');
  const decimalMarks = new DecimalMarkTally();
  const dateOrders = new DateOrderTally();
  const preview = rows.map((row): PreviewRow => {
    if ('skip' in row) {
      const cells = row.cells === undefined ? [] : cellsOf(row.cells);
      return {
        row: row.number,
        cells,
        skipped: row.skip,
        issues: [],
        read: [],
        currency: null,
        pointsTo: null,
      };
    }
    const draft =
      'draft' in row
        ? row.draft
        : importedDraft(
            {
              number: row.number,
              cells: cellsOf(row.cells),
              ...(row.hidden ? { hidden: true } : {}),
              ...(row.struck ? { struck: row.struck } : {}),
            },
            row.cells,
            mapping,
            context,
          );
    decimalMarks.note(row.number, draft.amountMark);
    dateOrders.note(row.number, draft.dateMarks);
    writer.write(draft);
    return {
      row: row.number,
      cells: cellsOf(draft.sourceJson),
      skipped: null,
      issues: [],
      read: [],
      currency: null,
      pointsTo: null,
    };
  });
  const readAgain = (row: SheetRow): SheetDraft =>
    importedDraft(row, JSON.stringify(encodeCells(row.cells)), mapping, context);
  // As the import does once the sheet is read: here the sheet is the rows read.
  const reread = decimalMarks.rereadWith(context.decimalMark);
  const rereadDates = dateOrders.rereadWith(context.dateOrders);
  if (reread || rereadDates) {
    context = { ...context, ...reread, ...(rereadDates ? { dateOrders: rereadDates } : {}) };
    const again = [
      ...(reread ? decimalMarks.ambiguousRows : []),
      ...(rereadDates ? dateOrders.ambiguousRows : []),
    ];
    for (const number of new Set(again)) {
      const cells = writer.cellsOf(number);
      if (cells) writer.rewrite(readAgain({ number, cells }));
    }
  }
  fillMergedCells(merges, chosen.header.number, mapping, writer, readAgain);
  return preview.map((row) => {
    if (row.skipped !== null) return row;
    const named = store.currencyOf(row.row);
    const currency = named ?? target.walletCurrency ?? null;
    const read: (string | null)[] = [];
    // A row whose currency cell is filled says the amount's currency itself: its amount's read
    // is given only where the currency is taken without a word ("2,400.00" → 2400.00 GBP).
    const currencyCell = mapping.columns.find((column) => column.field === 'amount_currency');
    const written = currencyCell && row.cells[currencyCell.index];
    const currencyWritten = written !== undefined && !isBlank(written);
    const valueAt = store.valuesOf(row.row);
    for (const column of mapping.columns) {
      if (column.field === 'amount' && currencyWritten) continue;
      const { target: path, kind } = field(column.field);
      read[column.index] = readText(valueAt(path), {
        amount: column.field === 'amount',
        date: kind === 'date',
        currency,
      });
    }
    return {
      ...row,
      read: Array.from(read, (text) => text ?? null),
      issues: store.issuesOf(row.row),
      currency,
      pointsTo: named ?? store.accountCurrencyOf(row.row),
    };
  });
}

/**
 * A value a draft holds, as text: an amount with the currency it is in, a yes or no; nothing for
 * what is no single value (tags, a payee's source object).
 */
function readText(
  value: unknown,
  how: { amount: boolean; date: boolean; currency: string | null },
): string | null {
  // A day, as the cell gives it: the time the service takes it at is the import's, not the cell's.
  if (how.date && typeof value === 'string') return value.slice(0, 10) || null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && how.amount) {
    const text = amountInItsDecimals(amountFromNumber(value), how.currency);
    return how.currency ? `${text} ${how.currency}` : text;
  }
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A row's cells from the JSON they cross from the worker in (source-cells.ts). */
export const cellsOf = (json: string): CellValue[] => decodeCells(JSON.parse(json) as SourceCell[]);

/**
 * The drafts of the preview by row, as the writer leaves them, over the outbox's drafts read
 * only: a duplicate of an earlier draft and a correlation id taken are found as at the import.
 * Without the outbox, a store holding nothing but them (its mark is 0: no earlier draft).
 */
class PreviewStore implements DraftStore {
  private readonly drafts = new Map<number, ImportedDraft>();

  constructor(private readonly earlier?: EarlierDrafts) {}

  mark(): number {
    return this.earlier?.mark() ?? 0;
  }

  insert(_batchId: string, draft: ImportedDraft): { id: string; correlationId: string } {
    this.drafts.set(draft.sourceRow, draft);
    return { id: '', correlationId: draft.correlationId ?? '' };
  }

  duplicateOf(key: string, mark: number): { batch: string; row: number | null } | undefined {
    return this.earlier?.duplicateOf(key, mark);
  }

  sourceCells(_batchId: string, row: number): unknown[] | undefined {
    const json = this.drafts.get(row)?.sourceJson;
    return json === undefined ? undefined : (JSON.parse(json) as unknown[]);
  }

  deleteRow(_batchId: string, row: number): void {
    this.drafts.delete(row);
  }

  /** Among the outbox's drafts (the writer knows the sheet's own). */
  correlationIdOwner(correlationId: string): CorrelationOwner | undefined {
    return this.earlier?.correlationIdOwner(correlationId);
  }

  /**
   * The values of the row's draft by a field's target: `beneficiary.…` in its new payee, the
   * rest in its payment (fields.ts); undefined where the draft has none. Each JSON is read once
   * for all the row's columns.
   */
  valuesOf(row: number): (target: string) => unknown {
    const draft = this.drafts.get(row);
    const payment: unknown = draft ? JSON.parse(draft.paymentJson) : undefined;
    const payee: unknown = draft?.beneficiaryJson ? JSON.parse(draft.beneficiaryJson) : undefined;
    return (target) => {
      const inPayee = target.startsWith('beneficiary.');
      let value = inPayee ? payee : payment;
      for (const key of (inPayee ? target.slice('beneficiary.'.length) : target).split('.')) {
        value =
          typeof value === 'object' && value !== null
            ? (value as Record<string, unknown>)[key]
            : undefined;
      }
      return value;
    };
  }

  issuesOf(row: number): DraftIssue[] {
    return this.drafts.get(row)?.issues ?? [];
  }

  /** The currency of the draft's new payee's account; null for a payee named by id. */
  accountCurrencyOf(row: number): string | null {
    const json = this.drafts.get(row)?.beneficiaryJson;
    if (json === undefined) return null;
    const { currency } = JSON.parse(json) as { currency?: string };
    return currency || null;
  }

  /** The currency the draft names; null when it takes the wallet's. */
  currencyOf(row: number): string | null {
    return this.drafts.get(row)?.columns.amount_currency ?? null;
  }
}
