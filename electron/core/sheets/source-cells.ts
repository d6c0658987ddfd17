// A row's cells as the outbox keeps them (for the annotated export and for re-reading a row):
// plain JSON values where the cell is plain — text, number, boolean, null — and a one-key
// object where it is not, so 100,000 rows stay small.
import { EMPTY, type CellValue } from './sheet-types';

export type SourceCell =
  | string
  | number
  | boolean
  | null
  | { d: string; t?: string }
  | { e: string }
  | { f: string }
  | { n: number; fmt: string };

export function encodeCells(cells: readonly CellValue[]): SourceCell[] {
  return cells.map((cell): SourceCell => {
    switch (cell.kind) {
      case 'empty':
        return null;
      case 'text':
        return cell.text;
      case 'number':
        return cell.format ? { n: cell.value, fmt: cell.format } : cell.value;
      case 'boolean':
        return cell.value;
      case 'date':
        return cell.time ? { d: cell.date, t: cell.time } : { d: cell.date };
      case 'error':
        return { e: cell.code };
      case 'formula':
        return { f: cell.formula };
    }
  });
}

export function decodeCells(cells: readonly SourceCell[]): CellValue[] {
  return cells.map((cell): CellValue => {
    if (cell === null) return EMPTY;
    if (typeof cell === 'string') return { kind: 'text', text: cell };
    if (typeof cell === 'number') return { kind: 'number', value: cell };
    if (typeof cell === 'boolean') return { kind: 'boolean', value: cell };
    if ('d' in cell)
      return cell.t ? { kind: 'date', date: cell.d, time: cell.t } : { kind: 'date', date: cell.d };
    if ('e' in cell) return { kind: 'error', code: cell.e };
    if ('f' in cell) return { kind: 'formula', formula: cell.f };
    return { kind: 'number', value: cell.n, format: cell.fmt };
  });
}

/**
 * A row's cells without the empty ones at its end (null, or text of nothing), which a sheet
 * does not show: both as encoded here and as the results export writes them.
 */
export function withoutTrailingEmpty<T>(cells: readonly T[]): readonly T[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] === null || cells[end - 1] === '')) end -= 1;
  return end === cells.length ? cells : cells.slice(0, end);
}
