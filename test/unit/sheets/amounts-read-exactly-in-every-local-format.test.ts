import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellAmount,
  type SheetDecimalMark,
} from '../../../electron/core/sheets/coercion/cell-amounts';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';
import { formatAmount, MAX_EXACT_WIRE_MILLI } from '../../../shared/domain/money';

const text = (value: string): CellValue => ({ kind: 'text', text: value });
const number = (value: number): CellValue => ({ kind: 'number', value });
/** The amount and currency read; what it tells of the sheet's decimal mark is tested below. */
const readText = (value: string, mark?: SheetDecimalMark) => {
  const read = cellAmount(text(value), mark);
  if (!read.ok || read.value === null) return read;
  const { milli, currency } = read.value;
  return { ok: true, value: currency === undefined ? { milli } : { milli, currency } };
};
const amount = (milli: bigint, currency?: string) => ({
  ok: true,
  value: currency === undefined ? { milli } : { milli, currency },
});

describe('a word where an amount is expected', () => {
  it('is not an amount, not an unknown currency', () => {
    expect(cellAmount(text('TBC'))).toEqual({ ok: false, message: '"TBC" is not an amount' });
    expect(cellAmount(text('12 XYZ'))).toEqual({
      ok: false,
      message: '"12 XYZ" names XYZ, which is not a currency code',
    });
  });
});

describe('a number cell in a currency format', () => {
  const formatted = (format: string) => cellAmount({ kind: 'number', value: 1200, format });

  it('names the currency its format shows', () => {
    for (const [format, currency] of [
      ['£#,##0.00', 'GBP'],
      ['"£"#,##0.00', 'GBP'],
      ['[$£-809]#,##0.00', 'GBP'],
      ['[$EUR] #,##0.00', 'EUR'],
      ['#,##0.00 [$€-1]', 'EUR'],
      ['_-[$€-2] * #,##0.00_-', 'EUR'],
      ['[$USD-409] #,##0.00', 'USD'],
      ['"CHF "#,##0.00;[Red]-"CHF "#,##0.00', 'CHF'],
    ] as const) {
      expect(formatted(format), format).toEqual(amount(1_200_000n, currency));
    }
  });

  it('keeps "$" and "¥" as symbols, and names nothing without a currency', () => {
    expect(formatted('"$"#,##0.00')).toEqual({
      ok: true,
      value: { milli: 1_200_000n, symbol: '$' },
    });
    expect(formatted('¥#,##0')).toEqual({ ok: true, value: { milli: 1_200_000n, symbol: '¥' } });
    for (const format of ['#,##0.00', '[Red]#,##0.00', '[$-409]#,##0.00', '0.00E+00', 'General']) {
      expect(formatted(format), format).toEqual(amount(1_200_000n));
    }
  });
});

describe('a number cell whose format shows fewer decimals than it holds', () => {
  const read = (value: number, format: string) => cellAmount({ kind: 'number', value, format });

  it('is read exactly, with what the sheet shows kept to be asked about', () => {
    expect(read(1234.56, '#,##0')).toEqual({
      ok: true,
      value: { milli: 1_234_560n, shownRounded: '1,235' },
    });
    expect(read(99.5, '0')).toEqual({ ok: true, value: { milli: 99_500n, shownRounded: '100' } });
    expect(read(12.345, '£#,##0.00')).toEqual({
      ok: true,
      value: { milli: 12_345n, currency: 'GBP', shownRounded: '£12.35' },
    });
  });

  it('is not flagged where the format shows every decimal, or shows something else', () => {
    for (const [value, format] of [
      [1234.5, '#,##0.00'],
      [1200, '#,##0'],
      [1100.0000000000002, '#,##0.00'],
      [1500, '#,##0.00,"k"'],
      [0.5, '0%'],
      [1234.56, 'General'],
      [1234.56, '0.00E+00'],
      [1234.5, '"Total "0.0;[Red]-0'],
    ] as const) {
      const amount = read(value, format);
      expect(amount.ok, format).toBe(true);
      if (amount.ok) expect(amount.value, format).not.toHaveProperty('shownRounded');
    }
  });
});

