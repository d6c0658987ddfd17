// Reads a CSV in the template's columns into drafts, each cell checked with the domain rules
// and every problem kept as an issue at its cell (D17). The full importer (any sheet, .xlsx,
// fuzzy column mapping) is its own piece of work; this is the template's path.
import ExcelJS from 'exceljs';
import {
  checkAbaRouting,
  checkBic,
  checkIban,
  checkSortCode,
} from '../../../shared/domain/bank-identifiers';
import { isCountryCode } from '../../../shared/domain/countries';
import { isCurrencyCode } from '../../../shared/domain/currencies';
import { amountToNumber, parseAmount } from '../../../shared/domain/money';
import { DEFAULT_PURPOSE, isPurposeCode } from '../../../shared/domain/purpose-codes';
import type { BeneficiaryPutBody, PaymentBody } from '../../../shared/service';
import type { DraftIssue, NewPaymentDraft } from '../outbox/draft-types';

/** The template's columns, named as the spec names the fields they fill. */
export const TEMPLATE_COLUMNS = [
  'beneficiary_id',
  'entity_type',
  'individual_first_name',
  'individual_last_name',
  'company_name',
  'country',
  'currency',
  'account_name',
  'account_number',
  'bank_code',
  'bank_identifier_code',
  'amount',
  'amount_currency',
  'amount_type',
  'execution_date',
  'purpose',
  'description',
] as const;
type Column = (typeof TEMPLATE_COLUMNS)[number];

export interface TemplateImport {
  headerRow: number;
  rows: number;
  drafts: NewPaymentDraft[];
  skipped: { row: number; reason: string }[];
}

export class SheetError extends Error {
  readonly code = 'bad_sheet';
}

export async function readTemplateCsv(path: string, groupId: string): Promise<TemplateImport> {
  const workbook = new ExcelJS.Workbook();
  // Identity map: every cell stays text, so account numbers keep their leading zeros.
  const sheet = await workbook.csv
    .readFile(path, { map: (value: unknown) => value })
    .catch((error: Error) => {
      throw new SheetError(`${path} could not be read as CSV: ${error.message}`);
    });
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((v) =>
    String(v ?? '')
      .trim()
      .toLowerCase(),
  );
  const missing = ['amount', 'execution_date'].filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new SheetError(
      `the first row must name the template's columns (${TEMPLATE_COLUMNS.join(', ')}); missing: ${missing.join(', ')}`,
    );
  }
  const index = new Map(header.map((name, i) => [name as Column, i]));
  const result: TemplateImport = { headerRow: 1, rows: 0, drafts: [], skipped: [] };
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = (row.values as unknown[]).slice(1).map((v) => String(v ?? '').trim());
    if (cells.every((cell) => cell === ''))
      return result.skipped.push({ row: rowNumber, reason: 'empty row' });
    result.rows += 1;
    result.drafts.push(
      rowToDraft(
        rowNumber,
        (column) => {
          const at = index.get(column);
          return {
            text: at === undefined ? '' : (cells[at] ?? ''),
            cell: at === undefined ? '' : `${columnLetter(at)}${rowNumber}`,
          };
        },
        groupId,
      ),
    );
  });
  return result;
}

type Cell = (column: Column) => { text: string; cell: string };

