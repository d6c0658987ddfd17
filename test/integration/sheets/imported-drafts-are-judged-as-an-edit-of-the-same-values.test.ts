// Property: the rules judge a draft by its values, wherever they were written. Any payment the
// template writer can put in a sheet, right or wrong in any field the rules judge (an amount
// with decimals its currency does not have, or none, or below zero; a mistyped IBAN, sort code
// or routing number; a BIC, a holder missing, a purpose code that is none, a date in the past
// or none), imported through the real importer into a real outbox, gets the same `rules` issues
// as the same values typed into a new draft (applyDraftChanges, as an edit in the core and the
// window as the user types), each at its cell of its row.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftContent, DraftIssue } from '../../../shared/domain/draft';
import { applyDraftChanges, type DraftChanges } from '../../../shared/domain/draft-changes';
import { validateDraft } from '../../../shared/domain/validate-draft';
import {
  writeTemplateCsv,
  writeTemplateWorkbook,
  type TemplateRow,
} from '../../../electron/core/sheets/writing/template-workbook';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

const TODAY = '2030-06-01';

let dir: string;
let folder: OutboxFolder;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-rules-property-'));
  folder = await OutboxFolder.create();
});
afterAll(async () => {
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
});

/** One of these, or none: a field left blank in the sheet and not typed in the edit. */
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 6 });

/** Thousandths with 0 to 3 decimals: more than its currency has is the rules' to refuse. */
const milli = fc
  .tuple(
    fc.integer({ min: 0, max: 9_999_999 }),
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([whole, decimals, digits]) => {
    const step = 10 ** (3 - decimals);
    return BigInt(whole) * 1000n + BigInt(Math.floor(digits / step) * step);
  });

const amount = maybe(
  fc.oneof(
    { weight: 6, arbitrary: milli.filter((m) => m > 0n) },
    { weight: 1, arbitrary: fc.bigInt({ min: -99_999n, max: 0n }) },
  ),
);

const day = (offset: number) => {
  const date = new Date(`${TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

const IBANS = [
  ['DE89370400440532013000', 'DE'],
  ['FR1420041010050500013M02606', 'FR'],
  ['GB82WEST12345698765432', 'GB'],
  ['NL91ABNA0417164300', 'NL'],
] as const;

/** A digit typed wrong, which mod-97 always catches, or the last character left off. */
const mistyped = (iban: string, how: 'digit' | 'short') =>
  how === 'short'
    ? iban.slice(0, -1)
    : iban.slice(0, -1) + String((Number(iban.slice(-1)) + 1) % 10);

/** Lower case in groups of four, as people copy an IBAN from a letter. */
const spaced = (iban: string) => iban.toLowerCase().replace(/(.{4})/g, '$1 ');

const digits = (min: number, max: number) =>
  fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`)).filter((d) => d.length >= min);

// Codes a person types short are left out where the importer rightly puts zeros back: 5 digits
// under GB (a sort code Excel stored as a number and wrote to a CSV) and 7 or 8 under US (a
// routing number's dropped zeros). Typed in an edit, such a code is wrong; from a sheet it is
// the cell's own story (bank-code-schemes.ts), not a rule's.
const payee = fc.oneof(
  fc.record({
    kind: fc.constant('uk' as const),
    country: fc.constant('GB'),
    currency: fc.constant('GBP'),
    account: maybe(fc.oneof(digits(6, 8), digits(1, 4), digits(9, 10))),
    bankCode: maybe(
      fc.oneof(
        fc.constantFrom('601613', '40-47-84', '20 00 00'),
        digits(1, 4),
        digits(7, 7),
        fc.constantFrom('60161A', '6O1613'),
      ),
    ),
  }),
  fc.record({
    kind: fc.constant('iban' as const),
    iban: fc.constantFrom(...IBANS),
    written: fc.constantFrom('as is', 'spaced', 'digit', 'short', 'missing'),
    column: fc.constantFrom('iban', 'account_number'),
    /** The IBAN's own country, or one that is not. */
    country: fc.constantFrom('own', 'FR', 'DE'),
    currency: fc.constantFrom('EUR', 'GBP'),
  }),
  fc.record({
    kind: fc.constant('us' as const),
    country: fc.constant('US'),
    currency: fc.constant('USD'),
    account: maybe(digits(4, 12)),
    bankCode: maybe(
      fc.constantFrom('021000021', '011000015', '021000022', '991000021', '0210000210'),
    ),
  }),
  fc.record({
    kind: fc.constant('au' as const),
    country: fc.constant('AU'),
    currency: fc.constant('AUD'),
    account: maybe(digits(6, 9)),
    bankCode: maybe(fc.constantFrom('062000', '062-000', '06200', '0620001')),
  }),
  fc.record({
    kind: fc.constant('existing' as const),
    id: fc.stringMatching(/^ben-[a-z0-9]{4,10}$/),
  }),
);

