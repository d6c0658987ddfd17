// Wallets and statements (spec: "Wallet (details)", "Wallet statement",
// GET /payments/wallets/?id=, GET /payments/wallets/{id}/statement).
import { z } from 'zod';
import { DateTime, MAX_TAKE, Paging, queryInt, UserTags } from './common';

export const WalletFunding = z.object({
  name: z.string(),
  country: z.string(),
  account_number: z.string(),
  bic: z.string(),
  iban: z.string(),
});

export const Wallet = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  currency: z.string(),
  owner: z.string(),
  funding: WalletFunding,
  balance: z.number(),
  user_tags: UserTags.default({}),
  state: z.string(),
});
export type Wallet = z.infer<typeof Wallet>;

export const StatementAction = z.enum(['CREDIT', 'DEBIT']);

export const StatementCounterpart = z.looseObject({
  id: z.string().optional(),
  currency: z.string().optional(),
  bank_details: z
    .looseObject({ account_country: z.string().optional(), account_name: z.string().optional() })
    .optional(),
  entity: z.looseObject({}).optional(),
  active: z.boolean().optional(),
  name: z.string().optional(),
  user_tags: UserTags.optional(),
});

const StatementMoney = z.object({ amount: z.number(), currency: z.string() });

export const StatementItem = z.object({
  type: z.string(),
  id: z.string(),
  description: z.string(),
  execution_id: z.string(),
  date: z.string(),
  action: StatementAction,
  debit: StatementMoney,
  credit: StatementMoney,
  fees: z.number(),
  rate: z.number(),
  balance: z.number(),
  counterpart: StatementCounterpart,
  user_tags: UserTags.default({}),
  tags: z.record(z.string(), z.unknown()).default({}),
});
export type StatementItem = z.infer<typeof StatementItem>;

export const WalletStatement = z.object({
  type: z.string(),
  id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  items: z.array(StatementItem),
  paging: Paging,
});
export type WalletStatement = z.infer<typeof WalletStatement>;

export const StatementQuery = z.strictObject({
  start: DateTime.optional(),
  end: DateTime.optional(),
  skip: z.int().min(0).optional(),
  take: z.int().min(1).max(MAX_TAKE).optional(),
});
export type StatementQuery = z.infer<typeof StatementQuery>;

export function statementQueryFromSearchParams(params: URLSearchParams) {
  const query: Record<string, unknown> = {};
  const start = params.get('start');
  const end = params.get('end');
  if (start !== null) query.start = start;
  if (end !== null) query.end = end;
  const skip = queryInt(params, 'skip');
  const take = queryInt(params, 'take');
  if (skip !== undefined) query.skip = skip;
  if (take !== undefined) query.take = take;
  return StatementQuery.safeParse(query);
}

export function statementQueryToSearchParams(query: StatementQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}
