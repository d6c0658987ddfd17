// The checker's step: payments sent for approval, which the service holds awaiting it, are
// approved there from the desk: PUT by their own id with `approved: true`, which only a payment
// still pending takes. Each approval is recorded on its draft and in the audit log, with who and
// when. A page of drafts at a time; cancelled between requests.
import type { ApproveAtServiceResult } from '../../../shared/desk/sync';
import type { Refusal } from '../../../shared/desk/common';
import type { Selection } from '../../../shared/desk/drafts';
import type { PaymentBody } from '../../../shared/service';
import { ServiceCallError } from '../client';
import type { Batch } from '../outbox/batch-repository';
import { REFUSALS_NAMED } from '../outbox/draft-bulk';
import { selectionSql } from '../outbox/draft-filters';
import { changed, type DeskContext } from './desk-context';
import { DeskError } from '../../../shared/desk/errors';
import { paymentNamed } from './edit-record';
import { settingsOf } from './settings-methods';
import type { z } from 'zod';

/**
 * Maker-checker: with the settings asking for a second approver, the person who approved the
 * batch's drafts here (by the append-only audit log) may not approve its payments at the
 * service. Why not, in a sentence; null when they may.
 */
export function secondApproverRefusal(ctx: DeskContext, batch: Batch): string | null {
  const maker = makerAtThisDesk(ctx, batch);
  if (maker === null) return null;
  return `The settings ask for a second approver: ${maker} approved payments of batch "${batch.name}" here, so someone else must approve them at the service`;
}

/**
 * Who is at this desk, when the settings ask for a second approver and they approved the
 * batch's drafts here (by the append-only audit log); null otherwise.
 */
function makerAtThisDesk(ctx: DeskContext, batch: Batch): string | null {
  if (!settingsOf(ctx).second_approver) return null;
  const actor = ctx.outbox.audit.actor;
  return ctx.outbox.audit.actorsOf(batch.id, 'approve').includes(actor) ? actor : null;
}

/**
 * How the payments approved to send go to the service: approved, or for approval there. A
 * draft that says neither goes as its batch says.
 */
export function serviceApprovalSplit(
  ctx: DeskContext,
  batch: Batch,
): { approved: number; forApproval: number } {
  const { approved, unapproved, unset } = ctx.outbox.queries.serviceApprovals(batch.id);
  const byDefault = batch.serviceApproval === 'approved';
  return {
    approved: approved + (byDefault ? unset : 0),
    forApproval: unapproved + (byDefault ? 0 : unset),
  };
}

/**
 * Maker-checker at sync: a payment that goes to the service approved is approved there by
 * whoever sends it. With a second approver asked for, the person who approved the batch's
 * drafts here may not send any of them so. Why not, in a sentence; null when they may.
 */
export function secondApproverSendRefusal(ctx: DeskContext, batch: Batch): string | null {
  if (!settingsOf(ctx).second_approver) return null;
  const goApproved = serviceApprovalSplit(ctx, batch).approved;
  if (goApproved === 0) return null;
  const sender = makerAtThisDesk(ctx, batch);
  if (sender === null) return null;
  const payments = goApproved === 1 ? '1 payment' : `${goApproved.toLocaleString('en')} payments`;
  return `The settings ask for a second approver: ${sender} approved payments of batch "${batch.name}" here, so may not send ${payments} to the service approved, which approves them there too. Set them to go for approval at the service, or let someone else sync`;
}

export async function approveAtService(
  ctx: DeskContext,
  batch: Batch,
  options: {
    profile: string;
    selection?: Selection | undefined;
    signal: AbortSignal;
    jobId: string;
  },
): Promise<z.infer<typeof ApproveAtServiceResult>> {
  const { outbox } = ctx;
  const chosen = selectionSql(batch.id, options.selection ?? { filter: {} });
  const where = {
    sql: `${chosen.sql} AND p.state = 'accepted' AND p.service_approved = 0`,
    params: chosen.params,
  };
  const total = outbox.bulk.count(where);
  const refusal = secondApproverRefusal(ctx, batch);
  if (refusal) throw new DeskError('conflict', refusal);
  const makers = outbox.audit.actorsOf(batch.id, 'approve');
  const checker = outbox.audit.actor;
  const refused: Refusal[] = [];
  let refusedTotal = 0;
  let approved = 0;
  let done = 0;
  for (let after = 0; !options.signal.aborted;) {
    const page = outbox.drafts.where(where, after, 100, total > 100);
    if (page.drafts.length === 0) break;
    after = page.last;
    for (const draft of page.drafts) {
      if (options.signal.aborted) break;
      const body = {
        ...(draft.payment as unknown as PaymentBody),
        ...(batch.groupId ? { source: { type: 'group' as const, id: batch.groupId } } : {}),
        correlation_id: draft.correlation_id,
        approved: true,
      };
      try {
        await ctx.connections.use(options.profile, ({ client }) =>
          client.putPayment(draft.id, body),
        );
        outbox.db.transaction(() => {
          outbox.drafts.recordServiceApproval(draft.id, true);
          outbox.audit.append('approve_at_service', {
            batchId: batch.id,
            subjectId: draft.id,
            // Which payment, and both sides of the four eyes, as the log names them: the makers
            // here, this checker.
            details: {
              ...paymentNamed(draft, batch.walletCurrency ?? null),
              approved_here_by: makers,
              second_approver: !makers.includes(checker),
            },
          });
        })();
        approved += 1;
      } catch (error) {
        // No answer, or a service in trouble: stop; what was approved stays recorded.
        if (!(error instanceof ServiceCallError) || error.kind !== 'status') throw error;
        if (error.status === 429 || (error.status ?? 0) >= 500 || error.status === 401) throw error;
        // Refused for the profile's key, not for this payment: every other would be too.
        if (error.beneficiaryKeyRefusal) throw error;
        refusedTotal += 1;
        if (refused.length < REFUSALS_NAMED) {
          refused.push({
            id: draft.id,
            row: draft.row,
            reason:
              error.status === 409
                ? `row ${draft.row ?? '?'} is no longer pending at the service, so it cannot be approved there`
                : `row ${draft.row ?? '?'}: ${error.message}`,
          });
        }
      }
      done += 1;
      ctx.events.emit({ type: 'job.progress', job_id: options.jobId, done, total });
    }
  }
  changed(ctx, batch.id);
  return { approved, refused_total: refusedTotal, refused };
}
