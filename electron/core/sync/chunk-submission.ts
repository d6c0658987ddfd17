// Submitting one chunk of payments, and isolating the items that make the service refuse it:
// a 400 on a chunk is bisected until each refused item stands alone, and every other item
// goes through in the halves that are accepted (DESIGN.md). Each request is recorded before it
// leaves and its answer after it comes back, through `ChunkLedger`, so that a crash anywhere
// leaves the outbox knowing which items may have reached the service.
import type { PaymentImportItem, PaymentImportJob } from '../../../shared/service';
import { ServiceCallError } from '../client/service-error';

export interface ChunkLedger {
  /** In its own transaction, before the request leaves: these items are now `sending`. */
  recordSending(items: PaymentImportItem[]): Promise<string> | string;
  /** After a 202: the chunk's job. */
  recordAccepted(chunkId: string, job: PaymentImportJob): Promise<void> | void;
  /** A 400 isolated to this one item. */
  recordRejected(
    chunkId: string,
    item: PaymentImportItem,
    error: ServiceCallError,
  ): Promise<void> | void;
  /** A 400 caused by other items: these go back to `approved` and are sent in smaller chunks. */
  recordReturned(chunkId: string, items: PaymentImportItem[]): Promise<void> | void;
}

export type SubmitChunk = (items: PaymentImportItem[]) => Promise<PaymentImportJob>;

export interface SubmissionResult {
  jobs: PaymentImportJob[];
  rejected: { item: PaymentImportItem; error: ServiceCallError }[];
}

/**
 * Any failure other than a 400 (offline, 5xx or 429 after retries, a 403 for the key) propagates:
 * the run stops cleanly. The items stay `sending` unless the service certainly did not take the
 * request (a 403, a 429, no connection made).
 */
export async function submitChunk(
  items: PaymentImportItem[],
  submit: SubmitChunk,
  ledger: ChunkLedger,
): Promise<SubmissionResult> {
  const result: SubmissionResult = { jobs: [], rejected: [] };
  const pending: PaymentImportItem[][] = [items];
  while (pending.length > 0) {
    const part = pending.shift() as PaymentImportItem[];
    const chunkId = await ledger.recordSending(part);
    try {
      const job = await submit(part);
      await ledger.recordAccepted(chunkId, job);
      result.jobs.push(job);
    } catch (error) {
      if (error instanceof ServiceCallError && error.kind === 'status' && error.status === 403) {
        // Refused for the key, not for the items (a beneficiary key may send no payment): the
        // service took nothing, so the items go back to `approved` for a key that may.
        await ledger.recordReturned(chunkId, part);
        throw error;
      }
      if (error instanceof ServiceCallError && error.kind === 'status' && error.status === 429) {
        // Rate-limited past the retries. A bulk upload is repeated only after answers that say
        // it was not taken (a 429, no connection made: retry-policy.ts), so none of its attempts
        // was: the items go back to `approved`, to be sent in bulk again, not looked up one
        // PUT each, a request per payment into a service that asked for fewer.
        await ledger.recordReturned(chunkId, part);
        throw error;
      }
      if (error instanceof ServiceCallError && error.requestNeverLeft) {
        // No connection was made (the service down, its port refusing): nothing reached it, so
        // the items go back to `approved`, not `sending` for the next run to look up.
        await ledger.recordReturned(chunkId, part);
        throw error;
      }
      if (!(error instanceof ServiceCallError && error.kind === 'status' && error.status === 400))
        throw error;
      if (part.length === 1) {
        await ledger.recordRejected(chunkId, part[0] as PaymentImportItem, error);
        result.rejected.push({ item: part[0] as PaymentImportItem, error });
        continue;
      }
      await ledger.recordReturned(chunkId, part);
      const middle = Math.ceil(part.length / 2);
      pending.unshift(part.slice(0, middle), part.slice(middle));
    }
  }
  return result;
}
