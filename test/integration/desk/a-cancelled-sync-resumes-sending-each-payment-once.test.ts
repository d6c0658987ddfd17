// Cancel in the middle of a sync: it stops at the next safe point (between chunks, never
// between recording one and sending it), says it was cancelled, and the next sync finishes the
// batch with each payment at the service exactly once. Cancelled while the new payees are
// created, one request each, it stops at the next payee, not at the end of a page of them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { writePayrollCsv } from '../../support/payroll-csv';

const ROWS = 2_000;

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('a sync cancelled halfway', () => {
  it('stops creating payees at the next one once cancelled', { timeout: 120_000 }, async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'new-payees.csv');
    await writePayrollCsv(file, 300);
    await api.importSheet({ file, batch_name: 'New payees' });
    const approval = { batch: 'New payees', selection: { filter: {} }, include_warnings: true };
    expect((await api.approve(approval)).approved).toBe(300);
    const created: number[] = [];
    const off = t.desk.on((event) => {
      if (event.type !== 'sync.stage' || event.stage !== 'beneficiaries') return;
      if (event.done !== undefined) created.push(event.done);
      // Once the stage is under way: its payees are being checked or created.
      if (event.done === 0) setTimeout(() => void api.cancelJob({ job_id: 'payees-run' }), 100);
    });
    const run = await api.sync({ batch: 'New payees', job_id: 'payees-run' });
    off();
    expect(run.state).toBe('cancelled');
    expect(run.counts.by_state.approved).toBe(300);
    // A cancel honoured only between pages of payees (a page is all 300 here) created them all.
    expect(created.at(-1)).toBeLessThan(300);
  });

  it('resumes where it stopped and sends each payment once', { timeout: 180_000 }, async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'payroll.csv');
    await writePayrollCsv(file, ROWS);
    const imported = await api.importSheet({ file, batch_name: 'Payroll' });
    expect(imported.drafts).toBe(ROWS);
    const group = imported.group!;
    const approval = await api.approve({
      batch: 'Payroll',
      selection: { filter: { with_errors: false } },
      include_warnings: true,
    });
    expect(approval.approved).toBe(ROWS);
    const before = (await api.listGroups({ query: { id: [group.id] } })).items[0]!.info.payments
      .total;

    // Cancelled once the first chunks are out: the sync stops at its next safe point.
    const off = t.desk.on((event) => {
      if (event.type === 'sync.stage' && event.stage === 'sending' && (event.done ?? 0) >= 200) {
        void api.cancelJob({ job_id: 'first-run' });
      }
    });
    const first = await api.sync({ batch: 'Payroll', chunk_size: 100, job_id: 'first-run' });
    off();
    expect(first.state).toBe('cancelled');
    const sent = first.counts.by_state.submitted + first.counts.by_state.accepted;
    expect(sent).toBeGreaterThanOrEqual(200);
    expect(sent).toBeLessThan(ROWS);
    expect(first.counts.by_state.sending).toBe(0);
    expect(first.counts.by_state.approved).toBe(ROWS - sent);
    expect(t.events).toContainEqual({
      type: 'job.finished',
      job_id: 'first-run',
      outcome: 'cancelled',
    });

    const second = await api.sync({ batch: 'Payroll', chunk_size: 500 });
    expect(second.state).toBe('done');
    expect(second.counts.by_state.accepted).toBe(ROWS);
    const after = (await api.listGroups({ query: { id: [group.id] } })).items[0]!.info.payments
      .total;
    expect(after - before).toBe(ROWS);
  });
});
