// Stored payments and their shape on the wire. The request body is kept as sent (after schema
// defaults); money columns are bigint thousandths computed by engine/pricing.ts.
import { amountToNumber } from '../../shared/domain/money';
import type { Payment, PaymentBody } from '../../shared/service';
import type { Price } from '../engine/pricing';
import type { Db } from './database';

export type PaymentStatus = Payment['info']['status'];

export interface PaymentRow {
  id: string;
  correlation_id: string | null;
  group_id: string;
  beneficiary_id: string;
  status: PaymentStatus;
  approved: number;
  body_json: string;
  execution_at: number;
  margin_hours: number;
  debit_currency: string;
  debit_milli: number;
  credit_currency: string;
  credit_milli: number;
  fees_milli: number;
  rate: string | null;
  processing_at: number | null;
}

export interface NewPayment {
  id: string;
  correlationId: string | null;
  body: PaymentBody;
  price: Price;
  walletCurrency: string;
  beneficiaryCurrency: string;
  now: number;
}

export interface PaymentFilter {
  id?: string | null;
  group?: string | null;
  correlationId?: string | null;
  /** Payments to pass over first, in the listing's order (a listing past ADMIN_LIST_LIMIT). */
  skip?: number;
}

/** Most payments the admin listing answers in one call. */
export const ADMIN_LIST_LIMIT = 100_000;

export class PaymentRepository {
  private readonly byId;
  private readonly byCorrelation;
  private readonly storedCorrelations;
  private readonly insertRow;
  private readonly insertNewRow;
  private readonly updateRow;

  constructor(private readonly db: Db) {
    this.byId = db.prepare('SELECT * FROM payments WHERE id = ?');
    this.byCorrelation = db.prepare('SELECT id FROM payments WHERE correlation_id = ?').pluck();
    this.storedCorrelations = db
      .prepare(
        'SELECT correlation_id FROM payments WHERE correlation_id IN (SELECT value FROM json_each(?))',
      )
      .pluck();
    this.insertRow = db.prepare(
      `INSERT INTO payments (id, correlation_id, group_id, beneficiary_id, status, approved, body_json,
         execution_at, margin_hours, debit_currency, debit_milli, credit_currency, credit_milli,
         fees_milli, rate, created_at, updated_at)
       VALUES (@id, @correlation_id, @group_id, @beneficiary_id, 'PENDING', @approved, @body_json,
         @execution_at, @margin_hours, @debit_currency, @debit_milli, @credit_currency, @credit_milli,
         @fees_milli, @rate, @now, @now)`,
    );
    this.insertNewRow = db.prepare(
      this.insertRow.source.replace('INSERT INTO', 'INSERT OR IGNORE INTO'),
    );
    this.updateRow = db.prepare(
      `UPDATE payments SET correlation_id = @correlation_id, group_id = @group_id,
         beneficiary_id = @beneficiary_id, approved = @approved, body_json = @body_json,
         execution_at = @execution_at, margin_hours = @margin_hours, debit_currency = @debit_currency,
         debit_milli = @debit_milli, credit_currency = @credit_currency, credit_milli = @credit_milli,
         fees_milli = @fees_milli, rate = @rate, updated_at = @now
       WHERE id = @id AND status = 'PENDING'`,
    );
  }

  get(id: string): PaymentRow | undefined {
    return this.byId.get(id) as PaymentRow | undefined;
  }

  /** The id of the payment holding this correlation_id, if any. */
  idForCorrelation(correlationId: string): string | undefined {
    return this.byCorrelation.get(correlationId) as string | undefined;
  }

  /** Which of these correlation ids stored payments hold: one statement for a whole chunk. */
  correlationsTaken(correlationIds: string[]): Set<string> {
    return new Set(this.storedCorrelations.all(JSON.stringify(correlationIds)) as string[]);
  }

  insert(payment: NewPayment): void {
    this.insertRow.run(columns(payment));
  }

  /** Inserts unless the id or the correlation_id is already stored; false then. */
  insertIfNew(payment: NewPayment): boolean {
    return this.insertNewRow.run(columns(payment)).changes === 1;
  }

  /** Replaces a still-pending payment; false when it is no longer pending. */
  update(payment: NewPayment): boolean {
    return this.updateRow.run(columns(payment)).changes === 1;
  }

  /** At most ADMIN_LIST_LIMIT payments from `skip` on, and whether more follow them. */
  list(filter: PaymentFilter): { rows: PaymentRow[]; more: boolean } {
    const conditions = [
      ['id = ?', filter.id],
      ['group_id = ?', filter.group],
      ['correlation_id = ?', filter.correlationId],
    ].filter((condition): condition is [string, string] => Boolean(condition[1]));
    const where = conditions.map(([sql]) => sql);
    const args = conditions.map(([, value]) => value);
    const rows = this.db
      .prepare(
        `SELECT * FROM payments ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at, rowid LIMIT ${ADMIN_LIST_LIMIT + 1} OFFSET ?`,
      )
      .all(...args, filter.skip ?? 0) as PaymentRow[];
    const more = rows.length > ADMIN_LIST_LIMIT;
    return { rows: more ? rows.slice(0, ADMIN_LIST_LIMIT) : rows, more };
  }
}

function columns(payment: NewPayment) {
  const { body, price } = payment;
  return {
    id: payment.id,
    correlation_id: payment.correlationId,
    group_id: body.source.id,
    beneficiary_id: body.target.id,
    approved: body.approved ? 1 : 0,
    body_json: JSON.stringify(body),
    execution_at: Date.parse(body.execution.date),
    margin_hours: body.execution.margin ?? 0,
    debit_currency: payment.walletCurrency,
    debit_milli: price.debit,
    credit_currency: payment.beneficiaryCurrency,
    credit_milli: price.credit,
    fees_milli: price.fees,
    rate: price.rate,
    now: payment.now,
  };
}

/** The spec's Payment: the stored fields, plus `info` from the lifecycle. */
export function toPayment(row: PaymentRow): Payment {
  const { correlation_id: _bulkOnly, ...body } = JSON.parse(row.body_json) as PaymentBody;
  const debit = { currency: row.debit_currency, amount: amountToNumber(BigInt(row.debit_milli)) };
  const processed = row.status === 'COMPLETED' || row.status === 'PROCESSED';
  return {
    ...body,
    id: row.id,
    type: 'payment',
    approved: row.approved === 1,
    attachments: body.attachments ?? [],
    user_tags: body.user_tags ?? {},
    info: {
      status: row.status,
      ...(row.status === 'PENDING'
        ? {
            funding: {
              ...debit,
              date: new Date(row.execution_at - row.margin_hours * 3_600_000).toISOString(),
            },
          }
        : {}),
      debit,
      ...(processed
        ? {
            credit: {
              currency: row.credit_currency,
              amount: amountToNumber(BigInt(row.credit_milli)),
            },
          }
        : {}),
      ...(row.rate === null ? {} : { rate: Number(row.rate) }),
      fees: amountToNumber(BigInt(row.fees_milli)),
    },
  } as Payment;
}
