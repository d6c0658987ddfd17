// An import stopped halfway through the desk — cancelled by its job id or by the caller's
// signal, or refused at a bad row — leaves no batch, no drafts, no beneficiaries, no mapping
// and no audit entry, though thousands of its rows had been committed; and the job ends
// `cancelled` with the contract's `cancelled` error.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/desk/errors';
import { DeskFolder } from '../../support/desk-folder';
import { writePayroll } from '../../support/payroll-csv';

let folder: DeskFolder;
let file: string;
beforeAll(async () => {
  folder = await DeskFolder.create();
  file = await writePayroll(join(folder.dir, 'payroll.csv'), 20_000);
  // The Local sandbox started, and its first batch made: what is there before each test.
  await folder.desk.api.importSheet({
    file: await writePayroll(join(folder.dir, 'first.csv'), 10, { first: 100_000 }),
    batch_name: 'First',
  });
});
afterAll(() => folder.remove());

/** Drafts committed by the import so far, as another connection sees them. */
const staged = (name: string) =>
  folder
    .peek()
    .prepare(
      `SELECT COUNT(*) FROM payment_drafts p JOIN batches b ON b.id = p.batch_id
       WHERE b.name = ? AND b.state = 'importing'`,
    )
    .pluck()
    .get(name) as number;

describe('an import stopped halfway', () => {
  it('by cancelling its job leaves nothing', { timeout: 300_000 }, async () => {
    const { desk } = folder;
    const before = folder.counts();
    let committed = 0;
    const off = desk.on((event) => {
      if (event.type !== 'import.progress' || event.job_id !== 'cancel-me') return;
      committed = staged('Cancelled');
      if ((event.drafts ?? 0) >= 5000) void desk.api.cancelJob({ job_id: 'cancel-me' });
    });
    const finished = folder.next((e) => e.type === 'job.finished' && e.job_id === 'cancel-me');
    const attempt = desk.api.importSheet({ file, batch_name: 'Cancelled', job_id: 'cancel-me' });
    await expect(attempt).rejects.toMatchObject({ code: 'cancelled' });
    off();
    expect(committed).toBeGreaterThanOrEqual(5000);
    expect(await finished).toMatchObject({ outcome: 'cancelled' });
    expect(folder.counts()).toEqual(before);
    expect((await desk.api.listBatches({})).batches.map((b) => b.name)).toEqual(['First']);
  });

  it('by the caller’s signal leaves nothing', { timeout: 300_000 }, async () => {
    const before = folder.counts();
    const controller = new AbortController();
    let committed = 0;
    const off = folder.desk.on((event) => {
      if (event.type !== 'import.progress') return;
      committed = staged('Aborted');
      if ((event.drafts ?? 0) >= 5000) controller.abort();
    });
    const attempt = folder.desk.call(
      'importSheet',
      { file, batch_name: 'Aborted' },
      { signal: controller.signal },
    );
    await expect(attempt).rejects.toBeInstanceOf(DeskError);
    await expect(attempt).rejects.toMatchObject({ code: 'cancelled' });
    off();
    expect(committed).toBeGreaterThanOrEqual(5000);
    expect(folder.counts()).toEqual(before);
  });

  it('at a malformed row leaves nothing', { timeout: 300_000 }, async () => {
    const bad = await writePayroll(join(folder.dir, 'bad.csv'), 20_000, { badQuoteAt: 15_000 });
    const before = folder.counts();
    let committed = 0;
    const off = folder.desk.on((event) => {
      if (event.type === 'import.progress') committed = Math.max(committed, staged('Refused'));
    });
    await expect(
      folder.desk.api.importSheet({ file: bad, batch_name: 'Refused' }),
    ).rejects.toMatchObject({ code: 'bad_file', message: expect.stringMatching(/15,000/) });
    off();
    expect(committed).toBeGreaterThan(1000);
    expect(folder.counts()).toEqual(before);
  });
});
