import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../shared/domain/money';
import { crossRate, price, PricingError } from '../../../sandbox/engine/pricing';

const milli = (text: string) => parseAmount(text) as bigint;

describe('sandbox pricing', () => {
  it('SEND in the same currency debits the amount and takes the 0.20 fee from it', () => {
    expect(
      price({
        type: 'SEND',
        amount: milli('1000'),
        walletCurrency: 'GBP',
        beneficiaryCurrency: 'GBP',
      }),
    ).toEqual({
      debit: milli('1000'),
      credit: milli('999.80'),
      fees: milli('0.20'),
      rate: null,
    });
  });

  it('LAND across currencies credits the exact amount and adds the 2.50 fee to the debit', () => {
    // 1 GBP = 1/0.86 EUR = 1.162790697... -> 1.162791; 100 EUR / 1.162791 = 85.99999... -> 86.00
    expect(crossRate('GBP', 'EUR')).toBe('1.162791');
    expect(
      price({
        type: 'LAND',
        amount: milli('100'),
        walletCurrency: 'GBP',
        beneficiaryCurrency: 'EUR',
      }),
    ).toEqual({
      debit: milli('88.50'),
      credit: milli('100'),
      fees: milli('2.50'),
      rate: '1.162791',
    });
  });

  it('SEND across currencies converts what is left after the fee, rounded to the target minor units', () => {
    // (1000 - 2.50) * 1.162791 = 1159.8840225 -> 1159.88 EUR; USD -> JPY = 162 / 1.08 = 150 exactly
    expect(
      price({
        type: 'SEND',
        amount: milli('1000'),
        walletCurrency: 'GBP',
        beneficiaryCurrency: 'EUR',
      }).credit,
    ).toBe(milli('1159.88'));
    expect(
      price({
        type: 'SEND',
        amount: milli('100'),
        walletCurrency: 'USD',
        beneficiaryCurrency: 'JPY',
      }).credit,
    ).toBe(milli('14625'));
  });

  it('honours amount.currency when it differs from the default side', () => {
    // SEND 100 EUR from a GBP wallet: debit 100 * 0.86 = 86.00 GBP.
    const paid = price({
      type: 'SEND',
      amount: milli('100'),
      currency: 'EUR',
      walletCurrency: 'GBP',
      beneficiaryCurrency: 'GBP',
    });
    expect(paid.debit).toBe(milli('86'));
  });

  it('refuses currencies without a rate and amounts that do not cover the fee', () => {
    expect(() =>
      price({
        type: 'SEND',
        amount: milli('10'),
        walletCurrency: 'GBP',
        beneficiaryCurrency: 'ZAR',
      }),
    ).toThrow(PricingError);
    expect(() =>
      price({
        type: 'SEND',
        amount: milli('0.10'),
        walletCurrency: 'GBP',
        beneficiaryCurrency: 'GBP',
      }),
    ).toThrow(/fee/);
  });

  it('same-currency payments always balance: debit = credit + fees, to the thousandth', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 201n, max: 10n ** 12n }), (cents) => {
        const amount = cents * 10n;
        const quote = price({
          type: 'SEND',
          amount,
          walletCurrency: 'EUR',
          beneficiaryCurrency: 'EUR',
        });
        expect(quote.debit).toBe(quote.credit + quote.fees);
      }),
    );
  });
});
