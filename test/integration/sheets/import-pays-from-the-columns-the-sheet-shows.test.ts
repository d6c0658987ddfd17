// A column hidden in a workbook is one its owner set aside: the old IBAN kept beside the new
// one, a figure worked from. The import pays from the column a person sees in the sheet, and
// says when it uses or leaves out a hidden one, since nobody looking at the sheet would know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';
import { row, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const OLD_IBAN = 'DE89370400440532013000';
const NEW_IBAN = 'FR1420041010050500013M02606';

describe('a column hidden in the sheet', () => {
  it('gives way to a visible column of the same field, and the note says so', async () => {
    const file = await writeXlsx(folder.dir, 'old-iban-hidden.xlsx', {
      sheets: [
        {
          name: 'Payees',
          // Column B, the IBAN the payee had, is hidden; column C is the one they use now.
          cols: [{ min: 2, max: 2, hidden: true }],
          rows: [
            row(1, ['Name', 'IBAN', 'IBAN', 'Amount', 'Currency', 'Date']),
            row(2, ['Ann One', OLD_IBAN, NEW_IBAN, 100, 'EUR', '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file);
    expect(imported.summary.mapping['IBAN (C)']).toBe('iban');
    expect(imported.summary.mapping['IBAN (B)']).toBeNull();
    const draft = draftOf(imported, 2);
    expect(JSON.stringify(draft.beneficiary)).toContain(NEW_IBAN);
    expect(JSON.stringify(draft.beneficiary)).not.toContain(OLD_IBAN);
    expect(imported.summary.mapping_notes).toContain(
      '"IBAN (B)" (hidden in the sheet) could also be iban; "IBAN (C)" was used',
    );
  });

  it('is used where no visible column gives the field, and the note says it is hidden', async () => {
    const file = await writeXlsx(folder.dir, 'amount-hidden.xlsx', {
      sheets: [
        {
          name: 'Payees',
          cols: [{ min: 3, max: 3, hidden: true }],
          rows: [
            row(1, ['Name', 'IBAN', 'Amount', 'Currency', 'Date']),
            row(2, ['Ann One', NEW_IBAN, 100, 'EUR', '2030-01-31']),
          ],
        },
      ],
    });
    const imported = await folder.import(file);
    expect(imported.summary.mapping.Amount).toBe('amount');
    expect(imported.summary.mapping_notes).toContain(
      '"Amount" (column C) is hidden in the sheet and was used as amount: check that it is the column to pay from',
    );
  });
});
