// validateDraft: the one set of rules on a draft's values. The importer runs it on every row it
// drafts, the core on every edit, and the renderer as the user types, so a value is judged the
// same wherever it was written. What only a sheet's cell can tell (its text could not be read,
// its format hides a decimal mark) stays with the importer; this sees only the draft.
import { validateBeneficiary } from './validate-beneficiary';
import { currencyMinorUnits, currencyPrecisionProblem, isCurrencyCode } from './currencies';
import { isCalendarDay } from './calendar-day';
import type { DraftContent, DraftIssue, DraftPayment, Finding } from './draft';
import { amountFromNumber, formatAmount } from './money';
import { isPurposeCode } from './purpose-codes';

export interface DraftRulesContext {
  /** Today as YYYY-MM-DD, in the user's calendar: a payment dated before it goes out at once. */
  today: string;
  /** The currency of the batch's wallet, once its group is known: a SEND amount's currency. */
  walletCurrency?: string | undefined;
}

export function validateDraft(draft: DraftContent, context: DraftRulesContext): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const find: Finding = (field, message, severity = 'error') => {
    // One error per field: the first says what to fix.
    if (severity === 'error' && issues.some((i) => i.field === field && i.severity === 'error'))
      return;
    issues.push({ field, message, severity, source: 'rules' });
  };
  const { payment, beneficiary } = draft;
  if (beneficiary) validateBeneficiary(beneficiary, find);
  else if (!payment.target.id.trim()) {
    find(
      'target.id',
      "the payment names no payee: give the beneficiary id the service holds, or the payee's bank details",
    );
  }
  validateAmount(payment, amountCurrency(draft, context), find);
  validateDate(payment.execution.date, context.today, find);
  const purpose = payment.purpose;
  if (purpose !== undefined && !isPurposeCode(purpose)) {
    find('purpose', `${purpose} is not an ISO 20022 purpose code such as SALA or SUPP`);
  }
  return issues;
}

/**
 * The currency the amount is in: its own when the payment names it, else the side's the spec
 * leaves it to (the wallet's for SEND, the account's for LAND); undefined while unknown.
 */
export function amountCurrency(
  draft: DraftContent,
  context: Pick<DraftRulesContext, 'walletCurrency'>,
): string | undefined {
  const amount = draft.payment.amount;
  if (amount.currency) return amount.currency;
  return amount.type === 'LAND' ? draft.beneficiary?.currency || undefined : context.walletCurrency;
}

const AMOUNT_TYPES = ['SEND', 'LAND'];

function validateAmount(payment: DraftPayment, currency: string | undefined, find: Finding) {
  const { type, amount, currency: named } = payment.amount;
  if (type !== undefined && !AMOUNT_TYPES.includes(type)) {
    find(
      'amount.type',
      `${type} is not an amount type: SEND (the amount leaves the wallet) or LAND (the amount arrives)`,
    );
  }
  if (named !== undefined && !isCurrencyCode(named)) {
    find('amount.currency', `${named} is not a currency code`);
  }
  if (amount === undefined) return find('amount.amount', 'the amount is missing');
  let milli: bigint;
  try {
    milli = amountFromNumber(amount);
  } catch {
    return find('amount.amount', `${amount} has more than 3 decimals`);
  }
  if (milli <= 0n) {
    return find(
      'amount.amount',
      `${formatAmount(milli, 3).replace(/\.?0+$/, '')} is not an amount above zero`,
    );
  }
  if (currency && currencyMinorUnits(currency) !== undefined) {
    const problem = currencyPrecisionProblem(milli, currency);
    if (problem) find('amount.amount', problem);
  }
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function validateDate(date: string, today: string, find: Finding) {
  if (!date.trim()) return find('execution.date', 'the payment date is missing');
  const day = DATE_TIME.exec(date)?.[1];
  if (!day || !isCalendarDay(day)) {
    return find('execution.date', `${date} is not a date such as 2026-12-01`);
  }
  if (day < today) {
    find('execution.date', `${day} is in the past: the payment would go out at once`, 'warning');
  }
}
