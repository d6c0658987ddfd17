// An invoice list pays each invoice's total, tax included. Beside a VAT column ("Net | VAT |
// Gross", "Amount | VAT | Total", "Montant HT | TVA | Montant TTC", "Netto | MwSt | Brutto"), the
// amount before tax is what the supplier charged before VAT, not what it is owed: paying it
// would underpay every invoice by its VAT, with nothing on the screen to say so. A payroll's
// "Tax" is income tax withheld and its net pay is what is paid, so only a sales tax's names
// count; and what is still owed (Balance, Amount due, Amount to pay) stays ahead of both.
import { allWords, type HeaderMatch, headerName } from './header-matching';

/** A column of the invoice's sales tax: VAT and its names in the languages invoices come in. */
const SALES_TAX = new Set([
  ...['vat', 'vat amount', 'tax vat', 'sales tax', 'gst', 'gst amount'],
  ...['tva', 'montant tva', 'mwst', 'ust', 'mehrwertsteuer', 'umsatzsteuer', 'mwst betrag'],
  ...['iva', 'importe iva', 'importo iva', 'btw', 'btw bedrag'],
]);
const TAX_WORD = /\s(vat|tva|mwst|ust|iva|btw|gst)\s/;
/** Words that say an amount includes the tax. */
const WITH_TAX = /\s(gross|brutto|bruttobetrag|ttc|incl|including|inc|total|gesamtbetrag)\s/;
const TAX_INCLUDED = /\s(incl|including|inc|ttc)\s/;
/** What is still owed: the amount to pay whatever else the sheet shows (header-matching.ts). */
const OWED = /\s(balance|due|outstanding|open|payable|zahlbetrag|payer|pay)\s/;

/** Above the lesser amounts' 0.9 (Gross, Total), below an exact name of what is owed. */
const WITH_TAX_SCORE = 0.95;
/** Below the amount with tax, and far enough below it that no "could also be" note is made. */
const BEFORE_TAX_SCORE = 0.85;

/**
 * The matches with, beside a sales tax column and an amount that includes it, that amount
 * preferred to the others ("Net", "Amount", "Montant HT"), but not to what is owed.
 */
export function preferAmountWithTax(
  headers: readonly string[],
  matches: readonly (HeaderMatch | undefined)[],
): (HeaderMatch | undefined)[] {
  if (!headers.some((header) => SALES_TAX.has(headerName(header)))) return [...matches];
  const withTax = (index: number) => {
    const words = allWords(headers[index] ?? '');
    return WITH_TAX.test(words) && (!TAX_WORD.test(words) || TAX_INCLUDED.test(words));
  };
  const amounts = matches.flatMap((match, index) => (match?.field === 'amount' ? [index] : []));
  if (!amounts.some(withTax)) return [...matches];
  return matches.map((match, index) => {
    if (match?.field !== 'amount' || OWED.test(allWords(headers[index] ?? ''))) return match;
    return withTax(index)
      ? { ...match, score: Math.max(match.score, WITH_TAX_SCORE) }
      : { ...match, score: Math.min(match.score, BEFORE_TAX_SCORE) };
  });
}
