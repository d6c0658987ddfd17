import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellDate, type DateReading } from '../../../electron/core/sheets/coercion/cell-dates';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';
import { dateAnswers } from './date-answers-in-this-time-zone';

const EXCEL_1900 = { date1904: false };
const EXCEL_1904 = { date1904: true };
const DAY_MS = 86_400_000;

const text = (value: string): CellValue => ({ kind: 'text', text: value });
const serial = (value: number): CellValue => ({ kind: 'number', value });
const read = (cell: CellValue, reading: DateReading = EXCEL_1900) => cellDate(cell, reading);
const readText = (value: string, reading: DateReading = EXCEL_1900) => read(text(value), reading);

/** The day of a UTC millisecond count, by the platform's own (UTC) calendar: an independent oracle. */
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
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
];

/** Any day from 1900-03-01 to 9999-12-31, as year, month, day and UTC milliseconds. */
const anyDay = fc
  .integer({ min: Date.UTC(1900, 2, 1) / DAY_MS, max: Date.UTC(9999, 11, 31) / DAY_MS })
  .map((days) => {
    const ms = days * DAY_MS;
    const date = new Date(ms);
    return {
      ms,
      iso: isoOf(ms),
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
  });
const two = (n: number) => String(n).padStart(2, '0');
const separator = fc.constantFrom('/', '.', '-');

describe('date cells and text in ISO form', () => {
  it('read a date cell as its day, time of day dropped', () => {
    expect(read({ kind: 'date', date: '2030-01-31' })).toEqual({ ok: true, value: '2030-01-31' });
    expect(read({ kind: 'date', date: '2030-01-31', time: '23:59:59' })).toEqual({
      ok: true,
      value: '2030-01-31',
    });
  });

  it('read ISO dates, with or without a time part, and year-first with slashes', () => {
    for (const form of [
      '2030-01-31',
      '2030-01-31T09:00',
      '2030-01-31 09:00:00',
      '2030-01-31T09:00:00.000Z',
      '2030-01-31T23:30:00+14:00',
      '2030/01/31',
      '2030.01.31',
      '2030-1-31',
      ' 2030-01-31\u00A0',
    ]) {
      expect(readText(form), form).toEqual({ ok: true, value: '2030-01-31' });
    }
  });

  it('read a compact YYYYMMDD day, as text or a number, as Bacs files and SAP write it', () => {
    expect(readText('20300131')).toEqual({ ok: true, value: '2030-01-31' });
    expect(read(serial(20300131))).toEqual({ ok: true, value: '2030-01-31' });
    expect(readText('20301331')).toMatchObject({ ok: false });
    // Eight digits that are no day stay what they were: a serial past 9999, refused.
    expect(read(serial(20301331))).toMatchObject({ ok: false });
  });

  it('refuse a time of day that does not exist', () => {
    expect(readText('2030-01-31 25:00')).toEqual({
      ok: false,
      message: '"2030-01-31 25:00" is not a date and time: there is no hour 25',
    });
    expect(readText('2030-01-31 09:75').ok).toBe(false);
  });

  it('read an empty cell as nothing and refuse what is not a date', () => {
    expect(read({ kind: 'empty' })).toEqual({ ok: true, value: null });
    expect(readText('   ')).toEqual({ ok: true, value: null });
    expect(readText('next Friday')).toEqual({
      ok: false,
      message: '"next Friday" is not a date: write it as YYYY-MM-DD, such as 2030-01-31',
    });
    expect(read({ kind: 'boolean', value: true }).ok).toBe(false);
    expect(read({ kind: 'error', code: '#VALUE!' })).toMatchObject({ ok: false });
  });
});

describe('day-first and month-first dates', () => {
  it('read day-first when the first part is above 12, month-first when the second is', () => {
    for (const form of ['31/01/2030', '31.01.2030', '31-01-2030', '01/31/2030', '1/31/2030']) {
      expect(readText(form), form).toEqual({ ok: true, value: '2030-01-31' });
    }
  });

  it('refuse 03/04/2030 as ambiguous and name both ways to write it', () => {
    expect(readText('03/04/2030')).toEqual({
      ok: false,
      message:
        '"03/04/2030" could be 3 April 2030 or 4 March 2030: write it as 2030-04-03 or 2030-03-04',
    });
  });

  it('read a dotted date day first, as every locale that writes dots does', () => {
    expect(readText('03.04.2030')).toEqual({ ok: true, value: '2030-04-03' });
    expect(readText('3.4.2030')).toEqual({ ok: true, value: '2030-04-03' });
    expect(readText('03.04.30 00:00')).toEqual({ ok: true, value: '2030-04-03' });
    // A month-first order stated for the sheet still decides, and 12.31 is only month first.
    expect(readText('03.04.2030', { date1904: false, order: 'MDY' })).toEqual({
      ok: true,
      value: '2030-03-04',
    });
    expect(readText('12.31.2030')).toEqual({ ok: true, value: '2030-12-31' });
    // Slashes and dashes are written both ways, so they still ask.
    expect(readText('03-04-2030').ok).toBe(false);
  });

  it('read an ambiguous date the way the person said the sheet writes dates', () => {
    expect(readText('03/04/2030', { date1904: false, order: 'DMY' })).toEqual({
      ok: true,
      value: '2030-04-03',
    });
    expect(readText('03/04/2030', { date1904: false, order: 'MDY' })).toEqual({
      ok: true,
      value: '2030-03-04',
    });
  });

  it('refuse a date that contradicts the stated order instead of reading it the other way', () => {
    expect(readText('31/01/2030', { date1904: false, order: 'MDY' })).toEqual({
      ok: false,
      message:
        '"31/01/2030" is not a date in month/day/year order, the order chosen for this sheet: there is no month 31',
    });
  });

  it('read equal day and month without asking', () => {
    expect(readText('05/05/2030')).toEqual({ ok: true, value: '2030-05-05' });
  });

  it('refuse impossible days and say why', () => {
    expect(readText('31/02/2030')).toEqual({
      ok: false,
      message: '"31/02/2030" is not a date: February has no 31st',
    });
    expect(readText('02/31/2030')).toMatchObject({
      message: expect.stringContaining('February has no 31st'),
    });
    expect(readText('29/02/2031')).toMatchObject({
      message: '"29/02/2031" is not a date: 2031 is not a leap year, so February has no 29th',
    });
    expect(readText('29/02/2032')).toEqual({ ok: true, value: '2032-02-29' });
    expect(readText('2030-13-01')).toMatchObject({
      message: expect.stringContaining('there is no month 13'),
    });
    expect(readText('2030-04-31')).toMatchObject({
      message: expect.stringContaining('April has no 31st'),
    });
    expect(readText('13/13/2030').ok).toBe(false);
    expect(readText('31/01/1850')).toEqual({
      ok: false,
      message: '"31/01/1850" is not a date: years from 1900 to 9999 are read',
    });
    expect(read({ kind: 'date', date: '2030-02-30' })).toMatchObject({ ok: false });
  });

  it('read two-digit years with the POSIX pivot: 00-68 are 20xx, 69-99 are 19xx', () => {
    expect(readText('31/01/30')).toEqual({ ok: true, value: '2030-01-31' });
    expect(readText('31/01/68')).toEqual({ ok: true, value: '2068-01-31' });
    expect(readText('31/01/69')).toEqual({ ok: true, value: '1969-01-31' });
    expect(readText('31-Jan-30')).toEqual({ ok: true, value: '2030-01-31' });
  });
});

describe('dates with English month names', () => {
  it('read the forms exports and people write', () => {
    for (const form of [
      '31 Jan 2030',
      '31-Jan-2030',
      'January 31, 2030',
      'Jan 31 2030',
      '31 January 2030',
      '31 JAN 2030',
      'jan. 31, 2030',
      '31st January 2030',
      '31 Jan 2030 14:05',
    ]) {
      expect(readText(form), form).toEqual({ ok: true, value: '2030-01-31' });
    }
    expect(readText('1 Sept 2030')).toEqual({ ok: true, value: '2030-09-01' });
  });

  it('read the month names of German, French, Spanish, Italian, Dutch and Portuguese sheets', () => {
    for (const [form, iso] of [
      ['31 Janvier 2030', '2030-01-31'],
      ['3 avril 2030', '2030-04-03'],
      ['3. März 2030', '2030-03-03'],
      ['3. Marz 2030', '2030-03-03'],
      ['03-avr-30', '2030-04-03'],
      ['3 févr. 2030', '2030-02-03'],
      ['1 août 2030', '2030-08-01'],
      ['12 Dez. 2030', '2030-12-12'],
      ['3 mei 2030', '2030-05-03'],
      ['3 dic 2030', '2030-12-03'],
      ['15 julho 2030', '2030-07-15'],
    ]) {
      expect(readText(form ?? ''), form).toEqual({ ok: true, value: iso });
    }
  });

  it('refuse a word that is no month name and a month without a day', () => {
    expect(readText('31 Foo 2030')).toEqual({
      ok: false,
      message: '"31 Foo 2030" is not a date: "Foo" is not a month name',
    });
    expect(readText('January 2030').ok).toBe(false);
    expect(readText('31 Feb 2030')).toMatchObject({
      message: expect.stringContaining('February has no 31st'),
    });
  });
});

describe('date serials', () => {
  it("count Excel's 1900 system with its phantom 29 February 1900", () => {
    expect(read(serial(1))).toEqual({ ok: true, value: '1900-01-01' });
    expect(read(serial(59))).toEqual({ ok: true, value: '1900-02-28' });
    expect(read(serial(60))).toMatchObject({
      ok: false,
      message: expect.stringContaining('1900-02-29'),
    });
    expect(read(serial(61))).toEqual({ ok: true, value: '1900-03-01' });
    expect(read(serial(45000))).toEqual({ ok: true, value: '2023-03-15' });
    expect(read(serial(2958465))).toEqual({ ok: true, value: '9999-12-31' });
  });

  it('count the 1904 system from serial 0 = 1904-01-01', () => {
    expect(read(serial(0), EXCEL_1904)).toEqual({ ok: true, value: '1904-01-01' });
    expect(read(serial(45000 - 1462), EXCEL_1904)).toEqual({ ok: true, value: '2023-03-15' });
  });

  it('keep the day of a serial with a time, rounding as Excel shows it to the millisecond', () => {
    expect(read(serial(45000.75))).toEqual({ ok: true, value: '2023-03-15' });
    expect(read(serial(45000.999))).toEqual({ ok: true, value: '2023-03-15' });
    expect(read(serial(45000.99999999999))).toEqual({ ok: true, value: '2023-03-16' });
  });

  it('refuse serials before 1900, after 9999 or negative', () => {
    expect(read(serial(0))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^0 is not a date/),
    });
    expect(read(serial(-1))).toMatchObject({
      ok: false,
      message: expect.stringContaining('never negative'),
    });
    expect(read(serial(-1), EXCEL_1904).ok).toBe(false);
    expect(read(serial(2958466))).toMatchObject({
      ok: false,
      message: expect.stringContaining('9999-12-31'),
    });
    expect(read(serial(Number.NaN)).ok).toBe(false);
  });
});

