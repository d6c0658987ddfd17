// One sheet row as a draft: the payment body in the spec's field names, the beneficiary to
// create (unless the row names an existing one), and every problem as an issue at its cell.
// What only the sheet's cells can tell (a text that cannot be read, a format that hides the
// decimal mark, a header that names a scheme) is found here, as `cell` issues; the values are
// then judged by the domain's rules (validateDraft), as an edit's are, and their `rules` issues
// placed at the cells the values came from. A row with blocking issues still becomes a draft,
// so that it can be fixed in the app.
import { EXECUTION_TIME } from '../../../../shared/domain/calendar-day';
import { currencyMinorUnits } from '../../../../shared/domain/currencies';
import type { DraftContent, DraftPayment } from '../../../../shared/domain/draft';
import { duplicateKey } from '../../../../shared/domain/duplicate-key';
import { amountToNumber, formatAmount } from '../../../../shared/domain/money';
import { validateDraft } from '../../../../shared/domain/validate-draft';
import type { BeneficiaryPutBody } from '../../../../shared/service';
import { serializeDraft } from '../../outbox/draft-insert';
import type { DraftIssue } from '../../outbox/draft-types';
import type { ImportedDraft } from '../../outbox/import-repository';
import { symbolFits } from '../coercion/amount-marks';
import type { SheetDecimalMark } from '../coercion/cell-amounts';
import { amountTypeFrom } from '../coercion/cell-codes';
import {
  amountHeaderCurrency,
  amountHeaderHundredths,
  amountHeaderThousands,
  bankCodeHeaderSchemes,
  type ColumnMapping,
} from '../understanding/column-mapping';
import type { HeaderRow } from '../understanding/header-detection';
import { amountMarkOf, unshownMarkWarning, type AmountMark } from '../understanding/decimal-marks';
import type { DateMarks, DateOrders } from '../understanding/date-orders';
import { field, FIELDS, type FieldId } from '../understanding/fields';
import {
  defaultPurpose,
  payeeKind,
  payeesAreBusinesses,
  SUPPLIER_PURPOSE,
} from '../understanding/payee-kinds';
import { rowBeneficiary, type BeneficiaryContext, type BeneficiaryNote } from './row-beneficiary';
import { readRow, type ReadingContext, type RowValues } from './row-values';
import { struckRowWarning } from './struck-rows';
import type { SheetRow } from '../reading/sheet-types';
import { isExampleCorrelationId } from '../writing/template-examples';

/** Where an import's drafts go. */
export interface DraftTarget {
  groupId: string;
  walletCurrency?: string;
  /** Today as YYYY-MM-DD: payment dates before it are worth a warning. */
  today: string;
  /** What a row that gives no purpose or no date takes (the person's settings). */
  defaults?: ImportDefaults;
}

/** The person's defaults for a row's blanks: absent, the rules below decide (or flag it). */
export interface ImportDefaults {
  /** An ISO 20022 purpose code instead of the one guessed from the payees. */
  purpose?: string;
  /** YYYY-MM-DD for a row without an execution date. */
  executionDate?: string;
}

export interface DraftContext extends ReadingContext, BeneficiaryContext, DraftTarget {
  /** The purpose of a row that gives none: SUPP for a supplier list, else SALA (payee-kinds.ts). */
  defaultPurpose: string;
  /**
   * The sheet says neither whom it pays nor the person which purpose: a row whose new payee is
   * a business (its name ends in a legal form) is a supplier's payment, SUPP, not a salary.
   */
  purposeByPayee?: true;
}

/**
 * What reading a sheet's rows needs: its header, how it writes what a cell alone cannot tell
 * (dates counted from 1904, the decimal mark of "2.500"), and where drafts go.
 */
