// The Groups screen's filters as a person types them, and the service's query they make: every
// filter GET /payments/groups has (ids, name, description, locked, wallets, tags) plus paging.
// Pure, so the same text always makes the same query, and a typo is said at its field.
import type { GroupListQuery } from '../../../../shared/service';

export interface GroupFilterText {
  /** Group ids, separated by commas or spaces. */
  ids: string;
  name: string;
  description: string;
  locked: 'any' | 'locked' | 'unlocked';
  /** Wallet ids, separated by commas or spaces. */
  wallets: string;
  /** `key=value` pairs, separated by commas; a key given twice matches either value. */
  tags: string;
}

export const NO_FILTERS: GroupFilterText = {
  ids: '',
  name: '',
  description: '',
  locked: 'any',
  wallets: '',
  tags: '',
};

export const PAGE_SIZES = [25, 50, 100, 200] as const;
/** The service's own default page size. */
export const DEFAULT_PAGE_SIZE = 50;

export type FilterField = keyof GroupFilterText;

export type QueryOrProblems =
  | { ok: true; query: GroupListQuery }
  | { ok: false; problems: Partial<Record<FilterField, string>> };

const words = (text: string): string[] => text.split(/[\s,]+/).filter((word) => word !== '');

/** The service's query of these filters and page, or what is wrong with them, by field. */
export function queryOf(filters: GroupFilterText, skip: number, take: number): QueryOrProblems {
  const query: GroupListQuery = { skip, take };
  const ids = words(filters.ids);
  if (ids.length > 0) query.id = ids;
  if (filters.name.trim() !== '') query.name = filters.name.trim();
  if (filters.description.trim() !== '') query.description = filters.description.trim();
  if (filters.locked !== 'any') query.locked = [filters.locked === 'locked'];
  const wallets = words(filters.wallets);
  if (wallets.length > 0) query.wallet = wallets;
  const tags = tagsOf(filters.tags);
  if (typeof tags === 'string') return { ok: false, problems: { tags } };
  if (tags) query.tag = tags;
  return { ok: true, query };
}

/** `dept=ops, dept=hr, region=uk` -> { dept: ['ops', 'hr'], region: ['uk'] }; or why not. */
function tagsOf(text: string): Record<string, string[]> | undefined | string {
  const pairs = text
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  if (pairs.length === 0) return undefined;
  const tags = new Map<string, string[]>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at).trim() : '';
    if (key === '' || key === '__proto__') {
      return `“${pair}” is not a tag filter: write key=value, for example dept=ops`;
    }
    tags.set(key, [...(tags.get(key) ?? []), pair.slice(at + 1).trim()]);
  }
  return Object.fromEntries(tags);
}

/** Whether any filter narrows the list (the page size is not a filter). */
export const isFiltered = (filters: GroupFilterText): boolean =>
  (Object.keys(NO_FILTERS) as FilterField[]).some((field) => filters[field] !== NO_FILTERS[field]);
