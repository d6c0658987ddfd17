// The core process's loop (shell/core-service.ts) against a real desk in a temporary folder,
// with main's side (shell/core-link.ts) at the other end of an in-memory port that copies each
// message as a MessagePort does: calls answered in the reply envelope, errors in the contract's
// shape, events forwarded, a call cancelled by its id, and a clean close. No Electron.
import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../../shared/desk/events';
import type { DeskReply } from '../../../shared/desk/errors';
import { CoreLink } from '../../../electron/shell/core-link';
import type { CorePort } from '../../../electron/shell/core-protocol';
import { serveDesk } from '../../../electron/shell/core-service';
import { callDesk } from '../../../electron/shell/desk-ipc';
import { openTestDesk, type TestDesk } from '../../support/desk';
import { writePayroll } from '../../support/payroll-csv';

/** Two ends of a channel; each message is structured-cloned, as across processes. */
function channel(): [CorePort, CorePort] {
  const end = (inbox: EventEmitter, outbox: EventEmitter): CorePort => ({
    on: (_event, listener) => inbox.on('message', listener),
    postMessage: (message) =>
      setImmediate(() => outbox.emit('message', { data: structuredClone(message) })),
  });
  const [a, b] = [new EventEmitter(), new EventEmitter()];
  return [end(a, b), end(b, a)];
}

let test: TestDesk;
let link: CoreLink;
let served: Promise<void>;
const events: DeskEvent[] = [];

beforeAll(async () => {
  test = await openTestDesk();
  const [mainEnd, coreEnd] = channel();
  served = serveDesk(coreEnd, test.desk);
  link = new CoreLink(mainEnd);
  link.onEvent((event) => events.push(event as DeskEvent));
});
let closed = false;
afterAll(() => (closed ? rm(test.dataDir, { recursive: true, force: true }) : test.close()));

describe('the core process', () => {
  it('answers a call with its value', async () => {
    expect(await callDesk(link, 'listBatches', {})).toEqual({ ok: true, value: { batches: [] } });
  });

  it('answers failures in the contract’s error shape', async () => {
    const missing = await link.call('getBatch', { batch: 'no such batch' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // Main refuses these first; the core process checks again all the same.
    expect(await link.call('readSecrets', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await link.call('getBatch', { batch: 7 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('imports a sheet, forwarding the desk’s events as they happen', async () => {
    const file = await writePayroll(join(test.dataDir, 'few.csv'), 20);
    const reply = (await callDesk(link, 'importSheet', {
      file,
      batch_name: 'Few',
      job_id: 'few',
    })) as DeskReply<{ batch: string }>;
    expect(reply).toMatchObject({ ok: true, value: { batch: 'Few' } });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'import.progress', job_id: 'few' }),
    );
    expect(events).toContainEqual({ type: 'job.finished', job_id: 'few', outcome: 'done' });
  });

  it('stops a call cancelled by its id, leaving nothing behind', async () => {
    // Long enough that the cancel, sent at the first progress, lands well before the end: at
    // 5,000 rows (two chunks) a fast run had finished before it arrived.
    const file = await writePayroll(join(test.dataDir, 'many.csv'), 40_000, { first: 10_000 });
    let id = -1;
    const started = link.call('importSheet', { file, batch_name: 'Many', job_id: 'many' }, (n) => {
      id = n;
    });
    const off = link.onEvent((event) => {
      if ((event as DeskEvent).type === 'import.progress') link.cancel(id);
    });
    const reply = await started;
    off();
    expect(reply).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await callDesk(link, 'listBatches', {})).toMatchObject({
      ok: true,
      value: { batches: [expect.objectContaining({ name: 'Few' })] },
    });
  });

  it('closes the desk when main asks, and answers nothing after', async () => {
    await link.close(10_000);
    await served;
    closed = true;
    expect(await link.call('listBatches', {})).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/restart Payout Desk/) },
    });
  });
});
