// The Batches screen's state: every batch with its counts and totals, reloaded when the outbox
// changes.
import type { DeskOutput } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';

export type BatchRow = DeskOutput<'listBatches'>['batches'][number];

export class BatchesState {
  batches = $state<BatchRow[]>([]);
  loaded = $state(false);
  error = $state<string | null>(null);
  readonly #question = new NewestQuestion();

  async load(): Promise<void> {
    const newest = this.#question.ask();
    try {
      const { batches } = await desk.listBatches({});
      if (!newest()) return;
      this.batches = batches;
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    } finally {
      if (newest()) this.loaded = true;
    }
  }
}

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
      // never, are still to send, and a failed payment was not paid.
      const left = (batch.counts.by_state.approved ?? 0) + (batch.counts.by_state.draft ?? 0);
      if (left > 0) return `Partly synced: ${left.toLocaleString()} not sent`;
      const failed = batch.counts.by_state.failed ?? 0;
      return failed > 0 ? `Synced, ${failed.toLocaleString()} failed` : 'Synced';
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
