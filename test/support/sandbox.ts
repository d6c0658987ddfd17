// Starts a real sandbox (HTTPS on loopback, SQLite in a temporary folder) for a test file, and
// gives it a pinned JSON client that fetches and reuses a bearer token.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_CREDENTIALS,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../sandbox/sandbox';
import { PaymentsClient, type ClientOptions } from '../../electron/core/client';
import { HttpsJson, type CallOptions, type JsonResponse } from './https-json';

export interface TestSandbox {
  sandbox: RunningSandbox;
  dataDir: string;
  http: HttpsJson;
  token(): Promise<string>;
  /** An authenticated call; throws with the body when the status is not the expected one. */
  api(method: string, path: string, options?: CallOptions): Promise<JsonResponse>;
  expect<T = Record<string, unknown>>(
    status: number,
    method: string,
    path: string,
    options?: CallOptions,
  ): Promise<T>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSandbox(
  options: Partial<SandboxOptions> = {},
): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'payout-desk-sandbox-')));
  const start = (port = 0) => startSandbox({ tickMs: 60_000, ...options, port, dataDir });
  let sandbox = await start();
  let http = new HttpsJson(sandbox.baseUrl, sandbox.ca);
  let token: string | undefined;

  const handle: TestSandbox = {
    get sandbox() {
      return sandbox;
    },
    get http() {
      return http;
    },
    dataDir,
    async token() {
      if (!token) {
        const res = await http.call('POST', '/auth/token', {
          body: { api_key: DEMO_CREDENTIALS.apiKey, client_secret: DEMO_CREDENTIALS.clientSecret },
        });
        if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
        token = (res.body as { token: string }).token;
      }
      return token;
    },
    async api(method, path, callOptions = {}) {
      const res = await http.call(method, path, { token: await handle.token(), ...callOptions });
      if (res.status !== 401 || callOptions.token) return res;
      // Tests move the sandbox clock by days: a token expired on the way is fetched again.
      token = undefined;
      return http.call(method, path, { token: await handle.token(), ...callOptions });
    },
    async expect(status, method, path, callOptions) {
      const res = await handle.api(method, path, callOptions);
      if (res.status !== status) {
        throw new Error(`${method} ${path}: expected ${status}, got ${res.status}: ${res.text}`);
      }
      return res.body as never;
    },
    async restart() {
      const port = sandbox.port;
      http.close();
      await sandbox.close();
      sandbox = await start(port);
      http = new HttpsJson(sandbox.baseUrl, sandbox.ca);
    },
    async close() {
      http.close();
      await sandbox.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** The app's own client, on a Local sandbox profile that pins this sandbox's certificate. */
export function sandboxClient(
  t: TestSandbox,
  options: Partial<ClientOptions> = {},
): PaymentsClient {
  return new PaymentsClient({
    profile: {
      name: 'Local sandbox',
      kind: 'local',
      baseUrl: t.sandbox.baseUrl,
      authUrl: t.sandbox.authUrl,
      caPem: t.sandbox.ca,
    },
    credentials: { apiKey: DEMO_CREDENTIALS.apiKey, clientSecret: DEMO_CREDENTIALS.clientSecret },
    ...options,
  });
}
