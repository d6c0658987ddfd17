// Fills a new (or reset) sandbox: the fixed wallets, groups and beneficiaries of seed-data.ts,
// and a few hundred statement items over the last six months whose running balance ends at
// each wallet's balance. Random parts come from a seeded generator: the same on every machine.
import { amountToNumber, parseAmount, type Milli } from '../shared/domain/money';
import type { PaymentBody } from '../shared/service';
import { price, SAME_CURRENCY_FEE } from './engine/pricing';
import {
  SEED_BENEFICIARIES,
  SEED_GROUPS,
  SEED_OWNER,
  SEED_WALLETS,
  type SeedWallet,
} from './seed-data';
import type { Db } from './store/database';
import { GroupRepository } from './store/group-repository';
import { PaymentRepository } from './store/payment-repository';
import { StatementRepository } from './store/statement-repository';

const DAY = 86_400_000;
const HISTORY_DAYS = 180;
const PAYOUTS_PER_WALLET = 110;

export interface SeededIds {
  wallets: Record<string, string>;
  groups: string[];
  beneficiaries: string[];
}

export function seed(db: Db, now: number): SeededIds {
  const random = seededRandom(20261122);
  const uuid = () => seededUuid(random);
  const groups = new GroupRepository(db, () => now);
  const statements = new StatementRepository(db);
  const ids: SeededIds = { wallets: {}, groups: [], beneficiaries: [] };

  db.transaction(() => {
    const beneficiaries = SEED_BENEFICIARIES.map((beneficiary) => {
      const id = uuid();
      const name =
        beneficiary.bank_details.account_name ??
        beneficiary.entity.company_name ??
        `${beneficiary.entity.individual_first_name} ${beneficiary.entity.individual_last_name}`;
      db.prepare(
        `INSERT INTO beneficiaries (id, entity_type, country, currency, name, entity_json,
           bank_details_json, activate_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        beneficiary.entity_type,
        beneficiary.country,
        beneficiary.currency,
        name,
        JSON.stringify(beneficiary.entity),
        JSON.stringify(beneficiary.bank_details),
        now - HISTORY_DAYS * DAY,
        now - HISTORY_DAYS * DAY,
        now - HISTORY_DAYS * DAY,
      );
      ids.beneficiaries.push(id);
      return { id, name, ...beneficiary };
    });

    for (const wallet of SEED_WALLETS) {
      const walletId = uuid();
      ids.wallets[wallet.key] = walletId;
      db.prepare(
        `INSERT INTO wallets (id, name, currency, owner, state, balance_milli, funding_json, user_tags_json)
         VALUES (?, ?, ?, ?, 'ACTIVE', 0, ?, ?)`,
      ).run(
        walletId,
        wallet.name,
        wallet.currency,
        SEED_OWNER,
        JSON.stringify(wallet.funding),
        JSON.stringify({ region: wallet.key }),
      );
    }

    const payouts: GroupPayout[] = [];
    for (const group of SEED_GROUPS) {
      const id = uuid();
      const walletId = ids.wallets[group.wallet];
      if (!walletId) throw new Error(`seed group ${group.name} names an unknown wallet`);
      groups.insert({
        id,
        name: group.name,
        description: group.description,
        locked: group.locked,
        walletId,
        userTags: group.userTags,
      });
      ids.groups.push(id);
      const currency = SEED_WALLETS.find((w) => w.key === group.wallet)?.currency;
      const payees = beneficiaries.filter((b) => b.currency === currency);
      for (let i = 0; i < (group.completedPayouts ?? 0) + (group.pendingPayouts ?? 0); i += 1) {
        const payee = payees[i % payees.length];
        if (!payee) throw new Error(`seed group ${group.name} has no payee in ${currency}`);
        const completed = i < (group.completedPayouts ?? 0);
        payouts.push({
          id: uuid(),
          groupId: id,
          walletKey: group.wallet,
          payee,
          completed,
          date: completed ? now - 20 * DAY + i * 60_000 : now + 10 * DAY,
          milli: parseAmount(completed ? `${2_450 + i * 125}.00` : `${39 + i * 20}.90`) ?? 0n,
        });
      }
    }

    for (const wallet of SEED_WALLETS) {
      const walletId = ids.wallets[wallet.key] as string;
      const payees = beneficiaries.filter((b) => b.currency === wallet.currency);
      const done = payouts.filter((p) => p.completed && p.walletKey === wallet.key);
      const events: HistoryEvent[] = [
        ...historyOf(wallet, now, random),
        ...done.map((p) => ({ date: p.date, action: 'DEBIT' as const, milli: p.milli, payout: p })),
      ].sort((a, b) => a.date - b.date);
      let balance: Milli = 0n;
      for (const event of events) {
        if (event.action === 'DEBIT' && !event.payout && event.milli > balance) continue;
        balance += event.action === 'CREDIT' ? event.milli : -event.milli;
        const payee = event.payout?.payee ?? payees[Math.floor(random() * payees.length)];
        const counterpart =
          event.action === 'CREDIT' || !payee
            ? fundingCounterpart(wallet)
            : payeeCounterpart(payee);
        statements.append({
          id: uuid(),
          walletId,
          date: event.date,
          action: event.action,
          description:
            event.action === 'CREDIT'
              ? `Top-up from ${wallet.funding.name}`
              : `Payout to ${counterpart.name}`,
          executionId: event.payout?.id ?? uuid(),
          debit: { currency: wallet.currency, milli: event.milli },
          credit: {
            currency: wallet.currency,
            milli: event.milli - (event.payout ? SEED_FEE : 0n),
          },
          feesMilli: event.payout ? SEED_FEE : 0n,
          rate: null,
          balanceMilli: balance,
          counterpart,
        });
      }
      db.prepare('UPDATE wallets SET balance_milli = ? WHERE id = ?').run(balance, walletId);
    }

    const payments = new PaymentRepository(db);
    for (const payout of payouts) {
      const currency = payout.payee.currency;
      const body = {
        source: { type: 'group' as const, id: payout.groupId },
        target: { type: 'contact' as const, id: payout.payee.id },
        amount: { type: 'SEND' as const, amount: amountToNumber(payout.milli) },
        execution: { type: 'SEND' as const, date: new Date(payout.date).toISOString() },
        purpose: payout.completed ? 'SALA' : 'REFU',
        description: payout.completed
          ? `Salary ${payout.payee.name}`
          : `Refund ${payout.payee.name}`,
        approved: payout.completed,
      };
      payments.insert({
        id: payout.id,
        correlationId: `seed-${payout.id.slice(0, 8)}`,
        body: body as PaymentBody,
        price: price({
          type: 'SEND',
          amount: payout.milli,
          walletCurrency: currency,
          beneficiaryCurrency: currency,
        }),
        walletCurrency: currency,
        beneficiaryCurrency: currency,
        now: payout.completed ? payout.date - DAY : now,
      });
      if (payout.completed) {
        db.prepare(
          `UPDATE payments SET status = 'COMPLETED', processing_at = ?, completed_at = ? WHERE id = ?`,
        ).run(payout.date, payout.date + 60_000, payout.id);
      }
    }
  })();
  return ids;
}

interface HistoryEvent {
  date: number;
  action: 'CREDIT' | 'DEBIT';
  milli: Milli;
  payout?: GroupPayout;
}

interface SeededPayee {
  id: string;
  name: string;
  country: string;
  currency: string;
  entity: Record<string, string>;
}

/** A payment of a seeded group: completed last month (and on the statement) or pending. */
interface GroupPayout {
  id: string;
  groupId: string;
  walletKey: string;
  payee: SeededPayee;
  completed: boolean;
  date: number;
  milli: Milli;
}

/** The same-currency fee of engine/pricing.ts, so that seeded payouts read like live ones. */
const SEED_FEE = parseAmount(SAME_CURRENCY_FEE) as Milli;

function payeeCounterpart(payee: SeededPayee) {
  return {
    id: payee.id,
    currency: payee.currency,
    bank_details: { account_country: payee.country, account_name: payee.name },
    entity: payee.entity,
    active: true,
    name: payee.name,
    user_tags: {},
  };
}

/** Monthly top-ups and scattered payouts over the history window, oldest first. */
function historyOf(wallet: SeedWallet, now: number, random: () => number): HistoryEvent[] {
  const start = now - HISTORY_DAYS * DAY;
  const events: HistoryEvent[] = [];
  for (let day = 0; day < HISTORY_DAYS; day += 30) {
    events.push({
      date: start + day * DAY + 9 * 3_600_000,
      action: 'CREDIT',
      milli: wholeUnits(wallet.topUp),
    });
  }
  const [low, high] = wallet.payout;
  for (let i = 0; i < PAYOUTS_PER_WALLET; i += 1) {
    const cents = Math.floor((low + random() * (high - low)) * 100);
    events.push({
      date: start + Math.floor(random() * (HISTORY_DAYS - 1) * DAY) + DAY,
      action: 'DEBIT',
      milli:
        parseAmount(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`) ?? 0n,
    });
  }
  return events.sort((a, b) => a.date - b.date);
}

function fundingCounterpart(wallet: SeedWallet) {
  return {
    id: SEED_OWNER,
    currency: wallet.currency,
    bank_details: { account_country: wallet.funding.country, account_name: wallet.funding.name },
    entity: { company_name: wallet.funding.name },
    active: true,
    name: wallet.funding.name,
    user_tags: {},
  };
}

const wholeUnits = (units: number): Milli => BigInt(units) * 1000n;

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** A version-4-shaped UUID from the seeded generator, so that seed ids repeat across machines. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