const row = fc.record({
  payee,
  entityType: fc.constantFrom('INDIVIDUAL', 'BUSINESS'),
  holder: maybe(fc.constantFrom('Ada Lovelace', 'Müller GmbH', 'Zoë O’Brien')),
  bic: maybe(
    fc.constantFrom('DEUTDEFF', 'NWBKGB2L', 'BNPAFRPPXXX', 'deutdeff', 'NWBK', 'DEUT1EFF', 'AB'),
  ),
  amount,
  amountCurrency: maybe(fc.constantFrom('GBP', 'EUR', 'JPY', 'BHD', 'USD')),
  amountType: fc.constantFrom('SEND', 'LAND'),
  /** Days from today: before it is in the past. */
  date: maybe(fc.integer({ min: -400, max: 400 })),
  purpose: fc.constantFrom('SALA', 'SUPP', 'BONU', 'PENS', 'SALARY', 'XXXX', 'PAY'),
  description: fc.constantFrom('Salary', 'Invoice 2041, May', 'Bonus'),
});
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

/** The account as written in the sheet and typed in the edit: undefined when left blank. */
function accountOf(p: Row['payee']): { number?: string; column?: string; country?: string } {
  if (p.kind === 'existing') return {};
  if (p.kind !== 'iban') return { ...(p.account ? { number: p.account } : {}), country: p.country };
  const iban: string = p.iban[0];
  const own: string = p.iban[1];
  const country = p.country === 'own' ? own : p.country;
  if (p.written === 'missing') return { country };
  const number =
    p.written === 'as is'
      ? iban
      : p.written === 'spaced'
        ? spaced(iban)
        : mistyped(iban, p.written);
  return { number, column: p.column, country };
}

