// Which payment group a new batch is proposed, by the import wizard and by the command alike.
// The desk's default is the first open group, whatever its wallet: a sheet of EUR payees would
// then be paid from the GBP wallet of "Payroll this month", and the funding need could estimate
// none of it. When most of the
// payments the preview read point to one currency (the one they name, else their payee's
// account's: a sheet of German IBANs and bare amounts is meant in euros), and the first open
// group's wallet is in another, the first open group whose wallet is in theirs is proposed
// instead; where none is, the person is told. The person's own choice always stands.

/** Counts as the command writes them; the window passes its own, in the person's locale. */
const englishCount = (count: number): string => new Intl.NumberFormat('en').format(count);

interface Group {
  id: string;
  name: string;
  locked: boolean;
  wallet: { currency: string };
}

export interface CurrencyCount {
  currency: string;
  payments: number;
}

export interface GroupProposal<G extends Group = Group> {
  /** The group proposed; null when no open group pays from a wallet in the payments' currency. */
  group: G | null;
  /** Why, in a sentence. */
  reason: string;
}

/**
 * `currencies`: the payments previewed by the currency they point to (most first). Null when
 * the default suits them: no currency pointed to by most of them, or the first open group's
 * wallet is in it already.
 */
export function proposedGroup<G extends Group>(
  groups: readonly G[],
  currencies: readonly CurrencyCount[],
  formatCount: (count: number) => string = englishCount,
): GroupProposal<G> | null {
  const open = groups.filter((group) => !group.locked);
  const first = open[0];
  const counted = currencies.reduce((total, count) => total + count.payments, 0);
  const top = currencies.reduce<CurrencyCount | undefined>(
    (most, count) => (most && most.payments >= count.payments ? most : count),
    undefined,
  );
  if (!first || !top || top.payments * 2 <= counted) return null;
  if (first.wallet.currency === top.currency) return null;
  const most = `${formatCount(top.payments)} of the ${formatCount(counted)} payments previewed are in ${top.currency} or to ${top.currency} accounts`;
  const instead = `the first open group, ${first.name}, pays from a ${first.wallet.currency} wallet`;
  const group = open.find((candidate) => candidate.wallet.currency === top.currency) ?? null;
  return group
    ? { group, reason: `Proposed for this sheet: ${most}, and ${instead}.` }
    : {
        group: null,
        reason: `${most}, and no open group pays from a ${top.currency} wallet: ${instead}.`,
      };
}
