// A yes-or-no cell (such as "approved"). Sheets say yes in many ways: TRUE from a checkbox,
// Yes or Y typed, 1 from a formula, an x or a tick mark in a column people mark by hand.
import { accept, type Coerced, NOTHING, quoted, refuse } from './cell-coerced';
import { cellText, unknownCell, unreadableCell } from './cell-text';
import type { CellValue } from '../reading/sheet-types';

/** Compared in lower case. "x" is yes: a column marked by hand leaves the "no" rows empty. */
const YES = new Set(['true', 'yes', 'y', '1', 'x', '✓', '✔', '☑']);
const NO = new Set(['false', 'no', 'n', '0']);
const EXPECTED = 'write TRUE or FALSE (yes/no, y/n, 1/0 and x for yes also work)';

export function cellBoolean(cell: CellValue): Coerced<boolean> {
  switch (cell.kind) {
    case 'empty':
      return NOTHING;
    case 'boolean':
      return accept(cell.value);
    case 'number':
      if (cell.value === 1 || cell.value === 0) return accept(cell.value === 1);
      return refuse(`${String(cell.value)} is not yes or no: ${EXPECTED}`);
    case 'text': {
      const text = cellText(cell);
      if (!text.ok) return text;
      if (text.value === null) return NOTHING;
      const lower = text.value.toLowerCase();
      if (YES.has(lower)) return accept(true);
      if (NO.has(lower)) return accept(false);
      return refuse(`${quoted(text.value)} is not yes or no: ${EXPECTED}`);
    }
    case 'date':
      return refuse(`the date ${cell.date} is not yes or no: ${EXPECTED}`);
    case 'error':
    case 'formula':
    case 'overlong':
      return unreadableCell(cell) ?? NOTHING;
    default:
      return unknownCell(cell);
  }
}
