// Rows below the header that are not payments: blank or formatted-but-empty rows, rows of
// formulas that have nothing to add up yet, totals and summary lines, and notes ("Prepared
// by …"). They are skipped with a reason that the import reports, never dropped silently; any
// other row becomes a draft, issues and all. A rule here errs towards keeping a row: a draft
// that should not be there is blocked by its issues and seen, a payment skipped is easy to miss.
import type { ColumnMapping } from './column-mapping';
import type { FieldId } from './fields';
import { EMPTY, type CellValue, type SheetRow } from '../reading/sheet-types';

/** A cell that starts or ends like a totals label, in a row that names no payee. */
const TOTALS =
  /^(grand\s+|sub\s*-?\s*)?totals?\b|^sum\b|^summe\b|^gesamt|^totaal\b|^totale\b|\s(sub\s*-?\s*)?total:?$/i;
/**
 * A cell that is a totals or summary label and nothing else, as it stands in the payee's
 * column: "Total", "Grand Total", and the "<group> Total" or "Grand Count" lines Excel's Data >
 * Subtotal writes in the column it groups by. Whole cells only: "Totalfina" or "Total SA" is a
 * payee, and a word such as "Max" alone may be a name.
 */
const SUMMARY_LABEL = new RegExp(
  '^(?:' +
    [
      '(?:sub\\s*-?\\s*)?totals?|sum|summe|gesamt(?:summe)?|totaal|totale|count|average',
      'grand\\s+(?:total|count|average|max|min)',
      // Not "<name> Max" or "<name> Min": both are surnames.
      '.+\\s(?:sub\\s*-?\\s*)?(?:total|count|average)',
    ].join('|') +
    ')\\s*:?$',
  'i',
);
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
/** Where the account is: a note below the list names none. */
const ACCOUNT: readonly FieldId[] = ['account_number', 'iban', 'beneficiary_id', 'bank_code'];
/** "Approved by:", "Prepared by J. Smith": a sign-off under the list, not a payee. */
const NOTE_LABEL = /:\s*$|^\s*(prepared|approved|checked|reviewed|authori[sz]ed|signed)\s+by\b/i;
/**
 * What a formula dragged down below the list shows while its row is empty: 0, or a dash
 * where the number format writes zero as "-". No payment is made of these alone.
 */
const NOTHING_SHOWN = /^\s*([-–—]+|0+([.,]0+)?)\s*$/;

export function isBlank(cell: CellValue): boolean {
  return cell.kind === 'empty' || (cell.kind === 'text' && cell.text.trim() === '');
}

function showsNothing(cell: CellValue): boolean {
  if (cell.kind === 'number') return cell.value === 0;
  return cell.kind === 'text' && NOTHING_SHOWN.test(cell.text);
}

function textOf(cell: CellValue | undefined): string | undefined {
  return cell?.kind === 'text' ? cell.text.trim() : undefined;
}

export const BLANK_ROW = 'blank row';
/** Blank in effect: only zeros or dashes, as formulas left in empty rows show. */
export const NOTHING_ROW = 'only zeros or dashes, nothing to pay';
/** A row that only totals the others, under its label (`totals row ("Grand total")`). */
const TOTALS_ROW = 'totals row (';
const totalsRow = (label: string) => `${TOTALS_ROW}"${label}")`;
/** An amount alone on its row: an unlabelled total. */
const AMOUNT_ALONE = 'an amount with no payee, account or date: a total, not a payment';

/** Whether a row was skipped as a totals line, labelled or an amount alone. */
export function isTotalsReason(reason: string): boolean {
  return reason.startsWith(TOTALS_ROW) || reason === AMOUNT_ALONE;
}

/** Rows blank or blank in effect: reported as runs, and not counted toward the row limit. */
export function isBlankReason(reason: string): boolean {
  return reason === BLANK_ROW || reason === NOTHING_ROW;
}

