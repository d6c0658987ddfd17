// Account numbers, sort codes and routing numbers from sheets. Their worst enemy is Excel
// taking them for numbers: it drops leading zeros (012345 -> 12345), keeps only 15 digits
// (1234567890123456 -> 1.23457E+15) and turns 06-01-13 into a date. Lost zeros can be put back
// (restoreLeadingZeros); lost digits cannot, so those cells are refused with the way out.
import { stripSeparators } from '../../../../shared/domain/bank-identifiers';
import { accept, type Coerced, NOTHING, refuse } from './cell-coerced';
import { cellText, plainDecimal, unknownCell, unreadableCell } from './cell-text';
import type { CellValue } from '../reading/sheet-types';

/**
 * Excel writes a number as text in a CSV as ="012345", and people type '012345 to keep the
 * zeros; both wrappers are the spreadsheet's, not part of the code.
 */
function unwrapped(text: string): string {
  const formula = /^="(.*)"$/.exec(text);
  if (formula) return formula[1] ?? '';
  return text.startsWith("'") ? text.slice(1) : text;
}

/** Excel keeps 15 significant digits of a number; past them the digits shown are zeros. */
const LARGEST_WHOLE_NUMBER = 999_999_999_999_999;

/** 1234567890123456 -> "1.23457E+15", as Excel's General format shows it. */
function excelGeneral(value: number): string {
  return value
    .toExponential(5)
    .replace(/\.?0+e/, 'e')
    .replace('e', 'E');
}

/** How messages name the code: "an account number", "the account number", "account numbers". */
interface Named {
  a: string;
  the: string;
  all: string;
}

function codeCell(cell: CellValue, named: Named): Coerced<string> {
  const retype = `format the column as Text and type the ${named.all} again`;
  switch (cell.kind) {
    case 'empty':
      return NOTHING;
    case 'text': {
      const text = cellText(cell);
      if (!text.ok || text.value === null) return text;
      const code = stripSeparators(unwrapped(text.value));
      return code === '' ? NOTHING : accept(code);
    }
    case 'number': {
      const { value } = cell;
      if (!Number.isInteger(value) || value < 0) {
        return refuse(`${plainDecimal(value)} is not ${named.a}: ${retype}`);
      }
      if (value > LARGEST_WHOLE_NUMBER) {
        return refuse(
          `Excel shows ${named.the} as ${excelGeneral(value)} and kept only its first 15 digits: ${retype}`,
        );
      }
      return cellText(cell);
    }
    case 'date':
      return refuse(`Excel took ${named.the} for a date (${cell.date}): ${retype}`);
    case 'boolean':
      return refuse(`${cell.value ? 'TRUE' : 'FALSE'} is not ${named.a}`);
    case 'error':
    case 'formula':
    case 'overlong':
      return unreadableCell(cell) ?? NOTHING;
    default:
      return unknownCell(cell);
  }
}

/**
 * An account number or IBAN: text without spaces and hyphens, letters kept as written (the
 * IBAN check upper-cases); a number cell as its digits, with the leading zeros of a "00000000"
 * format when the sheet shows them.
 */
export function cellAccountNumber(cell: CellValue): Coerced<string> {
  return codeCell(cell, {
    a: 'an account number',
    the: 'the account number',
    all: 'account numbers',
  });
}

/** A sort code, routing number or other bank code: "60-16-13" and "60 16 13" -> "601613". */
export function cellBankCode(cell: CellValue): Coerced<string> {
  return codeCell(cell, { a: 'a bank code', the: 'the bank code', all: 'bank codes' });
}

export type LeadingZeroScheme = 'uk_sort_code' | 'uk_account' | 'us_routing' | 'au_bsb';

export const SCHEME_DIGITS: Readonly<Record<LeadingZeroScheme, number>> = {
  uk_sort_code: 6,
  uk_account: 8,
  us_routing: 9,
  au_bsb: 6,
};

/**
 * Puts back the leading zeros a spreadsheet dropped when it stored the code as a number:
 * 12345 -> "012345" as a sort code, 21000021 -> "021000021" as a routing number. Only digits
 * shorter than the scheme's length are padded; anything else is returned as is for the
 * field's check to explain. Use it where the sheet stored a number (a number cell, or a CSV
 * written from such a sheet): five digits a person typed are more likely a digit missing than
 * a zero dropped (see checkSortCode).
 */
export function restoreLeadingZeros(digits: string, scheme: LeadingZeroScheme): string {
  const length = SCHEME_DIGITS[scheme];
  return /^\d+$/.test(digits) && digits.length < length ? digits.padStart(length, '0') : digits;
}
