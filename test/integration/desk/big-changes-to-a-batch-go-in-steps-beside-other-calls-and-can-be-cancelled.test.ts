// Deleting 12,000 drafts, bulk-editing them, and undoing either, as the desk does it: in steps
// of their own transaction, the job's progress told after each, other calls answered between
// steps (the status shows the job), and one Undo bringing every draft back, as it was. Each can
// be cancelled: a deletion or a bulk edit then puts back what it had done, an undo stops and the
// next one goes on.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent, DeskOutput } from '../../../shared/desk';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { writePayroll } from '../../support/payroll-csv';

const ROWS = 12_000;
let t: TestDesk;
let batchId: string;

beforeAll(async () => {
  t = await openTestDesk();
  const file = await writePayroll(join(t.dataDir, 'payroll.csv'), ROWS);
  batchId = (await t.desk.api.importSheet({ file, batch_name: 'Payroll' })).batch_id;
}, 60_000);
afterAll(() => t?.close());

type Jobs = DeskOutput<'status'>['jobs'];

/** The progress the job told, and the status asked at its first step (answered before the next). */
async function watched<T>(work: () => Promise<T>, cancelAfterFirstStep?: string) {
  const api = t.desk.api;
  const progress: { done: number; total: number | null; putting_back?: true }[] = [];
  let jobs: Promise<Jobs> | undefined;
  const stop = t.desk.on((event: DeskEvent) => {
    if (event.type !== 'job.progress') return;
    const { done, total, putting_back } = event;
    progress.push({ done, total, ...(putting_back ? { putting_back } : {}) });
    if (cancelAfterFirstStep && progress.length === 1) {
      void api.cancelJob({ job_id: cancelAfterFirstStep });
    }
    jobs ??= api.status({}).then((status) => status.jobs);
  });
  try {
    const result = await work();
    return { result, progress, jobs: await jobs };
  } finally {
    stop();
  }
}

const rowCount = async () =>
  (await t.desk.api.draftWindow({ batch: batchId, skip: 0, take: 1 })).total;

