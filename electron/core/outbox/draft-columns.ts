// What the outbox keeps beside a draft's JSON so that a window of 100,000 drafts is sorted,
// filtered, counted and totalled in SQL without reading one body: its issue counts, its amount
// in exact thousandths and the currency it is in, the payee's name, the payment date, and the
// words a search finds it by. Worked out here, once, wherever a draft is written.
import type { DraftBeneficiary, DraftIssue, DraftPayment } from '../../../shared/domain/draft';
import { amountFromNumber } from '../../../shared/domain/money';

export interface DraftColumns {
  error_count: number;
  warning_count: number;
  /**
   * Thousandths of the currency unit; null while the amount is missing or unreadable, or is one
   * the rules refuse (more decimals than its currency has, a currency that is not one): no
   * total counts an amount that cannot be paid as it stands.
   */
  amount_milli: bigint | null;
  /** The amount's own currency, or a LAND amount's account currency; null: the wallet's. */
  amount_currency: string | null;
  payee: string | null;
  /** YYYY-MM-DD, or null while missing. */
  execution_date: string | null;
  search_text: string;
}

export function draftColumns(
  payment: DraftPayment,
  beneficiary: DraftBeneficiary | null | undefined,
  issues: readonly DraftIssue[],
): DraftColumns {
  // A body kept by an older app may lack parts a draft has now: it gets no columns for them.
  const amount: Partial<DraftPayment['amount']> = payment.amount ?? {};
  let errors = 0;
  for (const issue of issues) if (issue.severity === 'error') errors += 1;
  const payee = payeeName(beneficiary) ?? null;
  const account = text(beneficiary?.bank_details?.account_number);
  return {
    error_count: errors,
    warning_count: issues.length - errors,
    amount_milli: amountRefused(issues) ? null : milliOf(amount.amount),
    amount_currency:
      amount.currency ?? (amount.type === 'LAND' ? beneficiary?.currency || null : null),
    payee,
    execution_date: /^\d{4}-\d{2}-\d{2}/.exec(payment.execution?.date ?? '')?.[0] ?? null,
    // What a person sees of the row and may type to find it: the payee, account, bank code and
    // description; the payee's id only for a payment that names its payee by id alone. A new
    // payee's id is the outbox's own, seen nowhere: it made a search for "5" find every row.
    search_text: [
      payee,
      account,
      text(beneficiary?.bank_details?.bank_code),
      payment.description,
      beneficiary ? undefined : payment.target?.id,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  };
}

/** The fields of the amount an error at which leaves it out of the totals. */
const AMOUNT_FIELDS = new Set(['amount.amount', 'amount.currency']);

/**
 * Whether an error at the amount leaves it out of every total: one the rules give, or one a
 * writer adds once the columns were worked out (an amount merged over several rows).
 */
export function amountRefused(issues: readonly DraftIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error' && AMOUNT_FIELDS.has(issue.field));
}

function milliOf(amount: number | undefined): bigint | null {
  if (amount === undefined) return null;
  try {
    return amountFromNumber(amount);
  } catch {
    return null;
  }
}

/** The name the payee is paid under: the account holder's, else the entity's own. */
export function payeeName(beneficiary: DraftBeneficiary | null | undefined): string | undefined {
  if (!beneficiary) return undefined;
  const entity = beneficiary.entity ?? {};
  return (
    text(beneficiary.bank_details?.account_name) ||
    text(entity.company_name) ||
    [text(entity.individual_first_name), text(entity.individual_last_name)]
      .filter(Boolean)
      .join(' ') ||
    undefined
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
