// Calendar days as YYYY-MM-DD text, compared as text and never moved by a time zone.

/** 2026-02-30 is no day: the Date it makes rolls over into March. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * The time of day a payment dated by day is sent at (the spec wants a date-time): the same
 * whether the day came from a sheet or was typed in an edit.
 */
export const EXECUTION_TIME = 'T09:00:00Z';
