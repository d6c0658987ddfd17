// The workbooks the importer's tests build by hand must be real workbooks, or a refusal could
// come from a broken fixture rather than from the importer. exceljs's non-streaming reader
// (not the streaming one the importer uses) is the independent judge here; the hostile files
// are checked from what their zip declares, never inflated in full.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import {
  cellTypesWorkbook,
  date1904Workbook,
  entryOrderWorkbook,
  hiddenAndMergedWorkbook,
  sharedFormulasWorkbook,
} from '../../support/hand-written-workbooks';
import { pngBytes, textBytes, zipWithoutWorkbookBytes } from '../../support/not-spreadsheets';
import { buildXlsx, writeBytes, type XlsxSpec } from '../../support/xlsx-by-hand';
import {
  longCellWorkbook,
  sharedStringsBombWorkbook,
  writeTooManyRowsWorkbook,
  writeZipBomb,
} from '../../support/zip-bombs';
import {
  entryDataOffset,
  readCentralDirectory,
  type ZipEntryInfo,
} from '../../support/zip-central-directory';

const SHEET = 'xl/worksheets/sheet1.xml';
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'hand-written-workbooks-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function load(spec: XlsxSpec): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  const bytes = buildXlsx(spec);
  // exceljs declares its own Buffer type (an ArrayBuffer); it reads the bytes either way.
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  return workbook;
}

function entry(entries: ZipEntryInfo[], name: string): ZipEntryInfo {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`no ${name} in ${entries.map((e) => e.name).join(', ')}`);
  return found;
}

/** The first bytes an entry inflates to, from its first `compressedBytes` only. */
async function inflatedStart(path: string, info: ZipEntryInfo, compressedBytes = 2048) {
  const start = await entryDataOffset(path, info);
  const stream = createReadStream(path, { start, end: start + compressedBytes - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = inflateRawSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH });
  return text.toString('utf8', 0, 4096);
}

/** Counts `<row ` in an entry by inflating it as a stream: memory stays at one chunk. */
async function countRows(path: string, info: ZipEntryInfo): Promise<number> {
  const start = await entryDataOffset(path, info);
  const inflated = createReadStream(path, { start, end: start + info.compressedBytes - 1 }).pipe(
    createInflateRaw(),
  );
  let rows = 0;
  let carry = '';
  for await (const chunk of inflated) {
    const text = carry + (chunk as Buffer).toString('latin1');
    rows += text.split('<row ').length - 1;
    carry = text.slice(-4);
  }
  return rows;
}

describe('hand-written workbooks read back with exceljs', () => {
  it('keeps every cell type, cached formula results, dates, rich text and hyperlinks', async () => {
    const sheet = (await load(cellTypesWorkbook())).getWorksheet('Cases')!;
    const value = (r: number) => sheet.getCell(`B${r}`).value;
    expect(value(2)).toBe('Müller GmbH');
    expect(value(3)).toBe(1234.5);
    expect(value(4)).toBe('012345');
    expect(sheet.getCell('B4').numFmt).toBe('@');
    expect(value(5)).toBe('  Zoë  ');
    expect(value(6)).toBe(true);
    expect(value(7)).toEqual({ error: '#N/A' });
    expect(value(8)).toEqual({ formula: 'B3*2', result: 2469 });
    expect(value(9)).toEqual({ formula: 'UPPER(B2)', result: 'MÜLLER GMBH' });
    expect(value(10)).toEqual({ formula: 'SUM(B3,B8)' });
    expect(value(11)).toEqual({ formula: '1/0', result: { error: '#DIV/0!' } });
    expect(value(12)).toEqual(new Date(Date.UTC(2030, 0, 31)));
    expect(value(13)).toEqual(new Date(Date.UTC(2030, 0, 31)));
    expect(sheet.getCell('B13').numFmt).toBe('dd/mm/yyyy');
    const rich = value(14) as ExcelJS.CellRichTextValue;
    expect(rich.richText.map((run) => run.text).join('')).toBe('Zoë Ashworth-Łukasiewicz');
    expect(sheet.getCell('B15').numFmt).toBe('#,##0.00');
    expect(value(16)).toEqual({
      text: 'Invoice 2030-001',
      hyperlink: 'https://invoices.example.com/2030-001',
    });
    expect(value(17)).toBe('Back to the top');
  });

  it('writes a shared formula once, with its range, and its dependents point at it', async () => {
    const sheet = (await load(sharedFormulasWorkbook())).getWorksheet('Payments')!;
    expect(sheet.getCell('D2').value).toEqual({
      formula: 'B2*C2',
      result: 675,
      ref: 'D2:D5',
      shareType: 'shared',
    });
    expect(['D3', 'D4', 'D5'].map((ref) => sheet.getCell(ref).value)).toEqual([
      { sharedFormula: 'D2', result: 820 },
      { sharedFormula: 'D2', result: 196 },
      { sharedFormula: 'D2', result: 182 },
    ]);
  });

  it('sets the 1904 date system where exceljs looks for it', async () => {
    const workbook = await load(date1904Workbook());
    expect(workbook.properties.date1904).toBe(true);
    const sheet = workbook.getWorksheet('Payments')!;
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2030, 0, 31)));
    expect(sheet.getCell('C3').value).toEqual(new Date(Date.UTC(2030, 1, 28)));
    // LibreOffice's spelling, which exceljs does not recognise: only the XML is checked.
    const asLibreOffice = unzipSync(buildXlsx(date1904Workbook('true')))['xl/workbook.xml']!;
    expect(strFromU8(asLibreOffice)).toContain('<workbookPr date1904="true"/>');
  });

  it('keeps merges, a hidden row, a hidden column and a hidden sheet', async () => {
    const workbook = await load(hiddenAndMergedWorkbook());
    expect(workbook.worksheets.map((s) => [s.name, s.state])).toEqual([
      ['Lookups', 'hidden'],
      ['Payments', 'visible'],
    ]);
    const sheet = workbook.getWorksheet('Payments')!;
    expect(sheet.model.merges).toEqual(['A1:D1']);
    expect(sheet.getRow(7).hidden).toBe(true);
    expect(sheet.getRow(6).hidden).toBe(false);
    expect(sheet.getColumn(3).hidden).toBe(true);
    expect(sheet.getCell('A7').value).toBe('Old Supplier (closed)');
  });

  it('zips the parts in the order asked, and the order does not change the values', async () => {
    const names = (order: 'sheets-first' | 'shared-strings-first') =>
      Object.keys(unzipSync(buildXlsx(entryOrderWorkbook(order))));
    const sheetsFirst = names('sheets-first');
    const stringsFirst = names('shared-strings-first');
    expect(sheetsFirst.indexOf(SHEET)).toBeLessThan(sheetsFirst.indexOf('xl/sharedStrings.xml'));
    expect(stringsFirst.indexOf('xl/sharedStrings.xml')).toBeLessThan(stringsFirst.indexOf(SHEET));
    const values = async (order: 'sheets-first' | 'shared-strings-first') =>
      (await load(entryOrderWorkbook(order))).getWorksheet('Payments')!.getSheetValues();
    expect(await values('sheets-first')).toEqual(await values('shared-strings-first'));
    expect((await values('sheets-first'))[3]).toEqual([
      undefined,
      'Café Olé SARL',
      'BE68539007547034',
      12345,
    ]);
  });
});

