// What only shows across rows and across imports: a payment entered twice (flagged for
// review, never dropped), a correlation id used twice, and a column mapping corrected once
// and offered again the next time the same export comes in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const csv = (name: string, lines: string[]) => folder.csv(name, lines);

describe('possible duplicates', () => {
  it('are flagged within the sheet and against drafts already in the outbox, and all rows stay', async () => {
    const lines = [
      'Payee,Sort Code,Account Number,Net Pay,Pay Date,Reference',
      'Ada Lovelace,60-16-13,31926819,1250.50,2030-01-31,January',
      'Alan Turing,40-12-76,04477991,980.00,2030-01-31,January',
      'Ada Lovelace,601613,31926819,"1,250.50",31/01/2030,January again',
      'Ada Lovelace,601613,31926819,1250.50,2030-02-28,February',
    ];
    const first = await folder.import(await csv('january.csv', lines), { batchName: 'January' });
    expect(first.summary.drafts).toBe(4);
    expect(draftOf(first, 4).issues).toEqual([
      expect.objectContaining({
        field: 'duplicate',
        severity: 'warning',
        message: expect.stringContaining('same account, amount, currency and date as row 2'),
      }),
    ]);
    expect(draftOf(first, 5).issues).toEqual([]);
    expect(draftOf(first, 3).issues).toEqual([]);

    const again = await folder.import(await csv('january-again.csv', lines.slice(0, 3)), {
      batchName: 'January, sent twice',
    });
    expect(draftOf(again, 2).issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('row 2 of batch "January"'),
      }),
    ]);
    // A warning asks for a look; it does not block approval.
    expect(folder.outbox.drafts.approve([draftOf(again, 2).id]).approved).toBe(1);
  });

  it('a correlation id the sheet repeats is kept once; the repeat gets an id of its own, with a warning', async () => {
    const imported = await folder.import(
      await csv('correlation.csv', [
        'Payee,IBAN,Amount,Date,External ID',
        'Müller GmbH,DE89370400440532013000,10,2030-01-31,INV-1',
        'Café Olé SARL,BE68539007547034,20,2030-01-31,INV-1',
        'Van den Berg BV,NL91ABNA0417164300,30,2030-01-31,has spaces',
      ]),
      { group: { id: 'group-eur', walletId: 'wallet-eur', walletCurrency: 'EUR' } },
    );
    expect(imported.summary.mapping['External ID']).toBe('correlation_id');
    expect(draftOf(imported, 2).correlation_id).toBe('INV-1');
    expect(draftOf(imported, 3).correlation_id).toMatch(/^pd-[0-9a-f]{32}$/);
    expect(draftOf(imported, 3).issues).toEqual([
      expect.objectContaining({
        field: 'correlation_id',
        severity: 'warning',
        message: "correlation id INV-1 is row 2's too; this one gets an id of its own",
      }),
    ]);
    expect(draftOf(imported, 4).correlation_id).toMatch(/^pd-/);
    expect(errorsOf(draftOf(imported, 4))).toEqual([]);
  });
});

describe('a mapping corrected once', () => {
  it('is offered again for the same source, and replaced by a mapping given for one import', async () => {
    const lines = [
      'Employee,Bank code,Account,Net,Value date,Department',
      'Ada Lovelace,601613,31926819,1250.50,2030-01-31,Research',
    ];
    const own = {
      Employee: 'name',
      'Bank code': 'bank_code',
      Account: 'account_number',
      Net: 'amount',
      'Value date': 'execution_date',
      Department: 'tag:department',
    };
    const first = await folder.import(await csv('hr-export.csv', lines), { mapping: own });
    expect(first.summary).toMatchObject({ mapping_source: 'given', mapping: own });
    expect(draftOf(first, 2).payment.user_tags).toEqual({ department: 'Research' });

    const next = await folder.import(await csv('hr-export-february.csv', lines));
    expect(next.summary).toMatchObject({ mapping_source: 'saved', mapping: own });
    expect(errorsOf(draftOf(next, 2))).toEqual([]);

    const other = await folder.import(
      await csv('other-export.csv', [
        'Payee,IBAN,Amount,Date',
        'Müller GmbH,DE89370400440532013000,10,2030-01-31',
      ]),
    );
    expect(other.summary.mapping_source).toBe('proposed');
  });
});

