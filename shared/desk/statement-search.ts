// A statement narrowed by action and words over its whole period, not only the page on the
// screen: the service pages a statement but cannot filter it, so the core reads the period page
// by page and keeps what matches. One matcher, so that the core and a face agree on a match.
import { z } from 'zod';
import { amountFromNumber, formatAmount } from '../domain/money';
import { StatementAction, StatementItem } from '../service';
import { Fetched, Id, JobId } from './common';

/** Matches kept for paging at most; `matched` still counts every one. */
export const STATEMENT_MATCHES_KEPT = 10_000;

const When = z.iso.datetime({ offset: true });

export const FindInStatementInput = z
  .object({
    profile: z.string().optional(),
    wallet_id: Id,
    /** The period to search; without them, the service's default period. */
    start: When.optional(),
    end: When.optional(),
    action: StatementAction.optional(),
    /** Words found in the description, counterpart, ids, amounts or the counterpart's country. */
    search: z.string().trim().max(200).optional(),
    skip: z.int().min(0).default(0),
    take: z.int().min(1).max(500).default(50),
    /** Lines read from the service per request. */
    page_size: z.int().min(1).max(500).default(500),
    job_id: JobId.optional(),
  })
  .refine((input) => input.action !== undefined || Boolean(input.search), {
    message: 'say what to find: an action or words',
    path: ['search'],
  })
  .refine(
    (input) => !input.start || !input.end || Date.parse(input.start) <= Date.parse(input.end),
    { message: 'the period starts after it ends: swap its dates', path: ['start'] },
  );
export type FindInStatementInput = z.infer<typeof FindInStatementInput>;

export const StatementMatches = z.object({
  /** The period read, as the service answered for it. */
  start: z.string(),
  end: z.string(),
  /** Lines of the period read, and of those the lines that match. */
  scanned: z.int(),
  matched: z.int(),
  /** The window asked for, of the first STATEMENT_MATCHES_KEPT matches. */
  skip: z.int(),
  items: z.array(StatementItem),
  /** True when more matched than are kept: the search should be narrowed. */
  truncated: z.boolean(),
  /** When the oldest page read was fetched; stale when any page was the last copy kept. */
  ...Fetched,
});
export type StatementMatches = z.infer<typeof StatementMatches>;

/** Exact decimal text of a wire amount, as the screen shows it (never a float's digits). */
export function statementAmountText(value: number): string {
  try {
    return formatAmount(amountFromNumber(value), 3);
  } catch {
    return String(value);
  }
}

/** Whether the item is of the action and holds every word, in any of the columns shown. */
export function statementItemMatches(
  item: StatementItem,
  filter: { action?: StatementAction | undefined; search?: string | undefined },
): boolean {
  if (filter.action && item.action !== filter.action) return false;
  const words = (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const counterpart = item.counterpart;
  const text = [
    item.description,
    counterpart.name ?? '',
    counterpart.bank_details?.account_name ?? '',
    counterpart.id ?? '',
    counterpart.bank_details?.account_country ?? '',
    item.execution_id,
    item.id,
    statementAmountText(item.debit.amount),
    statementAmountText(item.credit.amount),
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}
