// Which payment group a batch pays from. Online, the group is looked up (an unknown or locked
// group is refused then, never accepted silently); offline, it is taken from the last list
// fetched, with its age, or left to be chosen before sync. Each group seen is kept, so that a
// batch prepared offline still shows its group's name and wallet.
import type { GroupListQuery, PaymentGroup } from '../../../shared/service';
import type { BatchGroup } from '../../../shared/desk/batches';
import { DeskError } from '../../../shared/desk/errors';
import { ServiceCallError } from '../client';
import type { BatchGroupChoice } from '../outbox/batch-repository';
import { cachedCall } from './cached-call';
import type { DeskContext } from './desk-context';

export interface GroupPageAnswer {
  items: PaymentGroup[];
  paging: { skip: number; take: number };
  fetched_at: string;
  stale: boolean;
}

const offline = (error: unknown) => error instanceof ServiceCallError && error.kind === 'network';

/** A page of groups from the service, kept; offline, the last copy of the same page. */
export async function fetchGroups(
  ctx: DeskContext,
  profile: string,
  query: GroupListQuery,
): Promise<GroupPageAnswer> {
  const answer = await cachedCall(
    ctx,
    profile,
    groupsKey(query),
    (client) => client.listGroups(query),
    // Each group seen is kept too: a batch prepared offline still shows its group.
    (page, fetchedAt) =>
      ctx.outbox.db.transaction(() => {
        ctx.outbox.cache.put(profile, groupsKey(query), page, fetchedAt);
        for (const group of page.items)
          ctx.outbox.cache.put(profile, `group:${group.id}`, group, fetchedAt);
      })(),
  );
  return { ...answer.value, fetched_at: answer.fetched_at, stale: answer.stale };
}

export interface GroupChoice {
  group: BatchGroupChoice;
  /** False when the service could not be reached: the group is checked again before sync. */
  checked: boolean;
}

/**
 * The group with this id, checked with the service where it answers: unknown or locked groups
 * are refused. Offline, the last copy seen of it, else the id alone, unchecked.
 */
export async function chooseGroup(
  ctx: DeskContext,
  profile: string,
  groupId: string,
): Promise<GroupChoice> {
  let answer: GroupPageAnswer | undefined;
  try {
    answer = await fetchGroups(ctx, profile, { id: [groupId] });
  } catch (error) {
    if (!offline(error)) throw error;
  }
  // A kept answer is no check: the group may have been locked or deleted since.
  if (!answer || answer.stale) {
    const cached = ctx.outbox.cache.get<PaymentGroup>(profile, `group:${groupId}`);
    return {
      group: cached
        ? choiceOf(cached.value)
        : { groupId, groupName: null, walletId: null, walletCurrency: null },
      checked: false,
    };
  }
  const found = answer.items.find((g) => g.id === groupId);
  if (!found) throw new DeskError('not_found', `the service has no payment group ${groupId}`);
  refuseLocked(found);
  return { group: choiceOf(found), checked: true };
}

const groupsKey = (query: GroupListQuery) => `groups:${JSON.stringify(query)}`;

/** The query of the default group: the first unlocked one. */
const FIRST_OPEN: GroupListQuery = { locked: [false], take: 1 };

/** The first unlocked group: the Local sandbox's and a new user's sensible default. */
export async function firstOpenGroup(ctx: DeskContext, profile: string): Promise<GroupChoice> {
  const page = await fetchGroups(ctx, profile, FIRST_OPEN);
  const group = page.items[0];
  if (!group) {
    throw new DeskError('not_found', 'the service has no unlocked payment group to pay from');
  }
  return { group: choiceOf(group), checked: !page.stale };
}

/**
 * The group an import would pay from, as last seen, from the copies kept: nothing is fetched
 * or written, for an inspection writes nothing. The one named (its id alone when never seen),
 * else the first unlocked one of the last list; none when there is no list yet.
 */
export function lastSeenGroup(
  ctx: DeskContext,
  profile: string,
  groupId: string | undefined,
): { id: string; walletCurrency?: string } | undefined {
  const group = groupId
    ? ctx.outbox.cache.get<PaymentGroup>(profile, `group:${groupId}`)?.value
    : ctx.outbox.cache.get<{ items: PaymentGroup[] }>(profile, groupsKey(FIRST_OPEN))?.value
        .items[0];
  if (!group) return groupId ? { id: groupId } : undefined;
  return { id: group.id, walletCurrency: group.wallet.currency };
}

/** The service takes no new payment into a locked group: every row would fail at sync. */
export function refuseLocked(group: PaymentGroup): void {
  if (group.locked) {
    throw new DeskError(
      'invalid_input',
      `payment group "${group.name}" (${group.id}) is locked: no new payments can be added to it`,
      { group_id: group.id, locked: true },
    );
  }
}

/**
 * A batch's group as the contract shows it; null while it has none. The wallet's name (and the
 * group's, when the batch was given an id alone) comes from the last copy of the group seen:
 * the batch keeps the ids it pays from, the names are what a person reads, and may change.
 */
export function groupView(
  ctx: DeskContext,
  profile: string,
  group: { [K in keyof BatchGroupChoice]?: BatchGroupChoice[K] | null },
): BatchGroup | null {
  if (!group.groupId) return null;
  const seen = ctx.outbox.cache.get<PaymentGroup>(profile, `group:${group.groupId}`)?.value;
  const sameWallet = seen && (!group.walletId || seen.wallet.id === group.walletId);
  return {
    id: group.groupId,
    name: group.groupName ?? seen?.name ?? null,
    wallet_id: group.walletId ?? null,
    wallet_currency: group.walletCurrency ?? null,
    wallet_name: sameWallet ? seen.wallet.name : null,
  };
}

function choiceOf(group: PaymentGroup): BatchGroupChoice {
  return {
    groupId: group.id,
    groupName: group.name,
    walletId: group.wallet.id,
    walletCurrency: group.wallet.currency,
  };
}
