// The batches and the groups they pay from, on the Groups screen: a batch's group is chosen or
// changed here as on the Sync screen (GroupChoice), while the service holds none of its payments.
import type { Batch } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import { NewestQuestion } from '../../lib/newest-question';
import { GroupChoice } from './group-choice.svelte';

export class BatchGroupsState {
  readonly choice = new GroupChoice();
  batches = $state<Batch[]>([]);
  error = $state<string | null>(null);
  /** What the last choice did, said once. */
  done = $state<string | null>(null);
  readonly #question = new NewestQuestion();

  async load(): Promise<void> {
    const newest = this.#question.ask();
    try {
      const { batches } = await desk.listBatches({});
      if (!newest()) return;
      this.batches = batches.filter((b) => b.state === 'ready');
      this.error = null;
    } catch (error) {
      if (newest()) this.error = sentenceOf(error);
    }
  }

  async choose(batch: Batch, groupId: string): Promise<void> {
    this.done = null;
    const updated = await this.choice.choose(batch.id, groupId);
    if (!updated) return;
    this.batches = this.batches.map((b) => (b.id === updated.id ? updated : b));
    this.done = `Batch “${updated.name}” now pays from ${updated.group?.name ?? groupId}.`;
  }
}

/** Whether the service may hold any of the batch's payments: then it stays in its group. */
export const holdsPayments = (batch: Batch): boolean =>
  (batch.counts.by_state.sending ?? 0) +
    (batch.counts.by_state.submitted ?? 0) +
    (batch.counts.by_state.accepted ?? 0) >
  0;
