import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupList, Token } from '../../../shared/service';
import { HttpsJson } from '../../support/https-json';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

interface Ready {
  base_url: string;
  auth_url: string;
  ca: string;
}

function startCommand(extraEnv: Record<string, string> = {}): {
  child: ChildProcess;
  ready: Promise<Ready>;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/main.ts', '--port', '0', '--data', dataDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...extraEnv },
    },
  );
  const ready = new Promise<Ready>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as Ready));
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { child, ready };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('npm run sandbox', () => {
  it('prints one JSON line with base_url, auth_url and ca, stops cleanly on SIGTERM, and keeps its data across a restart', async () => {
    const env = { SANDBOX_API_KEY: 'ci-key', SANDBOX_CLIENT_SECRET: 'ci-secret' };
    const first = startCommand(env);
    const ready = await first.ready;
    expect(ready.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.auth_url).toBe(`${ready.base_url}/auth`);
    expect(ready.ca).toBe(join(dataDir, 'sandbox-cert.pem'));

    const http = new HttpsJson(ready.base_url, await readFile(ready.ca, 'utf8'));
    const demo = await http.call('POST', '/auth/token', {
      body: { api_key: 'sandbox-api-key', client_secret: 'sandbox-client-secret' },
    });
    expect(demo.status).toBe(401); // the environment's credentials replace the demo ones
    const { token } = Token.parse(
      (
        await http.call('POST', '/auth/token', {
          body: { api_key: 'ci-key', client_secret: 'ci-secret' },
        })
      ).body,
    );
    const wallet = GroupList.parse((await http.call('GET', '/payments/groups', { token })).body)
      .items[0]?.wallet;
    const created = await http.call('POST', '/_sandbox/groups', {
      token,
      body: { name: 'Kept over restarts', wallet_id: wallet?.id },
    });
    expect(created.status).toBe(201);
    http.close();
    expect(await stop(first.child)).toBe(0);

    const second = startCommand(env);
    const again = await second.ready;
    const http2 = new HttpsJson(again.base_url, await readFile(again.ca, 'utf8'));
    const groups = GroupList.parse(
      (await http2.call('GET', '/payments/groups?name=Kept', { token })).body,
    );
    expect(groups.items.map((group) => group.name)).toEqual(['Kept over restarts']);
    http2.close();
    expect(await stop(second.child)).toBe(0);
  });

  it.each([
    [['--prot', '9443'], 'unknown option --prot'],
    [['--port'], '--port needs a value'],
    [['--port', 'x'], '--port must be a whole number from 0 to 65535, not "x"'],
  ])(
    'refuses the command line %j with exit status 2, what is wrong and the usage',
    async (args, said) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PAYOUT_DESK_HOME: dataDir },
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await new Promise((done) => child.once('exit', done))).toBe(2);
      expect(stderr).toBe(
        `sandbox: ${said}\nusage: npm run sandbox -- [--port N (default 8443, 0 for any free port)] [--data DIR]\n`,
      );
    },
  );
});
