// Payment groups as the spec shapes them, with their `info` counters computed from the
// payments table in one aggregate query per page (not per group).
import { amountToNumber } from '../../shared/domain/money';
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
  next_due: number;
  needed_milli: number;
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
    // Funds missing for the next payout day: what approved pending payments due by the end of
    // that (UTC) day need, in one aggregate per group.
    const funding = new Map(
      (
        this.db
          .prepare(
            `WITH due AS (
               SELECT group_id, execution_at - margin_hours * 3600000 AS due_at, debit_milli
               FROM payments WHERE status = 'PENDING' AND approved = 1 AND group_id IN (${marks})),
             next AS (SELECT group_id, MIN(due_at) AS next_due FROM due GROUP BY group_id)
             SELECT due.group_id, next.next_due, SUM(due.debit_milli) AS needed_milli
             FROM due JOIN next ON next.group_id = due.group_id
             WHERE due.due_at < (next.next_due / 86400000 + 1) * 86400000
             GROUP BY due.group_id`,
          )
          .all(...ids) as FundingRow[]
      ).map((row) => [row.group_id, row]),
    );
    return rows.map((row) => shapeGroup(row, counters.get(row.id), funding.get(row.id)));
  }
}

function shapeGroup(
  row: GroupRow,
  counts: CounterRow | undefined,
  funding: FundingRow | undefined,
): PaymentGroup {
  const balance = BigInt(row.wallet_balance_milli);
  const needed = BigInt(funding?.needed_milli ?? 0);
  const missing = needed > balance ? needed - balance : 0n;
  const nextDue = funding?.next_due;
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
