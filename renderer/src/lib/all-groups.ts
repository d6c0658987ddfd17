// Every payment group the service lists, for the places a batch's group is chosen (the import
// wizard, the Sync and Groups screens): one page was asked for, and a group past it (the 51st
// in the wizard) could not be chosen at all. The service gives no total, so the pages are read
// until one comes back short.
import type { DeskOutput } from '../../../shared/desk';
import { isLastPage } from '../../../shared/service/common';
import { desk } from './desk';

type GroupPage = DeskOutput<'listGroups'>;

/** The service's largest page. */
const PAGE = 500;
/**
 * Enough for any desk's groups, and a bound on the requests should a service page for ever:
 * counted in groups, not pages, as a service may give fewer a page than asked.
 */
const MOST_GROUPS = 10_000;

/** Every group, with when the list was fetched and whether it is the copy kept offline. */
export async function allGroups(): Promise<Pick<GroupPage, 'items' | 'fetched_at' | 'stale'>> {
  const first = await desk.listGroups({ query: { skip: 0, take: PAGE } });
  const items = [...first.items];
  let last = first;
  // A service may give fewer a page than asked, and say so in its paging (isLastPage).
  while (items.length < MOST_GROUPS && !isLastPage(last, PAGE)) {
    last = await desk.listGroups({ query: { skip: items.length, take: PAGE } });
    items.push(...last.items);
  }
  return { items, fetched_at: first.fetched_at, stale: first.stale || last.stale };
}
