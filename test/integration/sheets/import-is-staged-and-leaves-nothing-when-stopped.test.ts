// An import is staged: its batch is made at once, `importing` (its name taken, the lists
// leaving it out), its rows committed in chunks that never hold the outbox across an await, and
// it becomes ready at the end. A file refused halfway, or an import cancelled, deletes the batch
// whole: no drafts, beneficiaries, source, mapping or audit entry of it remain, while what
// others wrote between its chunks stands.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportCancelledError } from '../../../electron/core/sheets/drafting/sheet-import';
import { OutboxFolder } from '../../support/sheet-import';
import { PAYROLL_HEADER, payrollLine, writePayroll } from '../../support/payroll-csv';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

describe('a staged import', () => {
  it('takes its batch name from its start, and its batch is listed only once ready', async () => {
    const file = await writePayroll(join(folder.dir, 'march.csv'), 10_000);
    const { outbox } = folder;
    const seen: { listed: boolean; found: boolean; taken: boolean; durable: boolean }[] = [];
    const first = folder.import(file, {
      batchName: 'March',
      onProgress: () =>
        seen.push({
          listed: outbox.batches.list().some((batch) => batch.name === 'March'),
          found: outbox.batches.find('March') !== undefined,
          taken: outbox.batches.nameTaken('March'),
          // Between chunks, every other commit is as durable as ever: synchronous=FULL (2).
          durable:
            outbox.db.pragma('synchronous', { simple: true }) === 2 &&
            outbox.db.pragma('wal_autocheckpoint', { simple: true }) === 1000,
        }),
    });
    // The first import is reading its file: its name is taken all the same.
    await expect(folder.import(file, { batchName: 'March' })).rejects.toMatchObject({
      code: 'batch_exists',
    });
    const imported = await first;
    expect(imported.summary.drafts).toBe(10_000);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((s) => !s.listed && !s.found && s.taken && s.durable)).toBe(true);
    expect(outbox.batches.find('March')).toMatchObject({ state: 'ready' });
  });

  it(
    'refused halfway, leaves nothing of its own, and what was written beside it stands',
    { timeout: 120_000 },
    async () => {
      const file = await writePayroll(join(folder.dir, 'bad-quote.csv'), 15_000, {
        badQuoteAt: 12_000,
      });
      const { outbox } = folder;
      const before = folder.counts();
      // Another writer on the same connection, as a sync of another batch is.
      let written = 0;
      const beside = setInterval(() => {
        outbox.settings.set(`beside-${written}`, written);
        written += 1;
      }, 2);
      const progress: { rows: number; drafts: number }[] = [];
      try {
        await expect(
          folder.import(file, { onProgress: (p) => progress.push(p) }),
        ).rejects.toMatchObject({ code: 'unreadable', message: expect.stringMatching(/12,000/) });
      } finally {
        clearInterval(beside);
      }
      // Thousands of drafts had been committed before the bad row was read.
      expect(Math.max(...progress.map((p) => p.drafts))).toBeGreaterThan(1000);
      expect(folder.counts()).toEqual(before);
      const kept = outbox.db
        .prepare(`SELECT COUNT(*) FROM settings WHERE key LIKE 'beside-%'`)
        .pluck()
        .get();
      expect(written).toBeGreaterThan(0);
      expect(kept).toBe(written);
    },
  );

  it('cancelled halfway, stops and leaves nothing', { timeout: 120_000 }, async () => {
    const file = await writePayroll(join(folder.dir, 'cancelled.csv'), 20_000);
    const before = folder.counts();
    const controller = new AbortController();
    const progress: { rows: number; drafts: number }[] = [];
    const attempt = folder.import(file, {
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        if (p.drafts >= 2000) controller.abort();
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(ImportCancelledError);
    // Nothing was read after the cancel: its progress was the last.
    expect(progress.at(-1)?.drafts).toBeGreaterThanOrEqual(2000);
    expect(progress.at(-1)?.rows).toBeLessThan(20_000);
    expect(folder.counts()).toEqual(before);
  });

  it('says how far into the file it has read, a .csv and an .xlsx alike, up to the whole file', async () => {
    const csv = await writePayroll(join(folder.dir, 'share.csv'), 10_000);
    const xlsx = join(folder.dir, 'share.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pay run');
    sheet.addRow(PAYROLL_HEADER.split(','));
    for (let n = 0; n < 10_000; n += 1) sheet.addRow(payrollLine(n).split(','));
    await workbook.xlsx.writeFile(xlsx);
    for (const file of [csv, xlsx]) {
      const shares: number[] = [];
      await folder.import(file, {
        onProgress: ({ fraction }) => {
          if (fraction !== undefined) shares.push(fraction);
        },
      });
      // A bar that moves on as the rows are written, from early on, and ends full.
      expect(shares.length).toBeGreaterThan(1);
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
      expect(shares[0]).toBeLessThan(0.5);
      expect(shares.at(-1)).toBe(1);
    }
  });

  it('cancelled before it starts, makes no batch at all', async () => {
    const file = await writePayroll(join(folder.dir, 'never.csv'), 10);
    const before = folder.counts();
    await expect(
      folder.import(file, { batchName: 'Never', signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(ImportCancelledError);
    expect(folder.counts()).toEqual(before);
    expect(folder.outbox.batches.nameTaken('Never')).toBe(false);
  });
});