describe('any day from 1900-03-01 to 9999-12-31', () => {
  it('reads back from ISO text and from serials in both date systems', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: DAY_MS - 1 }), (day, timeMs) => {
        expect(readText(day.iso)).toEqual({ ok: true, value: day.iso });
        const serial1900 = (day.ms - Date.UTC(1899, 11, 30)) / DAY_MS + timeMs / DAY_MS;
        expect(read(serial(serial1900))).toEqual({ ok: true, value: day.iso });
        if (day.ms >= Date.UTC(1904, 0, 1)) {
          const serial1904 = (day.ms - Date.UTC(1904, 0, 1)) / DAY_MS + timeMs / DAY_MS;
          expect(read(serial(serial1904), EXCEL_1904)).toEqual({ ok: true, value: day.iso });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back day-first and month-first when unambiguous and is refused when ambiguous', () => {
    fc.assert(
      fc.property(anyDay, separator, fc.boolean(), (day, sep, padded) => {
        const d = padded ? two(day.day) : String(day.day);
        const m = padded ? two(day.month) : String(day.month);
        const dayFirst = `${d}${sep}${m}${sep}${day.year}`;
        const monthFirst = `${m}${sep}${d}${sep}${day.year}`;
        const ambiguous = day.day <= 12 && day.day !== day.month;
        if (ambiguous && sep === '.') {
          // Dots are day first: the month-first form reads as the other day, as Germans mean it.
          expect(readText(dayFirst)).toEqual({ ok: true, value: day.iso });
          expect(readText(monthFirst)).toMatchObject({ ok: true });
          expect(readText(monthFirst)).not.toEqual({ ok: true, value: day.iso });
        } else if (ambiguous) {
          expect(readText(dayFirst)).toMatchObject({
            ok: false,
            message: expect.stringContaining(day.iso),
          });
          expect(readText(monthFirst).ok).toBe(false);
        } else {
          expect(readText(dayFirst)).toEqual({ ok: true, value: day.iso });
          expect(readText(monthFirst)).toEqual({ ok: true, value: day.iso });
        }
        expect(readText(dayFirst, { date1904: false, order: 'DMY' })).toEqual({
          ok: true,
          value: day.iso,
        });
        expect(readText(monthFirst, { date1904: false, order: 'MDY' })).toEqual({
          ok: true,
          value: day.iso,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back with English month names and, in 1969-2068, with two-digit years', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 4 }), (day, form) => {
        const short = MONTHS[day.month - 1] ?? '';
        const long = MONTH_NAMES[day.month - 1] ?? '';
        const written = [
          `${day.day} ${short} ${day.year}`,
          `${two(day.day)}-${short}-${day.year}`,
          `${long} ${day.day}, ${day.year}`,
          `${short} ${day.day} ${day.year}`,
          `${day.day} ${long} ${day.year}`,
        ][form];
        expect(readText(written ?? '')).toEqual({ ok: true, value: day.iso });
        if (day.year >= 1969 && day.year <= 2068) {
          const yy = two(day.year % 100);
          expect(readText(`${two(day.day)}-${short}-${yy}`)).toEqual({ ok: true, value: day.iso });
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the machine time zone', () => {
  const script = fileURLToPath(new URL('./date-answers-in-this-time-zone.ts', import.meta.url));
  const root = fileURLToPath(new URL('../../..', import.meta.url));

  function answersIn(timeZone: string): { offset: number; answers: unknown[] } {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, TZ: timeZone },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { offset: number; answers: unknown[] };
  }

  it('changes no answer: Kiritimati (UTC+14) and Los Angeles read every date alike', () => {
    const kiritimati = answersIn('Pacific/Kiritimati');
    const losAngeles = answersIn('America/Los_Angeles');
    // The children really ran 22 hours apart, or the comparison proves nothing.
    expect(kiritimati.offset).toBe(-14 * 60);
    expect(losAngeles.offset).toBe(8 * 60);
    const here = JSON.parse(JSON.stringify(dateAnswers())) as unknown[];
    expect(kiritimati.answers).toEqual(here);
    expect(losAngeles.answers).toEqual(here);
  });
});
