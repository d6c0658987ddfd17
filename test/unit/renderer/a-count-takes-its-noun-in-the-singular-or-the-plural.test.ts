// Counts the app says to a person ("Approved 1 row", "Deleted 2,000 rows") take their noun in
// the singular or the plural as English asks, with the number written in the person's locale.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rendererFormatIn } from '../../support/renderer-format';

const formatterIn = async (language: string) => (await rendererFormatIn(language)).formatCountOf;
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