export function draftContext(
  header: HeaderRow,
  sheet: {
    date1904: boolean;
    decimalMark?: SheetDecimalMark | undefined;
    dateOrders?: DateOrders | undefined;
  },
  target: DraftTarget,
): DraftContext {
  const hundredths = amountHeaderHundredths(header.mapping, header.headers);
  const thousands = amountHeaderThousands(header.mapping, header.headers);
  const payees = payeeKind(header.mapping, header.headers);
  return {
    ...target,
    defaultPurpose: target.defaults?.purpose ?? defaultPurpose(payees),
    ...(target.defaults?.purpose === undefined && payees === undefined
      ? { purposeByPayee: true as const }
      : {}),
    ...(payeesAreBusinesses(payees, header.mapping) ? { payeesAreBusinesses: true } : {}),
    amountHeaderCurrency: amountHeaderCurrency(header.mapping, header.headers),
    ...(hundredths ? { amountHundredths: hundredths } : {}),
    ...(thousands ? { amountThousands: thousands } : {}),
    bankCodeSchemes: bankCodeHeaderSchemes(header.mapping, header.headers),
    date1904: sheet.date1904,
    ...(sheet.decimalMark ? { decimalMark: sheet.decimalMark } : {}),
    dateOrder: header.mapping.dateOrder,
    ...(sheet.dateOrders ? { dateOrders: sheet.dateOrders } : {}),
  };
}

export function hiddenRowWarning(row: number): DraftIssue {
  return {
    field: 'row',
    message: `row ${row} is hidden in the workbook: check that it belongs in this payout`,
    severity: 'warning',
    source: 'cell',
  };
}

export interface RowDraft {
  payment: DraftPayment;
  beneficiary?: BeneficiaryPutBody;
  issues: DraftIssue[];
  /** Account, amount, date and currency: the same four twice may be one payment entered twice. */
  duplicateKey?: string;
  /** The sheet's own correlation id, when it gives one. */
  correlationId?: string;
  /** What the row's amount tells of the sheet's decimal mark (decimal-marks.ts). */
  amountMark?: AmountMark;
  /** What the row's dates tell of their columns' order (date-orders.ts). */
  dateMarks?: DateMarks;
  /** Its cell: should another payment hold that id already, the warning points here. */
  correlationCell?: string;
  /** Its payee's UK IBAN, paid in pounds, went as the sort code and account number it holds. */
  ukIbanSplit?: true;
  /** Its bank code, written as text, was read with leading zeros put back. */
  zeroRestored?: true;
}

/**
 * A row's draft as an import hands it to the outbox, with what only the sheet knows of it:
 * what its amount tells of the decimal mark, and where its correlation id stands.
 */
export interface SheetDraft extends ImportedDraft {
  amountMark?: AmountMark;
  dateMarks?: DateMarks;
  correlationCell?: string;
  ukIbanSplit?: true;
  zeroRestored?: true;
}

/**
 * Where a problem with a field shows when the field has no column of its own but its value
 * comes from another's: an account number missing from the IBAN column, a holder missing from
 * the name columns. The first mapped one, in this order, is where a person would type it.
 */
const READ_FROM: Partial<Record<FieldId, readonly FieldId[]>> = {
  account_number: ['iban'],
  account_name: ['name', 'last_name', 'first_name', 'company_name'],
  // A country the sheet does not give is told from the bank code or the account: where it
  // could not be, those are the cells to look at.
  bank_country: ['bank_code', 'iban', 'account_number'],
  // An account currency the sheet does not give is taken from the amount's.
  account_currency: ['amount_currency', 'amount'],
};

/**
 * Where two columns fill one draft field, the one read first: an IBAN before an account
 * number (row-beneficiary.ts). A rule's issue about the value shows at the cell it came from.
 */
const READ_FIRST: Partial<Record<string, readonly FieldId[]>> = {
  'beneficiary.bank_details.account_number': ['iban', 'account_number'],
};

/** The sheet fields that fill each draft field, in FIELDS order. */
const FILLED_BY = new Map<string, FieldId[]>();
for (const { id, target } of FIELDS) FILLED_BY.set(target, [...(FILLED_BY.get(target) ?? []), id]);

/** The spec's correlation_id: up to 100 characters, alphanumerics, hyphens and underscores. */
const CORRELATION_ID = /^[A-Za-z0-9_-]{1,100}$/;

