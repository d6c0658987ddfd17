// readDigits reads the amounts nearly every sheet writes ("1000.05", "12,5", "2.500") by a short
// way of its own, for speed, and everything else by the general rules (readGroupedDigits). The
// two must never differ: every text of up to five characters made of digits, both marks, a space
// and an apostrophe is read both ways, with either mark for the sheet.
import { describe, expect, it } from 'vitest';
import {
  readDigits,
  readGroupedDigits,
  type DecimalMark,
} from '../../../electron/core/sheets/coercion/amount-digits';

const CHARS = ['0', '1', '5', ',', '.', ' ', "'"];

function* texts(length: number, prefix = ''): Generator<string> {
  yield prefix;
  if (length === 0) return;
  for (const char of CHARS) yield* texts(length - 1, prefix + char);
}

describe('an amount read the short way', () => {
  it('reads as the general rules read it, for every short text, with either mark', () => {
    let compared = 0;
    const differences: string[] = [];
    for (const text of texts(5)) {
      for (const mark of [',', '.'] as DecimalMark[]) {
        const quick = readDigits(text, mark);
        const general = readGroupedDigits(text, mark);
        compared += 1;
        if (JSON.stringify(quick) !== JSON.stringify(general) && differences.length < 5) {
          differences.push(
            `${JSON.stringify(text)} (${mark}): ${JSON.stringify(quick)} vs ${JSON.stringify(general)}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(35_000);
  });

  it('reads long plain amounts and many decimals as the general rules do', () => {
    for (const text of [
      '123456789012.125',
      '12.500',
      '120,000',
      '999.999',
      '0.5000',
      '1.50000',
      '12.3456',
      '00012',
      '.5',
      '5.',
      '1234,567',
    ]) {
      for (const mark of [',', '.'] as DecimalMark[]) {
        expect(readDigits(text, mark), `${text} (${mark})`).toEqual(readGroupedDigits(text, mark));
      }
    }
  });
});
