// Where a batch stands with the service, in a few words for the lists (Batches, and the Sync
// screen's picker): kept apart from the screens' state so that the words are tested as they are.
import type { DeskOutput } from '../../../../shared/desk';

export type BatchRow = DeskOutput<'listBatches'>['batches'][number];

/** Sent: drafts in a chunk sent or beyond it. */
export const sentOf = (batch: BatchRow): number =>
  (batch.counts.by_state.sending ?? 0) +
  (batch.counts.by_state.submitted ?? 0) +
  (batch.counts.by_state.accepted ?? 0) +
  (batch.counts.by_state.failed ?? 0);

/** The batch's sync state in a word, for the list. */
export function syncStateOf(batch: BatchRow): string {
  if (batch.state === 'importing') return 'Importing';
  const run = batch.last_sync;
  if (!run) return sentOf(batch) > 0 ? 'Sent' : 'Not synced';
  switch (run.state) {
    case 'running':
      return 'Syncing';
    case 'done': {
      // Done is the last sync's word, not the batch's: drafts left behind, approved since or
      // never, are still to send, and a failed payment was not paid. Both are said: a batch
      // partly sent with failures read as merely "not all sent".
      // So is what the service took but has not answered for, each payment: a service without
      // the import job call (DESIGN.md) is followed by its group's counters alone, and its
      // payments may yet fail there.
      const left = (batch.counts.by_state.approved ?? 0) + (batch.counts.by_state.draft ?? 0);
      const failed = batch.counts.by_state.failed ?? 0;
      const awaiting =
        (batch.counts.by_state.submitted ?? 0) + (batch.counts.by_state.sending ?? 0);
      const also = [
        failed > 0 ? `${failed.toLocaleString()} failed` : '',
        awaiting > 0 ? `${awaiting.toLocaleString()} awaiting the service's answer` : '',
      ].filter((part) => part !== '');
      const more = also.map((part) => `, ${part}`).join('');
      if (left > 0) return `Partly synced: ${left.toLocaleString()} not sent${more}`;
      return also.length > 0 ? `Synced${more}` : 'Synced';
    }
    case 'offline':
      return 'Stopped offline';
    case 'interrupted':
      return 'Interrupted';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return 'Failed';
  }
}
