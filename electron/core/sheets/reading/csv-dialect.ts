// Which character separates the cells of a CSV, told from its first lines: Excel writes commas
// or, where the decimal separator is a comma (most of Europe), semicolons; its "Unicode Text"
// uses tabs. A first line `sep=;` (Excel's own hint) decides when present.

import { CsvScanner } from './csv-scanner';

export interface CsvDialect {
  delimiter: string;
  /** Characters of a `sep=` line, skipped before the parser sees the text. */
  skip: number;
}

const CANDIDATES = [',', ';', '\t'] as const;

/** Lines compared. */
const SAMPLE_LINES = 20;

/**
 * The dialect of a CSV from the start of its text, its first 64 KiB (`wholeFile` when that is
 * all of it): enough for some lines of any list, and for a header of long names.
 *
 * Excel reads a first line `sep=X` as the delimiter and shows no row for it, so neither is it a
 * row here, and the header under it is row 1: the row numbers in our messages are those the user
 * sees in Excel (which drops the line when it saves the file again). Any one character is
 * taken there, as Excel does.
 */
export function sniffDialect(text: string, wholeFile: boolean): CsvDialect {
  const sep = /^sep=([^"\r\n])(?:\r\n|\n|\r|$)/i.exec(text);
  if (sep) return { delimiter: sep[1]!, skip: sep[0].length };
  return { delimiter: sniffDelimiter(text, wholeFile), skip: 0 };
}

/**
 * The candidate that splits the sampled lines most consistently: the largest share of lines
 * with its most common number of delimiters, then the most columns, then the order of
 * CANDIDATES. Delimiters inside quotes do not count, and a candidate under which the quotes
 * make no sense (one in the middle of a cell, text after a closing one) comes after any under
 * which they do. Nothing splits a one-column file, and then the comma is as good as any.
 */
function sniffDelimiter(sample: string, complete: boolean): string {
  let best = { delimiter: ',', wellFormed: false, share: 0, count: 0 };
  for (const delimiter of CANDIDATES) {
    const { counts, wellFormed } = splitLines(sample, delimiter, complete);
    const count = mostCommon(counts);
    if (count === 0) continue;
    const share = counts.filter((c) => c === count).length / counts.length;
    const rank = (c: typeof best) => [Number(c.wellFormed), c.share, c.count];
    if (isAfter(rank({ delimiter, wellFormed, share, count }), rank(best))) {
      best = { delimiter, wellFormed, share, count };
    }
  }
  return best.delimiter;
}

function isAfter(a: number[], b: number[]): boolean {
  const index = a.findIndex((value, i) => value !== b[i]);
  return index !== -1 && a[index]! > b[index]!;
}

/**
 * Reads the sample as the parser would with `delimiter`: the delimiters outside quotes in each
 * non-blank line (a quoted cell may span lines; the last line counts only if the sample holds
 * all of it), and whether every quote opens a cell or closes one before a delimiter or line end.
 */
function splitLines(sample: string, delimiter: string, complete: boolean) {
  const scanner = new CsvScanner(delimiter);
  const counts: number[] = [];
  let [count, blank] = [0, true];
  for (let i = 0; i < sample.length && counts.length < SAMPLE_LINES; i++) {
    const step = scanner.step(sample.charCodeAt(i));
    if (step === 'row_end') {
      if (!blank) counts.push(count);
      [count, blank] = [0, true];
    } else {
      if (step === 'cell_end') count += 1;
      blank = false;
    }
  }
  if (!blank && (complete || counts.length === 0)) counts.push(count);
  return { counts, wellFormed: !scanner.malformed };
}

/**
 * The most frequent count above 0, the larger on a tie; 0 for none. Lines without any are left
 * out: in a list whose rows are mostly one cell, the delimiter is still the one that splits.
 */
function mostCommon(counts: number[]): number {
  const tally = new Map<number, number>();
  for (const count of counts) if (count > 0) tally.set(count, (tally.get(count) ?? 0) + 1);
  let best = 0;
  let bestTimes = 0;
  for (const [count, times] of tally) {
    if (times > bestTimes || (times === bestTimes && count > best))
      [best, bestTimes] = [count, times];
  }
  return best;
}
