// Browser mode's host on loopback: the launch URL's secret opens the app; a request without it,
// from another origin, or naming another host gets 403 and nothing else.
import { request as httpRequest } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newAppPage, screenshot, seriousViolations } from './support/chromium';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface Answer {
  status: number;
  body: string;
  cookie: string | undefined;
}

/** A raw request, so that Host and Origin are exactly what a hostile page or resolver sends. */
function send(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<Answer> {
  const { port } = new URL(app.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: text,
          cookie: response.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the browser host', () => {
  it('opens the app with the launch secret and refuses whoever lacks it', async () => {
    const host = new URL(app.origin).host;
    const secret = new URL(app.url).searchParams.get('k')!;

    const launched = await send(`/?k=${secret}`, { host });
    expect(launched.status).toBe(303);
    expect(launched.cookie).toBeDefined();
    const cookie = launched.cookie!;

    // With the cookie the launch set, the page and the DeskApi answer.
    const page = await send('/', { host, cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="app">');
    const call = await send(
      '/desk/listBatches',
      { host, cookie, origin: app.origin, 'content-type': 'application/json' },
      'POST',
      '{}',
    );
    expect(JSON.parse(call.body)).toEqual({ ok: true, value: { batches: [] } });

    const refusals: Array<[string, Answer]> = [
      ['no secret', await send('/', { host })],
      [
        'no secret, DeskApi',
        await send('/desk/listBatches', { host, origin: app.origin }, 'POST', '{}'),
      ],
      ['a wrong secret', await send(`/?k=${secret.slice(1)}x`, { host })],
      [
        'another Origin',
        await send(
          '/desk/listBatches',
          { host, cookie, origin: 'http://evil.example' },
          'POST',
          '{}',
        ),
      ],
      ['no Origin on a call', await send('/desk/listBatches', { host, cookie }, 'POST', '{}')],
      [
        'another Host (DNS rebinding)',
        await send('/', { host: `evil.example:${new URL(app.origin).port}`, cookie }),
      ],
      [
        'localhost as Host',
        await send('/', { host: `localhost:${new URL(app.origin).port}`, cookie }),
      ],
      [
        'a cross-site fetch',
        await send('/desk/events', { host, cookie, 'sec-fetch-site': 'cross-site' }),
      ],
    ];
    for (const [why, answer] of refusals) {
      expect({ why, status: answer.status, body: answer.body }).toEqual({
        why,
        status: 403,
        body: 'Forbidden',
      });
    }
  });

  it('serves the app, which shows its batches and status, with no serious accessibility violation', async () => {
    const page = await newAppPage(browser);
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(app.url);
    // The secret left the address bar once it became the cookie.
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Batches' }).waitFor();
    await page.getByText('No batches yet').waitFor();
    for (const name of ['Batches', 'Beneficiaries', 'Sync', 'Groups', 'Wallets', 'Settings']) {
      await expect(
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name, exact: true })
          .count(),
      ).resolves.toBe(1);
    }
    await expect(page.getByRole('button', { name: 'Import sheet' }).isEnabled()).resolves.toBe(
      true,
    );
    await page.getByText('no real money').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'batches-empty');
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});

describe('the status bar', () => {
  it('marks Production and asks before switching to it', async () => {
    const page = await newAppPage(browser);
    await page.goto(app.url);
    const added = await page.evaluate(async () => {
      const response = await fetch('/desk/addProfile', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Acme live',
          kind: 'production',
          base_url: 'https://payments.acme.example',
          auth_url: 'https://auth.acme.example',
        }),
      });
      return (await response.json()) as { ok: boolean };
    });
    expect(added.ok).toBe(true);
    await page.reload();
    const status = page.getByRole('contentinfo', { name: 'Status' });
    const profile = status.getByRole('combobox', { name: 'Profile' });
    await status.getByText('no real money').waitFor();

    await profile.selectOption('Acme live');
    const dialog = page.getByRole('alertdialog', { name: 'Switch to Production?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'status-confirm-production');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await profile.inputValue()).toBe('Local sandbox');
    await status.getByText('no real money').waitFor();

    await profile.selectOption('Acme live');
    await dialog.getByRole('button', { name: 'Switch to Production' }).click();
    await status.getByText('Production: real money').waitFor();
    expect(await profile.inputValue()).toBe('Acme live');
    await screenshot(page, 'status-production');

    // Back to the sandbox: no money at stake, no question.
    await profile.selectOption('Local sandbox');
    await status.getByText('no real money').waitFor();
    await page.close();
  });
});
