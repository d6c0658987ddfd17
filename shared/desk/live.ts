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
import { FilePath, Fetched, Id, JobId, Timestamp } from './common';

const Profile = { profile: z.string().optional() };

export const ListGroupsInput = z.object({ ...Profile, query: GroupListQuery.default({}) });
export const GroupPage = z.object({ items: z.array(PaymentGroup), paging: Paging, ...Fetched });

export const GroupInput = z.object({ ...Profile, group_id: Id });
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
});
export const DeleteGroupInput = z.object({ ...Profile, group_id: Id, clear: z.boolean() });
export const GroupDeleted = DeleteGroupResponse.extend({ fetched_at: Timestamp });

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
