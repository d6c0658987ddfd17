// A formula saved without its result, as openpyxl and other scripts write one (`<f>` with an
// empty `<v>`, or none), cannot be read until Excel calculates it. It is an issue at its cell,
// never a blank cell: a blank would let the import fill the field from another column (the
// account holder from the payee's name, the bank country from the IBAN) and pass that guess
// off as what the sheet says. Only a text result can be empty, so `t="str"` with an empty
// `<v>` (Excel's ="") stays a blank cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';
import { row, writeXlsx, type CellSpec } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const IBAN = 'DE89370400440532013000';
const HEADER = ['Payee', 'Account holder', 'IBAN', 'Bank country', 'Amount', 'Pay date', 'Note'];

/** A formula cell with no result: an empty `<v>` as openpyxl writes it, or no `<v>` at all. */
const uncalculated = (f: string, v: 'empty <v>' | 'no <v>'): Omit<CellSpec, 'ref'> =>
  v === 'empty <v>' ? { f, v: '' } : { f };

const FORMULAS = {
  holder: 'UPPER(A2)',
  country: 'LEFT(C2,2)',
  amount: 'SUM(100,150)',
};

async function imported(v: 'empty <v>' | 'no <v>') {
  const path = await writeXlsx(folder.dir, `uncalculated-${v.replace(/\W+/g, '-')}.xlsx`, {
    sheets: [
      {
        name: 'Payments',
        rows: [
          row(1, HEADER),
          row(2, [
            'Müller GmbH',
            uncalculated(FORMULAS.holder, v),
            IBAN,
            uncalculated(FORMULAS.country, v),
            uncalculated(FORMULAS.amount, v),
            '2030-01-31',
            // Excel's ="" saves an empty text result: a blank cell, not an issue.
            { t: 'str', f: 'IF(TRUE,"","x")', v: '' },
          ]),
          row(3, ['Ann Smith', 'Ann Smith', IBAN, 'DE', 250, '2030-01-31', 'ok']),
        ],
      },
    ],
  });
  return folder.import(path, {
    group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' },
  });
}

describe.each(['empty <v>', 'no <v>'] as const)('a formula Excel has not calculated (%s)', (v) => {
  it('is an issue at its cell, naming the formula, and its field is not filled from elsewhere', async () => {
    const sheet = await imported(v);
    expect(sheet.summary.mapping).toMatchObject({
      Payee: 'name',
      'Account holder': 'account_name',
      IBAN: 'iban',
      'Bank country': 'bank_country',
      Amount: 'amount',
      Note: 'description',
    });
    const draft = draftOf(sheet, 2);
    const errors = errorsOf(draft);
    for (const [cell, formula] of [
      ['B2', FORMULAS.holder],
      ['D2', FORMULAS.country],
      ['E2', FORMULAS.amount],
    ] as const) {
      const at = errors.filter((issue) => issue.cell === cell);
      expect(at, cell).toHaveLength(1);
      expect(at[0]?.message).toContain(`=${formula}`);
      expect(at[0]?.message).toMatch(/Excel has not calculated/);
    }
    // Neither the payee's name nor the IBAN's country stands in for what the cells hold.
    const beneficiary = draft.beneficiary?.body;
    expect(beneficiary?.bank_details.account_name).toBeUndefined();
    expect(beneficiary?.country).not.toBe(IBAN.slice(0, 2));
    expect(beneficiary?.bank_details.account_number).toBe(IBAN);
    // An amount that could not be read stays missing, never a 0 that could be taken for one.
    expect(draft.payment.amount.amount).toBeUndefined();
    // A text result that is empty is a blank cell.
    expect(draft.issues.filter((issue) => issue.cell === 'G2')).toEqual([]);
    expect(draft.payment.description).toBeUndefined();

    // The row beside it, whose cells hold values, is read as ever.
    const ann = draftOf(sheet, 3);
    expect(errorsOf(ann)).toEqual([]);
    expect(ann.beneficiary?.body.bank_details.account_name).toBe('Ann Smith');
    expect(ann.beneficiary?.body.country).toBe('DE');
  });
});
