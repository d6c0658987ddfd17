// Every problem is an issue at the cell a person fixes it in: a missing account in the IBAN
// column, a missing holder in the name column, a correlation id another payment holds in the
// correlation id column, even though the field filed is the beneficiary's account number or
// account name and the id's clash is only seen once the other rows are known.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder, type ImportedSheet } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const csv = (name: string, lines: string[]) => folder.csv(name, lines);

/** The cells of a row's issues about a field. */
const cellsOf = (imported: ImportedSheet, row: number, field: string) =>
  draftOf(imported, row)
    .issues.filter((issue) => issue.field === field)
    .map((issue) => issue.cell ?? null);

describe('an issue about a field read from another column', () => {
  it('points at that column in its row: the IBAN, the name, the correlation id', async () => {
    const imported = await folder.import(
      await csv('cells.csv', [
        'Name,IBAN,Amount,Date,Correlation ID',
        ',DE89370400440532013000,100,2030-01-31,abc',
        'Bob,,200,2030-01-31,abc',
      ]),
    );
    expect(imported.summary.mapping).toMatchObject({
      Name: 'name',
      IBAN: 'iban',
      'Correlation ID': 'correlation_id',
    });
    expect(cellsOf(imported, 2, 'beneficiary.bank_details.account_name')).toEqual(['A2']);
    expect(cellsOf(imported, 3, 'beneficiary.bank_details.account_number')).toEqual(['B3']);
    expect(cellsOf(imported, 3, 'correlation_id')).toEqual(['E3']);
    // The report says the same as the drafts.
    const reported = imported.summary.issues.filter((i) => i.row === 3 && i.field !== 'duplicate');
    expect(reported.find((i) => i.field === 'correlation_id')?.cell).toBe('E3');
  });

  it('a country written by name is read as its code; one not known is quoted as written', async () => {
    const imported = await folder.import(
      await csv('countries.csv', [
        'Name,Account number,Sort code,Bank country,Amount,Date',
        'Ada,31926819,601613,United Kingdom,100,2030-01-31',
        'Bob,31926819,601613,Untied Kingdom,200,2030-01-31',
      ]),
    );
    expect(draftOf(imported, 2).beneficiary?.body.country).toBe('GB');
    expect(draftOf(imported, 2).issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(draftOf(imported, 3).issues).toContainEqual(
      expect.objectContaining({
        cell: 'D3',
        severity: 'error',
        message: '"Untied Kingdom" is not a country: write the two-letter code, such as GB',
      }),
    );
  });

  it("an ERP's three-letter code and a payroll's German or French name are read as the code", async () => {
    const imported = await folder.import(
      await csv('countries-abroad.csv', [
        'Name,IBAN,Bank country,Address line 1,City,Address country,Amount,Date',
        'Anna,DE89370400440532013000,DEU,Hauptstr. 1,Wien,Österreich,100,2030-01-31',
        'Léa,FR1420041010050500013M02606,Allemagne,1 rue Haute,Genève,schweiz,200,2030-01-31',
        'Jan,DE89370400440532013000,GBX,Kerkstraat 1,Kinshasa,Kongo,300,2030-01-31',
      ]),
    );
    expect(imported.summary.mapping).toMatchObject({
      'Bank country': 'bank_country',
      'Address country': 'address_country',
    });
    expect(draftOf(imported, 2).beneficiary?.body).toMatchObject({
      country: 'DE',
      entity: { address_country: 'AT' },
    });
    expect(draftOf(imported, 2).issues.filter((i) => i.severity === 'error')).toEqual([]);
    // The French bank country is the sheet's to settle with the IBAN, as any other country is.
    expect(draftOf(imported, 3).beneficiary?.body).toMatchObject({
      country: 'DE',
      entity: { address_country: 'CH' },
    });
    // Three letters that are no country, and a German name two countries share, stay refused.
    const refused = draftOf(imported, 4).issues.filter((i) => i.severity === 'error');
    expect(refused).toContainEqual(
      expect.objectContaining({
        cell: 'C4',
        message: '"GBX" is not a country: write the two-letter code, such as GB',
      }),
    );
    expect(refused).toContainEqual(
      expect.objectContaining({
        cell: 'F4',
        message: '"Kongo" is not a country: write the two-letter code, such as GB',
      }),
    );
  });

  it('a correlation id an earlier batch holds points at its cell too', async () => {
    const lines = [
      'Payee,IBAN,Amount,Date,External ID',
      'Ann,DE89370400440532013000,10,2030-01-31',
    ];
    await folder.import(await csv('first.csv', [lines[0]!, `${lines[1]!},INV-77`]));
    const again = await folder.import(
      await csv('second.csv', [lines[0]!, 'Bea,FR1420041010050500013M02606,20,2030-01-31,INV-77']),
    );
    expect(cellsOf(again, 2, 'correlation_id')).toEqual(['E2']);
  });

  it('a holder missing from first and last name columns points at one of them', async () => {
    const imported = await folder.import(
      await csv('names.csv', [
        'First name,Last name,Account Number,Sort Code,Amount,Date',
        ',,31926819,601613,10,2030-01-31',
      ]),
    );
    expect(imported.summary.mapping).toMatchObject({
      'First name': 'first_name',
      'Last name': 'last_name',
    });
    const [cell] = cellsOf(imported, 2, 'beneficiary.bank_details.account_name');
    expect(['A2', 'B2']).toContain(cell);
  });
});
