// validateDraft: the one set of rules on a draft's values, as the importer, an edit and the
// window as the user types all apply them. Each rule is shown failing on a value a person would
// type wrong, and a draft made only of right values has no issue at all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DraftContent } from '../../../shared/domain/draft';
import { applyDraftChanges } from '../../../shared/domain/draft-changes';
import { amountFromNumber } from '../../../shared/domain/money';
import { validateDraft } from '../../../shared/domain/validate-draft';

const today = '2030-01-01';

function draft(overrides: { payment?: object; beneficiary?: object | null } = {}): DraftContent {
  const payment = {
    source: { type: 'group', id: 'g1' },
    target: { type: 'contact', id: '' },
    amount: { type: 'SEND', amount: 1250.5 },
    execution: { date: '2030-01-31T09:00:00Z' },
    purpose: 'SALA',
    ...overrides.payment,
  };
  const beneficiary =
    overrides.beneficiary === null
      ? null
      : {
          type: 'INDIVIDUAL',
          country: 'GB',
          currency: 'GBP',
          entity: { individual_first_name: 'Ada', individual_last_name: 'Lovelace' },
          bank_details: {
            account_name: 'Ada Lovelace',
            account_number: '31926819',
            bank_code: '601613',
          },
          ...overrides.beneficiary,
        };
  return { payment, beneficiary } as DraftContent;
}

const fields = (content: DraftContent, walletCurrency = 'GBP') =>
  validateDraft(content, { today, walletCurrency }).map((i) => [i.field, i.severity]);

