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
    source: decodeCells(draft.source as SourceCell[]).map(sourceValue),
    state: draft.state,
    remoteStatus: draft.remoteStatus,
    paymentId: draft.id,
    correlationId: draft.correlationId,
    error: whyNot(draft),
  };
}

/** A cell as the writer takes it: dates and errors as the text a spreadsheet shows. */
export function sourceValue(cell: CellValue): SourceValue {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      return cell.text;
    case 'number': {
      // A sort code stored as a number and shown with its zeros ("000000") goes out as shown.
      const shown = cell.format && /^0+$/.test(cell.format) ? cellText(cell) : undefined;
      return shown?.ok && shown.value !== null ? shown.value : cell.value;
    }
    case 'boolean':
      return cell.value;
    case 'date':
      return cell.time ? `${cell.date} ${cell.time}` : cell.date;
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
