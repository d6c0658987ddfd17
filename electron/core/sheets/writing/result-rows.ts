// A draft as a line of the annotated export: the cells it was imported from, as the person
// typed them, and why it did not go when it did not — the one thing a finance person opens the
// file to find out.
import type { SourceRowDraft } from '../../outbox';
import type { DraftIssue } from '../../outbox/draft-types';
import { cellText } from '../coercion/cell-text';
import { FIELDS } from '../understanding/fields';
import type { ResultRow, SourceValue } from './results-export';
import type { CellValue } from '../reading/sheet-types';
import { decodeCells, type SourceCell } from '../drafting/source-cells';
import { currencyMinorUnits } from '../../../../shared/domain/currencies';
import { formatAmount } from '../../../../shared/domain/money';
import { serviceRefusal } from '../../../../shared/domain/service-words';

/**
 * A draft as a line of the export; `walletCurrency` is the currency of a payment that names
 * none, paid from the batch's wallet as it is sent.
 */
export function resultRow(draft: SourceRowDraft, walletCurrency: string | null = null): ResultRow {
  return {
    row: draft.sourceRow,
    source: decodeCells(draft.source as SourceCell[]).map(sourceValue),
    state: draft.state,
    remoteStatus: draft.remoteStatus,
    paymentId: draft.id,
    correlationId: draft.correlationId,
    error: whyNot(draft),
    payout: payoutOf(draft, walletCurrency),
    paidTo: draft.paidTo,
    paidOn: draft.paidOn,
  };
}

/**
 * The amount the draft pays now, in its currency's decimals (more where it has more, which an
 * issue then names: nothing is rounded away), and its currency.
 */
function payoutOf(draft: SourceRowDraft, walletCurrency: string | null): ResultRow['payout'] {
  if (draft.amountMilli === null) return null;
  const currency = draft.amountCurrency ?? walletCurrency;
  const milli = BigInt(draft.amountMilli);
  // The decimals the amount has (thousandths held, trailing zeros aside): formatAmount never
  // rounds at these places or more.
  const held = milli % 1000n === 0n ? 0 : milli % 100n === 0n ? 1 : milli % 10n === 0n ? 2 : 3;
  const minor = currency ? currencyMinorUnits(currency) : undefined;
  // Thousandths are all an amount holds: a currency of four decimals (CLF) shows three.
  const places = Math.min(3, Math.max(minor ?? 2, held));
  return { amount: formatAmount(milli, places), currency };
}

/**
 * A cell as the writer takes it. Dates go back as dates (a calendar day at UTC midnight, which
 * exceljs writes as that day whatever the machine's zone) in the format the sheet gave them,
 * else an unambiguous one; in CSV, which has no formats, always as the unambiguous ISO day,
 * because `31/01/2030` or `01/31/2030` would be read by the reader's locale. Numbers as numbers,
 * in the format the sheet gave them; errors and formulas without a result as the text the sheet
 * showed.
 */
export function sourceValue(cell: CellValue): SourceValue {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      return cell.text;
    case 'number': {
      if (!cell.format) return cell.value;
      // A sort code stored as a number and shown with its zeros ("000000") is "040004" in CSV.
      const shown = cellText(cell);
      const text = shown.ok && shown.value !== null ? shown.value : String(cell.value);
      return { value: cell.value, format: cell.format, shown: text };
    }
    case 'boolean':
      return cell.value;
    case 'date': {
      const shown = cell.time ? `${cell.date} ${cell.time}` : cell.date;
      const value = new Date(`${cell.date}T${cell.time ?? '00:00:00'}Z`);
      if (Number.isNaN(value.getTime())) return shown;
      const format = cell.format ?? (cell.time ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd');
      return { value, format, shown };
    }
    case 'error':
      return cell.code;
    case 'formula':
      return `=${cell.formula}`;
    case 'overlong':
      // As it came in: a CSV export holds it whole, an .xlsx one cut to what a cell holds and
      // marked (safe-text.ts); the Error column says why it was not read.
      return cell.text;
  }
}

/** The service's error, else the issues that blocked approval, each at its cell; one line. */
function whyNot(draft: SourceRowDraft): string | null {
  const service = serviceRefusal(draft.error);
  if (service) return service;
  const said = (issues: DraftIssue[]) =>
    issues.map((issue) => `${issuePlace(issue)}: ${issue.message}`).join('; ');
  const blocking = draft.issues.filter((issue) => issue.severity === 'error');
  if (blocking.length > 0) return oneLine(said(blocking));
  // Left a draft with warnings (approving all leaves them out unless acknowledged): what held
  // it back, where the column was empty beside a payment never sent.
  const warnings = draft.issues.filter((issue) => issue.severity === 'warning');
  if (draft.state === 'draft' && warnings.length > 0) {
    return oneLine(`not approved, with warnings: ${said(warnings)}`);
  }
  return null;
}

/**
 * Where an issue is, as the person would look for it: its cell, else the field by the name the
 * app gives it ("Account holder name"), not the path in the service's payload.
 */
function issuePlace(issue: DraftIssue): string {
  return issue.cell ?? FIELD_LABELS.get(issue.field) ?? words(issue.field);
}

/**
 * Each payload path by the label of its field. Two fields fill one path (a name or an account
 * holder's name, an account number or an IBAN): the field named like the path's last part
 * speaks for it.
 */
const FIELD_LABELS = new Map<string, string>();
for (const field of FIELDS) {
  if (!FIELD_LABELS.has(field.target) || field.target.endsWith(`.${field.id}`)) {
    FIELD_LABELS.set(field.target, field.label);
  }
}

/** A path no field fills, as words: "execution.date" -> "Execution date". */
function words(path: string): string {
  const text = path.split('.').join(' ').replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
