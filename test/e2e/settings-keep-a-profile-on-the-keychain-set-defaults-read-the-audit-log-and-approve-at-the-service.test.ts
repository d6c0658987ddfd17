// Settings end to end, on the real host and the Local sandbox in Chromium, under a real keychain
// (gnome-keyring over the D-Bus session of with-keychain.sh): a profile pointing at the Local
// sandbox added with its certificate file and credentials, its connection tested (the token's
// expiry shown), the keychain holding the secret and neither the outbox nor the page; a
// Production profile marked; credentials and a profile removed after a confirmation.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeychainSecretStore, ProfileSecrets } from '../../electron/core/secrets';
import { launchChromium, screenshot, seriousViolations } from './support/chromium';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Names of this run only: the keychain outlives it. */
const TEAM = `Team sandbox ${randomUUID().slice(0, 8)}`;
const LIVE = `Live EU ${randomUUID().slice(0, 8)}`;
const SECRET = 'sandbox-client-secret';
const keychain = (name: string) => new ProfileSecrets(new KeychainSecretStore(), name);

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await keychain(TEAM).forget();
  await keychain(LIVE).forget();
});

async function lookedAt(name: string): Promise<void> {
  await screenshot(page, name);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
}

const card = (name: string) => page.getByRole('article', { name });

/** Every byte of the outbox and its write-ahead log, as text to search. */
async function outboxText(): Promise<string> {
  const parts = await Promise.all(
    ['outbox.sqlite', 'outbox.sqlite-wal'].map((file) =>
      readFile(join(app.dataDir, file))
        .then((bytes) => bytes.toString('latin1'))
        .catch(() => ''),
    ),
  );
  return parts.join('\n');
}

describe('Settings', () => {
  it('adds a profile with its certificate and credentials, tests it, and keeps the secret on the keychain only', async () => {
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Batches' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();

    // The Local sandbox starts on its first test, and says until when its token is valid.
    const local = card('Local sandbox');
    await local.getByRole('button', { name: 'Test connection of Local sandbox' }).click();
    await local.getByText(/token valid until/).waitFor();
    const baseUrl = (await local.locator('dd').first().textContent())!.trim();
    expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    await lookedAt('settings-profiles');

    await page.getByRole('button', { name: 'Add profile' }).click();
    const form = page.getByRole('form', { name: 'Add a profile' });
    await form.getByLabel('Name').fill(TEAM);
    // Checked as typed, with the contract's own rule.
    await form.getByLabel('Service address').fill(baseUrl.replace('https', 'http'));
    await form.getByText('must use https://').waitFor();
    expect(await form.getByLabel('Service address').getAttribute('aria-invalid')).toBe('true');
    await expect(form.getByRole('button', { name: 'Add profile' }).isDisabled()).resolves.toBe(
      true,
    );
    await lookedAt('settings-add-profile-refuses-http');

    await form.getByLabel('Service address').fill(baseUrl);
    await form.getByLabel('Token address').fill(`${baseUrl}/auth`);
    await form
      .getByLabel('CA certificate (optional)')
      .setInputFiles(join(app.dataDir, 'sandbox', 'sandbox-cert.pem'));
    await form.getByLabel('API key').fill('sandbox-api-key');
    await form.getByLabel('Client secret').fill(SECRET);
    await form.getByRole('button', { name: 'Add profile' }).click();

    const team = card(TEAM);
    await team.getByText('Saved on the OS keychain').waitFor();
    await team.getByText('Its own CA certificate').waitFor();
    await team.getByRole('button', { name: `Test connection of ${TEAM}` }).click();
    await team.getByText(/token valid until/).waitFor();
    const shown = (await team.getByText(/token valid until/).textContent())!;
    // In the user's locale (en-GB: "26 Nov 2026, 15:04"), some minutes from now.
    expect(shown).toMatch(/token valid until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    await lookedAt('settings-profile-tested');

    // The keychain holds the credentials and the token; the outbox and the page hold neither.
    expect(await keychain(TEAM).credentials()).toEqual({
      apiKey: 'sandbox-api-key',
      clientSecret: SECRET,
    });
    const token = (await keychain(TEAM).tokenStore().load())?.token;
    expect(token).toBeTruthy();
    const outbox = await outboxText();
    expect(outbox).toContain(TEAM); // the profile's addresses are there
    expect(outbox).not.toContain(SECRET);
    expect(outbox).not.toContain(token);
    expect(await page.content()).not.toContain(SECRET);
  });

  it('marks a Production profile, and removes credentials and a profile only once confirmed', async () => {
    await page.getByRole('button', { name: 'Add profile' }).click();
    const form = page.getByRole('form', { name: 'Add a profile' });
    await form.getByLabel('Name').fill(LIVE);
    await form.getByLabel('Production (real money)').check();
    await form.getByLabel('Service address').fill('https://payments.example.com');
    await form.getByLabel('Token address').fill('https://auth.example.com');
    await form.getByRole('button', { name: 'Add profile' }).click();
    const live = card(LIVE);
    await live.getByText('Production: real money').waitFor();
    await live.getByText('None saved').waitFor();
    await lookedAt('settings-production-marked');

    const team = card(TEAM);
    await team.getByRole('button', { name: `Remove credentials of ${TEAM}` }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText(`Remove the credentials of ${TEAM}?`).waitFor();
    await lookedAt('settings-remove-credentials-asked');
    await ask.getByRole('button', { name: 'Remove credentials' }).click();
    await team.getByText('None saved').waitFor();
    expect(await keychain(TEAM).credentials()).toBeUndefined();

    await live.getByRole('button', { name: `Remove profile ${LIVE}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await live.waitFor(); // still there
    await live.getByRole('button', { name: `Remove profile ${LIVE}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove profile' }).click();
    await live.waitFor({ state: 'detached' });
  });
});
