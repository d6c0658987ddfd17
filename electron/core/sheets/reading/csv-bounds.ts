// Bounds on what csv-parse holds. It keeps the row being read until the row ends, and its own
// cap (max_record_size) counts neither delimiters nor empty cells, so a quote never closed, or a
// line of millions of commas, would fill memory before any row reached us. This pass counts the
// raw characters of each cell and row as the text streams, ahead of the parser, and cuts the
// text where one runs past its bound.
import { CsvScanner } from './csv-scanner';
import type { SheetLimits } from './limits';
import { CUT } from './text-encoding';

export type BoundFault = 'cell_runs_on' | 'row_runs_on';

/**
 * Raw characters of one cell, quotes and all. A cell longer than Excel allows (maxCellChars) but
 * within this is read, and is an issue at its cell (csv-reader.ts); one that runs past it is no
 * spreadsheet's (most often a quote never closed), and the file is refused here, before the
 * parser holds it.
 */
export const cellCharBound = (limits: SheetLimits) => limits.maxRawCellChars;

/** Raw characters of one row: two cells as long as a cell may run, far past any payee list's. */
export const rowCharBound = (limits: SheetLimits) => 2 * limits.maxRawCellChars;

/**
 * The text, cut after the first character that takes a cell or a row past its bound, and
 * `onFault` told which. A cut ends in `CUT` (the cut made before this pass, at a NUL, is kept),
 * closed so that csv-parse reads it as part of a cell: the cell where the text stops.
 */
export async function* boundCells(
  texts: AsyncIterable<string>,
  delimiter: string,
  limits: SheetLimits,
  onFault: (fault: BoundFault) => void,
): AsyncGenerator<string> {
  const scanner = new CsvScanner(delimiter);
  const [cellBound, rowBound] = [cellCharBound(limits), rowCharBound(limits)];
  let [cellChars, rowChars] = [0, 0];
  for await (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0) {
        yield text.slice(0, i) + closedCut(scanner);
        return;
      }
      const step = scanner.step(code);
      if (step === 'row_end') [cellChars, rowChars] = [0, 0];
      else {
        cellChars = step === 'cell_end' ? 0 : cellChars + 1;
        rowChars += 1;
        if (cellChars > cellBound || rowChars > rowBound) {
          onFault(cellChars > cellBound ? 'cell_runs_on' : 'row_runs_on');
          yield text.slice(0, i + 1) + closedCut(scanner);
          return;
        }
      }
    }
    yield text;
  }
}

/** `CUT` where the scanner stands, with what makes csv-parse read it as part of a cell. */
function closedCut(scanner: CsvScanner): string {
  // A pending quote, doubled, is a quote inside the cell; a closing one then ends it.
  if (scanner.quotePending) return `"${CUT}"`;
  if (scanner.quoted) return `${CUT}"`;
  return CUT;
}
