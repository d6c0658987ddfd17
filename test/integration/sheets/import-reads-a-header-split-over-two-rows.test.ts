// A sheet made by hand groups its columns: "Bank details" over "IBAN | BIC | Sort code" in the
// row below, merged across them as LibreOffice and Excel write it. The columns are the lower
// row's (they say what each holds), and that row is a header, not a payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';
import { dateSerial, row, STYLE, writeXlsx } from '../../support/xlsx-by-hand';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const grouped = (merges: string[]) =>
  writeXlsx(folder.dir, `grouped-${merges.length}.xlsx`, {
    sheets: [
      {
        name: 'Contractors',
        rows: [
          row(1, ['Contractor payments – February 2030']),
          row(3, ['Name', 'Country', 'Bank details', null, null, 'Amount', 'Pay on', 'Notes']),
          row(4, [null, null, 'IBAN', 'BIC', 'Sort code']),
          row(5, [
            'Alice Carter',
            'GB',
            'GB29 NWBK 6016 1331 9268 19',
            'NWBKGB2L',
            null,
            1200,
            { v: dateSerial('2030-02-28'), s: STYLE.date },
            'Design',
          ]),
          row(6, [
            'Bob Martinez',
            'GB',
            null,
            null,
            '40-47-84',
            950,
            { v: dateSerial('2030-02-28'), s: STYLE.date },
            'Workshop',
          ]),
        ],
        merges,
      },
    ],
  });

describe('a group header over the columns the row below names', () => {
  for (const merges of [['C3:E3'], []]) {
    it(`gives each column the lower row's name, ${merges.length ? 'merged' : 'without a merge'}`, async () => {
      const imported = await folder.import(await grouped(merges));
      expect(imported.summary.header_row).toBe(4);
      expect(imported.summary.mapping).toMatchObject({
        Name: 'name',
        IBAN: 'iban',
        BIC: 'bic',
        'Sort code': 'bank_code',
        Amount: 'amount',
        'Pay on': 'execution_date',
      });
      expect([...imported.rows.keys()]).toEqual([5, 6]);
      const alice = draftOf(imported, 5);
      expect(alice.beneficiary?.body.bank_details).toMatchObject({
        bank_identifier_code: 'NWBKGB2L',
      });
      expect(alice.beneficiary?.body.bank_details.bank_name).toBeUndefined();
      expect(alice.payment.execution.date).toMatch(/^2030-02-28/);
      expect(errorsOf(alice)).toEqual([]);
      expect(draftOf(imported, 6).beneficiary?.body.bank_details.bank_code).toBe('404784');
    });
  }
});