describe('a deletion of 12,000 drafts', () => {
  it('goes in steps, tells its progress, and lets other calls in between', async () => {
    const { result, progress, jobs } = await watched(() =>
      t.desk.api.deleteDrafts({ batch: batchId, selection: { filter: {} } }),
    );
    expect(result.deleted).toBe(ROWS);
    expect(progress).toEqual([
      { done: 5_000, total: ROWS },
      { done: 10_000, total: ROWS },
      { done: ROWS, total: ROWS },
    ]);
    // Asked at the first step, answered before the last: the deletion was running then.
    expect(jobs).toEqual([expect.objectContaining({ kind: 'delete_drafts', batch_id: batchId })]);
    expect(await rowCount()).toBe(0);
    const audit = await t.desk.api.auditLog({ skip: 0, take: 1 });
    expect(audit.entries[0]).toMatchObject({ action: 'delete', details: { drafts: ROWS } });
  });

  it('is undone whole by one Undo, in steps too, every draft as it was', async () => {
    const { result, progress, jobs } = await watched(() => t.desk.api.undo({ batch: batchId }));
    expect(result).toEqual({
      undone: 'the deletion of 12,000 drafts',
      change: 'delete',
      drafts: ROWS,
      unapproved: 0,
      remaining: 0,
    });
    expect(progress.map((p) => p.done)).toEqual([5_000, 10_000, ROWS]);
    expect(jobs).toEqual([expect.objectContaining({ kind: 'undo', batch_id: batchId })]);
    expect(await rowCount()).toBe(ROWS);
    const last = await t.desk.api.draftWindow({
      batch: batchId,
      skip: ROWS - 1,
      take: 1,
      sort: { by: 'row', direction: 'asc' },
    });
    expect(last.rows[0]).toMatchObject({ row: ROWS + 1, state: 'draft' });
    expect(last.rows[0]!.beneficiary?.body).toMatchObject({
      bank_details: { account_number: String(10_000_000 + ROWS - 1) },
    });
    // Nothing more to undo: the journal gave the deletion back and kept nothing of it.
    await expect(t.desk.api.undo({ batch: batchId })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

/** The first and the last draft, by sheet row. */
async function ends() {
  const api = t.desk.api;
  const sort = { by: 'row', direction: 'asc' } as const;
  const first = await api.draftWindow({ batch: batchId, skip: 0, take: 1, sort });
  const last = await api.draftWindow({ batch: batchId, skip: ROWS - 1, take: 1, sort });
  return [first.rows[0]!, last.rows[0]!];
}

describe('a bulk edit of 12,000 drafts', () => {
  it('goes in steps, changes every draft, and one Undo takes it all back', async () => {
    const before = await ends();
    const { result, progress, jobs } = await watched(() =>
      t.desk.api.bulkEdit({
        batch: batchId,
        selection: { filter: {} },
        changes: { 'execution.date': '2031-02-03', description: 'February pay' },
      }),
    );
    expect(result).toMatchObject({ changed: ROWS, refused_total: 0 });
    expect(progress).toHaveLength(ROWS / 500);
    expect(progress.at(0)).toEqual({ done: 500, total: ROWS });
    expect(progress.at(-1)).toEqual({ done: ROWS, total: ROWS });
    expect(jobs).toEqual([expect.objectContaining({ kind: 'bulk_edit', batch_id: batchId })]);
    for (const draft of await ends()) {
      expect(draft.payment).toMatchObject({
        execution: { date: expect.stringMatching(/^2031-02-03/) as unknown },
        description: 'February pay',
      });
    }
    const audit = await t.desk.api.auditLog({ skip: 0, take: 1 });
    expect(audit.entries[0]).toMatchObject({ action: 'bulk_edit', details: { drafts: ROWS } });

    expect(await t.desk.api.undo({ batch: batchId })).toEqual({
      undone: 'the bulk edit of 12,000 drafts',
      change: 'edit',
      drafts: ROWS,
      unapproved: 0,
      remaining: 0,
    });
    expect((await ends()).map((draft) => draft.payment)).toEqual(
      before.map((draft) => draft.payment),
    );
  });
});

describe('a cancel', () => {
  it('of a deletion puts back every draft it had deleted, and leaves nothing to undo', async () => {
    const { result, progress } = await watched(
      () =>
        t.desk.api
          .deleteDrafts({
            batch: batchId,
            selection: { filter: {} },
            job_id: 'delete-then-cancel',
          })
          .catch((error: unknown) => error),
      'delete-then-cancel',
    );
    expect(result).toMatchObject({
      code: 'cancelled',
      message: 'the deletion was cancelled: the 5,000 drafts it had deleted are back',
    });
    // One step deleted, then the put-back counting down to none, said to be one.
    expect(progress).toEqual([
      { done: 5_000, total: ROWS },
      { done: 0, total: ROWS, putting_back: true },
    ]);
    expect(await rowCount()).toBe(ROWS);
    const first = await t.desk.api.draftWindow({
      batch: batchId,
      skip: 0,
      take: 1,
      sort: { by: 'row', direction: 'asc' },
    });
    expect(first.rows[0]).toMatchObject({ row: 2, state: 'draft' });
    expect(first.rows[0]!.beneficiary?.body).toMatchObject({
      bank_details: { account_number: '10000000' },
    });
    const audit = await t.desk.api.auditLog({ skip: 0, take: 1 });
    expect(audit.entries[0]?.action).not.toBe('delete');
    await expect(t.desk.api.undo({ batch: batchId })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('of a bulk edit puts back every draft it had changed, and leaves nothing to undo', async () => {
    const before = await ends();
    const { result, progress } = await watched(
      () =>
        t.desk.api
          .bulkEdit({
            batch: batchId,
            selection: { filter: {} },
            changes: { 'execution.date': '2031-02-03' },
            job_id: 'bulk-then-cancel',
          })
          .catch((error: unknown) => error),
      'bulk-then-cancel',
    );
    expect(result).toMatchObject({
      code: 'cancelled',
      message: 'the bulk edit was cancelled: the 500 drafts it had changed are as they were',
    });
    expect(progress.map((p) => p.done)).toEqual([500, 0]);
    expect((await ends()).map((draft) => draft.payment)).toEqual(
      before.map((draft) => draft.payment),
    );
    await expect(t.desk.api.undo({ batch: batchId })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('of an undo stops between steps, and the next undo puts back the rest', async () => {
    await t.desk.api.deleteDrafts({ batch: batchId, selection: { filter: {} } });
    const stopped = await watched(
      () => t.desk.api.undo({ batch: batchId, job_id: 'undo-then-cancel' }),
      'undo-then-cancel',
    );
    expect(stopped.result).toEqual({
      undone: 'the deletion of 12,000 drafts',
      change: 'delete',
      drafts: 5_000,
      unapproved: 0,
      remaining: ROWS - 5_000,
    });
    expect(await rowCount()).toBe(5_000);
    expect(await t.desk.api.undo({ batch: batchId })).toEqual({
      undone: 'the deletion of 12,000 drafts',
      change: 'delete',
      drafts: ROWS - 5_000,
      unapproved: 0,
      remaining: 0,
    });
    expect(await rowCount()).toBe(ROWS);
  });
});

describe('a cancel that comes before its job', () => {
  it('is kept, and the job starts cancelled: a deletion deletes nothing', async () => {
    // As in browser mode, where the cancel may reach the desk before the call it cancels.
    expect(await t.desk.api.cancelJob({ job_id: 'cancelled-first' })).toEqual({
      cancelling: false,
    });
    await expect(
      t.desk.api.deleteDrafts({
        batch: batchId,
        selection: { filter: {} },
        job_id: 'cancelled-first',
      }),
    ).rejects.toMatchObject({
      code: 'cancelled',
      message: 'the deletion was cancelled before it deleted anything',
    });
    expect(await rowCount()).toBe(ROWS);
    // Kept once: the same id runs the next time.
    const again = await t.desk.api.deleteDrafts({
      batch: batchId,
      selection: { rows: [2] },
      job_id: 'cancelled-first',
    });
    expect(again.deleted).toBe(1);
    await t.desk.api.undo({ batch: batchId });
  });

  it('leaves an undo that put nothing back unsaid in the audit log, and the change to undo', async () => {
    await t.desk.api.deleteDrafts({ batch: batchId, selection: { rows: [2, 3] } });
    const logged = (await t.desk.api.auditLog({ skip: 0, take: 1 })).total;
    await t.desk.api.cancelJob({ job_id: 'undo-cancelled-first' });
    await expect(
      t.desk.api.undo({ batch: batchId, job_id: 'undo-cancelled-first' }),
    ).rejects.toMatchObject({
      code: 'cancelled',
      message: 'the undo was cancelled before it put anything back',
    });
    expect((await t.desk.api.auditLog({ skip: 0, take: 1 })).total).toBe(logged);
    expect(await rowCount()).toBe(ROWS - 2);
    expect(await t.desk.api.undo({ batch: batchId })).toMatchObject({ drafts: 2, remaining: 0 });
    expect(await rowCount()).toBe(ROWS);
  });
});
