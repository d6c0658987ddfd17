// The results export keeps the sheet's cells as they came in, so its payout columns say what the
// payment pays as Payout Desk holds it: an amount fixed in the app is there, exact, in its
// currency's decimals (more where it has more: nothing rounded away), with its currency, the
// wallet's where the payment names none; and nothing where the draft has no amount.
import { describe, expect, it } from 'vitest';
import type { SourceRowDraft } from '../../../electron/core/outbox';
import { resultRow } from '../../../electron/core/sheets/writing/result-rows';

function draftPaying(amountMilli: number | null, amountCurrency: string | null): SourceRowDraft {
  return {
    id: 'pay-1',
    correlationId: 'pd-1',
    sourceRow: 3,
    state: 'accepted',
    remoteStatus: 'PENDING',
    error: null,
    issues: [],
    // The cell as typed in the sheet, before it was fixed in the app.
    source: ['Charles Babbage', '12,3,4'],
    amountMilli,
    amountCurrency,
    paidTo: { payee: 'Charles Babbage', account: null },
    paidOn: '2030-01-31',
  };
}

const payout = (milli: number | null, currency: string | null, wallet: string | null = 'GBP') =>
  resultRow(draftPaying(milli, currency), wallet).payout;

describe('the payout columns of a results export', () => {
  it('give the amount the draft pays now, beside the cell as the sheet had it', () => {
    const row = resultRow(draftPaying(1_234_560, null), 'GBP');
    expect(row.source).toEqual(['Charles Babbage', '12,3,4']);
    expect(row.payout).toEqual({ amount: '1234.56', currency: 'GBP' });
  });

  it("write the currency's decimals, and more only where the amount has more", () => {
    expect(payout(2_000_000, null)).toEqual({ amount: '2000.00', currency: 'GBP' });
    expect(payout(5_000_000, 'JPY')).toEqual({ amount: '5000', currency: 'JPY' });
    expect(payout(1_500, 'KWD')).toEqual({ amount: '1.500', currency: 'KWD' });
    expect(payout(10_005, null)).toEqual({ amount: '10.005', currency: 'GBP' });
    // Four decimals by its currency, but an amount holds thousandths.
    expect(payout(1_250, 'CLF')).toEqual({ amount: '1.250', currency: 'CLF' });
  });

  it('name the currency the payment names over the wallet’s', () => {
    expect(payout(70_000, 'EUR')).toEqual({ amount: '70.00', currency: 'EUR' });
    expect(payout(70_000, null, null)).toEqual({ amount: '70.00', currency: null });
  });

  it('are empty for a draft with no amount it could pay', () => {
    expect(payout(null, null)).toBeNull();
  });
});
