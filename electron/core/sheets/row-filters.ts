// Rows below the header that are not payments: blank or formatted-but-empty rows, totals
// lines, and notes ("Prepared by …") in a single cell. They are skipped with a reason that
// the import reports, never dropped silently; any other row becomes a draft, issues and all.
import type { ColumnMapping } from './column-mapping';
import type { FieldId } from './fields';
import { EMPTY, type CellValue, type SheetRow } from './sheet-types';

const TOTALS = /^(grand\s+|sub\s*-?\s*)?totals?\b|^sum\b|^summe\b|^gesamt|^totaal\b|^totale\b/i;
/** Where the payee is named: a totals line has none of these. */
const PAYEE: readonly FieldId[] = [
  'account_number',
  'iban',
  'beneficiary_id',
  'bank_code',
  'name',
  'account_name',
  'first_name',
  'last_name',
  'company_name',
];

function isBlank(cell: CellValue): boolean {
  return cell.kind === 'empty' || (cell.kind === 'text' && cell.text.trim() === '');
}

export const BLANK_ROW = 'blank row';

export function skipReason(row: SheetRow, mapping: ColumnMapping): string | undefined {
  const filled = row.cells.filter((cell) => !isBlank(cell));
  if (filled.length === 0) return BLANK_ROW;
  const label = filled.find(
    (cell): cell is Extract<CellValue, { kind: 'text' }> =>
      cell.kind === 'text' && TOTALS.test(cell.text.trim()),
  );
  const payeeGiven = mapping.columns.some(
    (column) => PAYEE.includes(column.field) && !isBlank(row.cells[column.index] ?? EMPTY),
  );
  if (label && !payeeGiven) return `totals row ("${label.text.trim()}")`;
  if (filled.length === 1) {
    const amount = mapping.columns.find((column) => column.field === 'amount');
    const only = filled[0];
    if (!amount || row.cells[amount.index] !== only) {
      return 'a note in a single cell, not a payment';
    }
  }
  return undefined;
}

/** The skipped rows for the report, a run of blank rows as one entry ("blank rows 14–20"). */
export class SkippedRows {
  private readonly entries: { row: number; reason: string; last?: number }[] = [];

  add(row: number, reason: string): void {
    this.entries.push({ row, reason });
  }

  blank(row: number): void {
    const previous = this.entries[this.entries.length - 1];
    if (previous?.reason === BLANK_ROW && (previous.last ?? previous.row) === row - 1) {
      previous.last = row;
    } else this.entries.push({ row, reason: BLANK_ROW });
  }

  list(): { row: number; reason: string }[] {
    return this.entries.map(({ row, reason, last }) => ({
      row,
      reason: last === undefined ? reason : `blank rows ${row}–${last}`,
    }));
  }
}
