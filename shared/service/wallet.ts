// Wallets and their statements (spec: "Wallet (details)", "Wallet statement",
// GET /payments/wallets/?id=<wallet_id>, GET /payments/wallets/{id}/statement).
import { z } from 'zod';
import {
  CurrencyCode,
  DateTime,
  definedOnly,
  fixed,
  MAX_TAKE,
  oneOf,
  Paging,
  singleParam,
  type SearchEntries,
  type SearchParams,
  Tags,
  UserTags,
  wholeNumberParam,
} from './common';

/** The account that funds the wallet. */
export const WalletFunding = z.object({
  name: z.string(),
  country: z.string(),
  account_number: z.string(),
  bic: z.string(),
  iban: z.string(),
});
export type WalletFunding = z.infer<typeof WalletFunding>;

export const Wallet = z.object({
  id: z.string(),
  type: fixed('wallet'),
  name: z.string(),
  currency: CurrencyCode,
  /** The owning legal entity's id. */
  owner: z.string(),
  funding: WalletFunding,
  balance: z.number(),
  user_tags: UserTags.default({}),
  /** `ACTIVE` is the state seen; others are not shown, so any text. */
  state: z.string(),
});
export type Wallet = z.infer<typeof Wallet>;

export const StatementAction = oneOf(['CREDIT', 'DEBIT']);
export type StatementAction = z.infer<typeof StatementAction>;

/** The other party, sender or receiver depending on the action. Responses may add type, owner. */
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
export type StatementCounterpart = z.infer<typeof StatementCounterpart>;

const StatementMoney = z.object({ amount: z.number(), currency: z.string() });

export const StatementItem = z.object({
  type: z.string(),
  id: z.string(),
  description: z.string(),
  /** The payment execution's id. */
  execution_id: z.string(),
  date: DateTime,
  action: StatementAction,
  /** Debited from the source. */
  debit: StatementMoney,
  /** Credited to the target. */
  credit: StatementMoney,
  fees: z.number(),
  rate: z.number(),
  /** The wallet's balance after the transaction. */
  balance: z.number(),
  counterpart: StatementCounterpart,
  user_tags: UserTags.default({}),
  tags: Tags.default({}),
});
export type StatementItem = z.infer<typeof StatementItem>;

export const WalletStatement = z.object({
  type: fixed('wallet'),
  id: z.string(),
  start_date: DateTime,
  end_date: DateTime,
  items: z.array(StatementItem),
  paging: Paging,
});
export type WalletStatement = z.infer<typeof WalletStatement>;

const statementRange = {
  start: DateTime.optional(),
  end: DateTime.optional(),
};

/** A range that ends before it starts is refused, naming `start`, as the sandbox always did. */
function startNotAfterEnd(query: { start?: string | undefined; end?: string | undefined }) {
  return !query.start || !query.end || Date.parse(query.start) <= Date.parse(query.end);
}
const rangeOrder = { message: 'must not be after end', path: ['start'] };

/**
 * GET /payments/wallets/{id}/statement query. Defaults are the sandbox's (DESIGN.md): start
 * 30 days before now, end now, skip 0, take 50.
 */
export const StatementQuery = z
  .strictObject({
    ...statementRange,
    skip: z.int().min(0).optional(),
    take: z.int().min(1).max(MAX_TAKE).optional(),
  })
  .refine(startNotAfterEnd, rangeOrder);
export type StatementQuery = z.infer<typeof StatementQuery>;

const StatementSearch = z
  .strictObject({
    ...statementRange,
    skip: wholeNumberParam(0).optional(),
    take: wholeNumberParam(1, MAX_TAKE).optional(),
  })
  .refine(startNotAfterEnd, rangeOrder);

export function statementQueryFromSearchParams(
  params: SearchParams,
): z.ZodSafeParseResult<StatementQuery> {
  return StatementSearch.safeParse(
    definedOnly({
      start: singleParam(params, 'start'),
      end: singleParam(params, 'end'),
      skip: singleParam(params, 'skip'),
      take: singleParam(params, 'take'),
    }),
  );
}

export function statementQueryToSearchParams(query: StatementQuery): SearchEntries {
  const params: SearchEntries = [];
  if (query.start !== undefined) params.push(['start', query.start]);
  if (query.end !== undefined) params.push(['end', query.end]);
  if (query.skip !== undefined) params.push(['skip', String(query.skip)]);
  if (query.take !== undefined) params.push(['take', String(query.take)]);
  return params;
}
