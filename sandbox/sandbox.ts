// The composition root of the sandbox: storage, clock, certificate, token authority, the
// parts of the service, the work pump and the HTTPS server. `startSandbox` is what the
// command line, the tests and (later) the app's Local sandbox profile call.
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import { TOKEN_LIFETIME_SECONDS, TokenAuthority, type Credentials } from './auth';
import { SandboxClock } from './clock';
import { DEFAULT_SETTINGS, type SandboxDeps, type SandboxSettings } from './feature';
import { FaultSettings, Faults } from './http/faults';
import { Router } from './http/router';
import { createSandboxServer } from './http/server';
import { adminFeature, ADMIN_PATH_PREFIX } from './routes/admin';
import { authRoutes, AUTH_PATH_PREFIX } from './routes/auth';
import { beneficiariesFeature } from './routes/beneficiaries';
import { groupsFeature } from './routes/groups';
import { paymentsFeature } from './routes/payments';
import { walletsFeature } from './routes/wallets';
import { seed } from './seed';
import { openDatabase, readMeta, writeMeta } from './store/database';
import { loadOrCreateCertificate } from './tls';
import { WorkPump } from './work-pump';

/** Demo credentials of the Local sandbox; override with SANDBOX_API_KEY / SANDBOX_CLIENT_SECRET. */
export const DEMO_CREDENTIALS: Credentials = {
  apiKey: 'sandbox-api-key',
  clientSecret: 'sandbox-client-secret',
};

export interface SandboxOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  credentials?: Credentials;
  settings?: Partial<SandboxSettings>;
  /** How often due work (the payment lifecycle) runs in real time. */
  tickMs?: number;
}

export interface RunningSandbox {
  baseUrl: string;
  authUrl: string;
  /** Path of the sandbox's certificate, the one a client pins. */
  caPath: string;
  ca: string;
  port: number;
  /** Stops it; also after the admin stop call, whose close it then waits for. */
  close(): Promise<void>;
}

/** Tables the seed fills (and the beneficiary keys issued on top), emptied by a reset, children before parents. */
const DATA_TABLES = [
  'beneficiary_keys',
  'payment_job_progress',
  'payment_jobs',
  'beneficiary_job_items',
  'beneficiary_jobs',
  'statement_items',
  'payments',
  'groups',
  'beneficiaries',
  'wallets',
];

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  await mkdir(options.dataDir, { recursive: true });
  const tls = await loadOrCreateCertificate(options.dataDir);
  const db = openDatabase(options.dataDir);
  const clock = new SandboxClock(Number(readMeta(db, 'clock_offset_ms') ?? 0), (offset) =>
    writeMeta(db, 'clock_offset_ms', String(offset)),
  );
  const faults = new Faults();
  const authority = new TokenAuthority(
    db,
    options.credentials ?? DEMO_CREDENTIALS,
    clock,
    () => faults.current.token_lifetime_seconds ?? TOKEN_LIFETIME_SECONDS,
  );
  if (readMeta(db, 'seeded_at') === undefined) {
    seed(db, clock.now());
    writeMeta(db, 'seeded_at', new Date(clock.now()).toISOString());
  }

  const pump = new WorkPump([]);
  let closing: Promise<void> | undefined;
  // Once, whoever asks first (the admin stop call, the owner's shutdown): the second waits
  // for the first rather than closing a closed server and database again.
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      pump.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    })());
  const deps: SandboxDeps = {
    db,
    clock,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    kick: () => pump.kick(),
  };
  const parts = [
    paymentsFeature(deps),
    beneficiariesFeature(deps),
    groupsFeature(deps),
    walletsFeature(deps),
  ];
  const admin = adminFeature(deps, {
    faults,
    authority,
    advanceClock: (seconds) => {
      pump.drain();
      const now = clock.advance(seconds);
      pump.runDue();
      return now;
    },
    reset: () => {
      pump.drain();
      db.transaction(() => DATA_TABLES.forEach((table) => db.exec(`DELETE FROM ${table}`)))();
      clock.reset();
      faults.configure(FaultSettings.parse({}));
      seed(db, clock.now());
      writeMeta(db, 'seeded_at', new Date(clock.now()).toISOString());
    },
    stop: () => {
      close().catch((error: unknown) => {
        process.stderr.write(`sandbox: stopping failed: ${String(error)}\n`);
      });
    },
  });
  pump.features.push(...parts);

  const router = new Router().add(...authRoutes(authority), ...admin.routes);
  parts.forEach((part) => router.add(...part.routes));
  const server = createSandboxServer({
    key: tls.key,
    cert: tls.cert,
    router,
    auth: authority,
    faults,
    isExemptFromFaults: (path) => path.startsWith(`${ADMIN_PATH_PREFIX}/`),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  pump.kick(); // jobs queued before a restart carry on
  // What fell due while it was stopped happens now, not at the first tick: a command that
  // starts the sandbox, asks once and stops it (the CLI's Local sandbox) saw none of it.
  pump.runDue();
  pump.startTimer(options.tickMs ?? 1000);

  const port = (server.address() as AddressInfo).port;
  const baseUrl = `https://127.0.0.1:${port}`;
  return {
    baseUrl,
    authUrl: `${baseUrl}${AUTH_PATH_PREFIX}`,
    caPath: tls.certPath,
    ca: tls.cert,
    port,
    close,
  };
}
