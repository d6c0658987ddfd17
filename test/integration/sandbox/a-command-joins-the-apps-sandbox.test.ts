// A command run beside the app on one data folder uses the app's Local sandbox, not one of its
// own on the same database: two of them each ran the queued work and the payments' lifecycle,
// and the app's host died of "database is locked" when a command synced beside it. A command
// alone, or beside an app that is gone (its file left by a crash), starts its own.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinOrStartBuiltInSandbox, startBuiltInSandbox } from '../../../electron/sandbox-starter';
import { HttpsJson } from '../../support/https-json';

let dataDir: string;
beforeAll(async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'payout-desk-joined-sandbox-')), 'sandbox');
});
afterAll(() => rm(join(dataDir, '..'), { recursive: true, force: true }));

/** Whether the sandbox at `baseUrl` gives a token, as a desk's first call asks. */
async function answers(sandbox: { baseUrl: string; ca: string }) {
  const http = new HttpsJson(sandbox.baseUrl, sandbox.ca);
  const token = await http.call('POST', '/auth/token', {
    body: { api_key: 'sandbox-api-key', client_secret: 'sandbox-client-secret' },
  });
  return token.status === 201;
}

describe('the Local sandbox of a command', () => {
  it('is the app’s while the app runs, and its own once the app is gone', async () => {
    const app = await startBuiltInSandbox({ dataDir, port: 0 });
    const command = await joinOrStartBuiltInSandbox({ dataDir, port: 0 });
    expect(command.baseUrl).toBe(app.baseUrl);
    expect(await answers(command)).toBe(true);
    // The command ends: the app's sandbox goes on.
    await command.close();
    expect(await answers(app)).toBe(true);
    await app.close();
    await expect(readFile(join(dataDir, 'running.json'))).rejects.toThrow();

    const alone = await joinOrStartBuiltInSandbox({ dataDir, port: 0 });
    expect(alone.baseUrl).not.toBe(app.baseUrl);
    expect(await answers(alone)).toBe(true);
    await alone.close();
  });

  it('is its own where the app that wrote the file is dead', async () => {
    const dead = {
      pid: 2 ** 22 + 7,
      baseUrl: 'https://127.0.0.1:9/',
      authUrl: 'https://127.0.0.1:9/auth',
    };
    await writeFile(join(dataDir, 'running.json'), JSON.stringify(dead));
    const command = await joinOrStartBuiltInSandbox({ dataDir, port: 0 });
    expect(command.baseUrl).not.toBe(dead.baseUrl);
    expect(await answers(command)).toBe(true);
    await command.close();
  });
});
