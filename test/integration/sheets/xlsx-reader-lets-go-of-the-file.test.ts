// A workbook's file is let go of once it has been read, also when a sheet is left after its
// first rows (the importer looks at the first rows of each sheet to choose one): an app that
// imports all day must not run out of file descriptors. Linux lists a process's open files in
// /proc/self/fd.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../../electron/core/sheets/reading/limits';
import { xlsxSheets } from '../../../electron/core/sheets/reading/xlsx-reader';
import { row, writeXlsx } from '../../support/xlsx-by-hand';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-open-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const openFiles = () => readdirSync('/proc/self/fd').length;

describe('the file of a workbook', () => {
  it('is closed after each reading: whole, left after the first row, or refused', async () => {
    // Rows enough that a sheet inflates in many chunks, so that leaving it early leaves some.
    const rows = Array.from({ length: 5_000 }, (_, n) =>
      row(n + 2, [`Payee ${n}`, `GB${String(n).padStart(20, '0')}`, n + 0.5]),
    );
    const path = await writeXlsx(dir, 'long.xlsx', {
      sheets: [
        { name: 'Payments', rows: [row(1, ['Payee', 'IBAN', 'Amount']), ...rows] },
        { name: 'Notes', rows: [row(1, ['Nothing to pay here'])] },
      ],
    });
    const read = async (leaveEarly: boolean) => {
      let count = 0;
      for await (const sheet of xlsxSheets(path, SHEET_LIMITS)) {
        for await (const _ of sheet.rows) {
          count += 1;
          if (leaveEarly) break;
        }
      }
      return count;
    };
    const before = openFiles();
    expect(await read(false)).toBe(5_002);
    for (let n = 0; n < 10; n += 1) expect(await read(true)).toBe(2);
    // Refused at row 3: a cell of more XML than any cell may take.
    const tooLong = 'x'.repeat(SHEET_LIMITS.maxRawCellChars + 1);
    rows[1] = row(3, [{ t: 'inlineStr', v: tooLong }, 'GB00', 1]);
    const refused = await writeXlsx(dir, 'refused.xlsx', {
      sheets: [{ name: 'Payments', rows: [row(1, ['Payee', 'IBAN', 'Amount']), ...rows] }],
    });
    for (let n = 0; n < 10; n += 1) {
      await expect(
        (async () => {
          for await (const sheet of xlsxSheets(refused, SHEET_LIMITS)) {
            for await (const _ of sheet.rows) {
              // read on until refused
            }
          }
        })(),
      ).rejects.toMatchObject({ code: 'cell_too_long' });
    }
    // Descriptors are given back as the streams close, a moment after the reading ends.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openFiles()).toBe(before);
  });
});
