// The desk's settings, kept in the outbox: what an import gives rows that leave the date or the
// purpose blank, how a new batch's payments go to the service, and how many payments a sync
// sends per request; a setting that does not fit is refused, and a stored value a newer
// version left falls back to its default rather than stopping every sync.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import { openTestDesk, type TestDesk } from '../../support/desk';

let dataDir: string;
let t: TestDesk;
let sheet: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-settings-'));
  t = await openTestDesk({ dataDir });
  // No date and no purpose column: the settings decide both.
  sheet = join(dataDir, 'suppliers.csv');
  const rows = Array.from(
    { length: 5 },
    (_, n) => `Payee ${n} Ltd,601613,${30_000_000 + n},${100 + n}.25,GBP,Invoice ${n}`,
  );
  await writeFile(
    sheet,
    ['Payee,Sort Code,Account Number,Amount,Currency,Reference', ...rows].join('\r\n'),
  );
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The next Monday-to-Friday day after today in this machine's calendar, as YYYY-MM-DD. */
function nextWeekday(): string {
  const day = new Date();
  do day.setDate(day.getDate() + 1);
  while (day.getDay() === 0 || day.getDay() === 6);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

describe('the settings', () => {
  it('start at their defaults and show the data folder', async () => {
    expect(await t.desk.api.getSettings({})).toEqual({
      chunk_size: 500,
      execution_date_rule: 'from_sheet',
      default_purpose: null,
      service_approval: 'for_approval',
      second_approver: false,
      data_dir: dataDir,
    });
  });

  it('refuse what does not fit, and change nothing then', async () => {
    await expect(t.desk.api.saveSettings({ default_purpose: 'ZZZZ' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect((await t.desk.api.getSettings({})).default_purpose).toBeNull();
  });

  it(
    'fill an import’s blank dates and purposes, choose its approval, and size the sync’s chunks',
    { timeout: 120_000 },
    async () => {
      const { api } = t.desk;
      const saved = await api.saveSettings({
        chunk_size: 2,
        execution_date_rule: 'next_weekday',
        default_purpose: 'SUPP',
        service_approval: 'approved',
      });
      expect(saved).toMatchObject({ chunk_size: 2, default_purpose: 'SUPP' });

      const imported = await api.importSheet({ file: sheet, batch_name: 'Suppliers' });
      expect(imported.drafts).toBe(5);
      const batch = await api.getBatch({ batch: 'Suppliers' });
      expect(batch.service_approval).toBe('approved');
      const window = await api.draftWindow({ batch: 'Suppliers', skip: 0, take: 10 });
      const expectedDate = nextWeekday();
      for (const draft of window.rows) {
        expect(draft.payment.purpose).toBe('SUPP');
        expect(draft.payment.execution.date.slice(0, 10)).toBe(expectedDate);
        expect(draft.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
      }

      const approved = await api.approve({
        batch: 'Suppliers',
        selection: { filter: {} },
        include_warnings: true,
      });
      expect(approved.approved).toBe(5);
      const synced = await api.sync({ batch: 'Suppliers' });
      expect(synced.state).toBe('done');
      // Five payments, two a request: three bulk imports.
      expect(synced.jobs.map((job) => job.total)).toEqual([2, 2, 1]);
      expect(synced.counts.approved_at_service).toBe(5);
    },
  );

  it('are kept in the outbox; a stored value that does not fit falls back to its default', async () => {
    await t.desk.close();
    const outbox = Outbox.open(dataDir);
    outbox.settings.set('desk_settings', {
      ...outbox.settings.get<object>('desk_settings'),
      chunk_size: 5000,
    });
    outbox.close();
    t = await openTestDesk({ dataDir });
    expect(await t.desk.api.getSettings({})).toMatchObject({
      chunk_size: 500,
      execution_date_rule: 'next_weekday',
      default_purpose: 'SUPP',
      service_approval: 'approved',
    });
  });
});
