// The service says which payment failed nowhere: a failed payment is never debited, and only its
// group's counters count it. Reconciling a batch whose payment failed at execution lists it as
// not debited yet, and says that its group counts a failed payment, so that no one pays it
// again thinking it is merely late.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDeskOnTeamSandbox, type TestDesk } from '../../support/desk';
import type { TestSandbox } from '../../support/sandbox';

const DAY = 86_400;

let service: TestSandbox;
let t: TestDesk;
beforeAll(async () => {
  ({ t, service } = await openDeskOnTeamSandbox());
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

it('says the group counts a failed payment where one of the batch is not debited', async () => {
  const { api } = t.desk;
  const { now } = await service.expect<{ now: string }>(200, 'GET', '/_sandbox/clock');
  const payDay = new Date(Date.parse(now) + DAY * 1000).toISOString().slice(0, 10);
  const file = join(t.dataDir, 'payroll.csv');
  await writeFile(
    file,
    [
      'Payee,Sort Code,Account Number,Amount,Currency,Date,Reference',
      `Ada Paid,601613,31926819,10.50,GBP,${payDay},Salary`,
      // The sandbox fails a payment at execution for this word in its description.
      `Bob Failed,601613,31926827,11.50,GBP,${payDay},SANDBOX_FAIL salary`,
      '',
    ].join('\r\n'),
  );
  await api.importSheet({ file, batch_name: 'Payroll', service_approval: 'approved' });
  const approval = { batch: 'Payroll', selection: { filter: {} }, include_warnings: true };
  expect((await api.approve(approval)).approved).toBe(2);
  expect((await api.sync({ batch: 'Payroll' })).counts.by_state.accepted).toBe(2);
  await service.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 3 * DAY } });

  const reconciled = await api.reconcileBatch({ batch: 'Payroll' });
  expect(reconciled).toMatchObject({ accepted: 2, debited: 1, not_yet: 1, group_failed: 1 });
  expect(reconciled.not_yet_drafts.map((draft) => draft.payee)).toEqual(['Bob Failed']);
});
