// The live views through the contract: groups, a wallet, its statement. Each answer says when
// it was fetched; offline, the last copy fetched is answered instead, marked stale.
import { z } from 'zod';
import {
  DeleteGroupResponse,
  GroupListQuery,
  PaymentGroup,
  Paging,
  Wallet,
  WalletStatement,
} from '../service';
import { DecimalText, FilePath, Fetched, Id, JobId, Timestamp } from './common';
import { DraftState } from './drafts';

const Profile = { profile: z.string().optional() };

export const ListGroupsInput = z.object({ ...Profile, query: GroupListQuery.default({}) });
export const GroupPage = z.object({ items: z.array(PaymentGroup), paging: Paging, ...Fetched });

export const GroupInput = z.object({ ...Profile, group_id: Id });

/** A draft of the outbox whose payment is (or may be) at the service, in a group. */
export const HeldPayment = z.object({
  /** The payment's id at the service: a draft's id is its payment's. */
  id: z.string(),
  batch_id: z.string(),
  batch_name: z.string(),
  row: z.int().nullable(),
  payee: z.string().nullable(),
  amount: DecimalText.nullable(),
  currency: z.string().nullable(),
  state: DraftState,
});
export type HeldPayment = z.infer<typeof HeldPayment>;

/** How many payments listed at most; the totals count all of them. */
export const HELD_PAYMENTS_LISTED = 200;

export const GroupDeletePreview = z.object({
  group: PaymentGroup,
  fetched_at: Timestamp,
  /** False when the group holds payments already executed: the service keeps it. */
  can_delete: z.boolean(),
  /** True when pending payments would be removed with it. */
  needs_clear: z.boolean(),
  reason: z.string().nullable(),
  /** The outbox's batches that send into this group, with drafts not yet sent. */
  batches: z.array(z.object({ id: z.string(), name: z.string(), unsent: z.int() })),
  /**
   * The payments `clear` would remove that this desk sent (the first HELD_PAYMENTS_LISTED);
   * the service lists no payments, so the others are known only by `group.info` counts.
   */
  payments: z.array(HeldPayment),
  payments_from_desk: z.int(),
});
export const DeleteGroupInput = z.object({ ...Profile, group_id: Id, clear: z.boolean() });
export const GroupDeleted = DeleteGroupResponse.extend({
  fetched_at: Timestamp,
  /**
   * The outbox's drafts whose payments `clear` removed: now failed, with why, so that they can
   * be sent again from another group rather than lost (the first HELD_PAYMENTS_LISTED).
   */
  drafts_updated: z.array(HeldPayment),
  drafts_updated_total: z.int(),
});

export const WalletInput = z.object({ ...Profile, wallet_id: Id });
export const WalletView = z.object({ wallet: Wallet, ...Fetched });

const Period = {
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
};
const inOrder = (period: { start?: string | undefined; end?: string | undefined }) =>
  !period.start || !period.end || Date.parse(period.start) <= Date.parse(period.end);
const OUT_OF_ORDER = {
  message: 'the period starts after it ends: swap its dates',
  path: ['start'],
};

export const StatementInput = z
  .object({
    ...Profile,
    wallet_id: Id,
    ...Period,
    skip: z.int().min(0).optional(),
    take: z.int().min(1).max(500).optional(),
  })
  .refine(inOrder, OUT_OF_ORDER);
export const StatementView = z.object({ statement: WalletStatement, ...Fetched });

export const ExportStatementInput = z
  .object({
    ...Profile,
    wallet_id: Id,
    ...Period,
    file: FilePath,
    force: z.boolean().default(false),
    page_size: z.int().min(1).max(500).default(500),
    job_id: JobId.optional(),
  })
  .refine(inOrder, OUT_OF_ORDER);
export const StatementExported = z.object({
  file: z.string(),
  wallet: z.string(),
  rows: z.int(),
  start: z.string(),
  end: z.string(),
});
