// Deleting a payment group: first a preview of what would happen (deleted; the pending payments
// `clear` would remove, those this desk sent listed; or kept by the service because payments
// were executed), then the deletion. The drafts whose payments `clear` removed are updated in
// the outbox (failed, with why), so that nothing drafted is lost and they can be sent again.
import { HELD_PAYMENTS_LISTED, type HeldPayment } from '../../../shared/desk/live';
import { DeskError } from '../../../shared/desk/errors';
import { formatAmount } from '../../../shared/domain/money';
import type { PaymentGroup } from '../../../shared/service';
import { HELD_STATES, type HeldDraft } from '../outbox/group-drafts-repository';
import { changed, profileOf, type DeskContext, type DeskHandlers } from './desk-context';
import { fetchGroups } from './group-choice';

type GroupDeletionHandlers = Pick<DeskHandlers, 'previewGroupDelete' | 'deleteGroup'>;

export function groupDeletionHandlers(ctx: DeskContext): GroupDeletionHandlers {
  return {
    previewGroupDelete: async ({ profile, group_id }) => {
      const name = profileOf(ctx, profile);
      const page = await fetchGroups(ctx, name, { id: [group_id] });
      const group = page.items.find((g) => g.id === group_id);
      if (!group) throw new DeskError('not_found', `the service has no payment group ${group_id}`);
      const payments = group.info.payments;
      // Executed, the service keeps them, and so the group: completed, failed or on their way.
      const executed = payments.completed + payments.failed + payments.routing;
      const held = ctx.outbox.groupDrafts.held(name, group_id, HELD_PAYMENTS_LISTED);
      return {
        group,
        fetched_at: page.fetched_at,
        can_delete: executed === 0,
        needs_clear: payments.total > 0,
        reason:
          executed > 0
            ? `the group holds ${executed} payment${executed === 1 ? '' : 's'} already executed, so the service keeps it`
            : payments.total > 0
              ? `its ${payments.total} pending payment${payments.total === 1 ? '' : 's'} would be removed with it`
              : null,
        batches: ctx.outbox.groupDrafts.unsentBatches(group_id),
        payments: held.drafts.map(heldPayment),
        payments_from_desk: held.total,
      };
    },

    deleteGroup: async ({ profile, group_id, clear }) => {
      const name = profileOf(ctx, profile);
      const deleted = await ctx.connections.use(name, ({ client }) =>
        client.deleteGroup(group_id, clear),
      );
      if (!deleted.group.result) {
        throw new DeskError(
          'conflict',
          clear
            ? `the service kept payment group ${group_id}: it holds payments already executed`
            : `the service kept payment group ${group_id}: it holds payments, which deleting it would remove; look at what its preview lists, then delete it with them`,
          { group_id },
        );
      }
      const seen = ctx.outbox.cache.get<PaymentGroup>(name, `group:${group_id}`)?.value;
      const updated = markRemoved(
        ctx,
        seen ? `payment group "${seen.name}" (${group_id})` : `payment group ${group_id}`,
        deleted.payments.map((p) => p.id),
      );
      ctx.outbox.audit.append('delete_group', {
        details: {
          group: group_id,
          // Its name as last fetched: an id alone tells a checker nothing.
          ...(seen ? { name: seen.name } : {}),
          clear,
          removed: deleted.payments.length,
          drafts_updated: updated.length,
        },
      });
      if (updated.length > 0) changed(ctx, null);
      return {
        ...deleted,
        fetched_at: ctx.now().toISOString(),
        drafts_updated: updated
          .slice(0, HELD_PAYMENTS_LISTED)
          .map((draft) => ({ ...heldPayment(draft), state: 'failed' as const })),
        drafts_updated_total: updated.length,
      };
    },
  };
}

/**
 * The drafts whose payments the service removed go to `failed` through the state machine, with
 * the service's reason on them: the outbox keeps every one, and they can be fixed and sent again.
 */
function markRemoved(ctx: DeskContext, groupName: string, paymentIds: string[]): HeldDraft[] {
  if (paymentIds.length === 0) return [];
  const { outbox } = ctx;
  return outbox.db.transaction(() => {
    const held = outbox.groupDrafts.heldAmong(paymentIds);
    const error = {
      error: 'removed',
      message: `removed at the service when ${groupName} was deleted with its pending payments: give the batch another group, then approve and sync it again to send it`,
    };
    for (const state of HELD_STATES) {
      const ids = held.filter((d) => d.state === state).map((d) => d.id);
      if (ids.length > 0) outbox.drafts.transitionMany(ids, state, { type: 'removed_at_service' });
    }
    for (const draft of held) {
      outbox.drafts.recordOutcome(draft.id, { remoteStatus: 'REMOVED', error });
    }
    return held;
  })();
}

function heldPayment(draft: HeldDraft): HeldPayment {
  return {
    id: draft.id,
    batch_id: draft.batch_id,
    batch_name: draft.batch_name,
    row: draft.row,
    payee: draft.payee,
    amount: draft.amount_milli === null ? null : formatAmount(BigInt(draft.amount_milli), 3),
    currency: draft.currency,
    state: draft.state,
  };
}
