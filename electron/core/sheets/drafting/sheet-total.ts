// A sheet's own total, held against what its import made of it. Payroll and ERP exports end with
// a totals row ("Grand total", an unlabelled =SUM), which the import skips as no payment; when
// the payments imported do not add up to it, a row was left out, read otherwise or refused, and
// the import's summary says so with both figures, before anything is approved. Only a sheet
// with one totals row is held against it: subtotals (one a team) are not the whole's.
import { currencyMinorUnits } from '../../../../shared/domain/currencies';
import { formatAmount, groupThousands } from '../../../../shared/domain/money';
import type { BatchFigures } from '../../outbox/draft-queries';
import type { SheetRow } from '../reading/sheet-types';
import { isTotalsReason } from '../understanding/row-filters';
import type { KeptRow } from './kept-rows';
import type { SheetDraft } from './row-to-draft';
import { decodeCells } from './source-cells';

/**
 * The note when the sheet's one totals row says another amount than the drafts add up to;
 * undefined when they agree, or when there is nothing to hold them against (no totals row or
 * several, an amount it does not give or that is not read, another currency than theirs).
 * `read` reads a row as a payment's would be: its amount cell by the sheet's own marks.
 */
export function sheetTotalNote(
  kept: readonly KeptRow[],
  read: (row: SheetRow) => SheetDraft,
  figures: () => BatchFigures,
  walletCurrency: string | null,
): string | undefined {
  const totals = kept.filter((row) => row.skipped !== undefined && isTotalsReason(row.skipped));
  const line = totals.length === 1 ? totals[0] : undefined;
  if (!line) return undefined;
  // As the batch's figures count a draft: its amount in thousandths, none where it is refused.
  const said = read({ number: line.row, cells: decodeCells(line.cells) }).columns;
  const milli = said.amount_milli;
  if (milli === null) return undefined;
  // Counted over the batch only now: most sheets have no totals row to hold them against.
  const figured = figures();
  const currency = said.amount_currency ?? walletCurrency ?? '';
  const imported = figured.milli.get(currency);
  if (imported === undefined || figured.milli.size !== 1 || milli === imported) return undefined;
  const places = currencyMinorUnits(currency) ?? 3;
  // Grouped in thousands, as every other amount a person reads is: "EUR 5,171.95".
  const money = (amount: bigint) => {
    const [whole = '', fraction] = formatAmount(amount, places).split('.');
    const grouped = groupThousands(whole);
    return `${currency} ${fraction === undefined ? grouped : `${grouped}.${fraction}`}`.trim();
  };
  const counted = figured.totals.find((total) => total.currency === currency)?.count ?? 0;
  const left = figured.counts.drafts - counted;
  return (
    `the sheet's totals row ${line.row} says ${money(milli)}, but the ${counted} payment${counted === 1 ? '' : 's'} imported add${counted === 1 ? 's' : ''} up to ${money(imported)}` +
    (left > 0 ? `, not counting ${left} whose amount is missing or wrong` : '') +
    ': check that no row was left out or read otherwise'
  );
}
