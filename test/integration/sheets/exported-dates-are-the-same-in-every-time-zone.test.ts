import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxParts } from '../../support/xlsx-parts';

const SCRIPT = join(import.meta.dirname, '../../support/sheets-in-time-zone.ts');
/** UTC+14, the first zone into a new day, and UTC-8, one of the last. */
const ZONES = ['Pacific/Kiritimati', 'America/Los_Angeles'] as const;

const TEMPLATE_DATES = ['1990-04-17T00:00:00.000Z', '2027-01-04T00:00:00.000Z'];
const STATEMENT_DATES = [
  '2026-12-31T23:30:00.000Z',
  '2026-12-31T10:15:00.000Z',
  '2026-07-01T19:00:00.000Z',
];

const RESULT_DATES = ['2030-01-31T00:00:00.000Z', '2030-12-31T00:00:00.000Z'];

let dir: string;
const seen = new Map<
  string,
  { offsetMinutes: number; template: string[]; statement: string[]; results: string[] }
>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-zones-'));
  for (const zone of ZONES) {
    const folder = join(dir, zone.replace('/', '-'));
    await mkdir(folder);
    const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, folder], {
      env: { ...process.env, TZ: zone },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (run.status !== 0) throw new Error(`${zone}: ${run.stderr}`);
    seen.set(zone, JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}'));
  }
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const folderOf = (zone: string) => join(dir, zone.replace('/', '-'));

describe('dates written on machines in different time zones', () => {
  it('ran in the zones asked for', () => {
    expect(seen.get('Pacific/Kiritimati')?.offsetMinutes).toBe(-14 * 60);
    expect(seen.get('America/Los_Angeles')?.offsetMinutes).toBe(8 * 60);
  });

  it('read back in that zone as the same UTC day and time', () => {
    for (const zone of ZONES) {
      expect(seen.get(zone)?.template, zone).toEqual(TEMPLATE_DATES);
      expect(seen.get(zone)?.statement, zone).toEqual(STATEMENT_DATES);
      expect(seen.get(zone)?.results, zone).toEqual(RESULT_DATES);
    }
  });

  it('read back here as the same day and time', async () => {
    for (const zone of ZONES) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(folderOf(zone), 'statement.xlsx'));
      const first = workbook.getWorksheet('Statement')?.getCell('A2').value;
      expect(first).toEqual(new Date(STATEMENT_DATES[0] ?? ''));
    }
  });

  it('are the same bytes in the sheets and CSV files of both zones', async () => {
    const [east, west] = ZONES.map(folderOf);
    for (const file of ['template.xlsx', 'statement.xlsx', 'results.xlsx']) {
      const a = xlsxParts(join(east ?? '', file));
      const b = xlsxParts(join(west ?? '', file));
      expect(a['xl/worksheets/sheet1.xml'], file).toBe(b['xl/worksheets/sheet1.xml']);
    }
    for (const file of ['template.csv', 'statement.csv']) {
      expect(await readFile(join(east ?? '', file), 'utf8'), file).toBe(
        await readFile(join(west ?? '', file), 'utf8'),
      );
    }
    const csv = await readFile(join(east ?? '', 'template.csv'), 'utf8');
    expect(csv).toContain(',1990-04-17,');
    expect(csv).toContain(',2027-01-04,');
  });
});
