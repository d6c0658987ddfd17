// One account paid under two names is the mark of a typing slip (a row's account copied from
// the row above) or of an account changed to someone else's, and so is one payee paid to two
// accounts (their bank details changed between two rows): none of its cells is wrong alone,
// so it is said of the batch, where the import's summary and the sync's confirmation show it,
// naming the rows to compare. So are payments the service converts, an amount in one currency
// to an account in another, which no cell says either.
import type {
  DraftQueries,
  PayeeOfSeveralAccounts,
  SharedAccount,
} from '../../outbox/draft-queries';

/** Accounts, payees, and each one's names or accounts, named in a note at most. */
const NAMED = 3;

/**
 * The first `NAMED` of a list, said, and the rest counted: "a, b and c", "a, b, c and 2 other
 * names" (`others`), "a" alone.
 */
function namedList<T>(items: readonly T[], say: (item: T) => string, others: string): string {
  const listed = items.slice(0, NAMED).map(say);
  const more = items.length - listed.length;
  const last = more > 0 ? `${more} other ${others}${more === 1 ? '' : 's'}` : listed.pop();
  return listed.length > 0 ? `${listed.join(', ')} and ${last}` : (last ?? '');
}

/** "one X is" / "3 Xs are each" … `what`: the first few named, "; and N more". */
function batchNote<T>(
  items: readonly T[],
  noun: string,
  what: string,
  say: (item: T) => string,
  check: string,
): string | undefined {
  if (items.length === 0) return undefined;
  const more = items.length - NAMED;
  return (
    `${items.length === 1 ? `one ${noun} is` : `${items.length.toLocaleString('en')} ${noun}s are each`} ${what}: ` +
    items.slice(0, NAMED).map(say).join('; ') +
    (more > 0 ? `; and ${more.toLocaleString('en')} more` : '') +
    `: ${check}`
  );
}

/** The note on the accounts a batch pays under several names; undefined when there are none. */
export function sharedAccountNote(accounts: readonly SharedAccount[]): string | undefined {
  return batchNote(
    accounts,
    'account',
    'paid under different names',
    ({ number, names }) =>
      `…${number.slice(-4)} as ${namedList(names, ({ name, row }) => `"${name}" (row ${row ?? '?'})`, 'name')}`,
    "check that each payee's account is their own",
  );
}

/** The note on the payees a batch pays to several accounts; undefined when there are none. */
export function severalAccountsNote(payees: readonly PayeeOfSeveralAccounts[]): string | undefined {
  return batchNote(
    payees,
    'payee',
    'paid to different accounts',
    ({ name, accounts }) =>
      `"${name}" to ${namedList(accounts, ({ number, row }) => `…${number.slice(-4)} (row ${row ?? '?'})`, 'account')}`,
    'check that the account was not changed by mistake, or that they are different people of one name',
  );
}

/**
 * The note on payments the service converts, their amounts in one currency and their accounts
 * in another; undefined when there are none. An amount a sheet gives without its currency is
 * read in the wallet's: "2,400.00" to a French account is GBP 2,400.00, converted, where the
 * person may have meant EUR 2,400.00, and nothing showed it before the statement.
 */
export function conversionNote(
  converted: readonly { currency: string; count: number }[],
): string | undefined {
  const count = converted.reduce((sum, { count }) => sum + count, 0);
  if (count === 0) return undefined;
  const one = count === 1;
  const accounts = converted.map(({ currency, count }) =>
    converted.length === 1 ? currency : `${currency} (${count.toLocaleString('en')})`,
  );
  const list =
    accounts.length === 1
      ? accounts[0]
      : `${accounts.slice(0, -1).join(', ')} or ${accounts.at(-1)}`;
  return (
    `${one ? 'one payment goes to an account' : `${count.toLocaleString('en')} payments go to accounts`} in another currency than ${one ? 'its amount' : 'their amounts'}, ${list}: ` +
    `the service converts ${one ? 'it' : 'them'}, and the payee receives the converted amount, less any fee; if an amount is meant in its account's currency, set its amount currency`
  );
}

/** What to check of a batch's payments, as a whole: each note where there is something to say. */
export interface BatchChecks {
  shared_account_note?: string;
  several_accounts_note?: string;
  conversion_note?: string;
}

/**
 * The checks of the batch's payments: all of them (an import's summary), or those approved to
 * send (a sync's confirmation).
 */
export function batchChecks(
  queries: DraftQueries,
  batchId: string,
  walletCurrency: string | null,
  approvedOnly = false,
): BatchChecks {
  const shared = sharedAccountNote(queries.accountsUnderSeveralNames(batchId, approvedOnly));
  const several = severalAccountsNote(queries.payeesOfSeveralAccounts(batchId, approvedOnly));
  const converted = conversionNote(queries.converted(batchId, walletCurrency, approvedOnly));
  return {
    ...(shared ? { shared_account_note: shared } : {}),
    ...(several ? { several_accounts_note: several } : {}),
    ...(converted ? { conversion_note: converted } : {}),
  };
}
