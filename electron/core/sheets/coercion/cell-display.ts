// A cell as the sheet shows it, for the import wizard's samples and preview: a number in its
// number format (£1,234.50, 12.5%, 001234), a date in its date format, a formula's saved result,
// an error as its code (#N/A). What the person sees in Excel, so that a column is recognised by
// its values; never what the import reads the cell as, which cell-text.ts and the coercions say.
import type { CellValue } from '../reading/sheet-types';
import { plainDecimal } from './cell-text';
import { groupThousands } from '../../../../shared/domain/money';

export function cellDisplay(cell: CellValue): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'text':
      return cell.text;
    case 'number':
      return numberDisplay(cell.value, cell.format);
    case 'date':
      return dateDisplay(cell.date, cell.time, cell.format);
    case 'boolean':
      return cell.value ? 'TRUE' : 'FALSE';
    case 'error':
      return cell.code;
    case 'formula':
      // Never calculated, so there is no result to show: the formula says what the cell holds.
      return cell.formula === '' ? '' : `=${cell.formula.replace(/^=/, '')}`;
    case 'overlong':
      // Too long for a cell to show: its start and its length say what it is.
      return `${cell.text.slice(0, 80)}… (${cell.text.length.toLocaleString('en')} characters)`;
  }
}

/** Text a format shows as written (quoted, escaped, a currency's `[$£-809]`), or a code letter. */
type Token = { literal: string } | { code: string };

/**
 * A format's sections (positive;negative;zero;text), split outside quotes and brackets. `_x`
 * pads as wide as x (a space here); `*x` repeats x to fill the cell (nothing here).
 */
function sections(format: string): Token[][] {
  const all: Token[][] = [[]];
  const pattern = /"([^"]*)"|\\(.)|_(.)|\*(.)|\[([^\]]*)]|(;)|([\s\S])/g;
  for (const [, quoted, escaped, spaced, _fill, bracket, semicolon, code] of format.matchAll(
    pattern,
  )) {
    const tokens = all[all.length - 1] ?? [];
    if (semicolon) all.push([]);
    else if (quoted !== undefined) tokens.push({ literal: quoted });
    else if (escaped !== undefined) tokens.push({ literal: escaped });
    else if (spaced !== undefined) tokens.push({ literal: ' ' });
    else if (bracket !== undefined) tokens.push(bracketToken(bracket));
    else if (code !== undefined) tokens.push({ code });
  }
  return all;
}

/** `[$£-809]` shows £, `[$EUR]` EUR; `[Red]`, `[<100]` and `[$-409]` show nothing; `[h]` is h. */
function bracketToken(inside: string): Token {
  if (inside.startsWith('$')) return { literal: inside.slice(1).replace(/-[0-9A-Fa-f]+$/, '') };
  return /^[hms]+$/i.test(inside) ? { code: inside } : { literal: '' };
}

