// Calendar days as plain integers. Dates from sheets are days, not instants: they are counted
// with integer arithmetic (proleptic Gregorian, Howard Hinnant's days_from_civil), never with
// Date and never in the machine's time zone, so a sheet reads the same in Auckland and in Los
// Angeles. Excel's date serials are converted here too, with both of its date systems.

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 1 -> "1st", 22 -> "22nd", 13 -> "13th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Why year-month-day is not a day of the calendar ("February has no 31st"), or null. */
export function calendarProblem(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `there is no month ${month}`;
  if (day < 1) return `there is no day ${day}`;
  if (day <= daysInMonth(year, month)) return null;
  if (month === 2 && day === 29) return `${year} is not a leap year, so February has no 29th`;
  return `${MONTH_NAMES[month - 1]} has no ${ordinal(day)}`;
}

export function isoDate({ year, month, day }: CalendarDay): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Days since 1970-01-01 (negative before it). */
export function dayNumber({ year, month, day }: CalendarDay): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar day `days` after 1970-01-01. */
export function fromDayNumber(days: number): CalendarDay {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The years a sheet's dates may fall in: Excel's calendar starts in 1900 and ends in 9999. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 9999;
const LAST_DAY = dayNumber({ year: LAST_YEAR, month: 12, day: 31 });

/**
 * Excel's 1900 system counts 1900-01-01 as serial 1 and, copying Lotus 1-2-3, has a
 * 29 February 1900 that never was (serial 60); from serial 61 (1900-03-01) on, serials are
 * days since 1899-12-30. The 1904 system (old Mac Excel) counts 1904-01-01 as serial 0.
 */
const EPOCH_1900_BEFORE_LEAP_DAY = dayNumber({ year: 1899, month: 12, day: 31 });
const EPOCH_1900 = dayNumber({ year: 1899, month: 12, day: 30 });
const EPOCH_1904 = dayNumber({ year: 1904, month: 1, day: 1 });
const PHANTOM_LEAP_DAY = 60;
const MS_PER_DAY = 86_400_000;

/**
 * The day of an Excel date serial; its fraction is a time of day and is dropped. The serial is
 * first rounded to the millisecond, as Excel displays it, so that 45000.99999999999 (a time a
 * hair before midnight after floating arithmetic) is the next day's midnight, as Excel shows.
 * `reason` completes "<serial> is not a date: …".
 */
export function serialToDay(
  serial: number,
  date1904: boolean,
): { ok: true; day: CalendarDay } | { ok: false; reason: string } {
  if (!Number.isFinite(serial)) return { ok: false, reason: 'it is not a finite number' };
  if (serial < 0) return { ok: false, reason: 'a date serial counts days and is never negative' };
  const whole = Math.floor(Math.round(serial * MS_PER_DAY) / MS_PER_DAY);
  let days: number;
  if (date1904) {
    days = EPOCH_1904 + whole;
  } else if (whole < 1) {
    return { ok: false, reason: 'Excel shows it as 1900-01-00, before its first day 1900-01-01' };
  } else if (whole === PHANTOM_LEAP_DAY) {
    return {
      ok: false,
      reason: "it is Excel's 1900-02-29, a day that never was: type the date instead",
    };
  } else {
    days = whole < PHANTOM_LEAP_DAY ? EPOCH_1900_BEFORE_LEAP_DAY + whole : EPOCH_1900 + whole;
  }
  if (days > LAST_DAY) return { ok: false, reason: 'it would fall after 9999-12-31' };
  return { ok: true, day: fromDayNumber(days) };
}
