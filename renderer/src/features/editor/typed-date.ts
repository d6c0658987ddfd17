// A date as a person types it in their locale ("28/02/2030" in Britain, "02/28/2030" in the US,
// "28.02.2030" in Germany, "Feb 28, 2030" as the grid shows it) to the ISO day the desk takes
// ("2030-02-28"). The order of day, month and year is the locale's own (Intl says it), never
// guessed from the digits; a year is written whole; a day the calendar lacks is refused here.
import { isCalendarDay } from '../../../../shared/domain/calendar-day';

export type TypedDate = { ok: true; day: string } | { ok: false; message: string };

type Part = 'day' | 'month' | 'year';

interface DateWays {
  /** The order the locale writes a numeric date in. */
  order: Part[];
  /** Month names, short and long, lower case, in the locale and in English: 1-based. */
  months: Map<string, number>;
  /** The locale's own way of writing 28 February 2030, for the message. */
  example: string;
}

const ways = new Map<string, DateWays>();

function waysOf(locale: string): DateWays {
  let found = ways.get(locale);
  if (!found) {
    const sample = new Date(Date.UTC(2030, 1, 28));
    const numeric = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' });
    const order = numeric
      .formatToParts(sample)
      .flatMap((part) =>
        part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
      );
    const months = new Map<string, number>();
    for (const names of [locale, 'en']) {
      for (const month of ['short', 'long'] as const) {
        const format = new Intl.DateTimeFormat(names, { month, timeZone: 'UTC' });
        for (let m = 0; m < 12; m += 1) {
          const name = format.format(new Date(Date.UTC(2030, m, 1))).toLowerCase();
          months.set(name.replace(/\.$/, ''), m + 1);
        }
      }
    }
    found = { order, months, example: numeric.format(sample) };
    ways.set(locale, found);
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dayOfTyped(text: string, locale: string): TypedDate {
  const typed = text.trim();
  if (typed === '') return { ok: true, day: '' };
  const { order, months, example } = waysOf(locale);
  const refused = {
    ok: false as const,
    message: `"${typed}" is not a date: write it as ${example} or 2030-02-28`,
  };
  let year: number | undefined;
  let month: number | undefined;
  let date: number | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) {
    [year, month, date] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const pieces = typed
      .toLowerCase()
      .split(/[\s/.,-]+/)
      .filter(Boolean);
    if (pieces.length !== 3) return refused;
    const named = pieces.findIndex((piece) => /^\p{L}+$/u.test(piece));
    if (named >= 0) {
      // "Feb 28, 2030", "28 February 2030": the name is the month; of the numbers, the whole
      // year is the one of four digits.
      month = months.get(pieces[named]!.replace(/\.$/, ''));
      const numbers = pieces.filter((_, i) => i !== named);
      const yearAt = numbers.findIndex((piece) => /^\d{4}$/.test(piece));
      if (month === undefined || yearAt < 0) return refused;
      year = Number(numbers[yearAt]);
      date = Number(numbers[1 - yearAt]);
    } else {
      if (!pieces.every((piece) => /^\d+$/.test(piece))) return refused;
      // Dotted, a date is day first wherever it is written so (Germany, Switzerland, Norway…),
      // whatever the locale: no locale writes 12.31.2030. A sheet's 16.12.2026 typed again here
      // was refused in an English locale.
      const dotted = /^\d{1,2}\.\d{1,2}\.\d{4}$/.test(typed);
      const at = (part: Part) =>
        Number(pieces[(dotted ? ['day', 'month', 'year'] : order).indexOf(part)]);
      if (!dotted && pieces[order.indexOf('year')]?.length !== 4) return refused;
      [year, month, date] = [at('year'), at('month'), at('day')];
    }
  }
  if (year === undefined || month === undefined || date === undefined) return refused;
  if (!Number.isInteger(date)) return refused;
  const day = `${year}-${pad(month)}-${pad(date)}`;
  return isCalendarDay(day) ? { ok: true, day } : refused;
}
