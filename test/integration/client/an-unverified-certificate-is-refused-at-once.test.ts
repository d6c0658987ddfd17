// A service whose certificate cannot be verified is not "no answer": the client says that the
// certificate failed, which check, and what to look at (never to turn verification off), and
// does not try again, since the same certificate would fail the same way. Real sandboxes serve
// the certificates; real certificate checks refuse them.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient, ServiceCallError, type Profile } from '../../../electron/core/client';
import { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { makeCertificate, seedSandboxCertificate } from '../../support/certificates';
import { CountingTransport } from '../../support/counting-transport';
import { sandboxClient, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { outboxWithBatch, salary } from '../../support/sync-scene';

const CREDENTIALS = { apiKey: 'sandbox-api-key', clientSecret: 'sandbox-client-secret' };
const NEVER_SAY = /verification off|disable|rejectUnauthorized|insecure|NODE_TLS/i;

/** A client that pins `caPem` (or trusts the system's roots), counting requests and waits. */
function countingClient(t: { baseUrl: string; authUrl: string }, caPem?: string) {
  const transport = new CountingTransport(caPem);
  const waits: number[] = [];
  const profile: Profile = {
    name: 'Under test',
    kind: 'sandbox',
    baseUrl: t.baseUrl,
    authUrl: t.authUrl,
    ...(caPem ? { caPem } : {}),
  };
  const client = new PaymentsClient({
    profile,
    credentials: CREDENTIALS,
    transport,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, transport, waits };
}

async function failure(call: Promise<unknown>): Promise<ServiceCallError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceCallError);
  return error as ServiceCallError;
}

const sandboxes: TestSandbox[] = [];
const folders: string[] = [];

/** A sandbox serving `certificate` (its own, made anew, when none is given). */
async function sandboxServing(certificate?: { cert: string; key: string }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-tls-'));
  folders.push(dataDir);
  if (certificate) await seedSandboxCertificate(dataDir, certificate);
  const t = await startTestSandbox({ dataDir });
  sandboxes.push(t);
  return t;
}

let t: TestSandbox;
let otherCertificate: string;
beforeAll(async () => {
  t = await sandboxServing();
  otherCertificate = (await makeCertificate()).cert;
});
afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('a certificate that cannot be verified', () => {
  it('is a tls failure, not "no answer", and is not tried again', async () => {
    const { client, transport, waits } = countingClient(t.sandbox, otherCertificate);
    const error = await failure(client.listGroups());
    client.close();
    expect(error.kind).toBe('tls');
    expect(error.message).toContain('certificate of 127.0.0.1 could not be verified');
    expect(error.message).toContain('not the certificate this profile trusts');
    expect(error.message).toContain("Check the profile's address");
    expect(error.message).not.toMatch(NEVER_SAY);
    expect(error.message).not.toContain('no answer');
    // One token request met the certificate; nothing was sent again, nothing was waited for.
    expect(transport.sent).toEqual([{ method: 'POST', path: '/auth/token' }]);
    expect(waits).toEqual([]);
  });

  it('while a service that does not answer is still "network", and tried again', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client, transport, waits } = countingClient(
      { baseUrl: `https://127.0.0.1:${port}`, authUrl: `https://127.0.0.1:${port}` },
      otherCertificate,
    );
    const error = await failure(client.listGroups());
    client.close();
    expect(error.kind).toBe('network');
    expect(error.message).toContain('no answer');
    expect(transport.sent.length).toBeGreaterThan(1);
    expect(waits.length).toBe(transport.sent.length - 1);
  });

  it('says so when the system roots do not know a self-signed certificate', async () => {
    const { client, transport } = countingClient(t.sandbox);
    const error = await failure(client.listGroups());
    client.close();
    expect(error.kind).toBe('tls');
    expect(error.message).toContain('self-signed');
    expect(error.message).toContain('authorities of this computer');
    expect(error.message).not.toMatch(NEVER_SAY);
    expect(transport.sent).toHaveLength(1);
  });

  it.each([
    [
      'made out to another name',
      () => makeCertificate({ names: { dns: ['payments.example.test'], ips: [] } }),
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'it is not made out to 127.0.0.1',
    ],
    [
      'expired',
      () =>
        makeCertificate({
          validFrom: new Date(Date.now() - 30 * 86_400_000),
          validUntil: new Date(Date.now() - 86_400_000),
        }),
      'CERT_HAS_EXPIRED',
      'it has expired',
    ],
  ])('names a certificate %s', async (_, make, code, check) => {
    const certificate = await make();
    const served = await sandboxServing(certificate);
    const { client, transport } = countingClient(served.sandbox, certificate.cert);
    const error = await failure(client.listGroups());
    client.close();
    expect(error.kind).toBe('tls');
    expect(error.message).toContain(check);
    expect(error.message).toContain(`(${code})`);
    expect(error.message).not.toMatch(NEVER_SAY);
    expect(transport.sent).toHaveLength(1);
  });

  it('stops a sync as failed, not offline; once the profile fits, each payment is made once', async () => {
    const trusted = sandboxClient(t);
    const scene = await outboxWithBatch(trusted, (group, payee) =>
      [0, 1, 2].map((n) => salary(group, payee, n)),
    );
    folders.push(scene.dir);
    scene.outbox.drafts.approve(scene.created.map((draft) => draft.id));
    const { client, transport } = countingClient(t.sandbox, otherCertificate);
    const error = await failure(new SyncEngine(scene.outbox, client).sync(scene.batch.id));
    client.close();
    expect(error.kind).toBe('tls');
    const runs = () =>
      scene.outbox.db
        .prepare('SELECT state, error_json FROM sync_runs WHERE batch_id = ? ORDER BY started_at')
        .all(scene.batch.id) as { state: string; error_json: string | null }[];
    expect(runs().map((run) => run.state)).toEqual(['failed']);
    expect(runs()[0]?.error_json).toContain('certificate');
    // The chunk was recorded before its request met the certificate; only the token request
    // went out, and it went out once.
    expect(transport.sent).toEqual([{ method: 'POST', path: '/auth/token' }]);

    const done = await new SyncEngine(scene.outbox, trusted, { pollMs: 10 }).sync(scene.batch.id);
    trusted.close();
    expect(done.state).toBe('done');
    expect(runs().map((run) => run.state)).toEqual(['failed', 'done']);
    for (const draft of scene.created) {
      const stored = await t.expect<{ items: { id: string }[] }>(
        200,
        'GET',
        `/_sandbox/payments?correlation_id=${draft.correlation_id}`,
      );
      expect(stored.items.map((payment) => payment.id)).toEqual([draft.id]);
    }
    scene.outbox.close();
  });
});