type Problem = (id: FieldId, message: string, severity?: DraftIssue['severity']) => void;

export function rowToDraft(row: SheetRow, mapping: ColumnMapping, context: DraftContext): RowDraft {
  const issues: DraftIssue[] = [];
  const values = readRow(row, mapping, context, issues);
  const problem: Problem = (id, message, severity = 'error') => {
    const target = field(id).target;
    // One error per field: the first says what to fix.
    if (severity === 'error' && hasError(issues, target)) return;
    const cell = cellOf(values, id);
    issues.push({ field: target, ...(cell ? { cell } : {}), message, severity, source: 'cell' });
  };
  const text = values.text;
  const existing = text.beneficiary_id;
  const notes = new Set<BeneficiaryNote>();
  const beneficiary = existing
    ? undefined
    : rowBeneficiary(values, context, problem, (note) => notes.add(note));
  const payment = paymentOf(values, context, beneficiary, problem);
  if (existing) payment.target = { type: 'contact', id: existing };
  const correlationId = sheetCorrelationId(text.correlation_id, problem);

  const content: DraftContent = { payment, beneficiary: beneficiary ?? null };
  issues.push(...rulesIssues(content, values, context, issues));
  const amountMark = amountMarkOf(values.amount);
  // The same key an edit works out (outbox migration 003 completed older drafts' the same way).
  const key = duplicateKey(content, context.walletCurrency);
  return {
    payment,
    ...(beneficiary ? { beneficiary } : {}),
    issues,
    ...(key ? { duplicateKey: key } : {}),
    ...(correlationId ? { correlationId } : {}),
    ...(amountMark ? { amountMark } : {}),
    ...(values.dateMarks ? { dateMarks: values.dateMarks } : {}),
    ...(notes.has('uk_iban_split') ? { ukIbanSplit: true as const } : {}),
    ...(notes.has('zero_restored') ? { zeroRestored: true as const } : {}),
    ...(correlationId && values.cells.correlation_id
      ? { correlationCell: values.cells.correlation_id }
      : {}),
  };
}

/**
 * The rules' verdict on the draft's values, as an edit would get it, each issue at the cell of
 * the field it names. One error per field: where a cell already said what is wrong with a
 * field (it could not be read, its format hid the decimal mark), the rule's error on the value
 * made of it says less, and is left out.
 */
function rulesIssues(
  content: DraftContent,
  values: RowValues,
  context: DraftTarget,
  cellIssues: readonly DraftIssue[],
): DraftIssue[] {
  return validateDraft(content, { today: context.today, walletCurrency: context.walletCurrency })
    .filter((issue) => !(issue.severity === 'error' && hasError(cellIssues, issue.field)))
    .map(({ field: target, message, severity, source }) => {
      const cell = ruleCell(values, target);
      return { field: target, ...(cell ? { cell } : {}), message, severity, source };
    });
}

function hasError(issues: readonly DraftIssue[], field: string): boolean {
  return issues.some((issue) => issue.severity === 'error' && issue.field === field);
}

/** The cell of a sheet field, or of the first mapped one its value may come from instead. */
function cellOf(values: RowValues, id: FieldId): string | undefined {
  return values.cells[id] ?? READ_FROM[id]?.map((other) => values.cells[other]).find(Boolean);
}

/**
 * Where a rule's issue about a draft field shows: the cell its value was read from; else, as
 * for the importer's own issues, the column the field is named by, or the first mapped one it
 * may come from (READ_FROM).
 */
function ruleCell(values: RowValues, target: string): string | undefined {
  const ids = FILLED_BY.get(target) ?? [];
  const readFrom = (READ_FIRST[target] ?? ids).find((id) => isRead(values, id));
  const cell = readFrom && values.cells[readFrom];
  if (cell) return cell;
  // Of two that fill it, the one named as the draft field is ("account_name", not "name").
  const named = ids.find((id) => target === id || target.endsWith(`.${id}`)) ?? ids[0];
  return named && cellOf(values, named);
}

