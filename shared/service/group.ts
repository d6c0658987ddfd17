// Payment groups (spec: "Payment group", GET /payments/groups, DELETE /payments/groups/{id}).
import { z } from 'zod';
import { MAX_TAKE, Paging, queryInt, repeated, UserTags } from './common';

export const GroupWallet = z.object({
  type: z.string(),
  id: z.string(),
  currency: z.string(),
  name: z.string(),
  /** An integer in the spec: the available balance in whole units. */
  balance: z.number(),
  owner: z.string(),
});

export const PaymentGroup = z.object({
  type: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  locked: z.boolean(),
  user_tags: UserTags.default({}),
  wallet: GroupWallet,
  info: z.object({
    funding: z.object({ next: z.string().optional(), missing_funds: z.number() }),
    payments: z.object({
      total: z.int(),
      pending: z.int(),
      pending_approval: z.int(),
      issues: z.int(),
      completed: z.int(),
      failed: z.int(),
      routing: z.int(),
      next: z.string().optional(),
      amount: z.object({ amount: z.number(), currency: z.string() }),
    }),
  }),
});
export type PaymentGroup = z.infer<typeof PaymentGroup>;

export const GroupList = z.object({ items: z.array(PaymentGroup), paging: Paging });
export type GroupList = z.infer<typeof GroupList>;

export const GroupListQuery = z.strictObject({
  id: z.array(z.string().min(1)).optional(),
  description: z.string().optional(),
  name: z.string().optional(),
  locked: z.array(z.boolean()).optional(),
  wallet: z.array(z.string().min(1)).optional(),
  /** Key -> any of these values; written `tag:<key>=<value>` in the query. */
  tag: z.record(z.string().min(1), z.array(z.string()).min(1)).optional(),
  skip: z.int().min(0).optional(),
  take: z.int().min(1).max(MAX_TAKE).optional(),
});
export type GroupListQuery = z.infer<typeof GroupListQuery>;

const TAG_PREFIX = 'tag:';

export function groupListQueryFromSearchParams(params: URLSearchParams) {
  const tag: Record<string, string[]> = {};
  for (const [name, value] of params) {
    if (name.startsWith(TAG_PREFIX)) (tag[name.slice(TAG_PREFIX.length)] ??= []).push(value);
  }
  const locked = repeated(params, 'locked')?.map((value) =>
    value === 'true' ? true : value === 'false' ? false : value,
  );
  return GroupListQuery.safeParse(
    dropUndefined({
      id: repeated(params, 'id'),
      description: params.get('description') ?? undefined,
      name: params.get('name') ?? undefined,
      locked,
      wallet: repeated(params, 'wallet'),
      tag: Object.keys(tag).length > 0 ? tag : undefined,
      skip: queryInt(params, 'skip'),
      take: queryInt(params, 'take'),
    }),
  );
}

export function groupListQueryToSearchParams(query: GroupListQuery): URLSearchParams {
  const params = new URLSearchParams();
  query.id?.forEach((id) => params.append('id', id));
  if (query.description !== undefined) params.set('description', query.description);
  if (query.name !== undefined) params.set('name', query.name);
  query.locked?.forEach((locked) => params.append('locked', String(locked)));
  query.wallet?.forEach((wallet) => params.append('wallet', wallet));
  for (const [key, values] of Object.entries(query.tag ?? {})) {
    values.forEach((value) => params.append(`${TAG_PREFIX}${key}`, value));
  }
  if (query.skip !== undefined) params.set('skip', String(query.skip));
  if (query.take !== undefined) params.set('take', String(query.take));
  return params;
}

export const DeleteGroupResponse = z.object({
  group: z.object({ id: z.string(), result: z.boolean() }),
  payments: z.array(z.object({ type: z.string(), id: z.string() })),
});
export type DeleteGroupResponse = z.infer<typeof DeleteGroupResponse>;

function dropUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
