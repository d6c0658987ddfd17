// The payee index folds names a character at a time (payee-fold.ts, foldName), faster than
// decomposing each whole name; the list's order and search must not change for it: for any
// text, it folds exactly as foldCase does.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { foldCase, foldName } from '../../../electron/core/outbox/payee-fold';

it('folds any name exactly as the whole-name fold does', () => {
  const names = ['Émile Zola', 'Łukasiewicz', 'ΟΔΥΣΣΕΥΣ', 'İstanbul', 'e\u0301mile', '𝒜da', 'ﬁne'];
  for (const name of names) expect(foldName(name)).toBe(foldCase(name));
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), (name) => {
      expect(foldName(name)).toBe(foldCase(name));
    }),
    { numRuns: 200 },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (name) => {
      expect(foldName(name)).toBe(foldCase(name));
    }),
    { numRuns: 200 },
  );
});
