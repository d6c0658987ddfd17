// app://desk/ serves the built renderer's files with the CSP on every answer, and nothing
// outside its folder, however the way out is spelled.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../electron/shell/csp';
import { rendererPath, serveRenderer } from '../../../electron/shell/renderer-files';

let base: string;
let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'payout-desk-renderer-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Payout Desk</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(base, 'secret.txt'), 'not for the page');
  await symlink(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'));
  serve = serveRenderer(root);
});
afterAll(() => rm(base, { recursive: true, force: true }));

const get = (url: string) => serve(new Request(url));

describe('the app:// protocol', () => {
  it('serves the renderer with the CSP and the right type', async () => {
    const page = await get('app://desk/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Payout Desk');
    const script = await get('app://desk/assets/app.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers the root with the page, and nothing else it was not built with', async () => {
    expect(await (await get('app://desk/')).text()).toContain('Payout Desk');
    expect((await get('app://desk/batches/42')).status).toBe(404);
  });

  it.each([
    'app://desk/../../etc/passwd',
    'app://desk/%2e%2e/%2e%2e/etc/passwd',
    'app://desk/%2E%2E/secret.txt',
    'app://desk/assets/..%2f..%2fsecret.txt',
    'app://desk/..%5c..%5csecret.txt',
    'app://desk/%2e%2e%2fsecret.txt',
    'app://desk/assets/%00.js',
    'app://desk/%E0%A4%A.js',
    'app://desk.evil/index.html',
  ])('never serves what is outside the folder: %s', async (url) => {
    const answer = await get(url);
    expect([403, 404]).toContain(answer.status);
    expect(await answer.text()).not.toContain('not for the page');
    expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('resolves no path to a file outside the folder', () => {
    // The URL parser folds `..` and `%2e%2e` segments back inside the folder itself...
    expect(rendererPath(root, 'app://desk/../../etc/passwd')).toBe(join(root, 'etc', 'passwd'));
    expect(rendererPath(root, 'app://desk/%2e%2e/secret.txt')).toBe(join(root, 'secret.txt'));
    // ...and what it cannot see (encoded slashes, other hosts) is refused outright.
    for (const url of [
      'app://desk/..%2fsecret.txt',
      'app://desk/assets/..%2F..%2Fsecret.txt',
      'app://desk@evil.example/index.html',
      'file:///etc/passwd',
    ]) {
      expect(rendererPath(root, url), url).toBeUndefined();
    }
  });

  it('follows no link out of the folder', async () => {
    expect((await get('app://desk/assets/link.txt')).status).toBe(404);
  });

  it('takes only reads', async () => {
    const post = await serve(new Request('app://desk/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
  });
});
