// A statement searched over its whole period. The service pages a statement and cannot filter
// it, so the period is read page by page (each page kept, like the screen's own pages, so that a
// period read once can be searched offline) and the matches are kept for a few minutes: paging
// through them, or coming back to them, does not read the period again.
import { isLastPage, type WalletStatement } from '../../../shared/service';
import {
  STATEMENT_MATCHES_KEPT,
  statementItemMatches,
  type FindInStatementInput,
  type StatementMatches,
} from '../../../shared/desk/statement-search';
import { DeskError } from '../../../shared/desk/errors';
import { profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { cachedCall } from './cached-call';

type SearchHandlers = Pick<DeskHandlers, 'findInStatement'>;

const KEPT_FOR_MS = 5 * 60_000;

type Search = Omit<StatementMatches, 'skip' | 'items'> & {
  items: StatementMatches['items'];
  key: string;
  keptAt: number;
};

export function statementSearchHandlers(ctx: DeskContext): SearchHandlers {
  // The last search only: its matches are what the screen pages through.
  let last: Search | null = null;
  return {
    findInStatement: async (input, signal) => {
      const profile = profileOf(ctx, input.profile);
      const keyOf = (period: { start?: string | undefined; end?: string | undefined }) =>
        JSON.stringify([
          profile,
          input.wallet_id,
          period.start,
          period.end,
          input.action,
          input.search,
        ]);
      const now = ctx.now().getTime();
      const reusable =
        input.start &&
        input.end &&
        last &&
        last.key === keyOf(input) &&
        now - last.keptAt < KEPT_FOR_MS;
      if (!reusable) {
        last = await ctx.jobs.run(
          { id: input.job_id, kind: 'search', signal },
          (jobSignal, jobId) => searchPeriod(ctx, profile, input, jobSignal, jobId),
        );
        last.key = keyOf(last);
      }
      const found = last!;
      return {
        start: found.start,
        end: found.end,
        scanned: found.scanned,
        matched: found.matched,
        truncated: found.truncated,
        fetched_at: found.fetched_at,
        stale: found.stale,
        skip: input.skip,
        items: found.items.slice(input.skip, input.skip + input.take),
      };
    },
  };
}

/**
 * Reads the period page by page. Every page after the first asks for the period the first
 * answered for: without an end, the service would end each page at its own "now", and an item
 * booked meanwhile would shift the pages under the search.
 */
async function searchPeriod(
  ctx: DeskContext,
  profile: string,
  input: FindInStatementInput,
  signal: AbortSignal,
  jobId: string,
): Promise<Search> {
  const items: Search['items'] = [];
  let matched = 0;
  let scanned = 0;
  let period: { start?: string; end?: string } = {
    ...(input.start ? { start: input.start } : {}),
    ...(input.end ? { end: input.end } : {}),
  };
  let oldest: string | null = null;
  let stale = false;
  for (;;) {
    if (signal.aborted) throw new DeskError('cancelled', 'the search was cancelled');
    const query = { ...period, skip: scanned, take: input.page_size };
    const page = await cachedCall<WalletStatement>(
      ctx,
      profile,
      `statement:${input.wallet_id}:${JSON.stringify(query)}`,
      (client) => client.statement(input.wallet_id, query),
    );
    if (scanned === 0) period = { start: page.value.start_date, end: page.value.end_date };
    if (oldest === null || page.fetched_at < oldest) oldest = page.fetched_at;
    stale ||= page.stale;
    for (const item of page.value.items) {
      if (!statementItemMatches(item, input)) continue;
      matched += 1;
      if (items.length < STATEMENT_MATCHES_KEPT) items.push(item);
    }
    scanned += page.value.items.length;
    ctx.events.emit({ type: 'statement.progress', job_id: jobId, scanned, matched });
    if (isLastPage(page.value, input.page_size)) break;
  }
  return {
    key: '',
    keptAt: ctx.now().getTime(),
    start: period.start!,
    end: period.end!,
    scanned,
    matched,
    items,
    truncated: matched > items.length,
    fetched_at: oldest!,
    stale,
  };
}
