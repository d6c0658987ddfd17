// Reads a workbook's shared strings (xl/sharedStrings.xml) as it inflates: the text of each
// `<si>`, its rich-text runs joined as a person sees them. A cell of type "s" holds an index
// into this table. Read in chunks like the worksheets (xml-chunks.ts), because the table of a
// 100,000-row list runs to millions of elements; its size is metered by the inflate budget.
import {
  ChunkedXmlReader,
  elementEnd,
  localName,
  nameEndOf,
  runsText,
  xmlText,
} from './xml-chunks';

export class SharedStringsReader extends ChunkedXmlReader {
  readonly strings: string[] = [];

  push(chunk: Uint8Array): void {
    this.feed(chunk);
  }

  protected element(text: string, open: number): number {
    // Most strings are plain text written as <si><t>…</t></si>: read those without more ado.
    if (text.startsWith('<si><t>', open)) {
      const end = text.indexOf('<', open + 7);
      if (end !== -1 && text.startsWith('</t></si>', end)) {
        this.strings.push(xmlText(text.slice(open + 7, end)));
        return end + 9;
      }
    }
    const close = text.indexOf('>', open);
    if (close === -1) return -1;
    const nameEnd = nameEndOf(text, open + 1, close);
    if (localName(text, open + 1, nameEnd) !== 'si') return close + 1;
    const end = elementEnd(text, open, nameEnd, close);
    if (end === -1) return -1;
    this.strings.push(xmlText(runsText(text, close + 1, end) ?? ''));
    return end;
  }
}
