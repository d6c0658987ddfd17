// A statement item as the screen shows it: the service's numbers turned into exact decimal text
// once, at the edge (String of a JSON number is the decimal that was written), so that nothing
// on the screen adds or compares money as binary floats.
import { statementAmountText } from '../../../../shared/desk/statement-search';
import type { StatementItem } from '../../../../shared/service';

export interface StatementLine {
  id: string;
  date: string;
  action: StatementItem['action'];
  description: string;
  execution_id: string;
  debit: { amount: string; currency: string };
  credit: { amount: string; currency: string };
  fees: string;
  rate: string;
  balance: string;
  counterpart: string;
  counterpartCountry: string | null;
}

/** Exact decimal text of a wire number; the number as written when it is not an amount. */
export const decimalOf = statementAmountText;

export function lineOf(item: StatementItem): StatementLine {
  const counterpart = item.counterpart;
  return {
    id: item.id,
    date: item.date,
    action: item.action,
    description: item.description,
    execution_id: item.execution_id,
    debit: { amount: decimalOf(item.debit.amount), currency: item.debit.currency },
    credit: { amount: decimalOf(item.credit.amount), currency: item.credit.currency },
    fees: decimalOf(item.fees),
    rate: String(item.rate),
    balance: decimalOf(item.balance),
    counterpart:
      counterpart.name ?? counterpart.bank_details?.account_name ?? counterpart.id ?? '—',
    counterpartCountry: counterpart.bank_details?.account_country ?? null,
  };
}

export type ActionFilter = 'all' | StatementItem['action'];
