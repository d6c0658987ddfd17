// Browser mode: a page that goes away mid-call (closed, reloaded) cancels what it started, but
// not a sync. The page asks before it is closed during one ("the sync goes on in the host"), and
// a reloaded page shows the sync still running, with its Cancel: it must go on, where it used
// to stop at its next chunk, unseen. A real desk behind the host, on the Local sandbox.
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeskEvent } from '../../../shared/desk';
import { startHost, type Host } from '../../../electron/host/host-server';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { writePayrollCsv } from '../../support/payroll-csv';

const ROWS = 300;
const SECRET = 'test-secret';

let t: TestDesk;
let host: Host;
let rendererDir: string;
beforeAll(async () => {
  t = await openTestDesk();
  rendererDir = await mkdtemp(join(tmpdir(), 'payout-desk-host-renderer-'));
  host = await startHost({ desk: t.desk, rendererDir, secret: SECRET });
});
afterAll(async () => {
  await host?.close();
  await t?.close();
  await rm(rendererDir, { recursive: true, force: true });
});

/** Starts a desk call as the page does, and drops it once `until` is seen among the events. */
function callThenLeave(method: string, input: object, until: (event: DeskEvent) => boolean) {
  return new Promise<void>((resolve, reject) => {
    const call = request(`${host.origin}/desk/${method}`, {
      method: 'POST',
      headers: {
        origin: host.origin,
        cookie: `payout_desk_${host.port}=${SECRET}`,
        'content-type': 'application/json',
      },
    });
    const off = t.desk.on((event) => {
      if (!until(event)) return;
      off();
      call.destroy();
      resolve();
    });
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (!call.destroyed) reject(error);
    });
    call.on('response', () => reject(new Error(`${method} ended before the page went away`)));
    call.end(JSON.stringify(input));
  });
}

it('goes on to the end when the page that started it goes away', { timeout: 120_000 }, async () => {
  const { api } = t.desk;
  const file = join(t.dataDir, 'payroll.csv');
  await writePayrollCsv(file, ROWS);
  await api.importSheet({ file, batch_name: 'Payroll' });
  const approval = { batch: 'Payroll', selection: { filter: {} }, include_warnings: true };
  expect((await api.approve(approval)).approved).toBe(ROWS);

  const finished = new Promise<DeskEvent>((resolve) => {
    const off = t.desk.on((event) => {
      if (event.type === 'job.finished' && event.job_id === 'left-behind') {
        off();
        resolve(event);
      }
    });
  });
  await callThenLeave(
    'sync',
    { batch: 'Payroll', chunk_size: 50, job_id: 'left-behind' },
    (event) => event.type === 'sync.stage' && event.stage === 'sending' && (event.done ?? 0) > 0,
  );
  expect(await finished).toMatchObject({ outcome: 'done' });
  const batch = await api.getBatch({ batch: 'Payroll' });
  expect(batch.last_sync?.state).toBe('done');
  expect(batch.counts.by_state.accepted).toBe(ROWS);
});
