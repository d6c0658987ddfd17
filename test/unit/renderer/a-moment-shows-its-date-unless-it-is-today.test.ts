// The status bar's token expiry and the like: a moment on the same day reads by its time alone;
// on another day (a token valid for 24 hours) it carries its date, or it reads as already past.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rendererFormatIn } from '../../support/renderer-format';

const formatterIn = async (language: string) => (await rendererFormatIn(language)).formatMoment;
afterEach(() => vi.unstubAllGlobals());

/** A local time on 27 November 2026, in whatever zone the process runs. */
const local = (day: number, hours: number, minutes: number) =>
  new Date(2026, 10, day, hours, minutes);

describe('a moment', () => {
  it('is its time alone on the same day', async () => {
    const moment = await formatterIn('en-GB');
    const now = local(27, 7, 5);
    expect(moment(local(27, 14, 5).toISOString(), now)).toBe('14:05');
  });

  it('carries its date on another day, before or after', async () => {
    const moment = await formatterIn('en-GB');
    const now = local(27, 7, 5);
    expect(moment(local(28, 6, 57).toISOString(), now)).toBe('28 Nov 2026, 06:57');
    expect(moment(local(26, 23, 0).toISOString(), now)).toBe('26 Nov 2026, 23:00');
  });

  it('is written as the locale writes it', async () => {
    const moment = await formatterIn('en-US');
    const now = local(27, 7, 5);
    expect(moment(local(27, 14, 5).toISOString(), now)).toBe('2:05 PM');
  });
});
