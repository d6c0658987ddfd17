// Run as a script (node --import tsx) under a chosen TZ: prints the time zone's offset and
// cellDate's answers for a fixed set of cells, so a test can compare them across time zones.
import { fileURLToPath } from 'node:url';
import { cellDate } from '../../../electron/core/sheets/coercion/cell-dates';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';

const texts = [
  '2030-01-31',
  '2030-01-31T23:30',
  '2030-01-31T00:30:00Z',
  '2030-03-31 01:30:00',
  '2030/01/31',
  '31/01/2030',
  '01/31/2030',
  '31.12.2030',
  '31/01/30',
  '31-Jan-2030',
  'January 31, 2030',
  '29/02/2032',
  '31/02/2030',
  '03/04/2030',
];
const serials = [1, 59, 61, 25569, 45000, 45000.25, 45000.999, 47515.5, 2958465];

export const DATE_CELLS: CellValue[] = [
  ...texts.map((text): CellValue => ({ kind: 'text', text })),
  ...serials.map((value): CellValue => ({ kind: 'number', value })),
  { kind: 'date', date: '2030-03-31', time: '00:30' },
];

export function dateAnswers(): unknown[] {
  return DATE_CELLS.flatMap((cell) => [
    cellDate(cell, { date1904: false }),
    cellDate(cell, { date1904: true }),
    cellDate(cell, { date1904: false, order: 'MDY' }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Local-time Date only to show which zone this process runs in.
  const offset = new Date(2030, 0, 31).getTimezoneOffset();
  process.stdout.write(JSON.stringify({ offset, answers: dateAnswers() }));
}
