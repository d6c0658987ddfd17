// The packaged app's JavaScript (scripts/build-app.ts) builds, and runs as built: the preload is
// one sandboxable CommonJS file requiring only 'electron'; the bundles load no TypeScript
// tooling and no package but the native ones; and the core process bundle, started in plain
// Node with a stand-in for Electron's parentPort, imports a sheet through the bundled worker.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../../scripts/build-app';
import { writePayroll } from '../../support/payroll-csv';

const run = promisify(execFile);
let base: string;
let built: BuiltApp;
const read = (name: string) => readFile(join(built.outDir, name), 'utf8');

/** Every module a CommonJS bundle requires by name. */
const requires = (code: string) =>
  new Set([...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]!));

const isBuiltin = (name: string) =>
  name.startsWith('node:') || builtinModules.includes(name.split('/')[0]!);

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'payout-desk-build-'));
  // The natives resolve from node_modules beside the bundles, as in the package.
  await symlink(resolve('node_modules'), join(base, 'node_modules'), 'dir');
  built = await buildApp(join(base, 'app'));
}, 60_000);
afterAll(() => rm(base, { recursive: true, force: true }));

describe('the production bundles', () => {
  it('are all there', () => {
    expect(built.files).toEqual(
      expect.arrayContaining([
        'main.cjs',
        'preload.cjs',
        'core-process.mjs',
        'sheet-reading-worker.js',
        'host.mjs',
        'cli.mjs',
        'package.json',
      ]),
    );
  });

  it('make the preload one small CommonJS file requiring only electron', async () => {
    const preload = await read('preload.cjs');
    expect([...requires(preload)]).toEqual(['electron']);
    expect(built.external['preload.cjs']).toEqual(['electron']);
    expect(preload).not.toMatch(/\bimport\s*[{(*"']|\bexport\s/);
    // zod and the schemas stay out: main checks every input.
    expect(preload.length).toBeLessThan(20_000);
  });

  it('load no TypeScript tooling and no package but the native ones', async () => {
    const allowed = new Set(['better-sqlite3', 'keytar', 'electron']);
    for (const name of [
      'main.cjs',
      'core-process.mjs',
      'sheet-reading-worker.js',
      'host.mjs',
      'cli.mjs',
    ]) {
      const packages = (built.external[name] ?? []).filter((module) => !isBuiltin(module));
      expect(
        packages.filter((module) => !allowed.has(module)),
        name,
      ).toEqual([]);
      const code = await read(name);
      expect(code, name).not.toMatch(/(require\(|import\(|from ?)["'](tsx|esbuild)(\/[^"']*)?["']/);
    }
    // main draws windows: the core and its SQLite stay in their own process.
    const mainPackages = (built.external['main.cjs'] ?? []).filter((m) => !isBuiltin(m));
    expect(mainPackages).toEqual(['electron']);
    const mainRequires = [...requires(await read('main.cjs'))].filter((m) => !isBuiltin(m));
    expect(mainRequires).toEqual(['electron']);
  });

  it('run the core process in plain Node, reading a sheet with the bundled worker', async () => {
    const home = join(base, 'home');
    const sheet = await writePayroll(join(base, 'payroll.csv'), 25);
    const script = join(base, 'drive-core.mjs');
    await writeFile(script, DRIVE_CORE);
    const { stdout } = await run(
      process.execPath,
      [script, join(built.outDir, 'core-process.mjs'), sheet],
      {
        env: { ...process.env, PAYOUT_DESK_HOME: home, NODE_OPTIONS: '' },
        timeout: 30_000,
      },
    );
    const replies = JSON.parse(stdout) as Array<{ ok: boolean; value?: Record<string, unknown> }>;
    expect(replies[0]).toEqual({ ok: true, value: { batches: [] } });
    expect(replies[1]).toMatchObject({ ok: true, value: { batch: 'Payroll' } });
    expect(replies[2]).toMatchObject({ ok: true, value: { batches: [{ name: 'Payroll' }] } });
  }, 40_000);

  it('run browser mode in plain Node: the host serves the built renderer and the DeskApi', async () => {
    // The renderer sits beside the bundles' folder, as dist/renderer beside dist/app.
    await symlink(resolve('dist/renderer'), join(base, 'renderer'), 'dir');
    const host = spawn(
      process.execPath,
      [join(built.outDir, 'host.mjs'), '--no-open', '--port', '0', '--data', join(base, 'web')],
      { env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = '';
        host.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /(http:\/\/127\.0\.0\.1:\d+\/\?k=[\w-]+)/.exec(out);
          if (match) done(match[1]!);
        });
        host.once('exit', (code) => fail(new Error(`host.mjs exited (${code}): ${out}`)));
      });
      const { origin } = new URL(url);
      const launched = await fetch(url, { redirect: 'manual' });
      const cookie = launched.headers.get('set-cookie')!.split(';')[0]!;
      const page = await fetch(`${origin}/`, { headers: { cookie } });
      expect(await page.text()).toMatch(/src="\.\/assets\/index-[\w-]+\.js"/);
      const call = await fetch(`${origin}/desk/listBatches`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await call.json()).toEqual({ ok: true, value: { batches: [] } });

      // A second launch on the same port says what to do instead, not Node's stack trace.
      const second = spawn(
        process.execPath,
        [join(built.outDir, 'host.mjs'), '--no-open', '--port', new URL(url).port],
        { env: { ...process.env, NODE_OPTIONS: '', PAYOUT_DESK_HOME: join(base, 'second') } },
      );
      let said = '';
      second.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
      second.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
      expect(await new Promise((done) => second.once('exit', done))).toBe(1);
      expect(said).toBe(
        'That port is in use (another Payout Desk, or another program): pass --port N, or --port 0 for a free one\n',
      );
    } finally {
      const exited = new Promise((done) => host.once('exit', done));
      host.kill('SIGTERM');
      await exited;
    }
  }, 40_000);
});

/**
 * Loads the core process bundle with a stand-in for Electron's `process.parentPort`, hands it
 * a port as main does, makes three calls, closes it, and prints the replies.
 */
const DRIVE_CORE = `
import { EventEmitter } from 'node:events';
const [bundle, sheet] = process.argv.slice(2);
const toCore = new EventEmitter();
const fromCore = new EventEmitter();
const port = {
  on: (event, listener) => toCore.on(event, listener),
  postMessage: (message) => setImmediate(() => fromCore.emit('message', structuredClone(message))),
};
const parent = new EventEmitter();
process.parentPort = parent;
await import(bundle);
parent.emit('message', { data: { type: 'connect' }, ports: [port] });
let next = 0;
const call = (method, input) =>
  new Promise((resolve) => {
    const id = ++next;
    const listener = (message) => {
      if (message.type !== 'reply' || message.id !== id) return;
      fromCore.off('message', listener);
      resolve(message.reply);
    };
    fromCore.on('message', listener);
    toCore.emit('message', { data: { type: 'call', id, method, input } });
  });
const replies = [
  await call('listBatches', {}),
  await call('importSheet', { file: sheet, batch_name: 'Payroll' }),
  await call('listBatches', {}),
];
process.stdout.write(JSON.stringify(replies));
toCore.emit('message', { data: { type: 'close' } });
`;
