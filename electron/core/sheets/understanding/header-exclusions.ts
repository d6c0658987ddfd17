// Headers that name a payment field but whose column is not this payment's value to pay: an
// old or running-total one ("Old IBAN", "Net Pay (YTD)"), the payer's own side ("Debtor IBAN",
// "Debit Currency"), a whole file's id, or the status a results export added. Matching
// (header-matching.ts) leaves them out, whatever else their words say.
import type { FieldId } from './fields';

/**
 * Words that say a column is not the value to pay now: an earlier one ("Old IBAN", "IBAN (do
 * not use)") or a running total ("Net Pay (YTD)", a year's pay). Such a column is left out,
 * whatever else its header says; its current twin ("New IBAN", "Net Pay (This Period)") fills
 * the field. "New", "current" and "this period" are fine.
 */
const NOT_CURRENT =
  /\s(old|previous|prior|former|obsolete|superseded|deprecated|ytd|cumulative|do not use|dont use|year to date|last (period|month|year|week|run))\s/;

/**
 * Words that say a column is the payer's side, not the payee's: "Debtor IBAN" and "Debit
 * Account Number" are our own account, "Creditor IBAN" the payee's. Such a column never fills
 * a field of the payee or the amount (a "Debit Currency" is the account paid from); it may still
 * be the payment's date or reference ("Debit date", "Our reference"). "From" only leads such a
 * header ("From account"): "IBAN (new from March)" is the payee's. French "à payer" is "to
 * pay", not the payer: "Net à payer" is a French payslip's net pay.
 */
const PAYER_SIDE =
  /\s(debtor|debit|debited|ordering|originator|originating|remitter|sender|source|our|own|employer|auftraggeber|donneur d ordre|ordenante)\s|(?<!\sa)\spayer\s|\scompany (account|iban|bic|bank|sort)|^\sfrom\s/;
/**
 * The payer's own currency as SAP and ledgers head it ("LCurr", "Local currency", "Company
 * code currency"): the currency the books are kept in, neither the payee's account's nor,
 * beside an amount in document currency, the payment's.
 */
const BOOKS_CURRENCY = /\s(l currency|lcurr|local currency|company code currency|house currency)\s/;
const CURRENCY_FIELDS = new Set<FieldId>(['account_currency', 'amount_currency']);

const PAYER_SIDE_FIELDS = new Set<FieldId>([
  'source_currency',
  'execution_date',
  'description',
  'correlation_id',
  'purpose',
  'approved',
  'user_tag',
]);

/**
 * Ids of a whole file or batch, not of one payment: a SEPA file's "Payment Information Id" is
 * one per batch of payments (the "End To End Id" is each payment's).
 */
const BATCH_IDS = new Set([
  'message id',
  'payment information id',
  'payment info id',
  'pmt inf id',
  'batch id',
  'batch reference',
  'file id',
  'file reference',
]);

/** A header, as all its words (brackets opened) and its name, that is no payment's value. */
export function notThisPayment(all: string, name: string): boolean {
  return NOT_CURRENT.test(all) || BATCH_IDS.has(name);
}

/** A header matched to `field` whose words say it is the payer's own, not the payee's. */
export function payersOwn(all: string, field: FieldId): boolean {
  if (PAYER_SIDE.test(all) && !PAYER_SIDE_FIELDS.has(field)) return true;
  return CURRENCY_FIELDS.has(field) && BOOKS_CURRENCY.test(all);
}

/**
 * The status columns the results export adds (results-export.ts, RESULT_COLUMNS), as a person
 * who fixed rows in the export and imports it again brings them back: what became of the rows
 * then, never a payment's field. "Payout Desk state" marks such a sheet; beside it "Payment id"
 * is the service's id of the earlier payment, not the sheet's own id for this one, and "Payout
 * amount" what that payment paid, not a second amount for this one (the sheet's own amount
 * column says it), as its payee, account and date say whom it paid and when. The correlation id column is the payment's own, and stays one.
 */
const RESULTS_EXPORT_MARK = 'payout desk state';
const RESULTS_EXPORT_STATUS = new Set([
  RESULTS_EXPORT_MARK,
  'service status',
  'payment id',
  'error',
  'payout amount',
  'payout currency',
  'payout payee',
  'payout account',
  'payout date',
]);

/**
 * The columns of a results export's status that a sheet brings back, by index, from its
 * normalised headers; else none.
 */
export function resultsExportStatusColumns(names: readonly string[]): Set<number> {
  if (!names.includes(RESULTS_EXPORT_MARK)) return new Set();
  return new Set(names.flatMap((name, index) => (RESULTS_EXPORT_STATUS.has(name) ? [index] : [])));
}
