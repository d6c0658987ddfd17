// Choosing the payment group a batch pays from, wherever it is chosen (the Sync screen, the
// Groups screen): the groups to choose from (offline, the last list fetched, with its age), and
// the choice made through the desk, which checks the group with the service when it answers.
import type { Batch } from '../../../../shared/desk';
import { allGroups } from '../../lib/all-groups';
import { codeOf, desk, sentenceOf } from '../../lib/desk';
import type { GroupRow } from './groups.svelte';

export class GroupChoice {
  groups = $state<GroupRow[] | null>(null);
  fetchedAt = $state<string | null>(null);
  stale = $state(false);
  error = $state<string | null>(null);
  /** Said after a choice the service could not check. */
  note = $state<string | null>(null);
  setting = $state(false);

  async loadOptions(): Promise<void> {
    try {
      const page = await allGroups();
      this.groups = page.items;
      this.fetchedAt = page.fetched_at;
      this.stale = page.stale;
      this.error = null;
    } catch (error) {
      this.error =
        codeOf(error) === 'offline'
          ? 'The service could not be reached and no list of groups was fetched before: choose the group once online.'
          : sentenceOf(error);
    }
  }

  /** Gives the batch this group; the batch as it is now, or null when it was refused (said). */
  async choose(batchId: string, groupId: string): Promise<Batch | null> {
    if (!groupId) return null;
    this.setting = true;
    try {
      const { batch, checked } = await desk.setBatchGroup({ batch: batchId, group_id: groupId });
      this.note = checked
        ? null
        : 'Offline: the group was taken from the last list fetched; it is checked with the service before the sync sends anything.';
      this.error = null;
      return batch;
    } catch (error) {
      this.error =
        codeOf(error) === 'offline'
          ? 'The service could not be reached: the group was not set. Try again when online.'
          : sentenceOf(error);
      return null;
    } finally {
      this.setting = false;
    }
  }
}
