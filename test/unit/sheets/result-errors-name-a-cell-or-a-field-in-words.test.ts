// The Error column of a results export says where each problem is as a person looks for it:
// the cell, or else the field by the name the app gives it, never a path of the payload.
import { describe, expect, it } from 'vitest';
import type { SourceRowDraft } from '../../../electron/core/outbox';
import { resultRow } from '../../../electron/core/sheets/writing/result-rows';

function draftWith(issues: SourceRowDraft['issues']): SourceRowDraft {
  return {
    id: 'pay-1',
    correlationId: 'pd-1',
    sourceRow: 5,
    state: 'draft',
    remoteStatus: null,
    error: null,
    issues,
    source: ['Ann One'],
    amountMilli: null,
    amountCurrency: null,
    paidTo: { payee: 'Ann One', account: null },
    paidOn: null,
  };
}

const errorOf = (issues: SourceRowDraft['issues']) => resultRow(draftWith(issues)).error;

describe('the Error column of a results export', () => {
  it('names the cell where there is one', () => {
    expect(
      errorOf([
        { field: 'amount.amount', cell: 'D5', message: 'the amount is missing', severity: 'error' },
      ]),
    ).toBe('D5: the amount is missing');
  });

  it('names a field without a cell by its label, the one its path is named after where two share it', () => {
    const error = errorOf([
      {
        field: 'beneficiary.bank_details.account_name',
        message: 'the name is missing',
        severity: 'error',
      },
      {
        field: 'beneficiary.bank_details.account_number',
        message: 'no account',
        severity: 'error',
      },
      { field: 'execution.date', message: 'the payment date is missing', severity: 'error' },
      { field: 'beneficiary.country', message: 'no bank country', severity: 'error' },
    ]);
    expect(error).toBe(
      'Account holder name: the name is missing; Account number: no account; Payment date: the payment date is missing; Bank country: no bank country',
    );
  });

  it('puts a path no field fills into words, and leaves warnings out', () => {
    const error = errorOf([
      { field: 'beneficiary.entity.tax_id', message: 'not accepted', severity: 'error' },
      { field: 'row', message: 'row 5 is hidden', severity: 'warning' },
    ]);
    expect(error).toBe('Beneficiary entity tax id: not accepted');
  });
});
