// One desk, one outbox connection: a 20,000-row sheet imports while another batch syncs to
// the Local sandbox, neither waiting for the other. The import commits its rows in chunks
// between the sync's own transactions (another connection sees both advance), and both
// finish: every approved draft accepted exactly once, every row of the sheet a draft.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../../shared/desk';
import { DeskFolder } from '../../support/desk-folder';
import { writePayroll } from '../../support/payroll-csv';

let folder: DeskFolder;
beforeAll(async () => {
  folder = await DeskFolder.create();
});
afterAll(() => folder.remove());

const PAID = 2000;
const IMPORTED = 20_000;

describe('an import beside a sync of another batch', () => {
  it('runs at the same time, and both finish', { timeout: 600_000 }, async () => {
    const { desk } = folder;
    const paid = await desk.api.importSheet({
      file: await writePayroll(join(folder.dir, 'paid.csv'), PAID),
      batch_name: 'Paid',
    });
    expect(paid).toMatchObject({ drafts: PAID, issues: [] });
    const group = paid.group;
    if (!group) throw new Error('the Local sandbox gave no group');
    expect((await desk.api.approve({ batch: 'Paid', selection: { filter: {} } })).approved).toBe(
      PAID,
    );
    const paymentsInGroup = async () =>
      (await desk.api.listGroups({ query: { id: [group.id] } })).items[0]?.info.payments.total;
    const before = await paymentsInGroup();

    // The sync first: once it is at work on its beneficiaries, the import starts beside it.
    let syncing = true;
    const sync = desk.api.sync({ batch: 'Paid' }).finally(() => (syncing = false));
    await folder.next((e) => e.type === 'sync.stage' && e.stage === 'beneficiaries');
    expect(syncing).toBe(true);

    const peek = folder.peek();
    const syncProgress = peek
      .prepare(
        `SELECT (SELECT COUNT(*) FROM beneficiary_drafts WHERE batch_id = @id AND sync_state <> 'draft')
              + (SELECT COUNT(*) FROM payment_drafts WHERE batch_id = @id AND state <> 'approved')`,
      )
      .pluck();
    const importedDrafts = peek
      .prepare(
        `SELECT COUNT(*) FROM payment_drafts p JOIN batches b ON b.id = p.batch_id
         WHERE b.name = 'Big' AND b.state = 'importing'`,
      )
      .pluck();
    // At each chunk of the import while the sync runs: what another connection sees committed.
    // Sampled at each chunk of the import and at each step the sync reports.
    const seen: { by: 'import' | 'sync'; imported: number; synced: number }[] = [];
    const sample = (by: 'import' | 'sync') =>
      seen.push({
        by,
        imported: importedDrafts.get() as number,
        synced: syncProgress.get({ id: paid.batch_id }) as number,
      });
    let importing = true;
    const off = desk.on((event: DeskEvent) => {
      const by =
        event.type === 'import.progress' ? 'import' : event.type === 'sync.stage' ? 'sync' : null;
      if (by && syncing && importing) sample(by);
    });
    const bigSheet = await writePayroll(join(folder.dir, 'big.csv'), IMPORTED, { first: PAID });
    // And as the import starts: on a loaded machine a step of the sync may outlast the import's
    // chunks (the sandbox answers in this same process), but not the whole import.
    sample('import');
    const imported = desk.api
      .importSheet({ file: bigSheet, batch_name: 'Big', job_id: 'big-import' })
      .finally(() => (importing = false));
    const [synced, summary] = await Promise.all([sync, imported]);
    off();

    expect(synced).toMatchObject({ state: 'done' });
    expect(synced.counts.by_state).toMatchObject({ accepted: PAID, failed: 0, sending: 0 });
    expect(synced.jobs.reduce((sum, job) => sum + job.processed, 0)).toBe(PAID);
    // Exactly once: the group holds one payment more for each draft, not one more.
    expect(await paymentsInGroup()).toBe((before ?? 0) + PAID);

    expect(summary).toMatchObject({ batch: 'Big', drafts: IMPORTED, issues: [] });
    const big = await desk.api.getBatch({ batch: 'Big' });
    expect(big).toMatchObject({ state: 'ready', counts: { drafts: IMPORTED } });

    // Both were at work together: the import's chunks were committed while the sync ran, and
    // the two advanced between each other's steps: the sync's writes between the import's
    // chunks, or the import's chunks between the sync's steps. (On a loaded machine one of the
    // two can finish a stretch within a single step of the other: which one varies.)
    expect(seen.some((s) => s.by === 'import' && s.imported > 0)).toBe(true);
    const distinct = (by: 'import' | 'sync', of: 'imported' | 'synced') =>
      new Set(seen.filter((s) => s.by === by).map((s) => s[of])).size;
    expect(Math.max(distinct('import', 'synced'), distinct('sync', 'imported'))).toBeGreaterThan(1);
  });
});
