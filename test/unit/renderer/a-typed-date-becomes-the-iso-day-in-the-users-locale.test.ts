// A date typed in the grid in the person's locale becomes the ISO day the desk takes: the
// locale says which number is the day and which the month (never the digits), a month may be
// named as the grid shows it, the year is written whole, and a day the calendar lacks is
// refused with the locale's own example.
import { describe, expect, it } from 'vitest';
import { dayOfTyped } from '../../../renderer/src/features/editor/typed-date';

const day = (text: string, locale: string) => dayOfTyped(text, locale);

describe('a typed date', () => {
  it('is read in the order its locale writes dates', () => {
    expect(day('28/02/2030', 'en-GB')).toEqual({ ok: true, day: '2030-02-28' });
    expect(day('02/28/2030', 'en-US')).toEqual({ ok: true, day: '2030-02-28' });
    expect(day('28.02.2030', 'de-DE')).toEqual({ ok: true, day: '2030-02-28' });
    // The same digits are another day in another locale: 3 April, or 4 March.
    expect(day('03/04/2030', 'en-GB')).toEqual({ ok: true, day: '2030-04-03' });
    expect(day('03/04/2030', 'en-US')).toEqual({ ok: true, day: '2030-03-04' });
  });

  it('reads a dotted date day first in any locale, as no locale writes one month first', () => {
    expect(day('16.12.2026', 'en-US')).toEqual({ ok: true, day: '2026-12-16' });
    expect(day('03.04.2030', 'en-US')).toEqual({ ok: true, day: '2030-04-03' });
    expect(day('12.31.2030', 'en-US').ok).toBe(false);
    expect(day('16.12.26', 'en-US').ok).toBe(false);
  });

  it('takes the ISO day, and a month by its name as the grid shows it', () => {
    expect(day('2030-02-28', 'de-DE')).toEqual({ ok: true, day: '2030-02-28' });
    expect(day('Feb 28, 2030', 'en-US')).toEqual({ ok: true, day: '2030-02-28' });
    expect(day('28 February 2030', 'en-GB')).toEqual({ ok: true, day: '2030-02-28' });
    expect(day('28. Februar 2030', 'de-DE')).toEqual({ ok: true, day: '2030-02-28' });
    expect(day('', 'en-GB')).toEqual({ ok: true, day: '' });
  });

  it('is refused when the calendar lacks the day, or the year is cut short', () => {
    expect(day('31/02/2030', 'en-GB')).toEqual({
      ok: false,
      message: '"31/02/2030" is not a date: write it as 28/02/2030 or 2030-02-28',
    });
    expect(day('02/28/2030', 'en-GB').ok).toBe(false);
    expect(day('28/02/30', 'en-GB').ok).toBe(false);
    expect(day('next Friday', 'en-GB').ok).toBe(false);
  });
});
