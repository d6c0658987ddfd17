// The README's first command on a machine without the Electron binary (as these build machines
// install): `npm start` says so in one line, starts browser mode and prints the address, which
// serves the app.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { electronBinary } from '../../scripts/electron-binary';

const ROOT = join(import.meta.dirname, '../..');

it('says Electron is missing, starts browser mode and prints an address that serves the app', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-start-'));
  const child = spawn('npm', ['start', '--', '--no-open', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, PAYOUT_DESK_HOME: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // npm, tsx and the host: one process group, stopped together
  });
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /(http:\/\/127\.0\.0\.1:\d+\/\?k=[\w-]+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
    });
    expect(out).toContain(
      'The Electron binary is not installed here, so Payout Desk starts in browser mode.',
    );
    const launched = await fetch(url, { redirect: 'manual' });
    expect(launched.status).toBe(303);
    const cookie = launched.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(new URL('/', url), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(
      /<script type="module"[^>]*src="\.\/assets\/index-[\w-]+\.js"/,
    );
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
});

// Packaging needs Electron's download: without it, `npm run dist` says so at once, before it
// builds for a minute and rebuilds the native modules for Electron inside node_modules (which
// then no longer load in Node) only to end in a stack trace of a failed download.
// (Where Electron is installed, `npm run dist` would package for real: not a test's job.)
it.skipIf(electronBinary() !== undefined)(
  'npm run dist says plainly that it needs the Electron download, and builds nothing',
  async () => {
    const child = spawn('npm', ['run', '--silent', 'dist'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(out.trim()).toMatch(/^npm run dist needs Electron's own download, .*nothing was built/);
    expect(out.trim().split('\n')).toHaveLength(1);
  },
);
