// The app as `npm run web` runs it: the browser host in its own process (bundled, with the
// renderer, once by the global setup), on the Local sandbox, in a fresh data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_APP_DIR } from '../../support/build-for-tests';

export interface WebApp {
  /** The launch URL, with its secret. */
  url: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '../../..');

export async function startWebApp(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<WebApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'payout-desk-web-')));
  const child = spawn(
    process.execPath,
    // The host as the test setup bundled it (electron/host.ts): tsx would compile it each time.
    [join(TEST_APP_DIR, 'host.mjs'), '--port', '0', '--data', dataDir, '--no-open'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PAYOUT_DESK_HOME: dataDir, ...options.env },
    },
  );
  const url = await launchUrlOf(child);
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function launchUrlOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?k=[\w-]+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`the host exited (${code}) before it served:\n${err}`)),
    );
  });
}
