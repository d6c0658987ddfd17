// POST /_sandbox/stop: the service going down for real. The caller gets its answer; then the
// port refuses new connections, a request in flight is cut, and the owner's own close (the
// host's shutdown) still resolves on the sandbox already stopped.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

/** What a plain TCP connection to the port meets: 'connected' or the socket error's code. */
function tcpConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('POST /_sandbox/stop', () => {
  it('answers, then refuses connections and cuts the open ones; the owner can still close', async () => {
    const port = t.sandbox.port;
    expect(await tcpConnect(port)).toBe('connected');
    // A request still being answered (slowed by latency) when the stop comes.
    await t.expect(200, 'POST', '/_sandbox/faults', { body: { latency_ms: 5_000 } });
    const inFlight = t.api('GET', '/payments/groups').then(
      (res) => `answered ${res.status}`,
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = performance.now();
    const answer = await t.api('POST', '/_sandbox/stop');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ stopping: true });
    // Cut, not answered after its latency: a service that went down mid-request.
    expect(await inFlight).toBe('ECONNRESET');
    expect(performance.now() - started).toBeLessThan(4_000);

    // The owner's shutdown waits for the stop under way and resolves; nothing listens after.
    await t.sandbox.close();
    expect(await tcpConnect(port)).toBe('ECONNREFUSED');
    await expect(t.api('GET', '/payments/groups')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('comes back on the same data when started again', async () => {
    await t.restart();
    expect((await t.api('GET', '/payments/groups')).status).toBe(200);
  });
});
