// Counts the app says to a person ("Approved 1 row", "Deleted 2,000 rows") take their noun in
// the singular or the plural as English asks, with the number written in the person's locale.
import { afterEach, describe, expect, it, vi } from 'vitest';

type FormatCountOf = (count: number, one: string, other?: string) => string;

/** The renderer's formatter as a browser in `language` loads it (Node 20 has no navigator). */
async function formatterIn(language: string): Promise<FormatCountOf> {
  vi.resetModules();
  vi.stubGlobal('navigator', { language });
  // Named by a variable, so that this Node project's type check does not follow it into the
  // renderer's code (svelte-check checks that); its one function is typed above.
  const format = '../../../renderer/src/lib/format';
  return ((await import(format)) as { formatCountOf: FormatCountOf }).formatCountOf;
}
afterEach(() => vi.unstubAllGlobals());

describe('a count with its noun', () => {
  it('is singular for one and plural for none and for many', async () => {
    const countOf = await formatterIn('en-GB');
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'row')).toBe('0 rows');
    expect(countOf(2, 'row')).toBe('2 rows');
    expect(countOf(2000, 'row')).toBe('2,000 rows');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('writes the number in the locale and the noun in English', async () => {
    const countOf = await formatterIn('de-DE');
    expect(countOf(2000, 'row')).toBe('2.000 rows');
    expect(countOf(1, 'row')).toBe('1 row');
  });
});
