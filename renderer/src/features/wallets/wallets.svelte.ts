// The Wallets screen's state: the wallets the groups pay from (one list call; each wallet with
// the groups that use it), and the chosen wallet's details. Both are live views: offline, the
// last copy fetched is shown with its age.
import type { DeskOutput } from '../../../../shared/desk';
import { codeOf, desk, sentenceOf } from '../../lib/desk';

type GroupItem = DeskOutput<'listGroups'>['items'][number];
export type WalletView = DeskOutput<'getWallet'>;

export interface WalletSummary {
  id: string;
  name: string;
  currency: string;
  /** Whole units, as the group list carries it (the details carry the exact balance). */
  balance: number;
  owner: string;
  groups: string[];
}

/** As many groups as one page holds: wallets are few, and each group names its own. */
const GROUPS_TAKE = 500;

export function walletsOf(groups: readonly GroupItem[]): WalletSummary[] {
  const byId = new Map<string, WalletSummary>();
  for (const group of groups) {
    const wallet = group.wallet;
    const known = byId.get(wallet.id);
    if (known) known.groups.push(group.name);
    else byId.set(wallet.id, { ...wallet, groups: [group.name] });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const OFFLINE_NEVER_FETCHED =
  'The service could not be reached and nothing was fetched before: open this screen once online.';

export class WalletsState {
  wallets = $state<WalletSummary[]>([]);
  listFetchedAt = $state<string | null>(null);
  listStale = $state(false);
  listError = $state<string | null>(null);
  loaded = $state(false);

  details = $state<WalletView | null>(null);
  detailsError = $state<string | null>(null);

  async loadList(): Promise<void> {
    try {
      const page = await desk.listGroups({ query: { take: GROUPS_TAKE } });
      this.wallets = walletsOf(page.items);
      this.listFetchedAt = page.fetched_at;
      this.listStale = page.stale;
      this.listError = null;
    } catch (error) {
      this.listError = codeOf(error) === 'offline' ? OFFLINE_NEVER_FETCHED : sentenceOf(error);
    } finally {
      this.loaded = true;
    }
  }

  async loadDetails(walletId: string): Promise<void> {
    try {
      const view = await desk.getWallet({ wallet_id: walletId });
      this.details = view;
      this.detailsError = null;
    } catch (error) {
      this.details = null;
      this.detailsError = codeOf(error) === 'offline' ? OFFLINE_NEVER_FETCHED : sentenceOf(error);
    }
  }
}
