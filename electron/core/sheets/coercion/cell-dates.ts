// A cell in a date field (payment date, date of birth) as YYYY-MM-DD. Date cells give their
// day, numbers are Excel date serials, and text is read in the forms finance exports use. A date
// that could be read two ways is refused rather than guessed: paying on 4 March instead of
// 3 April is worse than asking. Nothing here touches Date or the machine's time zone.
import {
  type CalendarDay,
  calendarProblem,
  FIRST_YEAR,
  isoDate,
  LAST_YEAR,
  MONTH_NAMES,
  serialToDay,
} from './calendar-days';
import { accept, type Coerced, NOTHING, quoted, refuse } from './cell-coerced';
import { cellText, plainDecimal, trimCellText, unknownCell, unreadableCell } from './cell-text';
import type { CellValue } from '../reading/sheet-types';

/** How a sheet writes numeric dates: day first (31/01/2030) or month first (01/31/2030). */
export type DateOrder = 'DMY' | 'MDY';

export interface DateReading {
  /** The workbook counts serials from 1904 (SheetSource.date1904). */
  date1904: boolean;
  /** The order a person said the sheet uses; without it, only unambiguous dates are read. */
  order?: DateOrder;
}

export function cellDate(cell: CellValue, reading: DateReading): Coerced<string> {
  switch (cell.kind) {
    case 'empty':
      return NOTHING;
    case 'date':
      return dateCell(cell.date);
    case 'number': {
      // Excel's serials stop at 2958465 (31 December 9999): eight digits are a YYYYMMDD day.
      const compact = compactDay(cell.value);
      if (compact) return accept(compact);
      const day = serialToDay(cell.value, reading.date1904);
      return day.ok
        ? accept(isoDate(day.day))
        : refuse(`${plainDecimal(cell.value)} is not a date: ${day.reason}`);
    }
    case 'text': {
      const text = cellText(cell);
      return text.ok && text.value !== null ? textDate(text.value, reading.order) : text;
    }
    case 'boolean':
      return refuse(`${cell.value ? 'TRUE' : 'FALSE'} is not a date: write it as 2030-01-31`);
    case 'error':
    case 'formula':
    case 'overlong':
      return unreadableCell(cell) ?? NOTHING;
    default:
      return unknownCell(cell);
  }
}

function compactDay(value: number): string | null {
  if (!Number.isInteger(value) || value < 10_000_000 || value > 99_999_999) return null;
  const read = checked(Math.floor(value / 10_000), Math.floor(value / 100) % 100, value % 100);
  return typeof read === 'string' || read.year < FIRST_YEAR || read.year > LAST_YEAR
    ? null
    : isoDate(read);
}

/** What a date cell tells of the order its column writes days and months in (date-orders.ts). */
export type DateMark = { shows: DateOrder } | { ambiguous: true };

/**
 * The order a text date shows: "31/01/2030" day first, "01/31/2030" month first; "02/05/2030"
 * needs one. Undefined for any other form, and for "05/05/2030", which reads the same both ways.
 */
export function dateMarkOf(cell: CellValue): DateMark | undefined {
  if (cell.kind !== 'text') return undefined;
  const text = trimCellText(cell.text);
  const parts = NUMERIC.exec(TIME.exec(text)?.[1] ?? text);
  if (!parts) return undefined;
  const first = Number(parts[1]);
  const second = Number(parts[3]);
  const year = fullYear(parts[4] ?? '');
  const dayFirst = calendarProblem(year, second, first) === null;
  const monthFirst = calendarProblem(year, first, second) === null;
  if (dayFirst && monthFirst) return first === second ? undefined : { ambiguous: true };
  if (dayFirst) return { shows: 'DMY' };
  return monthFirst ? { shows: 'MDY' } : undefined;
}

function dateCell(date: string): Coerced<string> {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const problem = parts
    ? calendarProblem(Number(parts[1]), Number(parts[2]), Number(parts[3]))
    : '';
  return problem === null
    ? accept(date)
    : refuse(`the cell holds the date ${quoted(date)}, which is not a day of the calendar`);
}

