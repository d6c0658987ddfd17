// Calendar days as YYYY-MM-DD text, compared as text and never moved by a time zone.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * 2026-02-30 is no day, nor 2026-13-01: the month and the day in it are checked as the
 * Gregorian calendar counts them (every row of an import asks, so no Date is made).
 */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  if (month < 1 || month > 12 || date < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return date <= (DAYS_IN_MONTH[month - 1] as number) + (month === 2 && leap ? 1 : 0);
}

/**
 * The time of day a payment dated by day is sent at (the spec wants a date-time): the same
 * whether the day came from a sheet or was typed in an edit.
 */
export const EXECUTION_TIME = 'T09:00:00Z';
