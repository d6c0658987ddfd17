// Payment groups (spec: "Payment group", GET /payments/groups, DELETE /payments/groups/{id}),
// and their queries to and from URL search parameters, so client and sandbox write them alike.
import { z } from 'zod';
import {
  BooleanParam,
  CurrencyCode,
  DateOnly,
  definedOnly,
  fixed,
  MAX_TAKE,
  NonEmptyText,
  Paging,
  repeatedParam,
  singleParam,
  type SearchEntries,
  type SearchParams,
  UserTags,
  wholeNumberParam,
} from './common';

/** The wallet as summarised inside a group. */
export const GroupWallet = z.object({
  type: fixed('wallet'),
  id: z.string(),
  currency: CurrencyCode,
  name: z.string(),
  /** An integer in the spec: the available balance while the wallet is active. */
  balance: z.int(),
  /** The owning legal entity's id. */
  owner: z.string(),
});
export type GroupWallet = z.infer<typeof GroupWallet>;

const Count = z.int().min(0);

export const PaymentGroup = z.object({
  type: fixed('group'),
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** When true, no new payments can be added. */
  locked: z.boolean(),
  user_tags: UserTags.default({}),
  wallet: GroupWallet,
  info: z.object({
    funding: z.object({ next: DateOnly.optional(), missing_funds: z.number() }),
    payments: z.object({
      total: Count,
      pending: Count,
      pending_approval: Count,
      issues: Count,
      completed: Count,
      failed: Count,
      routing: Count,
      next: DateOnly.optional(),
      amount: z.object({ amount: z.number(), currency: z.string() }),
    }),
  }),
});
export type PaymentGroup = z.infer<typeof PaymentGroup>;

export const GroupList = z.object({ items: z.array(PaymentGroup), paging: Paging });
export type GroupList = z.infer<typeof GroupList>;

/** '__proto__' would be dropped by any plain object on the way: refused, not lost. */
const TagName = NonEmptyText.refine((name) => name !== '__proto__', 'is not a usable tag name');

const tagFilter = z
  .record(TagName, z.array(z.string()).min(1, 'must list at least one value'))
  .refine((tags) => Object.keys(tags).length > 0, 'must name at least one tag');

/**
 * GET /payments/groups filters and paging. Lists hold at least one value: an empty filter
 * would be ambiguous (none, or all?) and cannot be written as a query anyway. The sandbox
 * applies the page size default (DEFAULT_TAKE) where take is absent.
 */
export const GroupListQuery = z.strictObject({
  id: z.array(NonEmptyText).min(1).optional(),
  description: z.string().optional(),
  name: z.string().optional(),
  locked: z.array(z.boolean()).min(1).optional(),
  wallet: z.array(NonEmptyText).min(1).optional(),
  /** Key -> any of these values; written `tag:<key>=<value>` in the query. */
  tag: tagFilter.optional(),
  skip: z.int().min(0).optional(),
  take: z.int().min(1).max(MAX_TAKE).optional(),
});
export type GroupListQuery = z.infer<typeof GroupListQuery>;

/** The same query as it arrives in search parameters: numbers and booleans as text. */
const GroupListSearch = GroupListQuery.extend({
  locked: z.array(BooleanParam).min(1).optional(),
  skip: wholeNumberParam(0).optional(),
  take: wholeNumberParam(1, MAX_TAKE).optional(),
});

const TAG_PREFIX = 'tag:';

/** Reads `?id=a&id=b&locked=true&tag:dept=ops&tag:dept=hr&take=10`; unknown names are ignored. */
export function groupListQueryFromSearchParams(
  params: SearchParams,
): z.ZodSafeParseResult<GroupListQuery> {
  // A Map, so that tag names such as `constructor` are plain keys, never inherited members.
  const tags = new Map<string, string[]>();
  for (const [name, value] of params) {
    if (!name.startsWith(TAG_PREFIX)) continue;
    const key = name.slice(TAG_PREFIX.length);
    tags.set(key, [...(tags.get(key) ?? []), value]);
  }
  return GroupListSearch.safeParse(
    definedOnly({
      id: repeatedParam(params, 'id'),
      description: singleParam(params, 'description'),
      name: singleParam(params, 'name'),
      locked: repeatedParam(params, 'locked'),
      wallet: repeatedParam(params, 'wallet'),
      tag: tags.size > 0 ? Object.fromEntries(tags) : undefined,
      skip: singleParam(params, 'skip'),
      take: singleParam(params, 'take'),
    }),
  );
}

/** The inverse of groupListQueryFromSearchParams: arrays as repeated parameters. */
export function groupListQueryToSearchParams(query: GroupListQuery): SearchEntries {
  const params: SearchEntries = [];
  query.id?.forEach((id) => params.push(['id', id]));
  if (query.description !== undefined) params.push(['description', query.description]);
  if (query.name !== undefined) params.push(['name', query.name]);
  query.locked?.forEach((locked) => params.push(['locked', String(locked)]));
  query.wallet?.forEach((wallet) => params.push(['wallet', wallet]));
  for (const [key, values] of Object.entries(query.tag ?? {})) {
    values.forEach((value) => params.push([`${TAG_PREFIX}${key}`, value]));
  }
  if (query.skip !== undefined) params.push(['skip', String(query.skip)]);
  if (query.take !== undefined) params.push(['take', String(query.take)]);
  return params;
}

/** DELETE /payments/groups/{id}: with clear true, pending payments are removed first. */
export const DeleteGroupQuery = z.strictObject({ clear: z.boolean().optional() });
export type DeleteGroupQuery = z.infer<typeof DeleteGroupQuery>;

const DeleteGroupSearch = DeleteGroupQuery.extend({ clear: BooleanParam.optional() });

export function deleteGroupQueryFromSearchParams(
  params: SearchParams,
): z.ZodSafeParseResult<DeleteGroupQuery> {
  return DeleteGroupSearch.safeParse(definedOnly({ clear: singleParam(params, 'clear') }));
}

export function deleteGroupQueryToSearchParams(query: DeleteGroupQuery): SearchEntries {
  const params: SearchEntries = [];
  if (query.clear !== undefined) params.push(['clear', String(query.clear)]);
  return params;
}

export const DeleteGroupResponse = z.object({
  /** `result` is true when the group was deleted. */
  group: z.object({ id: z.string(), result: z.boolean() }),
  /** The pending payments removed by `clear`. */
  payments: z.array(z.object({ type: z.string(), id: z.string() })),
});
export type DeleteGroupResponse = z.infer<typeof DeleteGroupResponse>;
