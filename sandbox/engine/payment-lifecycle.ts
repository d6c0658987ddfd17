// The payment lifecycle on the sandbox clock (DESIGN.md): PENDING -> PROCESSING once approved,
// its execution date (less the margin) has come, its beneficiary is active and the wallet can
// fund it; PROCESSING -> COMPLETED after `processingSeconds`. Documented sandbox triggers:
// a description containing SANDBOX_FAIL fails at execution; an approved payment still unfunded
// 7 days after its execution date is CANCELLED.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../store/database';
import { StatementRepository } from '../store/statement-repository';

export const FAIL_TRIGGER = 'SANDBOX_FAIL';
export const UNFUNDED_CANCEL_MS = 7 * 86_400_000;

interface DueRow {
  id: string;
  due_at: number;
  execution_at: number;
  debit_currency: string;
  debit_milli: number;
  credit_currency: string;
  credit_milli: number;
  fees_milli: number;
  rate: string | null;
  description: string | null;
  wallet_id: string;
  wallet_balance: number;
  beneficiary_id: string;
  activate_at: number;
  beneficiary_name: string;
  beneficiary_country: string;
  entity_json: string;
  bank_details_json: string;
  beneficiary_user_tags: string;
}

export class PaymentLifecycle {
  private lastRun: number;
  private readonly statements: StatementRepository;
  private readonly queries;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly processingMs: number,
  ) {
    this.lastRun = clock.now();
    this.statements = new StatementRepository(db);
    this.queries = {
      due: db.prepare(
        `SELECT p.id, p.execution_at - p.margin_hours * 3600000 AS due_at, p.execution_at,
           p.debit_currency, p.debit_milli, p.credit_currency, p.credit_milli, p.fees_milli, p.rate,
           json_extract(p.body_json, '$.description') AS description,
           w.id AS wallet_id, w.balance_milli AS wallet_balance,
           b.id AS beneficiary_id, b.activate_at, b.name AS beneficiary_name,
           b.country AS beneficiary_country, b.entity_json, b.bank_details_json,
           b.user_tags_json AS beneficiary_user_tags
         FROM payments p
         JOIN groups g ON g.id = p.group_id
         JOIN wallets w ON w.id = g.wallet_id
         JOIN beneficiaries b ON b.id = p.beneficiary_id
         WHERE p.status = 'PENDING' AND p.approved = 1
           AND p.execution_at - p.margin_hours * 3600000 <= ?
         ORDER BY due_at, p.rowid`,
      ),
      setStatus: db.prepare(
        `UPDATE payments SET status = ?, processing_at = ?, failure_json = ?, updated_at = ? WHERE id = ?`,
      ),
      setBalance: db.prepare('UPDATE wallets SET balance_milli = ? WHERE id = ?'),
      complete: db.prepare(
        `UPDATE payments SET status = 'COMPLETED', completed_at = processing_at + ?, updated_at = ?
         WHERE status = 'PROCESSING' AND processing_at <= ?`,
      ),
    };
  }

  /** Applies everything due between the previous run and the clock's now. */
  run(): void {
    const now = this.clock.now();
    const previous = Math.min(this.lastRun, now);
    this.db.transaction(() => {
      const balances = new Map<string, bigint>();
      // Each at the moment it became eligible (so that one big clock jump still completes it),
      // and debited in the order of those moments: the statement reads by date, and each
      // item's balance follows from the one before only if they were debited in that order (a
      // payment due first but waiting for its payee came after those due later).
      const eligible = (this.queries.due.all(now) as DueRow[])
        // One whose beneficiary is not active yet waits for it.
        .filter((due) => due.activate_at <= now)
        .map((due, order) => ({
          due,
          order,
          startedAt: Math.max(due.due_at, previous, due.activate_at),
        }))
        .sort((a, b) => a.startedAt - b.startedAt || a.order - b.order);
      for (const { due, startedAt } of eligible) {
        if (due.description?.includes(FAIL_TRIGGER)) {
          const reason = {
            error: 'payment_failed',
            description: `the description asks the sandbox to fail it (${FAIL_TRIGGER})`,
          };
          this.queries.setStatus.run('FAILED', startedAt, JSON.stringify(reason), now, due.id);
          continue;
        }
        const balance = balances.get(due.wallet_id) ?? BigInt(due.wallet_balance);
        const debit = BigInt(due.debit_milli);
        if (debit > balance) {
          if (now - due.execution_at > UNFUNDED_CANCEL_MS) {
            const reason = {
              error: 'unfunded',
              description: 'the wallet could not fund it within 7 days of its execution date',
            };
            this.queries.setStatus.run('CANCELLED', null, JSON.stringify(reason), now, due.id);
          }
          continue;
        }
        const after = balance - debit;
        balances.set(due.wallet_id, after);
        this.queries.setBalance.run(after, due.wallet_id);
        this.queries.setStatus.run('PROCESSING', startedAt, null, now, due.id);
        this.appendDebit(due, startedAt, after);
      }
      this.queries.complete.run(this.processingMs, now, now - this.processingMs);
    })();
    this.lastRun = now;
  }

  private appendDebit(due: DueRow, date: number, balance: bigint): void {
    const bankDetails = JSON.parse(due.bank_details_json) as { account_name?: string };
    this.statements.append({
      id: randomUUID(),
      walletId: due.wallet_id,
      date,
      action: 'DEBIT',
      description: due.description ?? `Payout to ${due.beneficiary_name}`,
      executionId: due.id,
      debit: { currency: due.debit_currency, milli: BigInt(due.debit_milli) },
      credit: { currency: due.credit_currency, milli: BigInt(due.credit_milli) },
      feesMilli: BigInt(due.fees_milli),
      rate: due.rate,
      balanceMilli: balance,
      counterpart: {
        id: due.beneficiary_id,
        currency: due.credit_currency,
        bank_details: {
          account_country: due.beneficiary_country,
          account_name: bankDetails.account_name ?? due.beneficiary_name,
        },
        entity: JSON.parse(due.entity_json) as Record<string, unknown>,
        active: true,
        name: due.beneficiary_name,
        user_tags: JSON.parse(due.beneficiary_user_tags) as Record<string, string>,
      },
    });
  }
}