function isRead(values: RowValues, id: FieldId): boolean {
  if (id === 'amount') return values.amount !== undefined;
  if (id === 'approved') return values.approved !== undefined;
  return (values.text as Partial<Record<FieldId, string>>)[id] !== undefined;
}

/**
 * The correlation id the sheet gives, when it fits the spec. One the template gave an example
 * row marks that row as the template's, not a payee's: it is blocked until deleted or written
 * over, as its details are valid and its date ahead, and nothing else would stop it.
 */
function sheetCorrelationId(id: string | undefined, problem: Problem): string | undefined {
  if (id === undefined) return undefined;
  if (!CORRELATION_ID.test(id)) {
    problem(
      'correlation_id',
      'a correlation id is up to 100 letters, digits, hyphens and underscores; this payment gets one of its own instead',
      'warning',
    );
    return undefined;
  }
  if (isExampleCorrelationId(id)) {
    problem(
      'correlation_id',
      `${id} marks an example row of the template, not a payment: delete the row, or write the payment over it, correlation id included`,
    );
  }
  return id;
}

/**
 * A row's draft as the outbox writes it: serialised, with the row's cells (as JSON, see
 * source-cells.ts) kept beside it. The reading worker or the importer makes it, whichever has
 * time: the same pure function either way.
 */
export function importedDraft(
  row: SheetRow,
  sourceJson: string,
  mapping: ColumnMapping,
  context: DraftContext,
): SheetDraft {
  const draft = rowToDraft(row, mapping, context);
  if (row.hidden) draft.issues.push(hiddenRowWarning(row.number));
  const struck = struckRowWarning(row, mapping);
  if (struck) draft.issues.push(struck);
  // Added to the serialised draft, not copied with it: every row of a sheet passes here, and
  // a copy of each costs a tenth of the drafting (one-off, 100,000 rows).
  const imported: SheetDraft = Object.assign(serializeDraft(draft), {
    sourceRow: row.number,
    sourceJson,
  });
  if (draft.correlationCell) imported.correlationCell = draft.correlationCell;
  if (draft.amountMark) imported.amountMark = draft.amountMark;
  if (draft.dateMarks) imported.dateMarks = draft.dateMarks;
  if (draft.ukIbanSplit) imported.ukIbanSplit = true;
  if (draft.zeroRestored) imported.zeroRestored = true;
  return imported;
}