const PLACEHOLDER = /[0#?.,]/;

function numberDisplay(value: number, format: string | undefined): string {
  if (!Number.isFinite(value)) return String(value);
  if (format === undefined || /^(general|@)$/i.test(format.trim())) return general(value);
  const [positive = [], negative, zero] = sections(format);
  // A negative section writes its own sign (a minus, brackets); the first section takes a minus.
  const section = value < 0 && negative ? negative : value === 0 && zero ? zero : positive;
  const sign = value < 0 && !negative ? '-' : '';
  const codes = section.map((token) => ('code' in token ? token.code : '')).join('');
  if (/[eE][+-]|\//.test(codes)) return general(value); // scientific and fractions: rare in a list
  let out = '';
  let pattern = '';
  let at = -1;
  for (const token of section) {
    if ('literal' in token) out += token.literal;
    else if (!PLACEHOLDER.test(token.code)) out += token.code;
    else {
      if (at < 0) at = out.length;
      pattern += token.code;
    }
  }
  const percent = codes.includes('%') ? 100 : 1;
  if (at >= 0) out = out.slice(0, at) + digits(value, pattern, percent) + out.slice(at);
  // Padding (`_)`, `?`) aligns a column in Excel; in a sample it is only white space.
  return (sign + out).trim();
}

/** |value| in a run of placeholders such as `#,##0.00`: grouping, decimals, leading zeros. */
function digits(value: number, pattern: string, percent: number): string {
  const trailingCommas = /,+$/.exec(pattern)?.[0].length ?? 0; // each divides by a thousand
  const [whole = '', fraction = ''] = pattern.slice(0, pattern.length - trailingCommas).split('.');
  const places = (fraction.match(/[0#?]/g) ?? []).length;
  const required = (fraction.match(/0/g) ?? []).length;
  const scaled = (Math.abs(value) * percent) / 1000 ** trailingCommas;
  let [int = '0', frac = ''] = rounded(scaled, places).split('.');
  frac = frac.slice(0, Math.max(required, frac.replace(/0+$/, '').length));
  const minimum = (whole.match(/0/g) ?? []).length;
  if (int === '0' && minimum === 0) int = '';
  int = int.padStart(minimum, '0');
  if (whole.includes(',')) int = groupThousands(int);
  return pattern.includes('.') ? `${int}.${frac}` : int;
}

/**
 * A non-negative number rounded half up to `places` decimals, on its decimal digits: Excel shows
 * 15 significant digits, so 1.005 is shown 1.01, where toFixed's binary rounding gives 1.00.
 */
function rounded(value: number, places: number): string {
  const [int = '0', frac = ''] = plainDecimal(Number(value.toPrecision(15))).split('.');
  const kept = BigInt(int + frac.padEnd(places, '0').slice(0, places));
  const up = Number(frac[places] ?? '0') >= 5 ? 1n : 0n;
  const all = (kept + up).toString().padStart(places + 1, '0');
  return places === 0 ? all : `${all.slice(0, -places)}.${all.slice(-places)}`;
}

/**
 * Excel's General, to the 15 significant digits Excel keeps: 0.1 + 0.2 is 0.3. A narrow column
 * would show 12345678901234 as 1.23457E+13; its digits are what a person looks for in a sample.
 */
function general(value: number): string {
  return plainDecimal(Number(value.toPrecision(15)));
}

const MONTHS = [
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'],
  ...['September', 'October', 'November', 'December'],
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DATE_CODE = /^(?:y+|m+|d+|h+|s+|am\/pm|a\/p|\.0+)/i;

interface Moment {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  twelveHours: boolean;
}

/**
 * A date in its format (`dd/mm/yyyy`, `d-mmm-yy`, `mmmm d, yyyy h:mm AM/PM`). Without one, and
 * in the short date Excel shows in the machine's own order (built-in formats 14 and 22, which
 * exceljs names mm-dd-yy and m/d/yy "h":mm), as ISO: the order the person's Excel shows it in is
 * not in the file.
 */
function dateDisplay(date: string, time: string | undefined, format: string | undefined): string {
  if (format === undefined || format === 'mm-dd-yy' || format === 'm/d/yy "h":mm') {
    return time ? `${date} ${time}` : date;
  }
  const parts = dateParts(format);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = (time ?? '0:0:0').split(':').map(Number);
  const twelveHours = parts.some((part) => 'code' in part && /^a/i.test(part.code));
  const moment = { year, month, day, hour, minute, second, twelveHours };
  const codeAt = (index: number, step: number) => {
    for (let i = index + step; i >= 0 && i < parts.length; i += step) {
      const part = parts[i];
      if (part && 'code' in part) return part.code.toLowerCase();
    }
    return '';
  };
  return parts
    .map((part, index) => {
      if ('literal' in part) return part.literal;
      // m after an hour or before a second is minutes; elsewhere the month.
      const minutes =
        /^m{1,2}$/i.test(part.code) &&
        (codeAt(index, -1).startsWith('h') || codeAt(index, 1).startsWith('s'));
      return dateCode(part.code.toLowerCase(), minutes, moment);
    })
    .join('');
}

/** A date format's first section as literal text and date codes (`yyyy`, `mmm`, `AM/PM`). */
function dateParts(format: string): Token[] {
  const parts: Token[] = [];
  let run = '';
  const flush = () => {
    while (run !== '') {
      const code = DATE_CODE.exec(run)?.[0];
      parts.push(code ? { code } : { literal: run.charAt(0) });
      run = run.slice(code?.length ?? 1);
    }
  };
  for (const token of sections(format)[0] ?? []) {
    if ('literal' in token) {
      flush();
      parts.push(token);
    } else run += token.code;
  }
  flush();
  return parts;
}

const two = (n: number) => String(n).padStart(2, '0');

function dateCode(code: string, minutes: boolean, at: Moment): string {
  const long = code.length;
  switch (code.charAt(0)) {
    case 'y':
      return long <= 2 ? two(at.year % 100) : String(at.year).padStart(4, '0');
    case 'm': {
      if (minutes) return long === 2 ? two(at.minute) : String(at.minute);
      const name = MONTHS[at.month - 1] ?? '';
      if (long <= 2) return long === 2 ? two(at.month) : String(at.month);
      return long === 3 ? name.slice(0, 3) : long === 5 ? name.charAt(0) : name;
    }
    case 'd': {
      if (long <= 2) return long === 2 ? two(at.day) : String(at.day);
      // The weekday of a calendar day, counted in UTC so that no time zone moves it.
      const name = DAYS[new Date(Date.UTC(at.year, at.month - 1, at.day)).getUTCDay()] ?? '';
      return long === 3 ? name.slice(0, 3) : name;
    }
    case 'h': {
      const hour = at.twelveHours ? ((at.hour + 11) % 12) + 1 : at.hour;
      return long >= 2 ? two(hour) : String(hour);
    }
    case 's':
      return long >= 2 ? two(at.second) : String(at.second);
    case 'a':
      return (at.hour < 12 ? 'AM' : 'PM').slice(0, code === 'a/p' ? 1 : 2);
    default:
      return `.${'0'.repeat(long - 1)}`; // fractions of a second: the file keeps whole seconds
  }
}
