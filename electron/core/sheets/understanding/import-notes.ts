// The notes an import gives about what it decided from the header row, shown before the import
// (the wizard's mapping step, from inspectSheet) and after it (the summary, the CLI's "check:"
// lines): the columns it left out that could have filled a field as well, the amount
// column's unit, and the purpose the payments go as when no column gives one. All from the
// functions that decide, so what is said is what is done.
import { columnLetter } from '../reading/sheet-types';
import {
  amountHeaderHundredths,
  amountHeaderThousands,
  headerKeys,
  mappingNotes,
} from './column-mapping';
import type { HeaderRow } from './header-detection';
import { purposeNote } from './payee-kinds';

/**
 * Every note on the header's mapping. The contenders are left out for a saved mapping (the person
 * has seen it); the amount's unit never: it scales every payment of every import of the sheet.
 */
export function importNotes(
  header: Pick<HeaderRow, 'headers' | 'mapping' | 'source' | 'hidden'>,
  settingsPurpose?: string,
): string[] {
  const { headers, mapping, source } = header;
  const purpose = purposeNote(header, settingsPurpose);
  return [
    ...amountUnitNotes(mapping, headers),
    ...(source === 'saved' ? [] : mappingNotes(mapping, headers, new Set(header.hidden))),
    ...(purpose ? [purpose] : []),
  ];
}

/**
 * What the amount column's header makes of every amount: a payment 100 or 1,000 times what its
 * cell shows is the worst a payout can be wrong by, so it is never done without a word. In the
 * order the rows are read (../drafting/row-values.ts): thousands first.
 */
export function amountUnitNotes(
  mapping: HeaderRow['mapping'],
  headers: readonly string[],
): string[] {
  const column = mapping.columns.find((c) => c.field === 'amount');
  if (!column) return [];
  const named = `"${headerKeys(headers)[column.index] ?? column.header}" (column ${columnLetter(column.index)})`;
  if (amountHeaderThousands(mapping, headers) !== undefined) {
    return [
      `${named} is in thousands: each amount is multiplied by 1,000, so 1.5 is paid as 1,500`,
    ];
  }
  if (amountHeaderHundredths(mapping, headers) !== undefined) {
    return [
      `${named} is in hundredths of the currency: each amount is divided by 100, so 12345 is paid as 123.45`,
    ];
  }
  return [];
}
