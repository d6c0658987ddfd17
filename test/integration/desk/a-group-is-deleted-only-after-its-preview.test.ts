// Deleting a payment group removes its pending payments with it, so the desk shows first what
// would go (the payments it sent, and which of the outbox's batches pay into it), and the service
// keeps a group whose payments were already executed. The drafts whose payments were removed stay
// in the outbox, failed with why, and can be sent again from another group.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { writePayrollCsv } from '../../support/payroll-csv';

let t: TestDesk;
beforeAll(async () => {
  t = await openTestDesk();
});
afterAll(() => t.close());

describe('deleting a payment group', () => {
  it(
    'is previewed with what it removes, then done with clear, and the drafts are kept',
    { timeout: 60_000 },
    async () => {
      const { api } = t.desk;
      const file = join(t.dataDir, 'payroll.csv');
      await writePayrollCsv(file, 6);
      const open = await api.listGroups({ query: { locked: [false], take: 50 } });
      // A group of its own for this test: the emptiest unlocked one of a wallet currency with
      // two (the batch moves to the other once its payments are removed: a batch moves only to
      // a wallet that pays its amounts in their currency).
      const [group, other] = open.items
        .filter((g) => g.wallet.currency === 'EUR')
        .sort((a, b) => a.info.payments.total - b.info.payments.total) as [
        (typeof open.items)[number],
        (typeof open.items)[number],
      ];
      await api.importSheet({ file, batch_name: 'To send', group_id: group.id });
      await api.importSheet({ file, batch_name: 'Kept back', group_id: group.id });
      await api.approve({
        batch: 'To send',
        selection: { filter: {} },
        include_warnings: true,
      });
      expect((await api.sync({ batch: 'To send' })).state).toBe('done');

      const preview = await api.previewGroupDelete({ group_id: group.id });
      expect(preview.group.id).toBe(group.id);
      expect(preview.group.info.payments.total).toBe(group.info.payments.total + 6);
      expect(preview).toMatchObject({ needs_clear: true, can_delete: true });
      expect(preview.reason).toContain('pending payment');
      expect(preview.batches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Kept back', unsent: 6 }),
          expect.objectContaining({ name: 'To send', unsent: 0 }),
        ]),
      );
      const sent = await api.draftWindow({ batch: 'To send', take: 100 });
      // The payments it would remove that this desk sent are listed, with their payee and amount.
      expect(preview.payments_from_desk).toBe(6);
      expect(preview.payments.map((p) => p.id).sort()).toEqual(sent.rows.map((d) => d.id).sort());
      const firstSent = sent.rows[0]!;
      expect(preview.payments.find((p) => p.id === firstSent.id)).toMatchObject({
        batch_name: 'To send',
        row: firstSent.row,
        amount: expect.stringMatching(/^\d+\.\d{3}$/),
        state: 'accepted',
      });

      // While the service holds its payments, the batch stays in their group.
      await expect(
        api.setBatchGroup({ batch: 'To send', group_id: other.id }),
      ).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('cannot be moved to another group'),
      });

      // Without clear, the service keeps a group that holds payments, and the desk says so.
      await expect(api.deleteGroup({ group_id: group.id, clear: false })).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('kept payment group'),
      });
      const deleted = await api.deleteGroup({ group_id: group.id, clear: true });
      expect(deleted.group).toEqual({ id: group.id, result: true });
      expect(deleted.payments.length).toBe(group.info.payments.total + 6);
      expect((await api.listGroups({ query: { id: [group.id] } })).items).toEqual([]);
      // The audit log names the group as the person knew it, not by its id alone.
      const [logged] = (await api.auditLog({ action: 'delete_group', take: 1 })).entries;
      expect(logged!.details).toMatchObject({ group: group.id, name: group.name, clear: true });

      // The drafts whose payments were removed are kept, failed with the reason, not lost.
      expect(deleted.drafts_updated_total).toBe(6);
      expect(deleted.drafts_updated.every((d) => d.state === 'failed')).toBe(true);
      const after = await api.draftWindow({ batch: 'To send', take: 100 });
      expect(after.total).toBe(6);
      for (const draft of after.rows) {
        expect(draft).toMatchObject({
          state: 'failed',
          remote_status: 'REMOVED',
          error: { message: expect.stringContaining('deleted with its pending payments') },
        });
      }
      // Sent again to the group deleted, they would each fail at the service: the sync is
      // refused whole before any is sent, saying to choose another group.
      await api.retryFailed({ batch: 'To send' });
      await expect(api.sync({ batch: 'To send' })).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('choose another group'),
      });
      const waiting = await api.draftWindow({ batch: 'To send', take: 100 });
      expect(waiting.rows.every((d) => d.state === 'approved')).toBe(true);

      // The service holds none of them now: the batch may move to another group and send again.
      const moved = await api.setBatchGroup({ batch: 'To send', group_id: other.id });
      expect(moved.batch.group?.id).toBe(other.id);
      await api.approve({ batch: 'To send', selection: { filter: {} }, include_warnings: true });
      expect((await api.sync({ batch: 'To send' })).state).toBe('done');
      const resent = await api.draftWindow({ batch: 'To send', take: 100 });
      expect(resent.rows.every((d) => d.state === 'accepted')).toBe(true);
    },
  );

  it('says the service keeps a group whose payments were executed', async () => {
    const { api } = t.desk;
    const groups = await api.listGroups({ query: { take: 100 } });
    const executed = groups.items.find((g) => g.info.payments.completed > 0);
    if (!executed) throw new Error('the sandbox seeds a group with completed payments');
    const preview = await api.previewGroupDelete({ group_id: executed.id });
    expect(preview).toMatchObject({ can_delete: false });
    expect(preview.reason).toContain('already executed');
  });
});
