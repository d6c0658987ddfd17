// The Batches screen's state: every batch with its counts and totals, reloaded when the outbox
// changes.
import type { DeskOutput } from '../../../../shared/desk';
import { desk, messageOf } from '../../lib/desk';

export type BatchRow = DeskOutput<'listBatches'>['batches'][number];

export class BatchesState {
  batches = $state<BatchRow[]>([]);
  loaded = $state(false);
  error = $state<string | null>(null);

  async load(): Promise<void> {
    try {
      this.batches = (await desk.listBatches({})).batches;
      this.error = null;
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.loaded = true;
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
    case 'done':
      return (batch.counts.by_state.approved ?? 0) > 0 ? 'Partly synced' : 'Synced';
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
