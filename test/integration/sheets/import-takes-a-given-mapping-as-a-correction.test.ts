// `--mapping FILE` as a finance person uses it: to correct what the headers proposed, one column
// at a time, in a sheet whose headers may repeat. Whatever goes wrong with the mapping, the
// refusal says what (the header the sheet lacks, the columns a repeated header could be), and
// nothing reaches the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const csv = (name: string, lines: string[]) => folder.csv(name, lines);

/** Gross and net pay both headed "Amount", as a payroll export can have them. */
const repeatedHeaders = () =>
  csv('repeated-headers.csv', [
    'Name,IBAN,Amount,Amount,Date,Notes,Notes',
    'Ada Lovelace,DE89370400440532013000,100,90,2030-01-31,gross then net,January',
  ]);

describe('a header that heads two columns', () => {
  it('is refused when the mapping names it, saying which columns it could be', async () => {
    const file = await repeatedHeaders();
    const before = folder.counts();
    await expect(
      folder.import(file, { mapping: { Amount: 'amount', Name: 'name', IBAN: 'iban' } }),
    ).rejects.toMatchObject({
      code: 'bad_mapping',
      message: expect.stringMatching(
        /"Amount" .* column C or D .*"Amount \(C\)" or "Amount \(D\)"/,
      ),
    });
    expect(folder.counts()).toEqual(before);
  });

  it('is named by its column, and that column’s values are the ones imported', async () => {
    const imported = await folder.import(await repeatedHeaders(), {
      mapping: { 'Amount (D)': 'amount', 'Notes (G)': 'description' },
    });
    expect(draftOf(imported, 2).payment.amount.amount).toBe(90);
    expect(draftOf(imported, 2).payment.description).toBe('January');
    expect(imported.summary.mapping).toMatchObject({ 'Amount (D)': 'amount' });
    expect(imported.summary.mapping['Amount (C)']).toBeNull();
  });
});

describe('a mapping naming a header the sheet does not have', () => {
  it('is refused naming that header and the sheet’s columns, not as "no payment list"', async () => {
    const file = await csv('payees.csv', [
      'Payee,IBAN,Amount,Date',
      'Müller GmbH,DE89370400440532013000,10,2030-01-31',
    ]);
    const before = folder.counts();
    const refused = folder.import(file, { mapping: { Nope: 'name', Amount: 'amount' } });
    await expect(refused).rejects.toMatchObject({
      code: 'bad_mapping',
      message: expect.stringMatching(/"Nope" that the sheet does not have.*Payee, IBAN, Amount/),
    });
    expect(folder.counts()).toEqual(before);
  });
});

describe('a mapping correcting one column', () => {
  const lines = [
    'Employee,Staff no,IBAN,Net Pay,Pay Date,Reference',
    'Ada Lovelace,E-17,DE89370400440532013000,1250.50,2030-01-31,January salary',
  ];

  it('keeps what the headers propose for the others, and prints the whole mapping used', async () => {
    const proposed = await folder.import(await csv('proposed.csv', lines));
    expect(proposed.summary.mapping['Staff no']).toBeNull();

    const corrected = await folder.import(await csv('corrected.csv', lines), {
      mapping: { 'Staff no': 'tag:staff', Reference: null },
    });
    expect(corrected.summary.mapping).toEqual({
      ...proposed.summary.mapping,
      'Staff no': 'tag:staff',
      Reference: null,
    });
    const draft = draftOf(corrected, 2);
    expect(draft.payment.user_tags).toEqual({ staff: 'E-17' });
    expect(draft.payment.description).toBeUndefined();
    expect(draft.payment.amount.amount).toBe(draftOf(proposed, 2).payment.amount.amount);
  });

  it('is saved whole: the next import of the source uses it, the column left out included', async () => {
    await folder.import(await csv('march.csv', lines), { mapping: { Reference: null } });
    const next = await folder.import(await csv('april.csv', lines));
    expect(next.summary.mapping_source).toBe('saved');
    expect(next.summary.mapping['Reference']).toBeNull();
    expect(next.summary.mapping['Net Pay']).toBe('amount');
  });

  it('is printed with each column it leaves out as null, and given back changes nothing', async () => {
    const unused = [
      'Employee,Staff no,IBAN,Net Pay,Pay Date,Cost centre',
      'Ada Lovelace,E-17,DE89370400440532013000,1250.50,2030-01-31,CC-7',
    ];
    const first = await folder.import(await csv('unused.csv', unused));
    expect(first.summary.mapping).toEqual({
      Employee: 'name',
      'Staff no': null,
      IBAN: 'iban',
      'Net Pay': 'amount',
      'Pay Date': 'execution_date',
      'Cost centre': null,
    });
    const again = await folder.import(await csv('unused-again.csv', unused), {
      mapping: first.summary.mapping,
    });
    expect(again.summary.mapping).toEqual(first.summary.mapping);
    expect(draftOf(again, 2).payment.amount).toEqual(draftOf(first, 2).payment.amount);
  });
});
