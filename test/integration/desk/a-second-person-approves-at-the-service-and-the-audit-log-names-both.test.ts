// Maker-checker on one outbox: the person who approved a batch's payments here may not approve
// them at the service too when the settings ask for a second approver; someone else may, and
// the audit log names both. The log reads newest first a page at a time, and exports whole to a
// sheet with no cell that a spreadsheet would run as a formula.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../support/desk';

let dataDir: string;
let t: TestDesk;
let sheet: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-four-eyes-'));
  sheet = join(dataDir, 'payroll.csv');
  const rows = Array.from(
    { length: 4 },
    (_, n) => `Payee ${n} Smith,601613,${40_000_000 + n},${200 + n}.50,GBP,2030-01-31,Salary ${n}`,
  );
  await writeFile(
    sheet,
    ['Payee,Sort Code,Account Number,Amount,Currency,Date,Reference', ...rows].join('\r\n'),
  );
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BATCH = '=HYPERLINK("x") payroll';

describe('maker-checker', () => {
  it(
    'refuses the maker as the checker, lets someone else approve at the service, and logs both',
    { timeout: 120_000 },
    async () => {
      t = await openTestDesk({ dataDir, actor: 'maria.maker' });
      const maker = t.desk.api;
      await maker.saveSettings({ second_approver: true });
      await maker.importSheet({ file: sheet, batch_name: BATCH, service_approval: 'for_approval' });
      expect((await maker.approve({ batch: BATCH, selection: { filter: {} } })).approved).toBe(4);
      const synced = await maker.sync({ batch: BATCH });
      expect(synced.counts.awaiting_approval_at_service).toBe(4);

      const refused = await maker.approveAtService({ batch: BATCH }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'conflict' });
      expect((refused as Error).message).toContain('maria.maker approved payments');
      // The batch says so before anyone presses anything: the app disables the step with it.
      const seenByMaker = await maker.getBatch({ batch: BATCH });
      expect(seenByMaker.counts.awaiting_approval_at_service).toBe(4);
      expect(seenByMaker.approve_at_service_refused).toBe((refused as Error).message);
      await t.close();

      t = await openTestDesk({ dataDir, actor: 'carl.checker' });
      const checker = t.desk.api;
      expect((await checker.getBatch({ batch: BATCH })).approve_at_service_refused).toBeNull();
      expect(await checker.approveAtService({ batch: BATCH })).toMatchObject({ approved: 4 });
      expect((await checker.getBatch({ batch: BATCH })).counts.approved_at_service).toBe(4);

      const approvals = await checker.auditLog({ action: 'approve_at_service' });
      expect(approvals.total).toBe(4);
      for (const entry of approvals.entries) {
        expect(entry).toMatchObject({
          actor: 'carl.checker',
          batch_name: BATCH,
          details: { approved_here_by: ['maria.maker'], second_approver: true },
        });
      }
      const approvedHere = await checker.auditLog({ action: 'approve' });
      expect(approvedHere.entries.map((entry) => entry.actor)).toEqual(['maria.maker']);
    },
  );

  it('reads the log newest first a page at a time, and exports it whole', async () => {
    const { api } = t.desk;
    const first = await api.auditLog({ take: 3 });
    const second = await api.auditLog({ skip: 3, take: 3 });
    expect(first.total).toBeGreaterThan(6);
    const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(6);
    expect(first.actions).toEqual(
      expect.arrayContaining(['approve', 'approve_at_service', 'sync']),
    );

    const file = join(dataDir, 'audit.csv');
    const exported = await api.exportAuditLog({ file });
    expect(exported.rows).toBe(first.total);
    const lines = (await readFile(file, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(first.total + 1);
    expect(lines[0]).toBe('Entry,When (UTC),Who,What,Batch,Subject,Details');
    // The batch's name starts with "=": written so that no spreadsheet runs it.
    for (const line of lines) expect(line).not.toMatch(/(^|,)"?[=+\-@]/);
    expect(lines.some((line) => line.includes('HYPERLINK'))).toBe(true);
  });
  it(
    'refuses the maker a sync that would send approved what they approved here, and says how',
    { timeout: 120_000 },
    async () => {
      await t.close();
      t = await openTestDesk({ dataDir, actor: 'maria.maker' });
      const maker = t.desk.api;
      const batch = 'Sent approved';
      await maker.importSheet({ file: sheet, batch_name: batch, service_approval: 'approved' });
      const approval = { batch, selection: { filter: {} }, include_warnings: true };
      expect((await maker.approve(approval)).approved).toBe(4);
      // The confirmation says it before anything is sent, and the sync refuses it whole.
      const preview = await maker.syncPreview({ batch });
      expect(preview.go_approved).toBe(4);
      expect(preview.blockers).toEqual([
        'The settings ask for a second approver: maria.maker approved payments of batch "Sent approved" here, so may not send 4 payments to the service approved, which approves them there too. Set them to go for approval at the service, or let someone else sync',
      ]);
      const refused = await maker.sync({ batch }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'conflict', message: preview.blockers[0] });
      expect((await maker.getBatch({ batch })).counts.by_state.approved).toBe(4);
      // Set to go for approval there (an edit, so approved again), the same payments go, for
      // someone else to approve.
      await maker.bulkEdit({ batch, selection: { filter: {} }, changes: { approved: false } });
      await maker.approve(approval);
      expect(await maker.syncPreview({ batch })).toMatchObject({ blockers: [], go_approved: 0 });
      const synced = await maker.sync({ batch });
      expect(synced.counts.awaiting_approval_at_service).toBe(4);
    },
  );
});