export function skipReason(row: SheetRow, mapping: ColumnMapping): string | undefined {
  const filled = row.cells.filter((cell) => !isBlank(cell));
  if (filled.length === 0) return BLANK_ROW;
  if (filled.every(showsNothing)) return NOTHING_ROW;
  // Every row below the header passes here: the cheap tests come first, and the columns are
  // looked into only for a row that looks like a totals line or a note.
  const given = (fields: readonly FieldId[], except?: RegExp) =>
    mapping.columns.some((column) => {
      if (!fields.includes(column.field)) return false;
      const cell = row.cells[column.index] ?? EMPTY;
      return !isBlank(cell) && !except?.test(textOf(cell) ?? '');
    });
  const label = totalsLabel(filled);
  // A payee column that holds only a totals label ("Total" under the names) names nobody.
  if (label && !given(PAYEE, SUMMARY_LABEL)) return totalsRow(label);
  // "Total net pay", "Subtotal Ops" where the payee's name goes, with no account and no date:
  // a totals line, whose amount would swell the batch's total. "Total SA" with an account or
  // a date is a payee, kept to be completed.
  if (label && !given(ACCOUNT) && !given(['execution_date'])) {
    const named = totalInPayeeColumn(row, mapping);
    if (named) return totalsRow(named);
  }
  // An amount alone (with its currency at most): what an unlabelled =SUM(...) under the
  // amounts leaves. Nobody could be paid from it, and as a draft its amount swelled the batch's
  // total until it was found and deleted.
  if (filled.length <= 2 && onlyIn(row, mapping, AMOUNT_ONLY) && given(['amount'])) {
    return AMOUNT_ALONE;
  }
  const first = filled[0];
  const signOff = first?.kind === 'text' && NOTE_LABEL.test(first.text);
  const note = textOf(first);
  if ((signOff || filled.length === 1) && !given(['amount'])) {
    if (signOff && !given(ACCOUNT)) return `a note ("${note}"), not a payment`;
    if (filled.length === 1) return 'a note in a single cell, not a payment';
  }
  return undefined;
}

/** The fields of a row that holds a figure and nothing to pay it to. */
const AMOUNT_ONLY: readonly FieldId[] = ['amount', 'amount_currency', 'source_currency'];

/** Whether every filled cell of the row is in a column mapped to one of `fields`. */
function onlyIn(row: SheetRow, mapping: ColumnMapping, fields: readonly FieldId[]): boolean {
  return row.cells.every(
    (cell, index) =>
      isBlank(cell) ||
      mapping.columns.some((column) => column.index === index && fields.includes(column.field)),
  );
}

/** The text of a payee column that starts or ends as a total's label does, if any. */
function totalInPayeeColumn(row: SheetRow, mapping: ColumnMapping): string | undefined {
  for (const column of mapping.columns) {
    if (!PAYEE.includes(column.field)) continue;
    const text = textOf(row.cells[column.index]);
    if (text && TOTALS.test(text)) return text;
  }
  return undefined;
}

/** Words without which no cell is a totals label: most rows are ruled out by this alone. */
const LABEL_WORD = /tot|sum|gesamt|count|average|grand/i;

/** The first cell that is a totals label, by TOTALS, else by SUMMARY_LABEL. */
function totalsLabel(filled: readonly CellValue[]): string | undefined {
  let summary: string | undefined;
  for (const cell of filled) {
    if (cell.kind !== 'text' || !LABEL_WORD.test(cell.text)) continue;
    const text = cell.text.trim();
    if (TOTALS.test(text)) return text;
    if (summary === undefined && SUMMARY_LABEL.test(text)) summary = text;
  }
  return summary;
}

/** The skipped rows for the report, a run of blank rows as one entry (rows 14 to 20). */
export class SkippedRows {
  private readonly entries: { row: number; reason: string; last_row?: number }[] = [];

  add(row: number, reason: string): void {
    this.entries.push({ row, reason });
  }

  blank(row: number, reason = BLANK_ROW): void {
    const previous = this.entries[this.entries.length - 1];
    if (previous?.reason === reason && (previous.last_row ?? previous.row) === row - 1) {
      previous.last_row = row;
    } else this.entries.push({ row, reason });
  }

  list(): { row: number; last_row?: number; reason: string }[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}
