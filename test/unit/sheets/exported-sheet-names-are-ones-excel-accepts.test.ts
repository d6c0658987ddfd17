// A results export is named after the sheet that came in; a name Excel would refuse (a CSV's
// file name can be anything) is made one it accepts rather than failing the export.
import { describe, expect, it } from 'vitest';
import { sheetName } from '../../../electron/core/sheets/writing/results-export';

describe('the name of an exported sheet', () => {
  it('is the sheet’s own name where Excel allows it', () => {
    expect(sheetName('Pay run')).toBe('Pay run');
    expect(sheetName('Zoë’s payroll (Jan)')).toBe('Zoë’s payroll (Jan)');
  });

  it('loses the characters Excel refuses, and is cut to 31 characters', () => {
    expect(sheetName('Q1: Paris/Lyon [draft]?*')).toBe('Q1  Paris Lyon  draft');
    expect(sheetName('A payroll run for the whole of January 2030')).toBe(
      'A payroll run for the whole of',
    );
    expect(sheetName("'quoted'")).toBe('quoted');
  });

  it('is "Results" when nothing of it is left', () => {
    expect(sheetName('[]:*')).toBe('Results');
    expect(sheetName('')).toBe('Results');
  });
});