describe('hostile workbooks are what they claim, judged by their zip directory', () => {
  it.each(['rows', 'whitespace'] as const)(
    'a zip bomb of %s declares gigabytes in a few megabytes',
    async (filler) => {
      const path = join(folder, `bomb-${filler}.xlsx`);
      const { inflatedBytes } = writeZipBomb(path, { filler });
      const fileBytes = (await stat(path)).size;
      const sheet = entry(await readCentralDirectory(path), SHEET);
      expect(fileBytes).toBeLessThan(10 * 1024 ** 2);
      expect(sheet.inflatedBytes).toBe(inflatedBytes);
      expect(sheet.inflatedBytes).toBeGreaterThan(3 * SHEET_LIMITS.maxUncompressedBytes);
      expect(sheet.inflatedBytes / fileBytes).toBeGreaterThan(3 * SHEET_LIMITS.maxCompressionRatio);
      const start = await inflatedStart(path, sheet);
      expect(start).toMatch(/^<\?xml[^]*<worksheet [^]*<sheetData>/);
      expect(start).toContain(filler === 'rows' ? '<row><c><v>1</v></c></row>' : ' '.repeat(1000));
    },
  );

  it('a sheet of maxRows + 1 data rows stays a small file', async () => {
    const path = join(folder, 'too-many-rows.xlsx');
    writeTooManyRowsWorkbook(path, SHEET_LIMITS.maxRows + 1);
    expect((await stat(path)).size).toBeLessThan(4 * 1024 ** 2);
    const sheet = entry(await readCentralDirectory(path), SHEET);
    expect(await countRows(path, sheet)).toBe(1 + SHEET_LIMITS.maxRows + 1);
  });

  it('a shared-strings bomb holds one 32,000-character string in 100,000 cells', () => {
    const parts = unzipSync(sharedStringsBombWorkbook());
    const strings = strFromU8(parts['xl/sharedStrings.xml']!);
    const sheet = strFromU8(parts[SHEET]!);
    const [, text = ''] = /<si><t(?: [^>]*)?>([^<]*)<\/t><\/si>/.exec(strings) ?? [];
    const cells = sheet.split('t="s"><v>0</v>').length - 1;
    expect(strings.split('<si>').length - 1).toBe(1);
    expect(text).toHaveLength(32_000);
    expect(cells).toBe(100_000);
    expect(text.length * cells).toBeGreaterThan(SHEET_LIMITS.maxSheetTextChars);
  });

  it.each(['shared', 'inline'] as const)('a %s cell of 40,000 characters', (as) => {
    const parts = unzipSync(longCellWorkbook({ as }));
    const xml = strFromU8(parts[as === 'shared' ? 'xl/sharedStrings.xml' : SHEET]!);
    const longest = Math.max(
      ...[...xml.matchAll(/<t(?: [^>]*)?>([^<]*)<\/t>/g)].map((m) => m[1]!.length),
    );
    expect(longest).toBe(40_000);
    expect(longest).toBeGreaterThan(SHEET_LIMITS.maxCellChars);
  });

  it('files named .xlsx that are not workbooks', async () => {
    const png = await writeBytes(folder, 'photo.xlsx', pngBytes());
    const head = (await readFile(png)).subarray(0, 8);
    expect([...head]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(strFromU8(textBytes())).toMatch(/^Payee,IBAN,Amount\r\n/);
    expect(Object.keys(unzipSync(zipWithoutWorkbookBytes()))).toEqual(['readme.txt']);
  });
});