function paymentOf(
  values: RowValues,
  context: DraftContext,
  beneficiary: BeneficiaryPutBody | undefined,
  problem: Problem,
): DraftPayment {
  const text = values.text;
  let type: 'SEND' | 'LAND' = 'SEND';
  if (text.amount_type !== undefined) {
    const read = amountTypeFrom(text.amount_type);
    if (read.ok && read.value) type = read.value;
    else if (!read.ok) problem('amount_type', read.message);
  }

  // An amount sent is in the currency it is sent from: the source currency, where the sheet
  // gives one and says nothing of the amount's own.
  const source = sourceCurrency(text.source_currency, context, problem);
  // A currency cell that could not be read leaves the amount's currency unknown: not the
  // amount cell's, the header's or the source's, and no check below takes it for the side's.
  const currencyUnread = values.unreadable.has('amount_currency');
  const named = currencyUnread
    ? undefined
    : (text.amount_currency ??
      values.amount?.currency ??
      context.amountHeaderCurrency ??
      (type === 'SEND' ? source : undefined));
  const cellCurrency = values.amount?.currency;
  const columnCurrency = text.amount_currency ?? context.amountHeaderCurrency;
  if (cellCurrency && columnCurrency && cellCurrency !== columnCurrency) {
    const says = text.amount_currency ? 'its currency says' : 'its column is in';
    problem('amount', `the amount is written in ${cellCurrency} but ${says} ${columnCurrency}`);
  }
  // "Amount (EUR)" beside a currency column of GBP: the column's word would pay 100 GBP where
  // the header says 100 EUR, so neither is taken silently.
  const headerCurrency = context.amountHeaderCurrency;
  if (text.amount_currency && headerCurrency && text.amount_currency !== headerCurrency) {
    problem(
      'amount_currency',
      `the currency says ${text.amount_currency}, but the amount's column is in ${headerCurrency}: give the amount in ${text.amount_currency} under a header without a currency, or correct the currency`,
    );
  }
  // The spec gives amount.currency only where it differs from the side the amount is on.
  const side = type === 'SEND' ? context.walletCurrency : beneficiary?.currency;
  const currency = currencyUnread ? undefined : (named ?? side);
  const shown = values.amount?.shownRounded;
  if (shown !== undefined && values.amount) {
    const held = formatAmount(values.amount.milli, 3).replace(/0+$/, '');
    problem(
      'amount',
      `the sheet shows ${shown}, but the cell holds ${held}: ${held} is the amount read; check which is meant`,
      'warning',
    );
  }
  // "$" or "¥" names no one currency, but it rules out those not written with it.
  const symbol = values.amount?.symbol;
  if (symbol && currency && !symbolFits(symbol, currency)) {
    problem(
      'amount',
      `the amount is written with ${symbol}, but the payment is in ${currency}: give its currency, or write the amount without ${symbol}`,
    );
  }

  // A missing or unreadable amount stays missing in the draft, never a 0 that could be taken
  // for one; an amount of zero or less is kept as written, for the rules to refuse.
  const milli = values.amount?.milli;
  const amount = milli === undefined ? undefined : amountToNumber(milli);
  if (milli !== undefined && milli > 0n && currency) {
    // Hundredths are a cent's or a penny's only where the currency has two decimals: a yen has
    // none and a dinar's fils are thousandths, so such a column would be off by 100 or by 10.
    const minorUnits = currencyMinorUnits(currency);
    if (context.amountHundredths && minorUnits !== undefined && minorUnits !== 2) {
      problem(
        'amount',
        `the amount's column is in ${context.amountHundredths}, but ${currency} amounts have ${minorUnits === 0 ? 'no decimals' : `${minorUnits} decimals`}: write the amount in ${currency}`,
      );
    }
    const guessed =
      context.decimalMarkUnshown && values.amount
        ? unshownMarkWarning(values.amount, currency)
        : null;
    if (guessed) problem('amount', guessed, 'warning');
  }

  const date = text.execution_date ?? context.defaults?.executionDate;
  return {
    source: { type: 'group', id: context.groupId },
    target: { type: 'contact', id: '' },
    amount: {
      type,
      ...(amount === undefined ? {} : { amount }),
      ...(named && named !== side ? { currency: named } : {}),
    },
    execution: { date: date ? `${date}${EXECUTION_TIME}` : '' },
    // A purpose the sheet gives is kept as written, right or wrong, for the rules to judge.
    purpose:
      text.purpose ??
      (context.purposeByPayee && beneficiary?.type === 'BUSINESS'
        ? SUPPLIER_PURPOSE
        : context.defaultPurpose),
    ...(text.description !== undefined ? { description: text.description } : {}),
    ...(values.approved !== undefined ? { approved: values.approved } : {}),
    ...(Object.keys(values.tags).length > 0 ? { user_tags: values.tags } : {}),
  };
}

/**
 * The currency a row says it is paid from, checked against the group's wallet: the wallet pays
 * every payment of the group, so a row meant to be paid from another balance (Wise's
 * sourceCurrency EUR, imported into a GBP wallet's group) stops at that cell rather than being
 * paid in the wallet's currency.
 */
function sourceCurrency(
  currency: string | undefined,
  context: DraftTarget,
  problem: Problem,
): string | undefined {
  const wallet = context.walletCurrency;
  if (currency === undefined || wallet === undefined || currency === wallet) return currency;
  problem(
    'source_currency',
    `the payment is to be paid from ${currency}, but this group's wallet is in ${wallet}: import it into a group with a ${currency} wallet, or write ${wallet} to pay it from this one`,
  );
  return currency;
}