function rowToDraft(rowNumber: number, cell: Cell, groupId: string): NewPaymentDraft {
  const issues: DraftIssue[] = [];
  const problem = (column: Column, field: string, message: string) =>
    issues.push({
      field,
      cell: cell(column).cell || undefined,
      message,
      severity: 'error',
    } as DraftIssue);
  const text = (column: Column) => cell(column).text;

  const milli = parseAmount(text('amount').replace(/,/g, ''));
  if (milli === null || milli <= 0n)
    problem(
      'amount',
      'amount.amount',
      `"${text('amount')}" is not an amount above zero with at most 3 decimals`,
    );
  const date = text('execution_date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    problem('execution_date', 'execution.date', `"${date}" is not a date in the form 2026-12-31`);
  const purpose = text('purpose').toUpperCase() || DEFAULT_PURPOSE;
  if (!isPurposeCode(purpose))
    problem('purpose', 'purpose', `${purpose} is not an ISO 20022 purpose code`);
  const amountType = (text('amount_type').toUpperCase() || 'SEND') as 'SEND' | 'LAND';
  if (amountType !== 'SEND' && amountType !== 'LAND')
    problem('amount_type', 'amount.type', 'amount type is SEND (debited) or LAND (credited)');
  const amountCurrency = text('amount_currency').toUpperCase();
  if (amountCurrency && !isCurrencyCode(amountCurrency))
    problem('amount_currency', 'amount.currency', `${amountCurrency} is not a currency code`);

  const existing = text('beneficiary_id');
  const beneficiary = existing ? undefined : beneficiaryOf(text, problem);
  const payment: PaymentBody = {
    source: { type: 'group', id: groupId },
    target: { type: 'contact', id: existing },
    amount: {
      type: amountType,
      amount: milli !== null && milli > 0n ? amountToNumber(milli) : 0,
      ...(amountCurrency ? { currency: amountCurrency } : {}),
    },
    execution: { date: `${/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '1970-01-01'}T09:00:00Z` },
    purpose: isPurposeCode(purpose) ? purpose : DEFAULT_PURPOSE,
    ...(text('description') ? { description: text('description') } : {}),
  };
  return { sourceRow: rowNumber, payment, ...(beneficiary ? { beneficiary } : {}), issues };
}

function beneficiaryOf(
  text: (c: Column) => string,
  problem: (c: Column, field: string, message: string) => void,
): BeneficiaryPutBody {
  const country = text('country').toUpperCase();
  const currency = text('currency').toUpperCase();
  if (!isCountryCode(country))
    problem(
      'country',
      'beneficiary.country',
      `"${text('country')}" is not a country code such as GB`,
    );
  if (!isCurrencyCode(currency))
    problem(
      'currency',
      'beneficiary.currency',
      `"${text('currency')}" is not a currency code such as GBP`,
    );
  const type =
    text('company_name') && !text('individual_last_name')
      ? 'BUSINESS'
      : text('entity_type').toUpperCase() === 'BUSINESS'
        ? 'BUSINESS'
        : 'INDIVIDUAL';
  const account = text('account_number');
  const bankCode = text('bank_code');
  if (!account)
    problem(
      'account_number',
      'beneficiary.bank_details.account_number',
      'the account number or IBAN is missing',
    );
  else if (/^[A-Za-z]{2}\d{2}/.test(account)) {
    const iban = checkIban(account);
    if (!iban.ok) problem('account_number', 'beneficiary.bank_details.account_number', iban.reason);
  }
  if (bankCode && country === 'GB') {
    const sort = checkSortCode(bankCode);
    if (!sort.ok) problem('bank_code', 'beneficiary.bank_details.bank_code', sort.reason);
  }
  if (bankCode && country === 'US') {
    const aba = checkAbaRouting(bankCode);
    if (!aba.ok) problem('bank_code', 'beneficiary.bank_details.bank_code', aba.reason);
  }
  const bic = text('bank_identifier_code');
  if (bic) {
    const checked = checkBic(bic);
    if (!checked.ok)
      problem(
        'bank_identifier_code',
        'beneficiary.bank_details.bank_identifier_code',
        checked.reason,
      );
  }
  const entity = Object.fromEntries(
    (['individual_first_name', 'individual_last_name', 'company_name'] as const)
      .filter((c) => text(c))
      .map((c) => [c, text(c)]),
  );
  const bankDetails = Object.fromEntries(
    (
      [
        ['account_name', 'account_name'],
        ['account_number', 'account_number'],
        ['bank_code', 'bank_code'],
        ['bank_identifier_code', 'bank_identifier_code'],
      ] as const
    )
      .filter(([column]) => text(column))
      .map(([column, field]) => [
        field,
        column === 'account_number' && /^[A-Za-z]{2}\d{2}/.test(text(column))
          ? text(column).replace(/\s/g, '').toUpperCase()
          : text(column),
      ]),
  );
  return { type, country, currency, entity, bank_details: bankDetails };
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
