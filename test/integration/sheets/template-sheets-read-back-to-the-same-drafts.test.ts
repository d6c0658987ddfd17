// Property: any rows the template writer puts in a workbook read back, through the whole
// import, as the drafts they describe — bodies in the spec's field names and correlation ids,
// no issues; a row carrying one of the template's own example ids reads back the same, blocked
// by that one error.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountToNumber } from '../../../shared/domain/money';
import { EXAMPLE_CORRELATION_IDS } from '../../../electron/core/sheets/writing/template-examples';
import {
  writeTemplateWorkbook,
  type TemplateRow,
} from '../../../electron/core/sheets/writing/template-workbook';
import { draftOf, errorsOf, OutboxFolder } from '../../support/sheet-import';

let dir: string;
let folder: OutboxFolder;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-template-property-'));
  folder = await OutboxFolder.create();
});
afterAll(async () => {
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
});

const IBANS = [
  ['FR1420041010050500013M02606', 'FR'],
  ['DE89370400440532013000', 'DE'],
  ['NL91ABNA0417164300', 'NL'],
  ['BE68539007547034', 'BE'],
  ['AT611904300234573201', 'AT'],
] as const;

/** Text as people type it in a cell: any characters, never blank at the ends. */
const cellText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  // Control characters cannot be stored in a workbook's XML; a person cannot type them either.
  .map((text) =>
    [...text]
      .filter((c) => c >= ' ' && c !== '\u007f')
      .join('')
      .trim(),
  )
  .filter((text) => text.length > 0);

const payee = fc.record({
  name: cellText,
  description: cellText,
  /** Whole pence: GBP and EUR amounts have two decimals. */
  pence: fc.integer({ min: 1, max: 99_999_999_99 }),
  day: fc.integer({ min: 0, max: 3000 }),
  purpose: fc.constantFrom('SALA', 'SUPP', 'BONU', 'PENS'),
  /** None (one is made), a person's own (made unique per row below), or an example's. */
  correlation: fc.oneof(
    fc.constant(undefined),
    fc.record({ own: fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/) }),
    fc.record({ example: fc.constantFrom(...EXAMPLE_CORRELATION_IDS) }),
  ),
  account: fc.oneof(
    fc.record({
      kind: fc.constant('uk' as const),
      sortCode: fc.stringMatching(/^\d{6}$/),
      number: fc.stringMatching(/^\d{8}$/),
    }),
    fc.record({ kind: fc.constant('iban' as const), iban: fc.constantFrom(...IBANS) }),
  ),
});

type Payee = typeof payee extends fc.Arbitrary<infer T> ? T : never;

/**
 * The row's correlation id, if any: a person's own is made unique across the whole test (the
 * outbox is shared, and a taken id is rightly a warning); an example's is the template's own.
 */
function correlationOf(p: Payee, where: string): string | undefined {
  if (!p.correlation) return undefined;
  return 'own' in p.correlation ? `${p.correlation.own}-${where}` : p.correlation.example;
}

function templateRow(p: Payee, where: string): TemplateRow {
  const date = new Date(Date.UTC(2031, 0, 1 + p.day));
  const correlation = correlationOf(p, where);
  const common = {
    entity_type: 'INDIVIDUAL',
    name: p.name,
    amount: Number(`${Math.floor(p.pence / 100)}.${String(p.pence % 100).padStart(2, '0')}`),
    execution_date: date,
    purpose: p.purpose,
    description: p.description,
    ...(correlation !== undefined ? { correlation_id: correlation } : {}),
  };
  return p.account.kind === 'uk'
    ? {
        ...common,
        bank_country: 'GB',
        account_currency: 'GBP',
        bank_code: p.account.sortCode,
        account_number: p.account.number,
      }
    : { ...common, account_currency: 'EUR', iban: p.account.iban[0] };
}

describe('a sheet written by the template writer', () => {
  it('reads back to the drafts it describes', { timeout: 120_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(payee, { minLength: 1, maxLength: 25 }), async (payees) => {
        run += 1;
        const file = join(dir, `template-${run}.xlsx`);
        await writeTemplateWorkbook(
          file,
          payees.map((p, index) => templateRow(p, `${run}-${index}`)),
        );
        const imported = await folder.import(file, { batchName: `Property ${run}` });
        expect(imported.summary).toMatchObject({
          header_row: 1,
          drafts: payees.length,
          skipped: [],
        });
        payees.forEach((p, index) => {
          const draft = draftOf(imported, index + 2);
          const correlation = correlationOf(p, `${run}-${index}`);
          if (p.correlation && 'example' in p.correlation) {
            // Also a warning when an earlier run took the id: only the error matters here.
            expect(errorsOf(draft)).toEqual([
              expect.objectContaining({
                field: 'correlation_id',
                message: expect.stringContaining('example row of the template'),
              }),
            ]);
          } else {
            expect(draft.issues).toEqual([]);
            if (correlation !== undefined) expect(draft.correlation_id).toBe(correlation);
          }
          expect(draft.payment).toMatchObject({
            amount: { type: 'SEND', amount: amountToNumber(BigInt(p.pence) * 10n) },
            execution: {
              date: `${new Date(Date.UTC(2031, 0, 1 + p.day)).toISOString().slice(0, 10)}T09:00:00Z`,
            },
            purpose: p.purpose,
            description: p.description,
          });
          const bank =
            p.account.kind === 'uk'
              ? { bank_code: p.account.sortCode, account_number: p.account.number }
              : { account_number: p.account.iban[0] };
          expect(draft.beneficiary?.body).toMatchObject({
            type: 'INDIVIDUAL',
            country: p.account.kind === 'uk' ? 'GB' : p.account.iban[1],
            currency: p.account.kind === 'uk' ? 'GBP' : 'EUR',
            bank_details: { ...bank, account_name: p.name },
          });
        });
      }),
      { numRuns: 12, seed: 20261123 },
    );
  });
});
