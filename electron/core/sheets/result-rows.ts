// A draft as a line of the annotated export: the cells it was imported from, as the person
// typed them, and why it did not go when it did not — the one thing a finance person opens the
// file to find out.
import type { SourceRowDraft } from '../outbox';
import { cellText } from './cell-text';
import type { ResultRow, SourceValue } from './results-export';
import type { CellValue } from './sheet-types';
import { decodeCells, type SourceCell } from './source-cells';

export function resultRow(draft: SourceRowDraft): ResultRow {
  return {
    row: draft.sourceRow,
    source: decodeCells(draft.source as SourceCell[]).map(sourceValue),
    state: draft.state,
    remoteStatus: draft.remoteStatus,
    paymentId: draft.id,
    correlationId: draft.correlationId,
    error: whyNot(draft),
  };
}

/**
 * A cell as the writer takes it. Dates go back as dates (a calendar day at UTC midnight, which
 * exceljs writes as that day whatever the machine's zone) in an unambiguous format; numbers
 * as numbers, in the format the sheet gave them; errors and formulas without a result as the
 * text the sheet showed.
 */
export function sourceValue(cell: CellValue): SourceValue {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      return cell.text;
    case 'number': {
      if (!cell.format) return cell.value;
      // A sort code stored as a number and shown with its zeros ("000000") is "040004" in CSV.
      const shown = cellText(cell);
      const text = shown.ok && shown.value !== null ? shown.value : String(cell.value);
      return { value: cell.value, format: cell.format, shown: text };
    }
    case 'boolean':
      return cell.value;
    case 'date': {
      const shown = cell.time ? `${cell.date} ${cell.time}` : cell.date;
      const value = new Date(`${cell.date}T${cell.time ?? '00:00:00'}Z`);
      if (Number.isNaN(value.getTime())) return shown;
      return { value, format: cell.time ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd', shown };
    }
    case 'error':
      return cell.code;
    case 'formula':
      return `=${cell.formula}`;
  }
}

/** The service's error, else the issues that blocked approval, each at its cell; one line. */
function whyNot(draft: SourceRowDraft): string | null {
  const service = serviceErrorText(draft.error);
  if (service) return service;
  const blocking = draft.issues.filter((issue) => issue.severity === 'error');
  if (blocking.length === 0) return null;
  return oneLine(
    blocking.map((issue) => `${issue.cell ?? issue.field}: ${issue.message}`).join('; '),
  );
}

/**
 * The most specific text of a recorded error: the service's description, else its message,
 * else its error code; anything else as JSON rather than lost.
 */
export function serviceErrorText(error: unknown): string | null {
  if (error === null || error === undefined) return null;
  if (typeof error === 'string') return oneLine(error);
  if (typeof error === 'object') {
    const fields = error as Record<string, unknown>;
    for (const key of ['description', 'message', 'error']) {
      const text = fields[key];
      if (typeof text === 'string' && text.trim() !== '') return oneLine(text);
    }
  }
  return oneLine(JSON.stringify(error));
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
