// Excel's way of keeping a text a text in a CSV: ="012345". Accounting and payroll systems
// export account numbers, sort codes and references so, because Excel, opening the file, would
// otherwise read 012345 as the number 12345 and drop its zero; Excel shows the cell as the text
// 012345, and so does the importer. Written without quotes around it (the usual way), the cell
// has a quote that does not start it, which a CSV parser with strict quotes refuses, and with it
// the whole file. So the `=` of a cell that starts with =" is taken out ahead of the parser,
// which then reads "012345" as any quoted cell: its text exactly, doubled quotes as one.
//
// Only that shape changes: =SUM(A1:A3), +cmd or @A1 stay the text they are (the coercion and the
// exports' safe-text.ts deal with them), and a formula with quotes that is more than one text
// (="01"&A1, =HYPERLINK("…","…")) is still refused by the parser, as a quote out of place. A cell
// quoted in the file, "=""012345""", is the text ="012345" as written (RFC 4180 says so; the
// bank code cells take their zeros out of it: ../coercion/cell-bank-codes.ts).
import { CsvScanner } from './csv-scanner';

/** The text, with the `=` of each unquoted cell that starts with =" left out. */
export async function* excelTextCells(
  texts: AsyncIterable<string>,
  delimiter: string,
): AsyncGenerator<string> {
  const scanner = new CsvScanner(delimiter);
  // An `=` starting a cell at the end of a chunk: kept back until the next character tells.
  let held = '';
  for await (const text of texts) {
    let before = held;
    held = '';
    const pieces: string[] = [];
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      if (scanner.step(text.charCodeAt(i)) !== 'excel_text') continue;
      if (i === 0) before = '';
      else {
        pieces.push(text.slice(from, i - 1));
        from = i;
      }
    }
    let end = text.length;
    if (scanner.equalsAtStart) {
      end -= 1;
      held = '=';
    }
    pieces.push(text.slice(from, end));
    const out = before + pieces.join('');
    if (out !== '') yield out;
  }
  if (held !== '') yield held;
}
