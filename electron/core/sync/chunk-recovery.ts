// A chunk found `sending` after a restart: the request may or may not have reached the
// service, and its job id is unknown. Each item is settled with PUT /payments/payments/{id},
// which creates the payment if the service never got it and otherwise updates the still
// pending one — never a second payment. A payment the service no longer holds as pending
// (409 here, or any deployment's refusal naming its state) was submitted before the crash.
// Recovery asks the service; it never relies on the service remembering a request.
import type { PaymentBody, PaymentImportItem } from '../../../shared/service';
import type { PaymentsClient } from '../client/payments-client';
import { ServiceCallError } from '../client/service-error';

export type RecoveryOutcome =
  | { kind: 'recovered'; id: string; created: boolean }
  | { kind: 'already_submitted'; id: string; error: ServiceCallError }
  | { kind: 'refused'; id: string; error: ServiceCallError };

/** Items of a recovered chunk must carry their id: drafts get theirs when they are created. */
export async function recoverItem(
  client: PaymentsClient,
  item: PaymentImportItem,
): Promise<RecoveryOutcome> {
  const { id, ...body } = item;
  if (!id)
    throw new Error(
      `draft ${item.correlation_id} has no payment id: ids are fixed when a draft is created`,
    );
  try {
    const created = await client.putPaymentWithStatus(id, body as PaymentBody);
    return { kind: 'recovered', id, created: created.status === 201 };
  } catch (error) {
    // Offline, rate-limited or a service in trouble: nothing is settled, the next run asks again.
    if (!(error instanceof ServiceCallError) || error.kind !== 'status') throw error;
    if (error.status === 429 || (error.status ?? 0) >= 500) throw error;
    if (error.status === 409) return { kind: 'already_submitted', id, error };
    return { kind: 'refused', id, error };
  }
}

export async function recoverChunk(
  client: PaymentsClient,
  items: PaymentImportItem[],
  onOutcome: (outcome: RecoveryOutcome) => Promise<void> | void,
): Promise<void> {
  for (const item of items) await onOutcome(await recoverItem(client, item));
}
