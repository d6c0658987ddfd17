// Payment groups as the spec shapes them, with their `info` counters computed from the
// payments table in one aggregate query per page (not per group).
import { amountToNumber, sumAmounts } from '../../shared/domain/money';
import type { GroupListQuery, PaymentGroup } from '../../shared/service';
import { fromJson, type Db } from './database';

interface GroupRow {
  id: string;
  name: string;
  description: string;
  locked: number;
  wallet_id: string;
  user_tags_json: string;
  wallet_name: string;
  wallet_currency: string;
  wallet_owner: string;
  wallet_balance_milli: number;
}

interface CounterRow {
  group_id: string;
  total: number;
  pending: number;
  pending_approval: number;
  issues: number;
  completed: number;
  failed: number;
  routing: number;
  next_execution: number | null;
  held_milli: number;
}

interface FundingRow {
  group_id: string;
  due_at: number;
  debit_milli: number;
}

const GROUP_COLUMNS = `g.id, g.name, g.description, g.locked, g.wallet_id, g.user_tags_json,
  w.name AS wallet_name, w.currency AS wallet_currency, w.owner AS wallet_owner,
  w.balance_milli AS wallet_balance_milli`;

export class GroupRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  insert(group: {
    id: string;
    name: string;
    description?: string | undefined;
    locked?: boolean | undefined;
    walletId: string;
    userTags?: Record<string, string> | undefined;
  }): void {
    this.db
      .prepare(
        `INSERT INTO groups (id, name, description, locked, wallet_id, user_tags_json, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        group.id,
        group.name,
        group.description ?? '',
        group.locked ? 1 : 0,
        group.walletId,
        JSON.stringify(group.userTags ?? {}),
        this.now(),
      );
  }

  get(id: string): PaymentGroup | undefined {
    const row = this.db
      .prepare(
        `SELECT ${GROUP_COLUMNS} FROM groups g JOIN wallets w ON w.id = g.wallet_id WHERE g.id = ?`,
      )
      .get(id) as GroupRow | undefined;
    return row ? this.shape([row])[0] : undefined;
  }

  list(query: GroupListQuery): PaymentGroup[] {
    const where: string[] = [];
    const args: unknown[] = [];
    const anyOf = (column: string, values: readonly unknown[] | undefined) => {
      if (!values?.length) return;
      where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
      args.push(...values);
    };
    anyOf('g.id', query.id);
    anyOf('g.wallet_id', query.wallet);
    anyOf(
      'g.locked',
      query.locked?.map((locked) => (locked ? 1 : 0)),
    );
    // Name and description filter by case-insensitive "contains", as a search box would.
    if (query.name !== undefined) {
      where.push(`g.name LIKE ? ESCAPE '\\'`);
      args.push(`%${escapeLike(query.name)}%`);
    }
    if (query.description !== undefined) {
      where.push(`g.description LIKE ? ESCAPE '\\'`);
      args.push(`%${escapeLike(query.description)}%`);
    }
    for (const [key, values] of Object.entries(query.tag ?? {})) {
      where.push(`json_extract(g.user_tags_json, ?) IN (${values.map(() => '?').join(', ')})`);
      args.push(`$."${key.replace(/"/g, '""')}"`, ...values);
    }
    const rows = this.db
      .prepare(
        `SELECT ${GROUP_COLUMNS} FROM groups g JOIN wallets w ON w.id = g.wallet_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY g.created_at, g.rowid LIMIT ? OFFSET ?`,
      )
      .all(...args, query.take ?? 50, query.skip ?? 0) as GroupRow[];
    return this.shape(rows);
  }

  private shape(rows: GroupRow[]): PaymentGroup[] {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const marks = ids.map(() => '?').join(', ');
    const now = this.now();
    const counters = new Map(
      (
        this.db
          .prepare(
            `SELECT group_id, COUNT(*) AS total,
               SUM(status = 'PENDING' AND approved = 1) AS pending,
               SUM(status = 'PENDING' AND approved = 0) AS pending_approval,
               SUM(status = 'PENDING' AND approved = 1 AND execution_at <= ?) AS issues,
               SUM(status = 'COMPLETED') AS completed,
               SUM(status = 'FAILED') AS failed,
               SUM(status = 'PROCESSING') AS routing,
               MIN(CASE WHEN status = 'PENDING' THEN execution_at END) AS next_execution,
               SUM(CASE WHEN status IN ('PENDING', 'PROCESSING') THEN debit_milli ELSE 0 END) AS held_milli
             FROM payments WHERE group_id IN (${marks}) GROUP BY group_id`,
          )
          .all(now, ...ids) as CounterRow[]
      ).map((row) => [row.group_id, row]),
    );
    const funding = this.db
      .prepare(
        `SELECT group_id, execution_at - margin_hours * 3600000 AS due_at, debit_milli
         FROM payments WHERE status = 'PENDING' AND approved = 1 AND group_id IN (${marks})`,
      )
      .all(...ids) as FundingRow[];
    return rows.map((row) => shapeGroup(row, counters.get(row.id), funding));
  }
}

function shapeGroup(
  row: GroupRow,
  counts: CounterRow | undefined,
  funding: FundingRow[],
): PaymentGroup {
  const balance = BigInt(row.wallet_balance_milli);
  const due = funding.filter((item) => item.group_id === row.id);
  const nextDue = due.length ? Math.min(...due.map((item) => item.due_at)) : undefined;
  // Funds missing for the next payout day: everything due by the end of that day, less the balance.
  const endOfNextDay =
    nextDue === undefined ? 0 : Math.floor(nextDue / 86_400_000 + 1) * 86_400_000;
  const needed = sumAmounts(
    due.filter((item) => item.due_at < endOfNextDay).map((item) => BigInt(item.debit_milli)),
  );
  const missing = needed > balance ? needed - balance : 0n;
  return {
    type: 'group',
    id: row.id,
    name: row.name,
    description: row.description,
    locked: row.locked === 1,
    user_tags: fromJson<Record<string, string>>(row.user_tags_json),
    wallet: {
      type: 'wallet',
      id: row.wallet_id,
      currency: row.wallet_currency,
      name: row.wallet_name,
      // The spec types the group's wallet balance as an integer: whole units, rounded down.
      balance: Number(balance / 1000n - (balance < 0n && balance % 1000n !== 0n ? 1n : 0n)),
      owner: row.wallet_owner,
    },
    info: {
      funding: {
        ...(nextDue === undefined ? {} : { next: isoDate(nextDue) }),
        missing_funds: amountToNumber(missing),
      },
      payments: {
        total: counts?.total ?? 0,
        pending: counts?.pending ?? 0,
        pending_approval: counts?.pending_approval ?? 0,
        issues: counts?.issues ?? 0,
        completed: counts?.completed ?? 0,
        failed: counts?.failed ?? 0,
        routing: counts?.routing ?? 0,
        ...(counts?.next_execution == null ? {} : { next: isoDate(counts.next_execution) }),
        amount: {
          amount: amountToNumber(BigInt(counts?.held_milli ?? 0)),
          currency: row.wallet_currency,
        },
      },
    },
  };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