/**
 * A time after the date, which is dropped once it is known to be a time of day:
 * "2030-01-31T09:00", "2030-01-31 09:00:00", "31/01/2030 9:00 PM", "2030-01-31T09:00:00Z".
 * An offset does not move the day: the sheet's author wrote the day they meant.
 */
const TIME =
  /^(.*?\d|.*?[A-Za-z])(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(?:([AaPp])\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const YEAR_FIRST = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/;
/** YYYYMMDD, as Bacs files and SAP write a day: "20300131". */
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/;
const DAY_THEN_NAME =
  /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*(\p{L}+)\.?(?:,\s*|[\s\-/.]+)(\d{4}|\d{2})$/iu;
const NAME_THEN_DAY =
  /^(\p{L}+)\.?[\s\-/.]*(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|[\s\-/.]+)(\d{4}|\d{2})$/iu;

const EXAMPLE = 'write it as YYYY-MM-DD, such as 2030-01-31';

function textDate(text: string, order: DateOrder | undefined): Coerced<string> {
  const timed = TIME.exec(text);
  const date = timed?.[1] ?? text;
  if (timed) {
    const problem = timeProblem(
      Number(timed[2]),
      Number(timed[3]),
      Number(timed[4] ?? 0),
      timed[5],
    );
    if (problem) return refuse(`${quoted(text)} is not a date and time: ${problem}`);
  }
  const read = readDate(date, order);
  if (typeof read === 'string') return refuse(`${quoted(text)} ${read}`);
  if (read.year < FIRST_YEAR || read.year > LAST_YEAR) {
    return refuse(
      `${quoted(text)} is not a date: years from ${FIRST_YEAR} to ${LAST_YEAR} are read`,
    );
  }
  return accept(isoDate(read));
}

function timeProblem(hour: number, minute: number, second: number, meridiem?: string): string {
  if (meridiem ? hour < 1 || hour > 12 : hour > 23) return `there is no hour ${hour}`;
  if (minute > 59) return `there is no minute ${minute}`;
  if (second > 59) return `there is no second ${second}`;
  return '';
}

/** The day the text names, or the end of the message "<text> …" saying why it names none. */
function readDate(text: string, order: DateOrder | undefined): CalendarDay | string {
  let parts = YEAR_FIRST.exec(text);
  if (parts) return checked(Number(parts[1]), Number(parts[3]), Number(parts[4]));
  parts = COMPACT.exec(text);
  if (parts) return checked(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  parts = NUMERIC.exec(text);
  if (parts) {
    // Dots are day first wherever they are written (de, fr-CH, pl, ru, cs, fi, nb, tr…): no
    // locale writes a month-first date with dots, so "03.04.2030" is 3 April, as a German sheet
    // means it, unless the order stated or shown for the column says otherwise.
    const dotted = parts[2] === '.' ? 'DMY' : undefined;
    return numericDate(Number(parts[1]), Number(parts[3]), parts[4] ?? '', order, dotted);
  }
  parts = DAY_THEN_NAME.exec(text);
  if (parts) return namedDate(parts[2] ?? '', Number(parts[1]), parts[3] ?? '');
  parts = NAME_THEN_DAY.exec(text);
  if (parts) return namedDate(parts[1] ?? '', Number(parts[2]), parts[3] ?? '');
  return `is not a date: ${EXAMPLE}`;
}

function checked(year: number, month: number, day: number): CalendarDay | string {
  const problem = calendarProblem(year, month, day);
  return problem === null ? { year, month, day } : `is not a date: ${problem}`;
}

/**
 * Two-digit years follow POSIX strptime's pivot: 00-68 are 2000-2068 and 69-99 are 1969-1999.
 * Payment dates are near, so "31/01/30" must be 2030 (Excel's own pivot, 29, would make it
 * 1930); a fixed rule keeps the answer the same on every machine and every day.
 */
function fullYear(written: string): number {
  const year = Number(written);
  if (written.length === 4) return year;
  return year <= 68 ? 2000 + year : 1900 + year;
}

/**
 * dd/mm/yyyy or mm/dd/yyyy. Without a stated order, a date is read when only one reading is a
 * day of the calendar or both readings are the same day (05/05/2030), or, where both are days,
 * in the order its form implies (`formOrder`: dots are day first); with an order, the order
 * decides, and a date it cannot read is refused: a sheet that says month first but holds
 * 31/01/2030 has been mixed up somewhere, and its other dates may be read wrongly too.
 */
function numericDate(
  first: number,
  second: number,
  yearText: string,
  order: DateOrder | undefined,
  formOrder?: DateOrder,
): CalendarDay | string {
  const year = fullYear(yearText);
  const dayFirst = { year, month: second, day: first };
  const monthFirst = { year, month: first, day: second };
  if (order) {
    const day = order === 'DMY' ? dayFirst : monthFirst;
    const problem = calendarProblem(day.year, day.month, day.day);
    const named = order === 'DMY' ? 'day/month/year' : 'month/day/year';
    return problem === null
      ? day
      : `is not a date in ${named} order, the order chosen for this sheet: ${problem}`;
  }
  const dayFirstProblem = calendarProblem(year, second, first);
  const monthFirstProblem = calendarProblem(year, first, second);
  if (dayFirstProblem === null && monthFirstProblem === null && first !== second) {
    if (formOrder) return formOrder === 'DMY' ? dayFirst : monthFirst;
    return (
      `could be ${spoken(dayFirst)} or ${spoken(monthFirst)}: ` +
      `write it as ${isoDate(dayFirst)} or ${isoDate(monthFirst)}`
    );
  }
  if (dayFirstProblem === null) return dayFirst;
  if (monthFirstProblem === null) return monthFirst;
  // Neither reading is a day: explain with the one whose month is a month (02/31 -> February).
  const problem = second > 12 && first <= 12 ? monthFirstProblem : dayFirstProblem;
  return `is not a date: ${problem}`;
}

function spoken({ year, month, day }: CalendarDay): string {
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

function namedDate(name: string, day: number, yearText: string): CalendarDay | string {
  const month = monthNumber(name) ?? otherMonthNumber(name);
  if (month === null) return `is not a date: "${name}" is not a month name`;
  return checked(fullYear(yearText), month, day);
}

/** "Jan", "January", "SEPT" -> 1, 1, 9; case does not matter. */
function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  if (lower === 'sept') return 9;
  const index = MONTH_NAMES.findIndex(
    (month) => month.toLowerCase() === lower || month.slice(0, 3).toLowerCase() === lower,
  );
  return index === -1 ? null : index + 1;
}

/**
 * Month names in the languages European payrolls and bank exports come in ("3 avril 2030",
 * "3. März 2030", "03-avr-30"), long and short, from the platform's CLDR names, accents and case
 * aside ("Marz", "fevr"). A name two languages give two months would name neither; none does.
 * Built on the first date that needs it, as most dates are written in digits.
 */
const MONTH_LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pt'];
let otherMonths: ReadonlyMap<string, number> | undefined;

function otherMonthNumber(name: string): number | null {
  otherMonths ??= monthsByName();
  return otherMonths.get(monthKey(name)) ?? null;
}

function monthKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');
}

function monthsByName(): ReadonlyMap<string, number> {
  const found = new Map<string, number | null>();
  for (const language of MONTH_LANGUAGES) {
    for (const width of ['long', 'short'] as const) {
      const names = new Intl.DateTimeFormat(language, { month: width, timeZone: 'UTC' });
      for (let month = 1; month <= 12; month += 1) {
        // The 15th at noon UTC: the month whatever the platform's own zone.
        const key = monthKey(names.format(Date.UTC(2020, month - 1, 15, 12)));
        const known = found.get(key);
        found.set(key, known === undefined || known === month ? month : null);
      }
    }
  }
  return new Map([...found].filter((entry): entry is [string, number] => entry[1] !== null));
}
