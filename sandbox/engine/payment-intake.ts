// The checks a payment passes before it is stored, shared by PUT /payments/payments/{id} and
// the bulk import job: its group exists (and, for a new payment, is not locked), its
// beneficiary exists, and its price can be computed. Lookups are cached per intake, because
// a 1,000-item chunk names the same group and a few beneficiaries over and over.
import { amountFromNumber } from '../../shared/domain/money';
import type { PaymentBody } from '../../shared/service';
import type { Db } from '../store/database';
import type { NewPayment } from '../store/payment-repository';
import { price, PricingError } from './pricing';

export interface IntakeRefusal {
  status: number;
  error: string;
  description: string;
}

interface GroupParty {
  locked: boolean;
  walletCurrency: string;
}

export class PaymentIntake {
  private readonly groups = new Map<string, GroupParty | null>();
  private readonly beneficiaries = new Map<string, string | null>();
  private readonly groupQuery;
  private readonly beneficiaryQuery;

  constructor(db: Db) {
    this.groupQuery = db.prepare(
      `SELECT g.locked, w.currency AS wallet_currency FROM groups g
       JOIN wallets w ON w.id = g.wallet_id WHERE g.id = ?`,
    );
    this.beneficiaryQuery = db.prepare('SELECT currency FROM beneficiaries WHERE id = ?').pluck();
  }

  /** A payment ready to store, or why it is refused (paths named as in the request body). */
  check(
    id: string,
    correlationId: string | null,
    body: PaymentBody,
    isNew: boolean,
    now: number,
  ): NewPayment | IntakeRefusal {
    const group = this.group(body.source.id);
    if (!group) return refuse(`source.id: group ${body.source.id} does not exist`);
    if (isNew && group.locked) {
      return refuse(`source.id: group ${body.source.id} is locked: no new payments can be added`);
    }
    const beneficiaryCurrency = this.beneficiaryCurrency(body.target.id);
    if (!beneficiaryCurrency)
      return refuse(`target.id: beneficiary ${body.target.id} does not exist`);
    try {
      const computed = price({
        type: body.amount.type ?? 'SEND',
        amount: amountFromNumber(body.amount.amount),
        currency: body.amount.currency,
        walletCurrency: group.walletCurrency,
        beneficiaryCurrency,
      });
      return {
        id,
        correlationId,
        body,
        price: computed,
        walletCurrency: group.walletCurrency,
        beneficiaryCurrency,
        now,
      };
    } catch (error) {
      if (!(error instanceof PricingError) && !(error instanceof RangeError)) throw error;
      return refuse(`amount: ${error.message}`);
    }
  }

  private group(id: string): GroupParty | null {
    let party = this.groups.get(id);
    if (party === undefined) {
      const row = this.groupQuery.get(id) as
        { locked: number; wallet_currency: string } | undefined;
      party = row ? { locked: row.locked === 1, walletCurrency: row.wallet_currency } : null;
      this.groups.set(id, party);
    }
    return party;
  }

  private beneficiaryCurrency(id: string): string | null {
    let currency = this.beneficiaries.get(id);
    if (currency === undefined) {
      currency = (this.beneficiaryQuery.get(id) as string | undefined) ?? null;
      this.beneficiaries.set(id, currency);
    }
    return currency;
  }
}

export const isRefusal = (value: NewPayment | IntakeRefusal): value is IntakeRefusal =>
  'error' in value && 'status' in value;

const refuse = (description: string): IntakeRefusal => ({
  status: 400,
  error: 'bad_request',
  description: `validation failed in body: ${description}`,
});