describe('validateDraft', () => {
  it('finds nothing wrong with a payment of right values', () => {
    expect(validateDraft(draft(), { today, walletCurrency: 'GBP' })).toEqual([]);
  });

  it.each([
    [{ payment: { amount: { type: 'SEND' } } }, 'amount.amount', 'the amount is missing'],
    [{ payment: { amount: { type: 'SEND', amount: 0 } } }, 'amount.amount', 'above zero'],
    [{ payment: { amount: { type: 'SEND', amount: -5 } } }, 'amount.amount', 'above zero'],
    [{ payment: { amount: { type: 'SEND', amount: 10.005 } } }, 'amount.amount', 'at most 2'],
    [
      { payment: { amount: { type: 'SEND', amount: 1, currency: 'EURO' } } },
      'amount.currency',
      'not a currency',
    ],
    [{ payment: { amount: { type: 'SPEND', amount: 1 } } }, 'amount.type', 'SEND'],
    [{ payment: { execution: { date: '' } } }, 'execution.date', 'missing'],
    [{ payment: { execution: { date: '2030-02-30' } } }, 'execution.date', 'not a date'],
    [{ payment: { purpose: 'SALARY' } }, 'purpose', 'ISO 20022'],
    [{ beneficiary: { country: 'UK' } }, 'beneficiary.country', 'not a country code'],
    [{ beneficiary: { currency: '' } }, 'beneficiary.currency', 'missing'],
    [{ beneficiary: { type: 'PERSON' } }, 'beneficiary.type', 'INDIVIDUAL or BUSINESS'],
    [
      {
        beneficiary: {
          bank_details: { account_name: 'A', account_number: '1234', bank_code: '601613' },
        },
      },
      'beneficiary.bank_details.account_number',
      'UK account number is 8 digits',
    ],
    [
      {
        beneficiary: {
          bank_details: { account_name: 'A', account_number: '31926819', bank_code: '60161' },
        },
      },
      'beneficiary.bank_details.bank_code',
      'sort code is 6 digits',
    ],
    [
      { beneficiary: { bank_details: { account_number: '31926819' }, entity: {} } },
      'beneficiary.bank_details.account_name',
      'holder is missing',
    ],
    [
      {
        beneficiary: {
          country: 'DE',
          currency: 'EUR',
          bank_details: { account_name: 'A', account_number: 'DE89370400440532013001' },
        },
      },
      'beneficiary.bank_details.account_number',
      'check digits',
    ],
    // A SEPA account in euros is paid by IBAN: a bare account number is not one.
    [
      {
        beneficiary: {
          country: 'DE',
          currency: 'EUR',
          bank_details: { account_name: 'A', account_number: '12345678' },
        },
      },
      'beneficiary.bank_details.account_number',
      'paid by its IBAN',
    ],
    // A UK account in euros too, however sound as a UK account number with its sort code.
    [
      {
        beneficiary: {
          country: 'GB',
          currency: 'EUR',
          bank_details: { account_name: 'A', account_number: '31926899', bank_code: '601613' },
        },
      },
      'beneficiary.bank_details.account_number',
      'a GB account in euros is paid by its IBAN',
    ],
    [
      {
        beneficiary: {
          country: 'US',
          currency: 'USD',
          bank_details: { account_name: 'A', account_number: '9876543210', bank_code: '011000016' },
        },
      },
      'beneficiary.bank_details.bank_code',
      'check digit',
    ],
    [
      {
        beneficiary: {
          bank_details: {
            account_name: 'A',
            account_number: '31926819',
            bank_identifier_code: 'NWBK',
          },
        },
      },
      'beneficiary.bank_details.bank_identifier_code',
      '8 or 11',
    ],
    [{ beneficiary: null }, 'target.id', 'names no payee'],
  ])('refuses %j at %s', (overrides, field, words) => {
    const issues = validateDraft(draft(overrides), { today, walletCurrency: 'GBP' });
    const found = issues.find((issue) => issue.field === field);
    expect(found, JSON.stringify(issues)).toMatchObject({ severity: 'error', source: 'rules' });
    expect(found?.message).toContain(words);
  });

  it('warns of a date in the past and of an IBAN from another country, without blocking', () => {
    const issues = validateDraft(
      draft({
        payment: { execution: { date: '2029-12-31T09:00:00Z' } },
        beneficiary: {
          country: 'FR',
          currency: 'EUR',
          bank_details: { account_name: 'A', account_number: 'DE89370400440532013000' },
        },
      }),
      { today, walletCurrency: 'EUR' },
    );
    expect(issues.map((i) => [i.field, i.severity])).toEqual([
      ['beneficiary.country', 'warning'],
      ['execution.date', 'warning'],
    ]);
  });

  it('judges a SEND amount by the wallet’s currency and a LAND one by the account’s', () => {
    const yen = { payment: { amount: { type: 'SEND', amount: 1000.5 } } };
    expect(fields(draft(yen), 'JPY')).toEqual([['amount.amount', 'error']]);
    expect(fields(draft(yen), 'GBP')).toEqual([]);
    // Before its group is known, a SEND amount's currency is not: no guess is made.
    expect(validateDraft(draft(yen), { today })).toEqual([]);
    const land = {
      payment: { amount: { type: 'LAND', amount: 1000.5 } },
      beneficiary: { currency: 'JPY' },
    };
    expect(fields(draft(land), 'GBP')).toEqual([['amount.amount', 'error']]);
  });

  it('gives one error per field, the first that says what to fix', () => {
    const issues = validateDraft(
      draft({ beneficiary: { country: '', bank_details: {}, entity: {} } }),
      {
        today,
      },
    );
    const byField = new Map<string, number>();
    for (const issue of issues) byField.set(issue.field, (byField.get(issue.field) ?? 0) + 1);
    expect([...byField.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('applyDraftChanges', () => {
  it('writes values as the service takes them: codes upper case, IBANs compact, dates at 09:00 UTC', () => {
    const applied = applyDraftChanges(draft(), {
      'amount.currency': ' eur ',
      'beneficiary.country': 'de',
      'beneficiary.bank_details.account_number': 'de89 3704 0044 0532 0130 00',
      'beneficiary.bank_details.bank_code': '60-16-13',
      'execution.date': '2030-02-28',
      description: '  February  ',
    });
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.content.payment).toMatchObject({
      amount: { currency: 'EUR' },
      execution: { date: '2030-02-28T09:00:00Z' },
      description: 'February',
    });
    expect(applied.content.beneficiary).toMatchObject({
      country: 'DE',
      bank_details: { account_number: 'DE89370400440532013000', bank_code: '601613' },
    });
  });

  it('refuses a value that is not of its field’s kind, saying how to write it', () => {
    for (const [changes, words] of [
      [{ 'amount.amount': '12,50' }, 'at most 3 decimals'],
      [{ 'amount.amount': '1.2345' }, 'at most 3 decimals'],
      [{ 'execution.date': '31/01/2030' }, '2026-12-01'],
      [{ approved: 'yes' }, 'yes or no'],
    ] as const) {
      const applied = applyDraftChanges(draft(), changes);
      expect(applied).toMatchObject({ ok: false });
      if (!applied.ok) expect(applied.message).toContain(words);
    }
  });

  it('refuses to edit the details of a payee the service already holds', () => {
    const existing = draft({
      beneficiary: null,
      payment: { target: { type: 'contact', id: 'b-1' } },
    });
    expect(applyDraftChanges(existing, { 'beneficiary.country': 'GB' })).toMatchObject({
      ok: false,
      field: 'beneficiary.country',
    });
  });

  it('turns any amount of up to 3 decimals typed as text into exactly that number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (milli) => {
        const text = `${milli / 1000n}.${(milli % 1000n).toString().padStart(3, '0')}`;
        const applied = applyDraftChanges(draft(), { 'amount.amount': text });
        const amount = applied.ok ? applied.content.payment.amount.amount : undefined;
        return amount !== undefined && amountFromNumber(amount) === milli;
      }),
    );
  });

  it('leaves the draft it was given as it was', () => {
    const original = draft();
    const copy = JSON.parse(JSON.stringify(original)) as DraftContent;
    applyDraftChanges(original, { description: 'changed', 'beneficiary.country': 'FR' });
    expect(original).toEqual(copy);
  });
});
