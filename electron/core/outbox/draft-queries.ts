// Reads over a whole batch that never hold it in memory: a window of rows (sorted and filtered
// in SQL over the columns beside each draft), counts by state with errors and warnings apart,
// and exact totals per currency (integer thousandths summed by SQLite, read back as bigints).
import type { DraftCounts } from '../../../shared/desk/batches';
import type { MoneyTotal } from '../../../shared/desk/common';
import type { DraftFilter, DraftSort, DraftWindow } from '../../../shared/desk/drafts';
import { DRAFT_STATES, type DraftState } from '../../../shared/domain/draft-state';
import { formatAmount } from '../../../shared/domain/money';
import type { Db } from './database';
import { nameForComparison } from './payee-fold';
import { filterSql, orderSql, type SqlPart } from './draft-filters';
import { DRAFT_SELECT, toDraft, type DraftRow } from './draft-rows';

interface FigureRow {
  state: DraftState;
  currency: string | null;
  drafts: bigint;
  errors: bigint;
  warnings: bigint;
  milli: bigint | null;
  counted: bigint;
  approved_at_service: bigint | null;
  awaiting_at_service: bigint | null;
  awaiting_milli: bigint | null;
  awaiting_counted: bigint;
}

export interface BatchFigures {
  counts: DraftCounts;
  totals: MoneyTotal[];
  /** Totals per currency of the payments the service holds awaiting an approver there. */
  awaitingTotals: MoneyTotal[];
  /** Exact totals in thousandths, by currency ('' while the wallet's is unknown). */
  milli: Map<string, bigint>;
}

/** An account a batch pays under several names: its number, and each name's first row. */
export interface SharedAccount {
  number: string;
  names: { name: string; row: number | null }[];
}

/** A payee's name the batch pays to more than one account, each account with its first row. */
export interface PayeeOfSeveralAccounts {
  name: string;
  accounts: { number: string; row: number | null }[];
}

export class DraftQueries {
  private readonly figures;
  private readonly namesByAccount;
  private readonly approvedNamesByAccount;
  private readonly accountsByName;
  private readonly approvedAccountsByName;
  private readonly salariesSentCount;

  constructor(private readonly db: Db) {
    this.salariesSentCount = db
      .prepare(
        `SELECT COUNT(*) FROM payment_drafts WHERE batch_id = ? AND state = 'approved'
           AND json_extract(body_json, '$.purpose') = 'SALA'
           AND coalesce(json_extract(body_json, '$.amount.type'), 'SEND') = 'SEND'`,
      )
      .pluck();
    const namesByAccount = (states: string) =>
      db.prepare(
        `WITH keyed AS MATERIALIZED (
           SELECT substr(duplicate_key, 1, instr(duplicate_key, '|') - 1) AS account,
             payee, source_row AS row
           FROM payment_drafts
           WHERE batch_id = ? ${states} AND beneficiary_draft_id IS NOT NULL
             AND duplicate_key IS NOT NULL AND payee IS NOT NULL)
         SELECT account, payee, MIN(row) AS row FROM keyed
         WHERE account IN (SELECT account FROM keyed GROUP BY account HAVING COUNT(DISTINCT payee) > 1)
         GROUP BY account, payee ORDER BY account, MIN(row)`,
      );
    this.namesByAccount = namesByAccount('');
    this.approvedNamesByAccount = namesByAccount("AND state = 'approved'");
    // Names compared as the payee list sorts them (case and accents folded): "PRIYA PATEL" is
    // "Priya Patel".
    const accountsByName = (states: string) =>
      db.prepare(
        `WITH keyed AS MATERIALIZED (
           SELECT substr(duplicate_key, 1, instr(duplicate_key, '|') - 1) AS account,
             payee_sort_key(payee) AS name, payee, source_row AS row
           FROM payment_drafts
           WHERE batch_id = ? ${states} AND beneficiary_draft_id IS NOT NULL
             AND duplicate_key IS NOT NULL AND payee IS NOT NULL)
         SELECT name, account, MIN(payee) AS payee, MIN(row) AS row FROM keyed
         WHERE name IN (SELECT name FROM keyed GROUP BY name HAVING COUNT(DISTINCT account) > 1)
         GROUP BY name, account ORDER BY MIN(row)`,
      );
    this.accountsByName = accountsByName('');
    this.approvedAccountsByName = accountsByName("AND state = 'approved'");
    // safeIntegers: sums of thousandths come back as bigints, exact however large.
    this.figures = db
      .prepare(
        `SELECT p.state, p.amount_currency AS currency, COUNT(*) AS drafts,
           SUM(p.error_count > 0) AS errors, SUM(p.warning_count > 0) AS warnings,
           SUM(p.amount_milli) AS milli, COUNT(p.amount_milli) AS counted,
           SUM(p.service_approved = 1 AND p.state IN ('submitted', 'accepted')) AS approved_at_service,
           SUM(p.service_approved = 0 AND p.state IN ('submitted', 'accepted')) AS awaiting_at_service,
           SUM(CASE WHEN p.service_approved = 0 AND p.state IN ('submitted', 'accepted')
             THEN p.amount_milli END) AS awaiting_milli,
           COUNT(CASE WHEN p.service_approved = 0 AND p.state IN ('submitted', 'accepted')
             THEN p.amount_milli END) AS awaiting_counted
         FROM payment_drafts p WHERE p.batch_id = ? GROUP BY p.state, p.amount_currency`,
      )
      .safeIntegers(true);
  }

