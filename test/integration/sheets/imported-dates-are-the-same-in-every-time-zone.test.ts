// A date in a sheet is a calendar day: the same day whatever time zone the machine importing it
// is set to. Real date cells, serials, 1904 workbooks and text dates are imported in processes
// on opposite sides of the date line.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testChild } from '../../support/build-for-tests';

function datesIn(timeZone: string, file: string): unknown {
  const run = spawnSync(process.execPath, [testChild('import-child'), file], {
    encoding: 'utf8',
    env: { ...process.env, TZ: timeZone },
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { dates?: unknown };
  return result.dates;
}

describe('imported payment dates', () => {
  it.each([
    'payroll-export.xlsx',
    'us-contractors.xlsx',
    'date-system-1904.xlsx',
    'text-dates-and-decimal-commas.xlsx',
  ])(
    'of %s are the same in Kiritimati (UTC+14) and Los Angeles (UTC-8)',
    { timeout: 60_000 },
    (name) => {
      const file = join('test', 'fixtures', 'sheets', name);
      const east = datesIn('Pacific/Kiritimati', file);
      expect(datesIn('America/Los_Angeles', file)).toEqual(east);
      expect(datesIn('UTC', file)).toEqual(east);
      expect(JSON.stringify(east)).toContain('2030-');
    },
  );
});