describe('amounts written as text', () => {
  it('read every local way of writing 1234.56', () => {
    for (const form of [
      '1234.56',
      '1,234.56',
      '1 234,56',
      '1\u00A0234,56',
      '1\u202F234,56',
      '1.234,56',
      "1'234.56",
      '1’234.56',
      ' 1234.56 ',
      // Excel's text mark, as a CSV written by hand keeps it.
      "'1234.56",
      "'1,234.56",
    ]) {
      expect(readText(form), form).toEqual(amount(1_234_560n));
    }
  });

  it('take the currency from an ISO code or an unambiguous symbol', () => {
    expect(readText('£1,234.56')).toEqual(amount(1_234_560n, 'GBP'));
    expect(readText('€ 1.234,56')).toEqual(amount(1_234_560n, 'EUR'));
    expect(readText('1.234,56 €')).toEqual(amount(1_234_560n, 'EUR'));
    expect(readText('1234.56 EUR')).toEqual(amount(1_234_560n, 'EUR'));
    expect(readText('USD 1,234.56')).toEqual(amount(1_234_560n, 'USD'));
    expect(readText('1234.56EUR')).toEqual(amount(1_234_560n, 'EUR'));
    expect(readText('12 eur')).toEqual(amount(12_000n, 'EUR'));
    expect(readText('US$ 5')).toEqual(amount(5_000n, 'USD'));
    expect(readText('CA$5')).toEqual(amount(5_000n, 'CAD'));
    expect(readText('₹1,000')).toEqual(amount(1_000_000n, 'INR'));
  });

  it('accept $ and ¥ without naming a currency: several currencies write them', () => {
    expect(readText('$1,234.56')).toEqual(amount(1_234_560n));
    expect(readText('¥1000')).toEqual(amount(1_000_000n));
    expect(readText('$12 USD')).toEqual(amount(12_000n, 'USD'));
    expect(readText('¥1000 JPY')).toEqual(amount(1_000_000n, 'JPY'));
    // The symbol is kept, for the payment's currency to be checked against it.
    expect(cellAmount(text('$1,234.56'))).toMatchObject({ value: { symbol: '$' } });
    expect(cellAmount(text('¥1000'))).toMatchObject({ value: { symbol: '¥' } });
    expect(cellAmount(text('$12 USD'))).not.toMatchObject({ value: { symbol: '$' } });
  });

  it('refuse an unknown code and two currencies that disagree', () => {
    expect(readText('XYZ 12')).toEqual({
      ok: false,
      message: '"XYZ 12" names XYZ, which is not a currency code',
    });
    expect(readText('12 HRK').ok).toBe(false);
    expect(readText('£12 EUR')).toEqual({
      ok: false,
      message: '"£12 EUR" names two currencies: £ is GBP and the code says EUR',
    });
    expect(readText('$12 EUR')).toEqual({
      ok: false,
      message: '"$12 EUR" names two currencies: EUR amounts are not written with $',
    });
    expect(readText('¥1000 USD').ok).toBe(false);
  });

  it('tell thousands separators from decimal separators', () => {
    expect(readText('1,234')).toEqual(amount(1_234_000n));
    expect(readText('1,234,567')).toEqual(amount(1_234_567_000n));
    expect(readText('1.234.567')).toEqual(amount(1_234_567_000n));
    expect(readText('12,5')).toEqual(amount(12_500n));
    expect(readText('12,50')).toEqual(amount(12_500n));
    expect(readText('0,125')).toEqual(amount(125n));
    expect(readText('1234,567')).toEqual(amount(1_234_567n));
    expect(readText('980.125')).toEqual(amount(980_125n));
    expect(readText('1.234.567,891')).toEqual(amount(1_234_567_891n));
    expect(readText('1 234 567')).toEqual(amount(1_234_567_000n));
    expect(readText('.5')).toEqual(amount(500n));
  });

  it('read a lone comma before three digits as English thousands, as the rule says', () => {
    // The documented price of reading English exports: a decimal comma with three decimals
    // and no thousands (980,125) reads as 980125. A written 980,125 € is ambiguous anyway.
    expect(readText('980,125')).toEqual(amount(980_125_000n));
  });

  it('read a lone separator before three digits by the decimal mark the sheet writes', () => {
    expect(readText('2.500', ',')).toEqual(amount(2_500_000n));
    expect(readText('2.500', '.')).toEqual(amount(2_500n));
    expect(readText('980,125', ',')).toEqual(amount(980_125n));
    expect(readText('1,234', '.')).toEqual(amount(1_234_000n));
    // Only the ambiguous ones: what an amount shows of its own mark is read as it shows.
    expect(readText('1.234,56', '.')).toEqual(amount(1_234_560n));
    expect(readText('12.50', ',')).toEqual(amount(12_500n));
    expect(readText('1,234,567', ',')).toEqual(amount(1_234_567_000n));
  });

  it('refuse to guess a lone separator in a sheet that writes decimals both ways', () => {
    expect(readText('2.500', 'both')).toEqual({
      ok: false,
      message:
        '"2.500" could be 2.5 or 2500: this sheet writes decimals both with a dot and with a comma, so write the amount without a thousands separator',
    });
    expect(readText('€1,234', 'both')).toMatchObject({
      ok: false,
      message: expect.stringContaining('could be 1.234 or 1234'),
    });
    expect(readText('1.234,56', 'both')).toEqual(amount(1_234_560n));
  });

  it("tell the decimal mark they show, or that they need the sheet's", () => {
    const told = (value: string) => {
      const read = cellAmount(text(value));
      if (!read.ok || !read.value) throw new Error(`${value} did not read`);
      return { shows: read.value.shows, ambiguous: read.value.ambiguous };
    };
    for (const comma of ['1.234,56', '12,5', '0,125', '1.234.567', '1 234,5', '1234,567']) {
      expect(told(comma), comma).toEqual({ shows: ',', ambiguous: undefined });
    }
    for (const dot of ['1,234.56', '12.50', '0.125', '1,234,567', "1'234.5", '1234.567', '.5']) {
      expect(told(dot), dot).toEqual({ shows: '.', ambiguous: undefined });
    }
    for (const either of ['2.500', '1,234', '€ 999.000', '(1,000)']) {
      expect(told(either), either).toEqual({ shows: undefined, ambiguous: true });
    }
    for (const neither of ['1234', '1 234', '12']) {
      expect(told(neither), neither).toEqual({ shows: undefined, ambiguous: undefined });
    }
  });

  it('refuse digits grouped other than in threes and mixed grouping', () => {
    expect(readText('1,23,456')).toEqual({
      ok: false,
      message:
        '"1,23,456" is not an amount: digits between thousands separators come in threes, as in 1,234,567',
    });
    expect(readText('1,2345,678').ok).toBe(false);
    expect(readText('1 234.567,8')).toEqual({
      ok: false,
      message: '"1 234.567,8" is not an amount: it groups digits with both spaces and dots',
    });
    expect(readText('1,234.567.8').ok).toBe(false);
    expect(readText('1,,234').ok).toBe(false);
    expect(readText('12.').ok).toBe(false);
    expect(readText('1 2 3 4').ok).toBe(false);
  });

  it('return negative amounts as negative, for the field to judge', () => {
    expect(readText('-12')).toEqual(amount(-12_000n));
    expect(readText('(12.00)')).toEqual(amount(-12_000n));
    expect(readText('12-')).toEqual(amount(-12_000n));
    expect(readText('−12')).toEqual(amount(-12_000n));
    expect(readText('-£12.00')).toEqual(amount(-12_000n, 'GBP'));
    expect(readText('£(12.00)')).toEqual(amount(-12_000n, 'GBP'));
    expect(readText('(EUR 1.234,56)')).toEqual(amount(-1_234_560n, 'EUR'));
    expect(readText('+12')).toEqual(amount(12_000n));
    expect(readText('(-12)')).toMatchObject({
      ok: false,
      message: expect.stringContaining('two signs'),
    });
  });

  it('read an empty cell as nothing and refuse garbage', () => {
    expect(readText('')).toEqual({ ok: true, value: null });
    expect(readText(' \u00A0 ')).toEqual({ ok: true, value: null });
    expect(cellAmount({ kind: 'empty' })).toEqual({ ok: true, value: null });
    for (const garbage of ['12abc', 'N/A', '--', '£', 'EURO 12', 'twelve']) {
      expect(readText(garbage), garbage).toEqual({
        ok: false,
        message: `"${garbage}" is not an amount: write it in digits, such as 1234.56`,
      });
    }
  });

  it('refuse more than 3 decimals unless the extra ones are zeros', () => {
    expect(readText('12.3456')).toEqual({
      ok: false,
      message:
        '"12.3456" has 4 decimals; round it to its currency\'s decimals (2 for most, 3 at most)',
    });
    expect(readText('12,3456').ok).toBe(false);
    expect(readText('12.3450')).toEqual(amount(12_345n));
    expect(readText('1.5000')).toEqual(amount(1_500n));
  });

  it('refuse amounts past 999,999,999,999.999', () => {
    expect(readText('999,999,999,999.999')).toEqual(amount(MAX_EXACT_WIRE_MILLI));
    expect(readText('1,000,000,000,000')).toMatchObject({ ok: false });
    expect(readText('-1000000000000')).toMatchObject({ ok: false });
  });
});

