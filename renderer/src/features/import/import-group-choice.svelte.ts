// The payment group an import's batch pays from, as the wizard's last step offers it: every
// group the service lists (or the last list fetched, with its age), the one proposed for the
// sheet's payments until the person picks one, and why it was proposed.
import type { DeskOutput, SheetInspection } from '../../../../shared/desk';
import { proposedGroup } from '../../../../shared/domain/group-proposal';
import { allGroups } from '../../lib/all-groups';
import { messageOf } from '../../lib/desk';
import { formatCount, formatDateTime } from '../../lib/format';

export type GroupOption = DeskOutput<'listGroups'>['items'][number];

export class ImportGroupChoice {
  /** Null until fetched; the note says why there are none, or how old they are. */
  groups = $state.raw<GroupOption[] | null>(null);
  note = $state<string | null>(null);
  /** The group chosen; empty: the desk's default (the first open group). */
  id = $state('');
  /** The person picked the group: no proposal moves it again. */
  picked = $state(false);
  /** Why the group chosen is not the desk's default, or why no better one was found. */
  proposal = $state<string | null>(null);

  /**
   * The groups, where the service answers (or as last fetched); none is fine: chosen later.
   * Answers whether a list came, to propose from.
   */
  async load(): Promise<boolean> {
    try {
      const page = await allGroups();
      this.groups = page.items;
      this.note = page.stale
        ? `The service did not answer: the groups as last fetched, ${formatDateTime(page.fetched_at)}.`
        : null;
      return true;
    } catch (error) {
      this.groups = [];
      this.note = `The groups could not be fetched (${messageOf(error)}): the batch takes the first open group the desk knows, or waits for one, chosen before sync.`;
      return false;
    }
  }

  /** The person picks a group (or the desk's default) themselves. */
  pick(id: string): void {
    this.id = id;
    this.picked = true;
    this.proposal = null;
  }

  /**
   * Until the person picks one, the group proposed for the payments the preview read
   * (shared/domain/group-proposal.ts). Answers whether the group changed: the wallet the
   * preview's rows are judged against changes with it (a row without a currency takes the
   * wallet's), so the sheet is to be inspected again.
   */
  propose(inspection: SheetInspection | null): boolean {
    const { groups } = this;
    // A group proposed stays: judged against its wallet, the payments that took the default's
    // currency take its own, and would no longer say why it was proposed.
    if (this.picked || this.id !== '' || !groups || !inspection) return false;
    const proposed = proposedGroup(groups, inspection.payment_currencies, formatCount);
    this.proposal = proposed?.reason ?? null;
    if (!proposed?.group) return false;
    this.id = proposed.group.id;
    return true;
  }

  /** Another sheet: a group proposed for the last one is proposed again, or not, for the next. */
  forgetProposal(): void {
    if (this.picked) return;
    this.id = '';
    this.proposal = null;
  }
}
