// A sheet's header says whom it pays. A list headed "Vendor" or "Supplier" pays businesses for
// what they supplied (purpose SUPP), not individuals their salary; a payroll keeps SALA and
// individuals. Decided from the header, once for the whole sheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const IBAN = 'GB29NWBK60161331926819';

describe('a supplier list', () => {
  it.each(['Vendor', 'Supplier', 'Kreditor', 'Contact Name', 'Company', 'Payee (company)'])(
    'headed "%s" pays businesses named by that column, for supplies',
    async (payee) => {
      const imported = await folder.import(
        await folder.csv('suppliers.csv', [
          `${payee},IBAN,Amount,Date,Purpose`,
          `Beta Consulting,${IBAN},100.00,2030-01-31,`,
          `Brightside Cleaning,${IBAN},200.00,2030-01-31,GDDS`,
        ]),
      );
      const first = draftOf(imported, 2);
      expect(first.payment.purpose).toBe('SUPP');
      expect(first.beneficiary?.body).toMatchObject({
        type: 'BUSINESS',
        entity: { company_name: 'Beta Consulting' },
      });
      // A purpose the row gives is its own.
      expect(draftOf(imported, 3).payment.purpose).toBe('GDDS');
    },
  );

  it('with first and last name columns pays individuals', async () => {
    const imported = await folder.import(
      await folder.csv('contractors.csv', [
        'Supplier,First Name,Last Name,IBAN,Amount,Date',
        `Ann Lee,Ann,Lee,${IBAN},100.00,2030-01-31`,
      ]),
    );
    expect(draftOf(imported, 2).payment.purpose).toBe('SUPP');
    expect(draftOf(imported, 2).beneficiary?.body.type).toBe('INDIVIDUAL');
  });
});

describe('a SEPA list of creditors', () => {
  it('pays whoever its creditors are: a person stays an individual', async () => {
    const imported = await folder.import(
      await folder.csv('sepa.csv', [
        'Creditor Name,Creditor IBAN,Instructed Amount,Remittance Information,Requested Execution Date',
        `Luca Rossi,${IBAN},75.00,Rimborso spese,2030-01-31`,
      ]),
    );
    expect(draftOf(imported, 2).beneficiary?.body.type).toBe('INDIVIDUAL');
  });
});

describe('a payroll', () => {
  it('keeps salary and individuals, even where its payee column is headed as a contact', async () => {
    const imported = await folder.import(
      await folder.csv('payroll.csv', [
        'Contact Name,Employee No,IBAN,Net Pay,Date',
        `Ann Lee,E-104,${IBAN},100.00,2030-01-31`,
      ]),
    );
    expect(draftOf(imported, 2).payment.purpose).toBe('SALA');
    expect(draftOf(imported, 2).beneficiary?.body.type).toBe('INDIVIDUAL');
  });
});

describe('a sheet that says neither whom it pays nor which purpose', () => {
  it('pays a business for supplies and a person a salary, row by row', async () => {
    // A German supplier list under "Empfänger" (recipient), which names no kind of payee: its
    // GmbH and SARL were paid salaries.
    const imported = await folder.import(
      await folder.csv('empfaenger.csv', [
        'Empfänger,IBAN,Betrag,Datum',
        `Nordlicht Druck GmbH,${IBAN},100.00,2030-01-31`,
        `Atelier Blanc SARL,${IBAN},200.00,2030-01-31`,
        `Jana Novak,${IBAN},300.00,2030-01-31`,
      ]),
    );
    for (const row of [2, 3]) {
      expect(draftOf(imported, row).beneficiary?.body.type).toBe('BUSINESS');
      expect(draftOf(imported, row).payment.purpose).toBe('SUPP');
    }
    expect(draftOf(imported, 4).beneficiary?.body.type).toBe('INDIVIDUAL');
    expect(draftOf(imported, 4).payment.purpose).toBe('SALA');
  });
});
