// The batch editor's columns over drafts: what each shows, the field an edit writes (as
// EditableField names it) and the issue fields it carries. Issues of no column (a possible
// duplicate, a BIC, an address) are counted in the last one.
import { contentOf, type Draft } from '../../../../shared/desk/drafts';
import type { EditableField } from '../../../../shared/domain/draft-changes';
import { amountCurrency } from '../../../../shared/domain/validate-draft';
import { amountFromNumber, formatAmount } from '../../../../shared/domain/money';
import type { GridColumn } from '../../components/grid/grid-source';
import { formatDay, formatMoney, locale } from '../../lib/format';
import { typedOfDecimal } from './typed-amount';

export interface DraftColumn extends GridColumn<Draft> {
  /** The field an edit of this cell writes. */
  field?: EditableField;
  /** The issue fields shown on this cell. */
  issueFields: string[];
}

const BANK = 'beneficiary.bank_details.';
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The payee as the rules see their name: the holder, the company, or the person's names. */
export function payeeOf(draft: Draft): string {
  const beneficiary = draft.beneficiary?.body;
  if (!beneficiary) return draft.payment.target.id ? `Payee ${draft.payment.target.id}` : '';
  const entity = beneficiary.entity;
  return (
    text(beneficiary.bank_details.account_name) ||
    text(entity.company_name) ||
    [text(entity.individual_first_name), text(entity.individual_last_name)]
      .filter(Boolean)
      .join(' ')
  );
}

/**
 * What the sheet's cell for `field` held where the import could not take it as it stands
 * ("12x3", "12.3456" for a pound amount, "03/04/2030" either way round): the cell shows that,
 * marked, and its issue, on focus, why. Not to be shown as missing, which a person would take
 * for a blank cell; "unreadable" only for an error at the cell that kept no text.
 */
function refusedText(draft: Draft, field: string): string | undefined {
  const issue = draft.issues.find(
    (issue) => issue.field === field && issue.source === 'cell' && issue.severity === 'error',
  );
  return issue ? issue.held || 'unreadable' : undefined;
}

/**
 * A cell whose field is empty because the sheet wrote it unreadably ("12x3", "British pund")
 * opens in the editor with what the sheet held, to be corrected rather than typed anew.
 */
function startingFromHeld(column: DraftColumn): DraftColumn {
  const { editText, issueFields } = column;
  if (!editText) return column;
  const held = (draft: Draft) =>
    draft.issues.find((issue) => issue.held && issueFields.includes(issue.field))?.held ?? '';
  return { ...column, editText: (draft) => editText(draft) || held(draft) };
}

/** The amount as exact decimal text, or null when it is missing or not one. */
export function decimalOf(draft: Draft): string | null {
  const amount = draft.payment.amount.amount;
  if (amount === undefined) return null;
  try {
    return formatAmount(amountFromNumber(amount), 3).replace(/\.?0+$/, '') || '0';
  } catch {
    return null;
  }
}

/** A column of one draft field, shown and edited as the text it holds, its issues its own. */
function plain(
  id: string,
  header: string,
  width: number,
  field: EditableField,
  value: (draft: Draft) => string,
): DraftColumn {
  return { id, header, width, field, issueFields: [field], text: value, editText: value };
}

export function draftColumns(walletCurrency: () => string | undefined): DraftColumn[] {
  const bank = (draft: Draft, name: string) => text(draft.beneficiary?.body.bank_details[name]);
  // Whom, how much and when first: a narrow window shows them without scrolling across.
  const columns: DraftColumn[] = [
    {
      id: 'row',
      header: 'Row',
      // A sheet's last row, 1048576, whole: at 4rem row 100,001 showed as "1000…".
      width: 5.25,
      align: 'end',
      sortable: true,
      namesRow: true,
      issueFields: [],
      text: (d) => (d.row === null ? '—' : String(d.row)),
    },
    {
      id: 'state',
      header: 'State',
      width: 6,
      sortable: true,
      issueFields: [],
      text: (d) => d.state,
    },
    {
      id: 'payee',
      header: 'Payee',
      width: 10,
      sortable: true,
      field: `${BANK}account_name`,
      issueFields: [
        `${BANK}account_name`,
        'beneficiary.entity.company_name',
        'beneficiary.entity.individual_first_name',
        'beneficiary.entity.individual_last_name',
        'target.id',
      ],
      text: payeeOf,
      editText: (d) => bank(d, 'account_name') || payeeOf(d),
    },
    {
      id: 'amount',
      header: 'Amount',
      // Wide enough for "GBP 1,000,000,000.00" whole: the figure a person checks, never cut.
      width: 10.75,
      align: 'end',
      sortable: true,
      field: 'amount.amount',
      issueFields: ['amount.amount'],
      // A missing amount says so, and one the sheet wrote unreadably shows what it wrote: never 0.
      text: (d) => {
        const decimal = decimalOf(d);
        if (decimal === null) return refusedText(d, 'amount.amount') ?? 'missing';
        const currency = amountCurrency(contentOf(d), { walletCurrency: walletCurrency() });
        return formatMoney(decimal, currency);
      },
      editText: (d) => typedOfDecimal(decimalOf(d) ?? '', locale),
    },
    {
      id: 'currency',
      header: 'Currency',
      width: 6,
      sortable: true,
      field: 'amount.currency',
      issueFields: ['amount.currency', 'amount.type'],
      // A payment without a currency of its own is in the wallet's (SEND) or the account's.
      text: (d) => amountCurrency(contentOf(d), { walletCurrency: walletCurrency() }) ?? '',
      editText: (d) => d.payment.amount.currency ?? '',
    },
    {
      id: 'date',
      header: 'Execution date',
      width: 8.75,
      sortable: true,
      field: 'execution.date',
      issueFields: ['execution.date'],
      text: (d) => {
        const day = d.payment.execution.date.slice(0, 10);
        return (!day && refusedText(d, 'execution.date')) || formatDay(day || null);
      },
      editText: (d) => d.payment.execution.date.slice(0, 10),
    },
    plain('account', 'Account', 13.5, `${BANK}account_number`, (d) => bank(d, 'account_number')),
    plain('bank_code', 'Bank code', 6.5, `${BANK}bank_code`, (d) => bank(d, 'bank_code')),
    plain(
      'country',
      'Country',
      5.5,
      'beneficiary.country',
      (d) => d.beneficiary?.body.country ?? '',
    ),
    // The account's own currency: a GBP payment to a EUR account is converted, which a person
    // checks here (and the import's warning on a likely other currency is marked here).
    plain(
      'account_currency',
      'Account currency',
      10,
      'beneficiary.currency',
      (d) => d.beneficiary?.body.currency ?? '',
    ),
    plain('purpose', 'Purpose', 5, 'purpose', (d) => d.payment.purpose ?? ''),
    plain('description', 'Description', 10, 'description', (d) => d.payment.description ?? ''),
    {
      id: 'issues',
      header: 'Issues',
      width: 8,
      issueFields: [],
      text: (d) => issueCount(d),
    },
  ];
  return columns.map(startingFromHeld);
}

function issueCount(draft: Draft): string {
  const errors = draft.issues.filter((issue) => issue.severity === 'error').length;
  const warnings = draft.issues.length - errors;
  return [
    errors ? `${errors} error${errors === 1 ? '' : 's'}` : '',
    warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
