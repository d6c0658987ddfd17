// Per-item results: the batch's drafts that went to the service, a page of 100 at a time, with
// the service's status and, for a failed one, its refusal at the row. Filtered by state in the
// outbox, so a batch of 100,000 is never read whole.
import type { Draft } from '../../../../shared/desk';
import type { DraftState } from '../../../../shared/domain/draft-state';
import { amountCurrency } from '../../../../shared/domain/validate-draft';
import { amountFromNumber, formatAmount } from '../../../../shared/domain/money';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';

export const PAGE_SIZE = 100;

/** Each filter of the results, and what its empty list says (a batch sent may have no failure). */
export const RESULT_FILTERS = {
  sent: {
    label: 'Every payment sent',
    states: ['sending', 'submitted', 'accepted', 'failed'],
    none: 'Nothing sent yet.',
  },
  failed: { label: 'Failed', states: ['failed'], none: 'No payment failed.' },
  accepted: { label: 'Accepted', states: ['accepted'], none: 'No payment accepted yet.' },
  waiting: {
    label: 'Awaiting the service’s answer',
    states: ['sending', 'submitted'],
    none: 'No payment awaits the service’s answer.',
  },
} as const satisfies Record<string, { label: string; states: readonly DraftState[]; none: string }>;
export type ResultFilter = keyof typeof RESULT_FILTERS;

export class SyncResultsState {
  rows = $state<Draft[]>([]);
  total = $state(0);
  skip = $state(0);
  filter = $state<ResultFilter>('sent');
  loading = $state(false);
  error = $state<string | null>(null);

  readonly #question = new NewestQuestion();

  constructor(readonly batchId: string) {}

  async load(): Promise<void> {
    const newest = this.#question.ask();
    this.loading = true;
    try {
      const page = await desk.draftWindow({
        batch: this.batchId,
        skip: this.skip,
        take: PAGE_SIZE,
        sort: { by: 'row', direction: 'asc' },
        filter: { states: [...RESULT_FILTERS[this.filter].states] },
      });
      if (!newest()) return;
      // A page past the end (results shrank as failed ones were retried): back to the last one.
      if (page.rows.length === 0 && page.total > 0 && this.skip > 0) {
        this.skip = Math.floor((page.total - 1) / PAGE_SIZE) * PAGE_SIZE;
        return this.load();
      }
      this.rows = page.rows;
      this.total = page.total;
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    } finally {
      if (newest()) this.loading = false;
    }
  }

  show(filter: ResultFilter): Promise<void> {
    this.filter = filter;
    this.skip = 0;
    return this.load();
  }

  next(): Promise<void> {
    this.skip += PAGE_SIZE;
    return this.load();
  }

  previous(): Promise<void> {
    this.skip = Math.max(0, this.skip - PAGE_SIZE);
    return this.load();
  }
}

/** The payee as a person knows them: the account holder's name, else the beneficiary's id. */
export function payeeOf(draft: Draft): string {
  const body = draft.beneficiary?.body;
  const entity = (body?.entity ?? {}) as Record<string, unknown>;
  const bank = (body?.bank_details ?? {}) as Record<string, unknown>;
  const named =
    text(bank['account_name']) ??
    text(entity['company_name']) ??
    ([text(entity['individual_first_name']), text(entity['individual_last_name'])]
      .filter(Boolean)
      .join(' ') ||
      null);
  return named ?? draft.payment.target.id;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

/**
 * The payment's status at the service as a person reads it ("Pending", not PENDING), with
 * whether it is approved there: the service says PENDING before and after its approval.
 */
export function serviceStatusOf(draft: Draft): string {
  const status = draft.remote_status;
  if (!status) return '—';
  const words = status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');
  if (draft.state !== 'accepted' || draft.service_approved === null) return words;
  return `${words}, ${draft.service_approved ? 'approved' : 'awaiting approval'}`;
}

/** The draft's amount as exact decimal text (null when missing) and its currency. */
export function amountOf(
  draft: Draft,
  walletCurrency: string | null,
): { amount: string | null; currency: string | null } {
  const value = draft.payment.amount.amount;
  const currency =
    amountCurrency(
      { payment: draft.payment, beneficiary: draft.beneficiary?.body ?? null },
      walletCurrency ? { walletCurrency } : {},
    ) ?? null;
  if (value === undefined) return { amount: null, currency };
  try {
    return { amount: formatAmount(amountFromNumber(value), 3), currency };
  } catch {
    return { amount: String(value), currency }; // shown as written, never as 0
  }
}
