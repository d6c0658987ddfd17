// The Local sandbox, as every face hands it to the desk: the Payments Service sandbox started in
// this process with its demo credentials, or, where another Payout Desk on the same data folder
// (the app beside a command) runs it already, that one. Two sandboxes on one database each ran
// its queued work and its payments' lifecycle: one's writes locked the other's out, and the
// app's host died of "database is locked" when a command synced beside it. The core never
// imports the sandbox (they meet only over HTTPS); a face, being a composition root, does.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DEMO_CREDENTIALS, startSandbox } from '../sandbox/sandbox';
import { certificatePath } from '../sandbox/tls';
import type { SandboxStarter, StartedSandbox } from './core/desk';

/** Where a running sandbox says where it listens, in its data folder, for others to join it. */
const RUNNING_FILE = 'running.json';

interface Running {
  pid: number;
  baseUrl: string;
  authUrl: string;
}

/**
 * The app's (a window's core, browser mode's host): started here and made known in its data
 * folder for the commands run beside it, for as long as the app runs.
 */
export const startBuiltInSandbox: SandboxStarter = async (options) => {
  const sandbox = await started(options);
  const running: Running = { pid: process.pid, baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl };
  const file = join(options.dataDir, RUNNING_FILE);
  await writeFile(file, JSON.stringify(running), { mode: 0o600 });
  return {
    ...sandbox,
    close: async () => {
      // Still ours (an app started since, after this one was taken for dead, wrote its own).
      if ((await readRunning(file))?.pid === process.pid) await rm(file, { force: true });
      await sandbox.close();
    },
  };
};

/**
 * A command's: the app's where one runs on this data folder, else one of its own, made known
 * to nobody (a command ends soon; the app beside it would lose its sandbox with it).
 */
export const joinOrStartBuiltInSandbox: SandboxStarter = async (options) =>
  (await runningSandbox(options.dataDir)) ?? started(options);

async function started(options: Parameters<SandboxStarter>[0]): Promise<StartedSandbox> {
  const sandbox = await startSandbox(options);
  return {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    ca: sandbox.ca,
    credentials: DEMO_CREDENTIALS,
    close: () => sandbox.close(),
  };
}

/** The sandbox another living process runs on this data folder, answering on its port. */
async function runningSandbox(dataDir: string): Promise<StartedSandbox | undefined> {
  const running = await readRunning(join(dataDir, RUNNING_FILE));
  if (!running || !alive(running.pid)) return undefined;
  if (!(await listening(new URL(running.baseUrl)))) return undefined;
  const ca = await readFile(certificatePath(dataDir), 'utf8').catch(() => undefined);
  if (ca === undefined) return undefined;
  return {
    baseUrl: running.baseUrl,
    authUrl: running.authUrl,
    ca,
    credentials: DEMO_CREDENTIALS,
    // Not ours to stop: the process that started it does.
    close: async () => undefined,
  };
}

async function readRunning(file: string): Promise<Running | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Running>;
    const { pid, baseUrl, authUrl } = parsed;
    return typeof pid === 'number' && typeof baseUrl === 'string' && typeof authUrl === 'string'
      ? { pid, baseUrl, authUrl }
      : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // Gone, or another user's process under a number reused: not this user's app.
    return false;
  }
}

/** Whether something accepts connections there, within a second. */
function listening(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
