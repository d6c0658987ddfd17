// A row's cells go into the outbox as compact JSON (source-cells.ts) and come back out for the
// results export. A date keeps the number format its sheet showed it in; a date stored before
// formats were kept (`{ d }` alone) still reads, and exports in the unambiguous yyyy-mm-dd.
import { describe, expect, it } from 'vitest';
import { sourceValue } from '../../../electron/core/sheets/writing/result-rows';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';
import {
  decodeCells,
  encodeCells,
  type SourceCell,
} from '../../../electron/core/sheets/drafting/source-cells';

describe('date cells kept in the outbox', () => {
  it('keep their number format through the stored JSON, and go without one where they had none', () => {
    const cells: CellValue[] = [
      { kind: 'date', date: '2030-01-31', format: 'dd/mm/yyyy' },
      { kind: 'date', date: '2030-01-31', time: '09:30:00', format: 'm/d/yyyy h:mm' },
      { kind: 'date', date: '2030-01-31' },
      { kind: 'date', date: '2030-01-31', time: '09:30:00' },
    ];
    const stored = JSON.parse(JSON.stringify(encodeCells(cells))) as SourceCell[];
    expect(stored).toEqual([
      { d: '2030-01-31', fmt: 'dd/mm/yyyy' },
      { d: '2030-01-31', t: '09:30:00', fmt: 'm/d/yyyy h:mm' },
      { d: '2030-01-31' },
      { d: '2030-01-31', t: '09:30:00' },
    ]);
    expect(decodeCells(stored)).toEqual(cells);
  });

  it('export in their own format, those stored before formats were kept in yyyy-mm-dd', () => {
    const older: SourceCell[] = [{ d: '2030-01-31' }, { d: '2030-01-31', t: '09:30:00' }];
    const newer: SourceCell[] = [{ d: '2030-01-31', fmt: 'dd/mm/yyyy' }];
    const day = new Date(Date.UTC(2030, 0, 31));
    // `shown` is what a CSV export writes: the ISO day, whatever the format.
    expect(decodeCells([...older, ...newer]).map(sourceValue)).toEqual([
      { value: day, format: 'yyyy-mm-dd', shown: '2030-01-31' },
      {
        value: new Date(Date.UTC(2030, 0, 31, 9, 30)),
        format: 'yyyy-mm-dd hh:mm:ss',
        shown: '2030-01-31 09:30:00',
      },
      { value: day, format: 'dd/mm/yyyy', shown: '2030-01-31' },
    ]);
  });
});
