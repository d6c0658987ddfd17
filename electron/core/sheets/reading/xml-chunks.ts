// What the workbook's large parts (its worksheets and shared strings) are read with: XML taken
// in chunks as it inflates, element by element, by indexOf over the text rather than by a SAX
// parser's event per tag. The XML is looked at as latin1, one character per byte: tags are
// ASCII, so positions are byte positions, and a text value is turned back into UTF-8 when it
// is taken (xmlText). Between two chunks only an element still open is kept.
import { SHEET_LIMITS } from './limits';
import { SheetFileError } from './sheet-types';

/**
 * The longest a single tag or element may run in the XML, and so the longest a cell's XML may
 * be: a cell of 32,767 characters, each escaped as a six-byte character reference, and its
 * formula, fit several times over. A cell whose text is longer than Excel allows but whose XML
 * fits is read, and is an issue at its cell (xlsx-reader.ts); past this bound the file is
 * refused, as no spreadsheet program wrote it and reading on would hold it whole. The default
 * limit, whatever limits an import is given: the XML readers take none.
 */
const MAX_OPEN_ELEMENT_CHARS = SHEET_LIMITS.maxRawCellChars;

export const SLASH = 0x2f;

export abstract class ChunkedXmlReader {
  private carry = '';

  /** Reads one chunk of the XML: every element it completes goes to element(). */
  protected feed(chunk: Uint8Array): void {
    const text =
      this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    let at = 0;
    for (;;) {
      const open = text.indexOf('<', at);
      if (open === -1) {
        at = text.length;
        break;
      }
      const first = text.charCodeAt(open + 1);
      const next =
        first === 0x21 /* ! */ || first === 0x3f /* ? */
          ? skipMarkup(text, open)
          : this.element(text, open);
      if (next === -1) {
        // An element still open: kept until it closes, within what any real cell needs.
        at = open;
        break;
      }
      // The same bound on an element the chunk closes, so that it is exact wherever chunks end.
      if (next - open > MAX_OPEN_ELEMENT_CHARS) throw tagTooLong();
      at = next;
    }
    this.carry = at === text.length ? '' : text.slice(at);
    if (this.carry.length > MAX_OPEN_ELEMENT_CHARS) throw tagTooLong();
  }

  /**
   * Reads the tag (or the whole element) that starts at `open`; returns where reading goes on,
   * or -1 when the chunk ends first.
   */
  protected abstract element(text: string, open: number): number;
}

/** Where the element whose start tag is `<qname ...>` ends (after its end tag); -1 if not here. */
export function elementEnd(text: string, open: number, nameEnd: number, close: number): number {
  if (text.charCodeAt(close - 1) === SLASH) return close + 1;
  const end = text.indexOf(endTag(text.slice(open + 1, nameEnd)), close);
  return end === -1 ? -1 : text.indexOf('>', end) + 1;
}

/** `</name>`, made once per name (a sheet has millions of cells and a few names). */
function endTag(qname: string): string {
  let tag = END_TAGS.get(qname);
  if (tag === undefined) {
    tag = `</${qname}>`;
    if (END_TAGS.size < 64) END_TAGS.set(qname, tag);
  }
  return tag;
}

const END_TAGS = new Map<string, string>();

/**
 * The text of the `<t>` elements between `from` and `to` (a shared string's `<si>`, or an inline
 * string's `<is>`), in order: plain text is one, rich text one per run. A phonetic reading
 * (`<rPh>`, shown above East Asian text) is not part of it.
 */
export function runsText(text: string, from: number, to: number): string | undefined {
  let runs: string | undefined;
  for (let at = text.indexOf('<', from); at !== -1 && at < to; at = text.indexOf('<', at)) {
    const close = text.indexOf('>', at);
    if (text.charCodeAt(at + 1) === SLASH) {
      at = close + 1;
      continue;
    }
    const nameEnd = nameEndOf(text, at + 1, close);
    const name = localName(text, at + 1, nameEnd);
    if (name === 't') {
      runs = (runs ?? '') + (text.charCodeAt(close - 1) === SLASH ? '' : content(text, close + 1));
    } else if (name === 'rPh') {
      const end = elementEnd(text, at, nameEnd, close);
      at = end === -1 ? to : end;
      continue;
    }
    at = close + 1;
  }
  return runs;
}

/**
 * Where the named attributes of a tag (between the end of its name and its `>`) have their
 * values: for the nth name, `spans[2n]` to `spans[2n + 1]`, or -1 where the tag has none. Read
 * in place, so that a cell's reference and style cost no strings. The attributes read here
 * belong to no namespace, so they have no prefix.
 */
