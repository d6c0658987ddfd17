// A row's cells as the outbox keeps them (for the annotated export and for re-reading a row):
// plain JSON values where the cell is plain — text, number, boolean, null — and a small object
// where it is not, so 100,000 rows stay small. A date's `fmt` came later: rows stored before it
// read as dates without a format.
import { EMPTY, type CellValue } from '../reading/sheet-types';

export type SourceCell =
  | string
  | number
  | boolean
  | null
  | EncodedDate
  | { e: string }
  | { f: string }
  | { long: string; max: number }
  | { n: number; fmt: string };

/** A date: its calendar day, its wall-clock time if not midnight, its number format if any. */
type EncodedDate = { d: string; t?: string; fmt?: string };

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
      case 'date': {
        const date: EncodedDate = { d: cell.date };
        if (cell.time) date.t = cell.time;
        if (cell.format) date.fmt = cell.format;
        return date;
      }
      case 'error':
        return { e: cell.code };
      case 'formula':
        return { f: cell.formula };
      case 'overlong':
        return { long: cell.text, max: cell.limit };
    }
  });
}

export function decodeCells(cells: readonly SourceCell[]): CellValue[] {
  return cells.map((cell): CellValue => {
    if (cell === null) return EMPTY;
    if (typeof cell === 'string') return { kind: 'text', text: cell };
    if (typeof cell === 'number') return { kind: 'number', value: cell };
    if (typeof cell === 'boolean') return { kind: 'boolean', value: cell };
    if ('d' in cell) return decodedDate(cell);
    if ('e' in cell) return { kind: 'error', code: cell.e };
    if ('f' in cell) return { kind: 'formula', formula: cell.f };
    if ('long' in cell) return { kind: 'overlong', text: cell.long, limit: cell.max };
    return { kind: 'number', value: cell.n, format: cell.fmt };
  });
}

function decodedDate(cell: EncodedDate): CellValue {
  const date: CellValue = { kind: 'date', date: cell.d };
  if (cell.t) date.time = cell.t;
  if (cell.fmt) date.format = cell.fmt;
  return date;
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
