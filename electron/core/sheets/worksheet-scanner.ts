// Looks at a worksheet's XML as it streams past exceljs, for what exceljs's streaming reader
// drops: hidden rows and columns, merged cells, and the saved result of a formula as written
// (exceljs keeps a result only when it is truthy, so 0, FALSE, "" and #N/A all look like a
// formula never calculated). It sees each chunk before exceljs parses it, so all this is known
// before exceljs emits the row; merged ranges are written after the rows, so they are known
// once the rows have been read.
// Tags are ASCII and text content cannot hold a raw '<': cutting the text at the start of its
// last cell (or its last '<') leaves only whole cells and tags before the cut.
import { columnIndex, SheetFileError, type CellRange } from './sheet-types';

export interface FormulaResult {
  /** The cell's t attribute: n (number), str (text), b (boolean), e (error). */
  type: string;
  /** The saved result as written; absent when the formula was never calculated. */
  value?: string;
}

const HIDDEN = /\bhidden=["'](?:1|true)["']/g;
/** A hidden "rest of the sheet" (up to column 16384) is a formatting habit, not real columns. */
const MAX_HIDDEN_SPAN = 1000;
/**
 * The longest a single tag or cell may run in the XML: a cell of 32,767 characters, each
 * escaped as a six-byte character reference, and its formula, fit several times over.
 */
const MAX_OPEN_TAG_CHARS = 1024 * 1024;

export class WorksheetScanner {
  readonly hiddenRows = new Set<number>();
  readonly hiddenColumns = new Set<number>();
  readonly merges: CellRange[] = [];
  /** Formula cells by reference ("G10") until the reader takes them: their type and value. */
  readonly formulaResults = new Map<string, FormulaResult>();
  private carry = '';
  /** The sheet's first row and first cell, until each has been looked at for a reference. */
  private unchecked = [/<row[\s>/]/, /<c[\s>/]/];

  push(chunk: Uint8Array, final = false): void {
    const text =
      this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    const cut = final ? text.length : cutAt(text);
    if (cut === -1) {
      // No tag starts here (a run of whitespace): nothing to look at, nothing to keep.
      this.carry = '';
      return;
    }
    if (cut === 0) {
      // One tag or cell still open: kept until it closes, within what any real cell needs.
      if (text.length > MAX_OPEN_TAG_CHARS) throw tagTooLong();
      this.carry = text;
      return;
    }
    const whole = text.slice(0, cut);
    this.carry = text.slice(cut);
    if (this.unchecked.length > 0) this.references(whole);
    if (whole.includes('hidden=')) this.hidden(whole);
    if (whole.includes('<mergeCell ')) this.mergeCells(whole);
    if (whole.includes('<f')) this.formulas(whole);
  }

  /**
   * OOXML lets a row or cell leave out its reference (`r`), to be counted from the one before;
   * Excel and LibreOffice always write it, and exceljs needs it (without, it numbers rows NaN
   * and fails on the cell). A writer that leaves it out does so throughout, so the first row
   * and cell tell.
   */
  private references(text: string): void {
    this.unchecked = this.unchecked.filter((tag) => {
      const at = tag.exec(text)?.index;
      if (at === undefined) return true;
      if (!/\sr=["']/.test(text.slice(at, text.indexOf('>', at)))) throw withoutReferences();
      return false;
    });
  }

  private formulas(text: string): void {
    let at = text.indexOf('<f');
    while (at !== -1) {
      const after = text.charCodeAt(at + 2);
      if (after !== 0x20 && after !== 0x3e && after !== 0x2f) {
        at = text.indexOf('<f', at + 2);
        continue;
      }
      const start = text.lastIndexOf('<c ', at);
      const end = text.indexOf('</c>', at);
      if (start === -1 || end === -1) return;
      const cell = text.slice(start, end);
      const open = cell.slice(0, cell.indexOf('>'));
      const ref = /\sr=["']([A-Z]+\d+)["']/.exec(open)?.[1];
      const value = /<v>([^<]*)<\/v>/.exec(cell)?.[1];
      if (ref) {
        this.formulaResults.set(ref, {
          type: /\st=["'](\w+)["']/.exec(open)?.[1] ?? 'n',
          ...(value === undefined ? {} : { value: xmlText(value) }),
        });
      }
      at = text.indexOf('<f', end);
    }
  }

  private hidden(text: string): void {
    for (const match of text.matchAll(HIDDEN)) {
      const start = text.lastIndexOf('<', match.index);
      const tag = text.slice(start, text.indexOf('>', match.index));
      if (tag.startsWith('<row ')) {
        const r = /\sr=["'](\d+)["']/.exec(tag);
        if (r) this.hiddenRows.add(Number(r[1]));
      } else if (tag.startsWith('<col ')) {
        const min = Number(/\smin=["'](\d+)["']/.exec(tag)?.[1] ?? 0);
        const max = Number(/\smax=["'](\d+)["']/.exec(tag)?.[1] ?? min);
        for (let column = min; column <= Math.min(max, min + MAX_HIDDEN_SPAN); column += 1) {
          this.hiddenColumns.add(column - 1);
        }
      }
    }
  }

  private mergeCells(text: string): void {
    for (const match of text.matchAll(
      /<mergeCell\s[^>]*\bref=["']([A-Z]+)(\d+):([A-Z]+)(\d+)["']/gi,
    )) {
      this.merges.push({
        top: Number(match[2]),
        left: columnIndex(match[1] ?? 'A'),
        bottom: Number(match[4]),
        right: columnIndex(match[3] ?? 'A'),
      });
    }
  }
}

/**
 * Where to stop: before the last cell if it is not closed yet (its value may be in the next
 * chunk), else before the last tag if it is not closed yet, else at the end; -1 where no tag
 * starts at all. exceljs is handed the whole chunk at once, so a closed cell must be looked at
 * now: its row may be emitted before the next chunk arrives.
 */
function cutAt(text: string): number {
  const lastCell = text.lastIndexOf('<c ');
  if (lastCell !== -1) {
    const end = text.indexOf('>', lastCell);
    const selfClosing = end !== -1 && text.charCodeAt(end - 1) === 0x2f;
    if (!selfClosing && text.indexOf('</c>', lastCell) === -1) return lastCell;
  }
  const lastTag = text.lastIndexOf('<');
  if (lastTag === -1) return -1;
  return text.indexOf('>', lastTag) === -1 ? lastTag : text.length;
}

function withoutReferences(): SheetFileError {
  return new SheetFileError(
    'unreadable',
    "the sheet's rows and cells do not say where they are (the r attribute Excel always writes), so the program that made the file wrote it in a form this app does not read: open it in Excel or LibreOffice, save it again, and import that",
  );
}

function tagTooLong(): SheetFileError {
  return new SheetFileError(
    'cell_too_long',
    'one cell or tag of the sheet runs over a megabyte of XML, far beyond what Excel writes, so the file was not read',
  );
}

/** The text of a value read as latin1 bytes: back to UTF-8, with XML's escapes undone. */
function xmlText(latin1: string): string {
  return Buffer.from(latin1, 'latin1')
    .toString('utf8')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
