// CSV read as csv-parse reads it with strict quotes, a character at a time and across chunks,
// keeping no text: where cells and rows end, and whether the quotes make sense. The delimiter
// sniff asks it how each candidate would split the first lines; the bounds on cells and rows
// ask it where a cell or a row is, ahead of the parser, which holds a whole row before it hands
// it on.

const QUOTE = 0x22;
const EQUALS = 0x3d;
const CR = 0x0d;
const LF = 0x0a;

/**
 * What a character was: part of a cell, the end of a cell, or the end of a row; or the quote
 * that, after an `=` starting the cell, opens Excel's text ="012345" (csv-excel-text.ts).
 */
export type Step = 'char' | 'cell_end' | 'row_end' | 'excel_text';

export class CsvScanner {
  private readonly delimiter: number;
  /** At the start of a cell, where a quote opens a quoted cell. */
  private cellStart = true;
  /** Inside a quoted cell. */
  quoted = false;
  /** Inside a quoted cell, just after a quote that closes it unless another quote follows. */
  quotePending = false;
  /** A quote in the middle of a cell, or text after a closing quote: csv-parse refuses both. */
  malformed = false;
  /** Just after an `=` that starts a cell: a quote next opens the text of ="012345". */
  equalsAtStart = false;

  constructor(delimiter: string) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Reads one character, given as its UTF-16 code unit. CRLF is a row end then an empty row. */
  step(code: number): Step {
    if (this.equalsAtStart) {
      this.equalsAtStart = false;
      // ="…" is read as the quoted cell "…": the `=` is taken out ahead of the parser.
      if (code === QUOTE) {
        this.quoted = true;
        return 'excel_text';
      }
    }
    if (this.quotePending) {
      this.quotePending = false;
      if (code === QUOTE) return 'char';
      this.quoted = false;
      if (code !== this.delimiter && code !== CR && code !== LF) this.malformed = true;
    } else if (this.quoted) {
      if (code === QUOTE) this.quotePending = true;
      return 'char';
    }
    if (code === this.delimiter || code === CR || code === LF) {
      this.cellStart = true;
      return code === this.delimiter ? 'cell_end' : 'row_end';
    }
    if (code === QUOTE) {
      if (this.cellStart) this.quoted = true;
      else this.malformed = true;
    }
    this.equalsAtStart = this.cellStart && code === EQUALS;
    this.cellStart = false;
    return 'char';
  }
}