describe('amounts in number cells', () => {
  it('read the exact decimal the double stands for', () => {
    expect(cellAmount(number(1234.56))).toEqual(amount(1_234_560n));
    expect(cellAmount(number(0.001))).toEqual(amount(1n));
    expect(cellAmount(number(12345678901))).toEqual(amount(12_345_678_901_000n));
    expect(cellAmount(number(-5.5))).toEqual(amount(-5_500n));
    expect(cellAmount(number(999999999999.999))).toEqual(amount(MAX_EXACT_WIRE_MILLI));
  });

  it('round away the floating noise formulas leave', () => {
    expect(cellAmount(number(1100.0000000000002))).toEqual(amount(1_100_000n));
    expect(cellAmount(number(0.1 + 0.2))).toEqual(amount(300n));
    expect(cellAmount(number(1000 * 1.1))).toEqual(amount(1_100_000n));
    expect(cellAmount(number(0.1 + 0.2 - 0.3))).toEqual(amount(0n));
    expect(cellAmount(number(-(0.1 + 0.2)))).toEqual(amount(-300n));
  });

  it('refuse a real fourth decimal, at any size', () => {
    expect(cellAmount(number(12.3456))).toEqual({
      ok: false,
      message:
        "12.3456 has 4 decimals; round it to its currency's decimals (2 for most, 3 at most)",
    });
    expect(cellAmount(number(1234567.8915)).ok).toBe(false);
    expect(cellAmount(number(0.0004)).ok).toBe(false);
    expect(cellAmount(number(1 / 3)).ok).toBe(false);
  });

  it('refuse what is not a number of money', () => {
    expect(cellAmount(number(Infinity)).ok).toBe(false);
    expect(cellAmount(number(1e21)).ok).toBe(false);
    expect(cellAmount({ kind: 'date', date: '2030-05-01' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('format the column as Number'),
    });
    expect(cellAmount({ kind: 'boolean', value: true }).ok).toBe(false);
    expect(cellAmount({ kind: 'error', code: '#DIV/0!' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('#DIV/0!'),
    });
  });

  it('read any wire amount exactly, and a float sum of cents as its exact sum', () => {
    const wire = fc.bigInt({ min: -MAX_EXACT_WIRE_MILLI, max: MAX_EXACT_WIRE_MILLI });
    fc.assert(
      fc.property(wire, (milli) => {
        expect(cellAmount(number(Number(formatAmount(milli, 3))))).toEqual(amount(milli));
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { maxLength: 60 }),
        (cents) => {
          const floatSum = cents.reduce((sum, c) => sum + c / 100, 0);
          const exact = cents.reduce((sum, c) => sum + BigInt(c) * 10n, 0n);
          expect(cellAmount(number(floatSum))).toEqual(amount(exact));
        },
      ),
    );
  });
});

describe('any amount up to 999,999,999,999.999 in any local format', () => {
  const group = (digits: string, by: string) => digits.replace(/\B(?=(\d{3})+$)/g, by);
  const formats = {
    plain: (whole: string, fraction: string) => (fraction ? `${whole}.${fraction}` : whole),
    english: (whole: string, fraction: string) =>
      group(whole, ',') + (fraction ? `.${fraction}` : ''),
    swiss: (whole: string, fraction: string) =>
      group(whole, "'") + (fraction ? `.${fraction}` : ''),
    decimalComma: (whole: string, fraction: string) =>
      `${group(whole, '.')},${fraction.padEnd(2, '0')}`,
    spaceGrouped: (whole: string, fraction: string) =>
      `${group(whole, '\u202F')},${fraction.padEnd(2, '0')}`,
  };
  const wrappers: [(s: string) => string, string | undefined][] = [
    [(s) => s, undefined],
    [(s) => `£${s}`, 'GBP'],
    [(s) => `${s} €`, 'EUR'],
    [(s) => `€ ${s}`, 'EUR'],
    [(s) => `EUR ${s}`, 'EUR'],
    [(s) => `${s} USD`, 'USD'],
    [(s) => `${s}JPY`, 'JPY'],
    [(s) => `$${s}`, undefined],
  ];
  const negatives = [(s: string) => `-${s}`, (s: string) => `(${s})`, (s: string) => `${s}-`];

  it('reads back exactly, currency and sign included', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_EXACT_WIRE_MILLI, max: MAX_EXACT_WIRE_MILLI }),
        fc.constantFrom(...(Object.keys(formats) as (keyof typeof formats)[])),
        fc.constantFrom(...wrappers),
        fc.constantFrom(...negatives),
        (milli, format, [wrap, currency], negate) => {
          const abs = milli < 0n ? -milli : milli;
          const whole = (abs / 1000n).toString();
          const fraction = (abs % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
          // In a sheet that writes decimal commas, as its other amounts show (decimal-marks.ts).
          const mark = format === 'decimalComma' || format === 'spaceGrouped' ? ',' : '.';
          const written = wrap(formats[format](whole, fraction));
          const signed = milli < 0n ? negate(written) : written;
          expect(readText(signed, mark)).toEqual(amount(milli, currency));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
