// A sheet dropped onto the window (or chosen from the menu), waiting for the import wizard to
// take it.
import type { PickedFile } from '../../../shared/desk';

export const droppedSheet = $state<{ file: PickedFile | null; path: string | null }>({
  file: null,
  path: null,
});