  /** Counts by state and totals per currency of the batch's drafts (of some states), in one pass. */
  batchFigures(
    batchId: string,
    walletCurrency: string | null,
    states: readonly DraftState[] = DRAFT_STATES,
  ): BatchFigures {
    const [figures] = this.batchFigureSets(batchId, walletCurrency, [states] as const);
    return figures;
  }

  /** The batch's figures over each of these sets of states, from one read of its drafts. */
  batchFigureSets<const Sets extends readonly (readonly DraftState[])[]>(
    batchId: string,
    walletCurrency: string | null,
    sets: Sets,
  ): { [K in keyof Sets]: BatchFigures } {
    // Grouped by the columns as the index holds them, so that it is read alone; a draft without
    // a currency of its own is in the wallet's (none yet: '').
    const rows = (this.figures.all(batchId) as FigureRow[]).map((row) => ({
      ...row,
      currency: row.currency ?? walletCurrency ?? '',
    }));
    return sets.map((states) => figuresOf(rows.filter((row) => states.includes(row.state)))) as {
      [K in keyof Sets]: BatchFigures;
    };
  }

  /**
   * Of the batch's approved drafts, the salaries (purpose SALA) whose amount is the one debited
   * (SEND): a fee the service charges comes out of what the payee receives.
   */
  salariesSent(batchId: string): number {
    return this.salariesSentCount.get(batchId) as number;
  }

  /**
   * The batch's drafts paying a new payee whose account is in another currency than the amount
   * (an amount read in the wallet's pounds, to a euro account), by the account's currency: the
   * service converts them. An amount of no currency of its own is the wallet's (draft-columns.ts).
   * `approvedOnly`: among those a sync sends.
   */
  converted(
    batchId: string,
    walletCurrency: string | null,
    approvedOnly = false,
  ): { currency: string; count: number }[] {
    return this.db
      .prepare(
        `SELECT account AS currency, COUNT(*) AS count FROM (
           SELECT json_extract(b.body_json, '$.currency') AS account,
             coalesce(p.amount_currency, ?) AS amount
           FROM payment_drafts p JOIN beneficiary_drafts b ON b.id = p.beneficiary_draft_id
           WHERE p.batch_id = ? ${approvedOnly ? "AND p.state = 'approved'" : ''})
         WHERE amount IS NOT NULL AND account IS NOT NULL AND account != amount
         GROUP BY account ORDER BY count DESC, account`,
      )
      .all(walletCurrency, batchId) as { currency: string; count: number }[];
  }

  /** Of the batch's approved drafts: how many say approved at the service, not, or nothing. */
  serviceApprovals(batchId: string): { approved: number; unapproved: number; unset: number } {
    const row = this.db
      .prepare(
        `SELECT SUM(json_extract(body_json, '$.approved') = 1) AS approved,
           SUM(json_extract(body_json, '$.approved') = 0) AS unapproved,
           SUM(json_extract(body_json, '$.approved') IS NULL) AS unset
         FROM payment_drafts WHERE batch_id = ? AND state = 'approved'`,
      )
      .get(batchId) as { approved: number | null; unapproved: number | null; unset: number | null };
    return { approved: row.approved ?? 0, unapproved: row.unapproved ?? 0, unset: row.unset ?? 0 };
  }

  /**
   * New payees' accounts that the batch's drafts pay under more than one name, each with its
   * names and the first row of each: one account for two people is a typing slip or a changed
   * account worth a look. The account is the duplicate key's (country, bank code and number);
   * names are compared folded (case, accents, punctuation, word order, a legal form), so
   * "LEE, Ann" is "Ann Lee" and "ACME LIMITED" is "Acme Ltd". Drafts that name their payee by id are the service's payees, not looked at.
   * `approvedOnly`: among the drafts approved to send alone (what a sync's confirmation sends).
   */
  accountsUnderSeveralNames(batchId: string, approvedOnly = false): SharedAccount[] {
    // Accounts with more than one name as written are found in SQL; only their rows are read,
    // and folded here (the sort key SQLite knows folds case and accents, not word order).
    const query = approvedOnly ? this.approvedNamesByAccount : this.namesByAccount;
    const rows = query.all(batchId) as {
      account: string;
      payee: string;
      row: number | null;
    }[];
    const byAccount = new Map<string, Map<string, { name: string; row: number | null }>>();
    for (const { account, payee, row } of rows) {
      const names = byAccount.get(account) ?? new Map();
      const folded = nameForComparison(payee);
      if (!names.has(folded)) names.set(folded, { name: payee, row });
      byAccount.set(account, names);
    }
    return [...byAccount]
      .filter(([, names]) => names.size > 1)
      .map(([account, names]) => ({
        number: account.slice(account.lastIndexOf(':') + 1),
        names: [...names.values()],
      }));
  }

