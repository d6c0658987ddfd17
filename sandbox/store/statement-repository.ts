// Wallet statement items: appended when money moves, read back in date order (oldest first,
// as a bank statement reads, so that each item's balance follows from the one before).
import { amountToNumber } from '../../shared/domain/money';
import type { StatementItem } from '../../shared/service';
import { fromJson, type Db } from './database';

export interface NewStatementItem {
  id: string;
  walletId: string;
  date: number;
  action: 'CREDIT' | 'DEBIT';
  description: string;
  executionId: string;
  debit: { currency: string; milli: bigint };
  credit: { currency: string; milli: bigint };
  feesMilli: bigint;
  rate: string | null;
  balanceMilli: bigint;
  counterpart: Record<string, unknown>;
}

interface StatementRow {
  id: string;
  date: number;
  action: 'CREDIT' | 'DEBIT';
  description: string;
  execution_id: string;
  debit_currency: string;
  debit_milli: number;
  credit_currency: string;
  credit_milli: number;
  fees_milli: number;
  rate: string | null;
  balance_milli: number;
  counterpart_json: string;
  user_tags_json: string;
  tags_json: string;
}

export class StatementRepository {
  private readonly insertStatement;
  private readonly pageStatement;

  constructor(db: Db) {
    this.insertStatement = db.prepare(
      `INSERT INTO statement_items (id, wallet_id, date, action, description, execution_id,
         debit_currency, debit_milli, credit_currency, credit_milli, fees_milli, rate,
         balance_milli, counterpart_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.pageStatement = db.prepare(
      `SELECT * FROM statement_items WHERE wallet_id = ? AND date >= ? AND date <= ?
       ORDER BY date, rowid LIMIT ? OFFSET ?`,
    );
  }

  append(item: NewStatementItem): void {
    this.insertStatement.run(
      item.id,
      item.walletId,
      item.date,
      item.action,
      item.description,
      item.executionId,
      item.debit.currency,
      item.debit.milli,
      item.credit.currency,
      item.credit.milli,
      item.feesMilli,
      item.rate,
      item.balanceMilli,
      JSON.stringify(item.counterpart),
    );
  }

  page(walletId: string, start: number, end: number, skip: number, take: number): StatementItem[] {
    const rows = this.pageStatement.all(walletId, start, end, take, skip) as StatementRow[];
    return rows.map((row) => ({
      type: 'transaction',
      id: row.id,
      description: row.description,
      execution_id: row.execution_id,
      date: new Date(row.date).toISOString(),
      action: row.action,
      debit: { amount: amountToNumber(BigInt(row.debit_milli)), currency: row.debit_currency },
      credit: { amount: amountToNumber(BigInt(row.credit_milli)), currency: row.credit_currency },
      fees: amountToNumber(BigInt(row.fees_milli)),
      rate: row.rate === null ? 1 : Number(row.rate),
      balance: amountToNumber(BigInt(row.balance_milli)),
      counterpart: fromJson<StatementItem['counterpart']>(row.counterpart_json),
      user_tags: fromJson<Record<string, string>>(row.user_tags_json),
      tags: fromJson<Record<string, string>>(row.tags_json),
    }));
  }
}
