// A payroll or ERP export ends with its own total, a control figure the import skips as no
// payment. Where the payments imported do not add up to it (a row left out, read otherwise, or
// refused), the import's summary says so with both figures, before anything is approved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const HEADER = 'Payee,Sort Code,Account Number,Net Pay,Pay Date,Reference';
const PAYMENTS = [
  'Ada Lovelace,601613,31926819,"1,250.50",2030-01-31,January',
  'Alan Turing,401276,04477991,980.00,2030-01-31,January',
  // Refused: the amount cannot be read, so the batch's total leaves it out.
  'Grace Hopper,601613,31926851,"12,3,4",2030-01-31,January',
];

const totalNoteOf = async (name: string, lines: string[]) =>
  (await folder.import(await folder.csv(name, [HEADER, ...lines]))).summary.sheet_total_note;

describe("a sheet's totals row", () => {
  it('that the payments do not add up to is said, with both figures and what was not counted', async () => {
    const note = await totalNoteOf('short.csv', [...PAYMENTS, 'Grand total,,,"3,464.50",,']);
    expect(note).toBe(
      "the sheet's totals row 5 says GBP 3,464.50, but the 2 payments imported add up to GBP 2,230.50, not counting 1 whose amount is missing or wrong: check that no row was left out or read otherwise",
    );
  });

  it('that they add up to, or an unlabelled sum under the amounts that they do, says nothing', async () => {
    const paid = PAYMENTS.slice(0, 2);
    for (const total of ['Total,,,"2,230.50",,', ',,,2230.5,,']) {
      expect(await totalNoteOf('matching.csv', [...paid, total])).toBeUndefined();
    }
  });

  it('is not held against the whole when the sheet has subtotals too', async () => {
    const note = await totalNoteOf('subtotals.csv', [
      PAYMENTS[0]!,
      'Subtotal Research,,,"1,250.50",,',
      PAYMENTS[1]!,
      'Subtotal Ops,,,980.00,,',
    ]);
    expect(note).toBeUndefined();
  });
});
