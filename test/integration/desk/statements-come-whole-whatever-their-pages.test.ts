// A wallet's statement over a period: exported whole, page after page, with each item and
// amount as the service gave it; and a period that ends at a day's last millisecond (what the
// command line makes of `--to DAY`) holds every item of that day, the late ones included.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletStatement } from '../../../shared/service';
import { openDeskOnTeamSandbox, openTestDesk, type TestDesk } from '../../support/desk';

let t: TestDesk;
let walletId: string;
let year: WalletStatement;
const start = new Date(Date.now() - 365 * 86_400_000).toISOString();
const end = new Date().toISOString();
beforeAll(async () => {
  t = await openTestDesk();
  walletId = (await t.desk.api.listGroups({})).items[0]?.wallet.id as string;
  year = (await t.desk.api.getStatement({ wallet_id: walletId, start, end, take: 500 })).statement;
  expect(year.items.length).toBeGreaterThan(100);
  expect(year.items.length).toBeLessThan(500); // one page of 500 holds them all
});
afterAll(() => t.close());

async function xlsxStatementRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Statement')?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1)); // exceljs numbers columns from 1
  });
  return rows.slice(1);
}

describe('a statement export', () => {
  it('writes every item of the period in order, following the pages, as .csv and .xlsx', async () => {
    const { api } = t.desk;
    // The wallet's side of each item: Out for a DEBIT, In for a CREDIT (statement-sides.ts).
    const walletSide = year.items.map((item) =>
      item.action === 'DEBIT' ? item.debit.amount : item.credit.amount,
    );
    const csv = join(t.dataDir, 'statement.csv');
    // Pages of 50: the export has to follow several of them, saying how far it is after each.
    const progress: number[] = [];
    const stop = t.desk.on((event) => {
      if (event.type === 'export.progress' && event.job_id === 'paged-export')
        progress.push(event.rows);
    });
    const written = await api.exportStatement({
      wallet_id: walletId,
      start,
      end,
      file: csv,
      page_size: 50,
      job_id: 'paged-export',
    });
    stop();
    const fullPages = Math.floor(year.items.length / 50);
    expect(progress).toEqual(Array.from({ length: fullPages }, (_, n) => (n + 1) * 50));
    expect(written).toEqual({
      file: csv,
      wallet: walletId,
      rows: year.items.length,
      start: year.start_date,
      end: year.end_date,
    });
    const lines = (parse(await readFile(csv), { bom: true }) as string[][]).slice(1);
    expect(lines.map((line) => Number(line[4] || line[5]))).toEqual(walletSide);
    expect(lines.map((line) => line[14])).toEqual(year.items.map((item) => item.id));

    const xlsx = join(t.dataDir, 'statement.xlsx');
    const whole = await api.exportStatement({ wallet_id: walletId, start, end, file: xlsx });
    expect(whole.rows).toBe(year.items.length);
    expect((await xlsxStatementRows(xlsx)).map((line) => line[4] ?? line[5])).toEqual(walletSide);
  });
});

describe('a period ending at a day’s last millisecond', () => {
  it('holds every item of that day, one booked late in it included', async () => {
    // The sandbox books its items relative to today: the latest one after a midnight is in a
    // day that a period ending at that day's midnight would cut short.
    const late = year.items.findLast((item) => !item.date.endsWith('T00:00:00.000Z'));
    const day = (late?.date ?? '').slice(0, 10);
    const period = { start: `${day}T00:00:00.000Z`, end: `${day}T23:59:59.999Z` };
    const { statement } = await t.desk.api.getStatement({
      wallet_id: walletId,
      ...period,
      take: 500,
    });
    const ofTheDay = year.items.filter((item) => item.date.startsWith(day));
    expect(statement.items.map((item) => item.id)).toEqual(ofTheDay.map((item) => item.id));
    expect(statement.items.map((item) => item.id)).toContain(late?.id);
    const exported = await t.desk.api.exportStatement({
      wallet_id: walletId,
      ...period,
      file: join(t.dataDir, 'day.csv'),
    });
    expect(exported).toMatchObject({ rows: ofTheDay.length, end: period.end });
  });
});

