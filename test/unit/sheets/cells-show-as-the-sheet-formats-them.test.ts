// The import wizard shows a column's first values as the person sees them in Excel: numbers in
// their number format, dates in their date format, errors and formulas as such. The expected
// texts are what Excel shows for each format (its documented number format codes).
import { describe, expect, it } from 'vitest';
import { cellDisplay } from '../../../electron/core/sheets/coercion/cell-display';
import type { CellValue } from '../../../electron/core/sheets/reading/sheet-types';

const number = (value: number, format?: string): CellValue =>
  format === undefined ? { kind: 'number', value } : { kind: 'number', value, format };
const date = (day: string, format?: string, time?: string): CellValue => ({
  kind: 'date',
  date: day,
  ...(time ? { time } : {}),
  ...(format ? { format } : {}),
});

describe('a number cell', () => {
  it('in General shows the number Excel keeps, 15 significant digits, never an exponent', () => {
    expect(cellDisplay(number(100.1))).toBe('100.1');
    expect(cellDisplay(number(0.1 + 0.2))).toBe('0.3');
    expect(cellDisplay(number(12345678901234))).toBe('12345678901234');
    expect(cellDisplay(number(1.5e-7, 'General'))).toBe('0.00000015');
  });

  it('shows the decimals, grouping and leading zeros its format asks for', () => {
    expect(cellDisplay(number(1234.5, '#,##0.00'))).toBe('1,234.50');
    expect(cellDisplay(number(1234567, '#,##0'))).toBe('1,234,567');
    expect(cellDisplay(number(40127, '000000'))).toBe('040127');
    expect(cellDisplay(number(2.5, '0'))).toBe('3');
    expect(cellDisplay(number(1.005, '0.00'))).toBe('1.01');
    expect(cellDisplay(number(0.5, '#.00'))).toBe('.50');
    expect(cellDisplay(number(3.1, '0.0#'))).toBe('3.1');
    expect(cellDisplay(number(3.456, '0.0#'))).toBe('3.46');
  });

  it('shows a currency, a percentage and a negative as its sections write them', () => {
    expect(cellDisplay(number(1234.5, '£#,##0.00'))).toBe('£1,234.50');
    expect(cellDisplay(number(-1234.5, '£#,##0.00'))).toBe('-£1,234.50');
    expect(cellDisplay(number(99, '[$€-407] #,##0.00'))).toBe('€ 99.00');
    expect(cellDisplay(number(99, '#,##0.00 [$EUR]'))).toBe('99.00 EUR');
    expect(cellDisplay(number(99, '"USD "#,##0.00'))).toBe('USD 99.00');
    expect(cellDisplay(number(0.125, '0.0%'))).toBe('12.5%');
    expect(cellDisplay(number(-5, '#,##0.00_);[Red](#,##0.00)'))).toBe('(5.00)');
    expect(cellDisplay(number(5, '#,##0.00_);[Red](#,##0.00)'))).toBe('5.00');
    expect(cellDisplay(number(0, '#,##0.00;-#,##0.00;"-"'))).toBe('-');
  });
});

describe('a date cell', () => {
  it('shows its day in the order and words its format writes', () => {
    expect(cellDisplay(date('2030-01-31', 'dd/mm/yyyy'))).toBe('31/01/2030');
    expect(cellDisplay(date('2030-01-31', 'm/d/yy'))).toBe('1/31/30');
    expect(cellDisplay(date('2030-01-05', 'd-mmm-yy'))).toBe('5-Jan-30');
    expect(cellDisplay(date('2030-01-31', 'dddd, mmmm d, yyyy'))).toBe(
      'Thursday, January 31, 2030',
    );
    expect(cellDisplay(date('2030-01-31', 'yyyy-mm-dd'))).toBe('2030-01-31');
  });

  it('tells minutes from months by the hour or second beside them', () => {
    expect(cellDisplay(date('2030-01-31', 'dd/mm/yyyy hh:mm', '14:05:09'))).toBe(
      '31/01/2030 14:05',
    );
    expect(cellDisplay(date('2030-01-31', 'h:mm AM/PM', '14:05:00'))).toBe('2:05 PM');
    expect(cellDisplay(date('2030-01-31', 'mm:ss', '14:05:09'))).toBe('05:09');
  });

  it("without a format of its own, or in the machine's short date, is ISO", () => {
    expect(cellDisplay(date('2030-01-31'))).toBe('2030-01-31');
    // Built-in format 14 shows in the order of the reader's own machine, which the file does not say.
    expect(cellDisplay(date('2030-01-31', 'mm-dd-yy'))).toBe('2030-01-31');
  });
});

describe('other cells', () => {
  it('show their text as written, errors by their code, formulas without a result as formulas', () => {
    expect(cellDisplay({ kind: 'text', text: '012345' })).toBe('012345');
    expect(cellDisplay({ kind: 'boolean', value: true })).toBe('TRUE');
    expect(cellDisplay({ kind: 'error', code: '#N/A' })).toBe('#N/A');
    expect(cellDisplay({ kind: 'formula', formula: 'SUM(B3,B8)' })).toBe('=SUM(B3,B8)');
    expect(cellDisplay({ kind: 'empty' })).toBe('');
  });
});
