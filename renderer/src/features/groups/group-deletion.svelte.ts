// Deleting a group, in two steps that the dialog shows one after the other: what would happen
// (deleted; its pending payments removed with it, those this desk sent listed; or kept by the
// service because payments were executed), then what was removed and which drafts were updated.
import type { DeskOutput } from '../../../../shared/desk';
import { desk, sentenceOf } from '../../lib/desk';
import type { GroupRow } from './groups.svelte';

export type DeletePreview = DeskOutput<'previewGroupDelete'>;
export type DeleteResult = DeskOutput<'deleteGroup'>;

export type DeletionStep =
  | { kind: 'previewing'; group: GroupRow }
  | { kind: 'preview'; preview: DeletePreview }
  | { kind: 'deleting'; preview: DeletePreview }
  | { kind: 'done'; preview: DeletePreview; result: DeleteResult }
  | { kind: 'failed'; group: GroupRow; message: string };

export class GroupDeletion {
  open = $state(false);
  step = $state<DeletionStep | null>(null);

  /** Opens the dialog on the group and asks the desk what deleting it would do. */
  async start(group: GroupRow): Promise<void> {
    this.step = { kind: 'previewing', group };
    this.open = true;
    try {
      const preview = await desk.previewGroupDelete({ group_id: group.id });
      if (this.step?.kind === 'previewing' && this.step.group.id === group.id) {
        this.step = { kind: 'preview', preview };
      }
    } catch (error) {
      this.step = { kind: 'failed', group, message: sentenceOf(error) };
    }
  }

  /** Deletes the previewed group, with its pending payments when it has any; true when done. */
  async confirm(): Promise<boolean> {
    const step = this.step;
    if (step?.kind !== 'preview' || !step.preview.can_delete) return false;
    const { preview } = step;
    // The dialog closes on its confirm button; it opens again on the deletion and its result.
    this.step = { kind: 'deleting', preview };
    this.open = true;
    try {
      const result = await desk.deleteGroup({
        group_id: preview.group.id,
        clear: preview.needs_clear,
      });
      this.step = { kind: 'done', preview, result };
      return true;
    } catch (error) {
      this.step = { kind: 'failed', group: preview.group, message: sentenceOf(error) };
      return false;
    }
  }

  close(): void {
    this.open = false;
    this.step = null;
  }
}