  /**
   * Payees' names the batch's drafts pay to more than one new account, each with its accounts
   * and the first row of each: a payee whose account changed within one sheet is a typing slip,
   * or a fraudster's account, unless two people share the name. `approvedOnly`: among the drafts
   * approved to send alone (what a sync's confirmation sends).
   */
  payeesOfSeveralAccounts(batchId: string, approvedOnly = false): PayeeOfSeveralAccounts[] {
    const query = approvedOnly ? this.approvedAccountsByName : this.accountsByName;
    const rows = query.all(batchId) as {
      name: string;
      account: string;
      payee: string;
      row: number | null;
    }[];
    const byName = new Map<string, PayeeOfSeveralAccounts>();
    for (const { name, account, payee, row } of rows) {
      const found = byName.get(name) ?? { name: payee, accounts: [] };
      found.accounts.push({ number: account.slice(account.lastIndexOf(':') + 1), row });
      byName.set(name, found);
    }
    return [...byName.values()];
  }

  /** The rows of a window, and how many drafts the filter finds in all. */
  window(
    batchId: string,
    request: {
      skip: number;
      take: number;
      sort?: DraftSort | undefined;
      filter?: DraftFilter | undefined;
      locate?: string | undefined;
    },
    walletCurrency: string | null,
  ): DraftWindow {
    const where = filterSql(batchId, request.filter);
    const order = orderSql(request.sort, walletCurrency);
    const total = this.count(where);
    // The window's rows are found first by their rowids alone, through the sort's index where
    // there is one; only the rows shown are then read whole, not the skipped ones.
    const rows = this.db
      .prepare(
        `WITH page AS MATERIALIZED (
           SELECT p.rowid AS at FROM payment_drafts p WHERE ${where.sql} ${order.sql} LIMIT ? OFFSET ?)
         ${DRAFT_SELECT} JOIN page ON p.rowid = page.at ${order.sql}`,
      )
      .all(
        ...where.params,
        ...order.params,
        request.take,
        request.skip,
        ...order.params,
      ) as DraftRow[];
    const window = { total, skip: request.skip, rows: rows.map(toDraft) };
    if (request.locate === undefined) return window;
    return { ...window, located: this.indexOf(request.locate, where, order) };
  }

  /** A draft's index in the list as filtered and sorted (the same WHERE and ORDER BY). */
  private indexOf(id: string, where: SqlPart, order: SqlPart): number | null {
    const index = this.db
      .prepare(
        `SELECT n FROM (
           SELECT p.id, ROW_NUMBER() OVER (${order.sql}) - 1 AS n
           FROM payment_drafts p WHERE ${where.sql})
         WHERE id = ?`,
      )
      .pluck()
      .get(...order.params, ...where.params, id) as number | undefined;
    return index ?? null;
  }

  count(where: SqlPart): number {
    return this.db
      .prepare(`SELECT COUNT(*) FROM payment_drafts p WHERE ${where.sql}`)
      .pluck()
      .get(...where.params) as number;
  }
}

function figuresOf(rows: (FigureRow & { currency: string })[]): BatchFigures {
  const byState = Object.fromEntries(DRAFT_STATES.map((state) => [state, 0])) as Record<
    DraftState,
    number
  >;
  const counts: DraftCounts = {
    drafts: 0,
    with_errors: 0,
    with_warnings: 0,
    by_state: byState,
    approved_at_service: 0,
    awaiting_approval_at_service: 0,
  };
  const totals = new Map<string, { milli: bigint; count: number }>();
  const awaiting = new Map<string, { milli: bigint; count: number }>();
  const add = (to: typeof totals, currency: string, milli: bigint | null, count: bigint) => {
    const total = to.get(currency) ?? { milli: 0n, count: 0 };
    total.milli += milli ?? 0n;
    total.count += Number(count);
    to.set(currency, total);
  };
  for (const row of rows) {
    counts.drafts += Number(row.drafts);
    counts.with_errors += Number(row.errors);
    counts.with_warnings += Number(row.warnings);
    byState[row.state] += Number(row.drafts);
    counts.approved_at_service += Number(row.approved_at_service ?? 0n);
    counts.awaiting_approval_at_service += Number(row.awaiting_at_service ?? 0n);
    add(totals, row.currency, row.milli, row.counted);
    add(awaiting, row.currency, row.awaiting_milli, row.awaiting_counted);
  }
  const counted = moneyTotals(totals);
  return {
    counts,
    totals: counted,
    awaitingTotals: moneyTotals(awaiting),
    milli: new Map(
      [...totals].filter(([, total]) => total.count > 0).map(([c, t]) => [c, t.milli]),
    ),
  };
}

/** The totals that count any amount, by currency code. */
function moneyTotals(totals: Map<string, { milli: bigint; count: number }>): MoneyTotal[] {
  return [...totals]
    .filter(([, total]) => total.count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({
      currency,
      amount: formatAmount(total.milli, 3),
      count: total.count,
    }));
}
