// Deleting a large batch takes seconds. The desk takes it out of every list at once and deletes
// its rows a step at a time, reporting the progress, so that a call made meanwhile is answered
// before the deletion ends; a deletion stopped halfway (the app closed) is finished at the next
// start, with the duplicate warnings that named its drafts, and the batch is never seen half
// deleted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../../electron/core/outbox';
import { openTestDesk } from '../../support/desk';
import { writePayroll } from '../../support/payroll-csv';

/** More rows than a step deletes (5,000), each with a new payee: a deletion of four steps. */
const ROWS = 6_000;

let dir: string;
let payroll: string;
let kept: string;
let again: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-desk-batch-deletion-'));
  payroll = await writePayroll(join(dir, 'payroll.csv'), ROWS);
  kept = await writePayroll(join(dir, 'kept.csv'), 3, { first: ROWS });
  again = await writePayroll(join(dir, 'again.csv'), 1);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('deleting a large batch', () => {
  it('reports its progress and answers a call made meanwhile before it ends', async () => {
    const t = await openTestDesk();
    try {
      const { api } = t.desk;
      await api.importSheet({ file: kept, batch_name: 'Kept' });
      const large = await api.importSheet({ file: payroll, batch_name: 'Large' });
      const progress: { done: number; total: number }[] = [];
      const finished: string[] = [];
      let listedMidway: Promise<string[]> | undefined;
      t.desk.on((event) => {
        if (event.type !== 'job.progress' || event.job_id !== 'delete-large') return;
        progress.push({ done: event.done, total: event.total });
        listedMidway ??= api.listBatches({}).then(({ batches }) => {
          finished.push('list');
          return batches.map((batch) => batch.name);
        });
      });

      const deleted = await api.deleteBatch({ batch: large.batch_id, job_id: 'delete-large' });
      finished.push('delete');

      expect(deleted).toEqual({ deleted: 'Large', drafts: ROWS });
      // Its payments and their new payees, a step at a time up to the last.
      expect(progress.length).toBeGreaterThan(2);
      expect(progress.at(-1)).toEqual({ done: 2 * ROWS, total: 2 * ROWS });
      expect(progress.map((step) => step.done)).toEqual(
        [...progress.map((step) => step.done)].sort((a, b) => a - b),
      );
      // Answered between two steps, without the batch being deleted.
      expect(await listedMidway).toEqual(['Kept']);
      expect(finished).toEqual(['list', 'delete']);
      expect(t.events).toContainEqual({
        type: 'job.finished',
        job_id: 'delete-large',
        outcome: 'done',
      });
      expect((await api.listBatches({})).batches.map((batch) => batch.name)).toEqual(['Kept']);
      const audit = await api.auditLog({});
      expect(audit.entries.find((entry) => entry.action === 'delete_batch')).toMatchObject({
        batch_id: large.batch_id,
      });
    } finally {
      await t.close();
    }
  });

  it('stopped halfway by the app closing, is finished at the next start', async () => {
    const dataDir = join(dir, 'stopped');
    const t = await openTestDesk({ dataDir });
    const { api } = t.desk;
    const large = await api.importSheet({ file: payroll, batch_name: 'Large' });
    // Payroll row 0 again, in a batch of its own: warned as a possible duplicate of Large's.
    const twin = await api.importSheet({ file: again, batch_name: 'Twin' });
    const warningsOfTwin = async (desk: typeof t) =>
      (await desk.desk.api.draftWindow({ batch: twin.batch_id })).rows[0]?.issues.filter(
        (issue) => issue.field === 'duplicate',
      );
    expect(await warningsOfTwin(t)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('row 2 of batch "Large"') }),
    ]);
    let closing: Promise<void> | undefined;
    t.desk.on((event) => {
      if (event.type === 'job.progress' && event.job_id === 'delete-large') closing ??= t.close();
    });
    await expect(
      api.deleteBatch({ batch: large.batch_id, job_id: 'delete-large' }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    await closing;

    const halfway = Outbox.open(dataDir);
    try {
      // Out of the lists, with rows still to delete.
      expect(halfway.batches.list().map((batch) => batch.name)).toEqual(['Twin']);
      expect(halfway.batches.get(large.batch_id)).toMatchObject({ state: 'importing' });
      expect(halfway.batches.rowsToDelete(large.batch_id)).toBeGreaterThan(0);
    } finally {
      halfway.close();
    }

    const next = await openTestDesk({ dataDir });
    // Its twin gone with it, the warning that named it went too.
    expect(await warningsOfTwin(next)).toEqual([]);
    await next.close();
    const after = Outbox.open(dataDir);
    try {
      expect(after.batches.get(large.batch_id)).toBeUndefined();
      expect(after.batches.rowsToDelete(large.batch_id)).toBe(0);
    } finally {
      after.close();
    }
  });
});
