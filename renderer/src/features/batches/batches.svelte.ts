// The Batches screen's state: every batch with its counts and totals, reloaded when the outbox
// changes.
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import type { BatchRow } from './batch-sync-state';

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
