// Browser mode: `npm run web [-- --port N] [-- --data DIR] [-- --no-open]`. The core runs in this
// process, and the built renderer and the DeskApi are served on 127.0.0.1 to the browser that
// opens the printed address (for workstations where Electron cannot run, and for every
// end-to-end test). The address carries a per-launch secret; keep it to yourself.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { appDataDir, createDesk, type SandboxStarter } from './core/desk';
import { startHost } from './host/host-server';

const USAGE = 'usage: npm run web [-- --port N] [--data DIR] [--no-open]';

const startSandbox: SandboxStarter = async (options) =>
  (await import('./sandbox-starter')).startBuiltInSandbox(options);

/**
 * The built renderer: dist/renderer from a checkout, or beside this file's bundle (dist/app). A
 * build has its assets folder; the renderer's sources (renderer/ from a checkout) do not.
 */
function rendererDir(): string {
  for (const candidate of ['../dist/renderer', '../renderer']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}/index.html`) && existsSync(`${dir}/assets`)) return dir;
  }
  throw new Error('the renderer is not built: run `npm run build` first');
}

/** The default browser, where there is one; its absence is no error (the URL is printed). */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '""', url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        'no-open': { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a port number\n${USAGE}\n`);
    process.exit(2);
  }
  const renderer = rendererDir();
  const desk = createDesk({ dataDir: values.data ?? appDataDir(), startSandbox });
  let host;
  try {
    host = await startHost({ desk, rendererDir: renderer, port });
  } catch (error) {
    await desk.close();
    throw error;
  }
  process.stdout.write(`Payout Desk is running in browser mode. Open:\n  ${host.url}\n`);
  if (!values['no-open']) openBrowser(host.url);
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    process.stderr.write('Stopping at the next safe point… (Ctrl-C again to stop at once)\n');
    await host.close();
    await desk.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

// A person reads what went wrong and what to do, never a stack trace.
main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  process.stderr.write(
    `${
      code === 'EADDRINUSE'
        ? 'That port is in use (another Payout Desk, or another program): pass --port N, or --port 0 for a free one'
        : (error as Error).message
    }\n`,
  );
  process.exit(1);
});