describe('a mapping corrected once, the columns then reordered', () => {
  it('is still offered: a source is its headers, not their order', async () => {
    const corrected = { Description: null, 'Invoice no': 'description' };
    await folder.import(
      await csv('supplier-run-1.csv', [
        'Name,IBAN,Amount,Payment date,Description,Invoice no',
        'Jane Smith,FR1420041010050500013M02606,100,2030-01-15,internal: disputed,INV1',
      ]),
      { mapping: corrected },
    );
    const next = await folder.import(
      await csv('supplier-run-2.csv', [
        'Invoice no,Name,Description,IBAN,Amount,Payment date',
        'INV2,John Doe,internal: do not pay early,DE89370400440532013000,200,2030-01-15',
      ]),
    );
    expect(next.summary.mapping_source).toBe('saved');
    expect(next.summary.mapping.Description).toBeNull();
    // The internal note never becomes the payee's remittance text.
    expect(draftOf(next, 2).payment.description).toBe('INV2');
  });

  it('names a repeated header by its column only while that column holds it', async () => {
    // The second Amount is the one to pay; the first is the gross.
    const own = { Name: 'name', IBAN: 'iban', 'Amount (E)': 'amount', Date: 'execution_date' };
    await folder.import(
      await csv('gross-net-1.csv', [
        'Name,IBAN,Amount,Date,Amount',
        'Jane Smith,FR1420041010050500013M02606,120,2030-01-15,100',
      ]),
      { mapping: own },
    );
    // Name and IBAN swap; both Amounts stay in C and E: the saved mapping is applied.
    const swapped = await folder.import(
      await csv('gross-net-2.csv', [
        'IBAN,Name,Amount,Date,Amount',
        'FR1420041010050500013M02606,Jane Smith,120,2030-01-15,100',
      ]),
    );
    expect(swapped.summary.mapping_source).toBe('saved');
    expect(draftOf(swapped, 2).payment.amount.amount).toBe(100);
    // The Amounts move: E now holds the first of them, so the saved mapping is not applied.
    const moved = await folder.import(
      await csv('gross-net-3.csv', [
        'Name,IBAN,Date,Ref,Amount,Amount',
        'Jane Smith,FR1420041010050500013M02606,2030-01-15,INV1,120,100',
      ]),
    );
    expect(moved.summary.mapping_source).toBe('proposed');
  });
});

describe('a mapping of the wrong shape', () => {
  it('is refused saying what is wrong with it, and nothing is imported', async () => {
    const file = await csv('payees.csv', [
      'Payee,IBAN,Amount,Date,Note',
      'Müller GmbH,DE89370400440532013000,10,2030-01-31,first',
    ]);
    const before = folder.counts();
    await expect(
      folder.import(file, { mapping: { Payee: 'name', Note: 'memo' } }),
    ).rejects.toMatchObject({
      code: 'bad_mapping',
      message: expect.stringMatching(
        /^the mapping gives the column "Note" "memo", which is not a field: the fields are .*\bamount\b.*; tag:<key> makes the column a tag, and null leaves it out$/,
      ),
    });
    await expect(
      folder.import(file, { mapping: { mapping: { Payee: 'name' }, date_order: 'YMD' } }),
    ).rejects.toMatchObject({
      code: 'bad_mapping',
      message: `the mapping's date_order is "YMD"; it can be "DMY" (31/01/2030, day first) or "MDY" (01/31/2030, month first)`,
    });
    await expect(
      folder.import(file, { mapping: { Amount: 'amount', Note: 'amount', IBAN: 'iban' } }),
    ).rejects.toMatchObject({
      code: 'bad_mapping',
      message:
        'the mapping gives Amount (amount) more than one column ("Amount" and "Note"): keep one and set the others to not used',
    });
    expect(folder.counts()).toEqual(before);
  });
});
