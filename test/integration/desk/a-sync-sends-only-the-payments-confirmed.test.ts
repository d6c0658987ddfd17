// A sync sends the payments approved when it starts, as its confirmation showed them, and no
// other: a payment approved while it runs (in another window, from the command line) waits for
// the next sync and its own confirmation. A trial once saw 199 payments sent where the
// confirmation said 100. With what the person confirmed given, a sync whose approved payments
// changed since (more, fewer, other amounts) is refused before anything is sent.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { writePayrollCsv } from '../../support/payroll-csv';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

/** What the service holds for a group: its payments' count. */
async function atService(groupId: string): Promise<number> {
  return (await t.desk.api.listGroups({ query: { id: [groupId] } })).items[0]!.info.payments.total;
}

describe('a sync', () => {
  it('sends the payments approved when it started, not those approved while it runs', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'forty.csv');
    await writePayrollCsv(file, 40);
    const imported = await api.importSheet({ file, batch_name: 'Forty' });
    const group = imported.group!.id;
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i);
    await api.approve({ batch: 'Forty', selection: { rows: rows(2, 21) }, include_warnings: true });
    const before = await atService(group);
    // The other 20 approved once the sync is under way, before it sends anything.
    let approvedMeanwhile = 0;
    const off = t.desk.on((event) => {
      if (event.type !== 'sync.stage' || event.stage !== 'beneficiaries' || approvedMeanwhile)
        return;
      approvedMeanwhile = -1;
      void api
        .approve({ batch: 'Forty', selection: { rows: rows(22, 41) }, include_warnings: true })
        .then((done) => (approvedMeanwhile = done.approved));
    });
    const run = await api.sync({ batch: 'Forty', chunk_size: 5 });
    off();
    expect(approvedMeanwhile).toBe(20);
    expect(run.state).toBe('done');
    expect(run.counts.by_state.approved).toBe(20);
    expect(await atService(group)).toBe(before + 20);
    // The next sync sends them, once confirmed.
    const preview = await api.syncPreview({ batch: 'Forty' });
    expect(preview.to_send).toBe(20);
    const next = await api.sync({
      batch: 'Forty',
      confirmed: { to_send: preview.to_send, totals: preview.totals },
    });
    expect(next.counts.by_state.approved).toBe(0);
    expect(await atService(group)).toBe(before + 40);
  });

  it('is refused, sending nothing, when the payments approved are not those confirmed', async () => {
    const { api } = t.desk;
    const file = join(t.dataDir, 'ten.csv');
    await writePayrollCsv(file, 10, 100);
    const imported = await api.importSheet({ file, batch_name: 'Ten' });
    const group = imported.group!.id;
    await api.approve({ batch: 'Ten', selection: { rows: [2, 3, 4] }, include_warnings: true });
    const preview = await api.syncPreview({ batch: 'Ten' });
    expect(preview.to_send).toBe(3);
    // Approved in another window after the confirmation was shown.
    await api.approve({ batch: 'Ten', selection: { rows: [5] }, include_warnings: true });
    const before = await atService(group);
    const confirmed = { to_send: preview.to_send, totals: preview.totals };
    await expect(api.sync({ batch: 'Ten', confirmed })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(
        /changed since the sync was confirmed \(3 payments confirmed, 4 payments approved now/,
      ),
    });
    expect(await atService(group)).toBe(before);
    expect((await api.getBatch({ batch: 'Ten' })).counts.by_state.approved).toBe(4);
    // As many, but another amount: refused too.
    await api.unapprove({ batch: 'Ten', selection: { rows: [5] } });
    const [row4] = (await api.draftWindow({ batch: 'Ten', skip: 2, take: 1 })).rows;
    await api.editDraft({ id: row4!.id, changes: { 'amount.amount': '1.23' } });
    await api.approve({ batch: 'Ten', selection: { rows: [4] }, include_warnings: true });
    await expect(api.sync({ batch: 'Ten', confirmed })).rejects.toMatchObject({ code: 'conflict' });
    expect(await atService(group)).toBe(before);
  });
});
