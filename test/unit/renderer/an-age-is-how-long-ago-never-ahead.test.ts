// How old a fetched answer is ("as of 2 minutes ago"): the screens' clock ticks now and then, so
// an answer fetched since its last tick is newer than the "now" it is measured against; it reads
// as "now", never as "in 3 seconds".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rendererFormatIn } from '../../support/renderer-format';

const ageIn = async (language: string) => (await rendererFormatIn(language)).formatAge;
afterEach(() => vi.unstubAllGlobals());

const now = new Date('2026-11-27T15:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

describe('an age', () => {
  it('says how long ago a moment was', async () => {
    const age = await ageIn('en-GB');
    expect(age(at(-5), now)).toBe('5 seconds ago');
    expect(age(at(-120), now)).toBe('2 minutes ago');
    expect(age(at(-3 * 3600), now)).toBe('3 hours ago');
  });

  it('is now for a moment after the clock it is read against', async () => {
    const age = await ageIn('en-GB');
    expect(age(at(0), now)).toBe('now');
    expect(age(at(3), now)).toBe('now');
    expect(age(at(90), now)).toBe('now');
  });
});
