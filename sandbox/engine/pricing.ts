// What a payment costs and delivers: a fixed, documented FX table and fee rule, computed in
// exact decimals (shared/domain/money), never in binary floating point.
//
// Amount semantics (spec): SEND = the amount debited from the wallet, in the wallet's currency
// unless amount.currency says otherwise; LAND = the amount credited to the beneficiary, in the
// beneficiary's currency unless amount.currency says otherwise. Fees are in the wallet's
// currency: taken from the debited amount for SEND, added to it for LAND.
import { currencyMinorUnits } from '../../shared/domain/currencies';
import {
  divideByRate,
  formatAmount,
  multiplyByRate,
  parseAmount,
  roundToPlaces,
  type Milli,
} from '../../shared/domain/money';

/** Units of each currency per 1 EUR. Fixed, so that tests and demos can predict every figure. */
export const RATES_PER_EUR: Readonly<Record<string, string>> = {
  EUR: '1',
  GBP: '0.86',
  USD: '1.08',
  CHF: '0.94',
  JPY: '162',
  SEK: '11.5',
  NOK: '11.7',
  DKK: '7.46',
  PLN: '4.32',
  CZK: '25.2',
  CAD: '1.47',
  AUD: '1.65',
};

/** Fee per payment in the wallet's currency: a domestic transfer, or one with FX. */
export const SAME_CURRENCY_FEE = '0.20';
export const CROSS_CURRENCY_FEE = '2.50';

const RATE_DECIMALS = 6;

export class PricingError extends Error {}

export interface PriceRequest {
  type: 'SEND' | 'LAND';
  amount: Milli;
  /** amount.currency as sent, if any. */
  currency?: string | undefined;
  walletCurrency: string;
  beneficiaryCurrency: string;
}

export interface Price {
  debit: Milli;
  credit: Milli;
  fees: Milli;
  /** Wallet -> beneficiary rate as decimal text; null for same-currency payments. */
  rate: string | null;
}

export function price(request: PriceRequest): Price {
  const { walletCurrency: from, beneficiaryCurrency: to } = request;
  const cross = from !== to;
  const rate = cross ? crossRate(from, to) : null;
  const fees = roundToPlaces(
    parseAmount(cross ? CROSS_CURRENCY_FEE : SAME_CURRENCY_FEE) as Milli,
    places(from),
  );
  if (request.type === 'SEND') {
    const debit = convert(request.amount, request.currency ?? from, from);
    const net = debit - fees;
    if (net <= 0n)
      throw new PricingError(
        `amount.amount does not cover the fee of ${formatAmount(fees, places(from))} ${from}`,
      );
    const credit = rate ? multiplyByRate(net, rate, places(to)) : net;
    return { debit, credit, fees, rate };
  }
  const credit = convert(request.amount, request.currency ?? to, to);
  const net = rate ? divideByRate(credit, rate, places(from)) : credit;
  return { debit: net + fees, credit, fees, rate };
}

/** Units of `to` per unit of `from`, rounded half-even to 6 decimals. */
export function crossRate(from: string, to: string): string {
  const fromPerEur = RATES_PER_EUR[from];
  const toPerEur = RATES_PER_EUR[to];
  if (!fromPerEur) throw new PricingError(`the sandbox has no rate for ${from}`);
  if (!toPerEur) throw new PricingError(`the sandbox has no rate for ${to}`);
  // round(to / from, 6 decimals) in integers: a/10^p over b/10^q.
  const [a, p] = decimalParts(toPerEur);
  const [b, q] = decimalParts(fromPerEur);
  const numerator = a * 10n ** BigInt(q + RATE_DECIMALS);
  const denominator = b * 10n ** BigInt(p);
  let micro = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && micro % 2n === 1n))
    micro += 1n;
  const text = micro.toString().padStart(RATE_DECIMALS + 1, '0');
  return `${text.slice(0, -RATE_DECIMALS)}.${text.slice(-RATE_DECIMALS)}`;
}

function convert(amount: Milli, from: string, to: string): Milli {
  if (from === to) return roundToPlaces(amount, places(to));
  return multiplyByRate(amount, crossRate(from, to), places(to));
}

function places(currency: string): number {
  const units = currencyMinorUnits(currency);
  if (units === undefined) throw new PricingError(`${currency} is not an ISO 4217 currency`);
  return Math.min(units, 3);
}

function decimalParts(text: string): [bigint, number] {
  const [whole = '0', fraction = ''] = text.split('.');
  return [BigInt(`${whole}${fraction}`), fraction.length];
}