const amountText = (m: bigint) => {
  const abs = m < 0n ? -m : m;
  return `${m < 0n ? '-' : ''}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
};

function templateRow(r: Row): TemplateRow {
  const payment: TemplateRow = {
    amount_type: r.amountType,
    purpose: r.purpose,
    description: r.description,
    ...(r.amount !== undefined ? { amount: Number(amountText(r.amount)) } : {}),
    ...(r.amountCurrency ? { amount_currency: r.amountCurrency } : {}),
    ...(r.date !== undefined ? { execution_date: new Date(`${day(r.date)}T00:00:00Z`) } : {}),
  };
  const p = r.payee;
  if (p.kind === 'existing') return { ...payment, beneficiary_id: p.id };
  const account = accountOf(p);
  return {
    ...payment,
    entity_type: r.entityType,
    bank_country: account.country,
    account_currency: p.currency,
    ...(account.number ? { [account.column ?? 'account_number']: account.number } : {}),
    ...('bankCode' in p && p.bankCode ? { bank_code: p.bankCode } : {}),
    ...(r.bic ? { bic: r.bic } : {}),
    ...(r.holder ? { account_name: r.holder } : {}),
  };
}

const NEW_PAYEE: DraftContent = {
  payment: {
    source: { type: 'group', id: 'group-1' },
    target: { type: 'contact', id: '' },
    amount: { type: 'SEND' },
    execution: { date: '' },
  },
  beneficiary: {
    type: 'INDIVIDUAL',
    country: '',
    currency: '',
    entity: {},
    bank_details: {},
  },
};
const KNOWN_PAYEE: DraftContent = { ...NEW_PAYEE, beneficiary: null };

/** The same values typed into a new draft, field by field, as the window sends an edit. */
function edited(r: Row): DraftContent {
  const changes: DraftChanges = {
    'amount.type': r.amountType,
    purpose: r.purpose,
    description: r.description,
    ...(r.amount !== undefined ? { 'amount.amount': amountText(r.amount) } : {}),
    ...(r.amountCurrency ? { 'amount.currency': r.amountCurrency } : {}),
    ...(r.date !== undefined ? { 'execution.date': day(r.date) } : {}),
  };
  const p = r.payee;
  if (p.kind !== 'existing') {
    const account = accountOf(p);
    Object.assign(changes, {
      'beneficiary.type': r.entityType,
      'beneficiary.country': account.country,
      'beneficiary.currency': p.currency,
      ...(account.number ? { 'beneficiary.bank_details.account_number': account.number } : {}),
      ...('bankCode' in p && p.bankCode
        ? { 'beneficiary.bank_details.bank_code': p.bankCode }
        : {}),
      ...(r.bic ? { 'beneficiary.bank_details.bank_identifier_code': r.bic } : {}),
      ...(r.holder ? { 'beneficiary.bank_details.account_name': r.holder } : {}),
    });
  } else changes['target.id'] = p.id;
  const applied = applyDraftChanges(p.kind === 'existing' ? KNOWN_PAYEE : NEW_PAYEE, changes);
  if (!applied.ok) throw new Error(`the edit was refused: ${applied.message}`);
  return applied.content;
}

/** What the rules found, in an order of its own: the comparison is of the findings. */
const findings = (issues: readonly DraftIssue[]) =>
  issues
    .filter((issue) => issue.source === 'rules')
    .map(({ field, message, severity }) => `${field} | ${severity} | ${message}`)
    .sort();

describe('a draft imported from a template sheet', () => {
  it(
    'is judged by the rules as the same values typed in an edit',
    { timeout: 300_000 },
    async () => {
      const found = new Set<string>();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { minLength: 1, maxLength: 12 }),
          fc.constantFrom('GBP', 'EUR', 'JPY'),
          fc.constantFrom('xlsx', 'csv'),
          async (rows, walletCurrency, format) => {
            run += 1;
            const file = join(dir, `rules-${run}.${format}`);
            const write = format === 'xlsx' ? writeTemplateWorkbook : writeTemplateCsv;
            await write(file, rows.map(templateRow));
            const imported = await folder.import(file, {
              group: { id: 'group-1', walletId: `wallet-${walletCurrency}`, walletCurrency },
              today: TODAY,
            });
            expect(imported.summary.drafts).toBe(rows.length);
            rows.forEach((r, index) => {
              const line = index + 2;
              const draft = draftOf(imported, line);
              const where = `row ${line} of ${fc.stringify(r)}`;
              // Nothing here is a cell's to tell: what is wrong is the values', and the rules'.
              expect(
                draft.issues.filter((i) => i.source === 'cell' && i.severity === 'error'),
                where,
              ).toEqual([]);
              const typed = validateDraft(edited(r), { today: TODAY, walletCurrency });
              expect(findings(draft.issues), where).toEqual(findings(typed));
              for (const issue of draft.issues.filter((i) => i.source === 'rules')) {
                expect(issue.cell, `${issue.field} of ${where}`).toMatch(
                  new RegExp(`^[A-Z]+${line}$`),
                );
                found.add(issue.field);
              }
            });
          },
        ),
        { numRuns: 60 },
      );
      // Every field the rules judge here was found wrong somewhere, so none was compared empty.
      expect([...found].sort()).toEqual(
        [
          'amount.amount',
          'beneficiary.bank_details.account_name',
          'beneficiary.bank_details.account_number',
          'beneficiary.bank_details.bank_code',
          'beneficiary.bank_details.bank_identifier_code',
          'beneficiary.country',
          'execution.date',
          'purpose',
        ].sort(),
      );
    },
  );
});
