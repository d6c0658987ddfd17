// The service pays a UK account in pounds by sort code and account number (its GB/GBP schema);
// a payroll often gives only the IBAN, which holds both. Imported or typed in an edit, they are
// taken from it; beside a sort code that is not the IBAN's, it is left for the person to settle,
// and the rules say what the IBAN holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import { validateDraft } from '../../../shared/domain/validate-draft';
import { contentOf } from '../../../shared/desk/drafts';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

/** Bank WEST, sort code 12-34-56, account 98765432. */
const IBAN = 'GB82 WEST 1234 5698 7654 32';

describe('a UK IBAN paid in pounds', () => {
  it('is imported as the sort code and account number it holds', async () => {
    const imported = await folder.import(
      await folder.csv('uk-ibans.csv', [
        'Name,IBAN,Sort Code,Amount,Currency,Date',
        `Ann Lee,${IBAN},,100.00,GBP,2030-01-31`,
        `Bo Chen,${IBAN},12-34-56,100.00,GBP,2030-01-31`,
        `Cy Diaz,${IBAN},60-16-13,100.00,GBP,2030-01-31`,
        `Di Evans,${IBAN},,100.00,EUR,2030-01-31`,
      ]),
    );
    for (const row of [2, 3]) {
      expect(draftOf(imported, row).beneficiary?.body).toMatchObject({
        country: 'GB',
        currency: 'GBP',
        bank_details: { bank_code: '123456', account_number: '98765432' },
      });
      expect(errorsOf(draftOf(imported, row))).toEqual([]);
    }
    // Another bank's sort code beside it: which is the payee's is for the person to say.
    const other = draftOf(imported, 4);
    expect(other.beneficiary?.body.bank_details.account_number).toBe('GB82WEST12345698765432');
    expect(errorsOf(other).map((issue) => issue.message)).toContain(
      'a UK account in pounds is paid by sort code and account number, not IBAN: this IBAN holds sort code 12-34-56 and account number 98765432',
    );
    // Not done silently: the summary says how many went so.
    expect(imported.summary.mapping_notes).toContain(
      '2 UK IBANs paid in pounds go as the sort code and account number each holds: the service pays UK accounts in pounds by those',
    );
    // A UK account in euros is paid by IBAN: kept as it is.
    expect(draftOf(imported, 5).beneficiary?.body.bank_details).toMatchObject({
      account_number: 'GB82WEST12345698765432',
    });
    expect(errorsOf(draftOf(imported, 5))).toEqual([]);
  });

  it('typed into a UK account in pounds is split the same way, or said wrong beside another sort code', async () => {
    const imported = await folder.import(
      await folder.csv('uk-account.csv', [
        'Name,Sort Code,Account Number,Amount,Date',
        'Ann Lee,60-16-13,31926819,100.00,2030-01-31',
      ]),
    );
    const content = contentOf(draftOf(imported, 2));
    const rules = { today: '2030-01-01', walletCurrency: 'GBP' };
    const typed = (changes: DraftChanges) => {
      const applied = applyDraftChanges(content, changes);
      if (!applied.ok) throw new Error(applied.message);
      return applied.content;
    };
    const split = typed({
      'beneficiary.bank_details.bank_code': '',
      'beneficiary.bank_details.account_number': IBAN.toLowerCase(),
    });
    expect(split.beneficiary?.bank_details).toMatchObject({
      bank_code: '123456',
      account_number: '98765432',
    });
    expect(validateDraft(split, rules).filter((issue) => issue.severity === 'error')).toEqual([]);
    // Beside the sort code of another bank: which one is the payee's is for the person to say.
    const beside = typed({ 'beneficiary.bank_details.account_number': IBAN });
    expect(validateDraft(beside, rules)).toContainEqual(
      expect.objectContaining({
        field: 'beneficiary.bank_details.account_number',
        severity: 'error',
        message: expect.stringContaining(
          'this IBAN holds sort code 12-34-56 and account number 98765432',
        ),
      }),
    );
  });
});