export function attributeSpans(
  text: string,
  from: number,
  to: number,
  names: readonly string[],
  spans: Int32Array,
): void {
  spans.fill(-1);
  let at = from;
  while (at < to) {
    while (at < to && isSpace(text.charCodeAt(at))) at += 1;
    const nameStart = at;
    while (at < to && text.charCodeAt(at) !== 0x3d /* = */ && !isSpace(text.charCodeAt(at))) {
      at += 1;
    }
    const nameLength = at - nameStart;
    while (at < to && isSpace(text.charCodeAt(at))) at += 1;
    if (text.charCodeAt(at) !== 0x3d) return;
    at += 1;
    while (at < to && isSpace(text.charCodeAt(at))) at += 1;
    const quote = text.charCodeAt(at);
    if (quote !== 0x22 && quote !== 0x27) return;
    const valueEnd = text.indexOf(quote === 0x22 ? '"' : "'", at + 1);
    if (valueEnd === -1 || valueEnd > to) return;
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index] as string;
      if (name.length === nameLength && text.startsWith(name, nameStart)) {
        spans[2 * index] = at + 1;
        spans[2 * index + 1] = valueEnd;
        break;
      }
    }
    at = valueEnd + 1;
  }
}

/** The values of the named attributes of a tag, in the order named (see attributeSpans). */
export function attributes(
  text: string,
  from: number,
  to: number,
  names: readonly string[],
): (string | undefined)[] {
  const spans = new Int32Array(names.length * 2);
  attributeSpans(text, from, to, names, spans);
  return names.map((_, n) =>
    spans[2 * n] === -1 ? undefined : text.slice(spans[2 * n], spans[2 * n + 1]),
  );
}

/** The whole number written from `from` to `to`; NaN unless it is all digits. */
export function digitsAt(text: string, from: number, to: number): number {
  if (from < 0 || from >= to) return NaN;
  let value = 0;
  for (let at = from; at < to; at += 1) {
    const digit = text.charCodeAt(at) - 0x30;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Where a tag's name ends: at a space, `/` or `>`. */
export function nameEndOf(text: string, from: number, close: number): number {
  let at = from;
  while (at < close) {
    const code = text.charCodeAt(at);
    if (code === SLASH || isSpace(code)) break;
    at += 1;
  }
  return at;
}

/** A name without its namespace prefix (`x:c` is `c`). */
export function localName(text: string, from: number, to: number): string {
  let start = from;
  for (let at = from; at < to; at += 1) if (text.charCodeAt(at) === 0x3a /* : */) start = at + 1;
  return text.slice(start, to).trim();
}

/** The text of an element that starts at `from`: up to the next tag, or a CDATA section. */
export function content(text: string, from: number): string {
  if (text.startsWith('<![CDATA[', from)) {
    const end = text.indexOf(']]>', from);
    return escapeCdata(text.slice(from + 9, end === -1 ? text.length : end));
  }
  const end = text.indexOf('<', from);
  return text.slice(from, end === -1 ? text.length : end);
}

/** CDATA holds text as is; escaped so that xmlText, which undoes escapes, gives it back. */
function escapeCdata(text: string): string {
  return text.replace(/&/g, '&amp;');
}

/** Skips a comment, a CDATA section, a processing instruction or a declaration. */
function skipMarkup(text: string, open: number): number {
  const terminator = text.startsWith('<!--', open)
    ? '-->'
    : text.startsWith('<![CDATA[', open)
      ? ']]>'
      : text.charCodeAt(open + 1) === 0x3f
        ? '?>'
        : '>';
  const end = text.indexOf(terminator, open + 2);
  return end === -1 ? -1 : end + terminator.length;
}

/** The text of a value read as latin1 bytes: back to UTF-8, with XML's escapes undone. */
export function xmlText(latin1: string): string {
  if (!/[&\x80-\xff]/.test(latin1)) return latin1;
  const text = Buffer.from(latin1, 'latin1').toString('utf8');
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|(lt|gt|quot|apos|amp));/g,
    (escape: string, hex?: string, dec?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? escape;
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      return code <= 0x10ffff ? String.fromCodePoint(code) : escape;
    },
  );
}

const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
};

function tagTooLong(): SheetFileError {
  return new SheetFileError(
    'cell_too_long',
    'one cell or tag of the sheet runs over a megabyte of XML, far beyond what Excel writes, so the file was not read',
  );
}