describe('a statement searched over its period', () => {
  it('finds by action and words on every page, not only the first, and pages through the matches', async () => {
    const { api } = t.desk;
    const credits = year.items.filter((item) => item.action === 'CREDIT');
    expect(credits.length).toBeGreaterThan(0);
    const progress: { scanned: number; matched: number }[] = [];
    const stop = t.desk.on((event) => {
      if (event.type === 'statement.progress' && event.job_id === 'credits')
        progress.push({ scanned: event.scanned, matched: event.matched });
    });
    // Pages of 50: the search reads the whole period, page by page, and says how far it is.
    const found = await api.findInStatement({
      wallet_id: walletId,
      start,
      end,
      action: 'CREDIT',
      page_size: 50,
      take: 10,
      job_id: 'credits',
    });
    stop();
    expect(found).toMatchObject({
      start: year.start_date,
      end: year.end_date,
      scanned: year.items.length,
      matched: credits.length,
      truncated: false,
      stale: false,
    });
    expect(found.items.map((item) => item.id)).toEqual(credits.slice(0, 10).map((i) => i.id));
    expect(progress.map((p) => p.scanned)).toEqual(
      Array.from({ length: Math.ceil((year.items.length + 1) / 50) }, (_, n) =>
        Math.min((n + 1) * 50, year.items.length),
      ),
    );
    expect(progress.at(-1)?.matched).toBe(credits.length);

    // A later window of the same search comes from the matches kept: nothing read again.
    const later = await api.findInStatement({
      wallet_id: walletId,
      start,
      end,
      action: 'CREDIT',
      page_size: 50,
      skip: 10,
      take: 10,
      job_id: 'credits-later',
    });
    expect(later.items.map((item) => item.id)).toEqual(credits.slice(10, 20).map((i) => i.id));
    expect(later.fetched_at).toBe(found.fetched_at);

    // The last line of the period, found by its counterpart's name and its id together.
    const last = year.items.at(-1)!;
    const name = last.counterpart.name ?? last.counterpart.bank_details?.account_name ?? '';
    const byWords = await api.findInStatement({
      wallet_id: walletId,
      start,
      end,
      search: `${name.split(' ')[0]} ${last.id}`,
    });
    expect(byWords.items.map((item) => item.id)).toEqual([last.id]);
  });

  it('stops at the next page when the screen cancels it, and says so', async () => {
    const { api } = t.desk;
    const stop = t.desk.on((event) => {
      if (event.type === 'statement.progress' && event.job_id === 'cancelled-search')
        void api.cancelJob({ job_id: 'cancelled-search' });
    });
    const search = api.findInStatement({
      wallet_id: walletId,
      start,
      end,
      action: 'DEBIT',
      page_size: 50,
      job_id: 'cancelled-search',
    });
    await expect(search).rejects.toMatchObject({ code: 'cancelled' });
    stop();
    expect(
      t.events.filter((e) => e.type === 'statement.progress' && e.job_id === 'cancelled-search'),
    ).toHaveLength(1);
  });
});

describe('a service that gives fewer items a page than asked', () => {
  it('is followed page after page by the export and the search, as its paging says', async () => {
    // A deployment whose largest page is 40 (the spec leaves it open): a take of 500 gets 40
    // items and `take: 40`, which is not the end of the period.
    const { t: other, service } = await openDeskOnTeamSandbox({}, { settings: { maxTake: 40 } });
    try {
      const { api } = other.desk;
      const wallet = (await api.listGroups({})).items[0]!.wallet.id;
      const first = await api.getStatement({ wallet_id: wallet, start, end, take: 500 });
      expect(first.statement.items).toHaveLength(40);
      expect(first.statement.paging.take).toBe(40);
      // The period's items, read by the test from the service 40 at a time.
      let all = 0;
      for (let page = first.statement; ;) {
        all += page.items.length;
        if (page.items.length < 40) break;
        page = (await api.getStatement({ wallet_id: wallet, start, end, skip: all, take: 40 }))
          .statement;
      }
      expect(all).toBeGreaterThan(80);

      const exported = await api.exportStatement({
        wallet_id: wallet,
        start,
        end,
        file: join(other.dataDir, 'capped.csv'),
        page_size: 500,
      });
      expect(exported.rows).toBe(all);
      const found = await api.findInStatement({
        wallet_id: wallet,
        start,
        end,
        action: 'DEBIT',
        page_size: 500,
      });
      expect(found.scanned).toBe(all);
    } finally {
      await other.close();
      await service.close();
    }
  });
});
