// Settings end to end, on the real host and the Local sandbox in Chromium, under a real keychain
// (gnome-keyring over the D-Bus session of with-keychain.sh): a profile pointing at the Local
// sandbox added with its certificate file and credentials, its connection tested (the token's
// expiry shown), the keychain holding the secret and neither the outbox nor the page; a
// Production profile marked; credentials and a profile removed after a confirmation. Then the
// defaults saved and kept; maker-checker: a batch approved here by one person (a second desk on
// the same data folder, as another user) approved at the service from the app by another, and
// one approved by the app's own user refused; the audit log naming both, paged and exported.
// Last, a host with no keychain to reach: what to install, and credentials kept for this run.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesk } from '../../electron/core/desk';
import { KeychainSecretStore, ProfileSecrets } from '../../electron/core/secrets';
import { launchChromium, screenshot, seriousViolations, newAppContext } from './support/chromium';
import { VISIBLE, focusedOn, focusSeen } from './support/focus';
import { startWebApp, type WebApp } from './support/web-app';
import {
  approveAtService,
  deskCall,
  holdDeskCalls,
  lookedAt as lookedAtPage,
  sandboxAdmin,
} from './support/app-calls';

let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Names of this run only: the keychain outlives it. */
const TEAM = `Team sandbox ${randomUUID().slice(0, 8)}`;
const LIVE = `Live EU ${randomUUID().slice(0, 8)}`;
const PAYEE_KEY = 'Payee’s own key';
const SECRET = 'sandbox-client-secret';
const keychain = (name: string) => new ProfileSecrets(new KeychainSecretStore(), name);

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  context = await newAppContext(browser);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await keychain(TEAM).forget();
  await keychain(LIVE).forget();
});

const lookedAt = (name: string) => lookedAtPage(page, name);

const card = (name: string) => page.getByRole('article', { name });

const desk = <T>(method: string, input: unknown) => deskCall<T>(page, method, input);

/** A payroll of `count` GB payees, imported through the host into a batch going for approval. */
async function importPayroll(name: string, first: number, count: number): Promise<string> {
  const csv = [
    'Payee,Sort Code,Account Number,Amount,Currency,Date,Reference',
    ...Array.from({ length: count }, (_, n) => n).map(
      (n) =>
        `Payee ${first + n} Smith,601613,${50_000_000 + first + n},${100 + n}.25,GBP,2030-01-31,Pay ${n}`,
    ),
  ].join('\r\n');
  const file = await page.evaluate(async (body) => {
    const response = await fetch('/desk/upload?name=payroll.csv', { method: 'POST', body });
    return ((await response.json()) as { value: { path: string } }).value.path;
  }, csv);
  const imported = await desk<{ batch_id: string }>('importSheet', {
    file,
    batch_name: name,
    service_approval: 'for_approval',
  });
  return imported.batch_id;
}

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
    // The list of profiles comes back late, as on a busy machine: until it has, the card does not
    // say "Connected" beside "Started on this machine when first used".
    const local = card('Local sandbox');
    const list = await holdDeskCalls(page, 'listProfiles');
    await local.getByRole('button', { name: 'Test connection of Local sandbox' }).click();
    await list.asked;
    await expect(local.getByText(/token valid until/).count()).resolves.toBe(0);
    await list.release();
    await local.getByText(/token valid until/).waitFor();
    const baseUrl = (await local.locator('dd').first().textContent())!.trim();
    expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    await lookedAt('settings-profiles');

    // By keyboard: the form takes the place, and the focus, of the button; Escape, with
    // nothing typed, leaves it as Cancel does.
    await page.getByRole('button', { name: 'Add profile' }).press('Enter');
    const form = page.getByRole('form', { name: 'Add a profile' });
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h3', name: 'Add a profile', ...VISIBLE });
    await page.keyboard.press('Escape');
    await expect.poll(() => form.count()).toBe(0);
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Add profile', ...VISIBLE });
    await page.getByRole('button', { name: 'Add profile' }).press('Enter');
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h3', name: 'Add a profile', ...VISIBLE });
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
    await form.getByRole('button', { name: 'Add profile' }).press('Enter');
    // The form goes: the button back in its place has the focus, and stays a Tab stop (given
    // the focus as a heading is, it once left the Tab order for good).
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Add profile', ...VISIBLE });
    expect(
      await page.getByRole('button', { name: 'Add profile' }).getAttribute('tabindex'),
    ).toBeNull();

    const team = card(TEAM);
    await team.getByText('Saved on the OS keychain', { exact: true }).waitFor();
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
    // By keyboard: the form takes the place, and the focus, of the button.
    await page.getByRole('button', { name: 'Add profile' }).press('Enter');
    const form = page.getByRole('form', { name: 'Add a profile' });
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h3', name: 'Add a profile', ...VISIBLE });
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
    await ask.getByRole('button', { name: 'Remove credentials' }).press('Enter');
    await team.getByText('None saved').waitFor();
    // The button that had the focus went with the credentials: the screen's heading has it.
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h1', name: 'Settings', ...VISIBLE });
    expect(await keychain(TEAM).credentials()).toBeUndefined();

    // Entered again: on the keychain once more, and the fields emptied at once.
    await team.getByRole('button', { name: `Enter credentials of ${TEAM}` }).click();
    const again = page.getByRole('form', { name: `Credentials of ${TEAM}` });
    await again.getByLabel('API key').fill('sandbox-api-key');
    await again.getByLabel('Client secret').fill(SECRET);
    await again.getByRole('button', { name: 'Save credentials' }).click();
    await team.getByText('Saved on the OS keychain', { exact: true }).waitFor();
    expect((await keychain(TEAM).credentials())?.clientSecret).toBe(SECRET);
    expect(await page.content()).not.toContain(SECRET);

    // Switching to Production from the status bar asks first; cancelled, nothing changes.
    const status = page.getByRole('contentinfo', { name: 'Status' });
    await status.getByLabel('Profile').selectOption(LIVE);
    const confirm = page.getByRole('alertdialog', { name: 'Switch to Production?' });
    await confirm.waitFor();
    await lookedAt('settings-switch-to-production-asked');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await status.getByLabel('Profile').inputValue()).toBe('Local sandbox');

    await live.getByRole('button', { name: `Remove profile ${LIVE}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await live.waitFor(); // still there
    await live.getByRole('button', { name: `Remove profile ${LIVE}` }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Remove profile' })
      .press('Enter');
    await live.waitFor({ state: 'detached' });
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h1', name: 'Settings', ...VISIBLE });
  });

  it('saves the defaults new imports and syncs take, and keeps them', async () => {
    const defaults = page.getByRole('region', { name: 'Defaults', exact: true });
    await defaults.getByLabel('The next weekday (Monday to Friday; holidays not known)').check();
    await defaults.getByLabel('A row without a purpose').selectOption('SUPP');
    await defaults.getByLabel('Payments per request when syncing').fill('0');
    await defaults.getByText('a whole number from 1 to 1,000').waitFor();
    await defaults.getByLabel('Payments per request when syncing').fill('250');
    await defaults.getByLabel(/Ask for a second approver/).check();
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    await defaults.getByText('Settings saved').waitFor();
    // Save defaults is off once saved: the section's heading has the focus, not the page.
    await expect.poll(async () => (await focusedOn(page)).id).toBe('defaults-title');
    await defaults.getByText(app.dataDir).waitFor(); // the data folder, shown
    await defaults.scrollIntoViewIfNeeded();
    await lookedAt('settings-defaults-saved');

    await page.reload();
    await expect
      .poll(() => defaults.getByLabel('Payments per request when syncing').inputValue())
      .toBe('250');
    expect(await defaults.getByLabel('A row without a purpose').inputValue()).toBe('SUPP');
    expect(await defaults.getByLabel(/Ask for a second approver/).isChecked()).toBe(true);
  });

  it(
    'has payments approved here by one person approved at the service by another, never by the same',
    { timeout: 60_000 },
    async () => {
      // More payments than a page of the audit log holds: one entry each when approved there.
      const checked = await importPayroll('Maker checked', 0, 30);
      const selfApproved = await importPayroll('Self approved', 100, 3);
      // The maker: another user's desk on the same data folder, as the CLI beside the app is.
      const maker = createDesk({ dataDir: app.dataDir, actor: 'maria.maker', secretStore: null });
      try {
        const done = await maker.api.approve({ batch: checked, selection: { filter: {} } });
        expect(done.approved).toBe(30);
      } finally {
        await maker.close();
      }
      await desk('approve', { batch: selfApproved, selection: { filter: {} } });
      for (const [batch, count] of [
        [checked, 30],
        [selfApproved, 3],
      ] as const) {
        const synced = await desk<{ counts: { awaiting_approval_at_service: number } }>('sync', {
          batch,
        });
        expect(synced.counts.awaiting_approval_at_service).toBe(count);
      }

      // The app's own user approved this one here: the second approver must be someone else,
      // which the button says before it is pressed, not after a confirmation.
      await page.goto(`${app.origin}/#/sync/${selfApproved}`);
      const approve = page.getByRole('button', { name: 'Approve at service' });
      await expect.poll(() => approve.isDisabled()).toBe(true);
      const why = page.locator(`#${await approve.getAttribute('aria-describedby')}`);
      expect(await why.innerText()).toMatch(
        /^The settings ask for a second approver: \S+ approved payments of batch "Self approved" here, so someone else must approve them at the service\.$/,
      );
      await lookedAt('settings-maker-cannot-check');

      await page.goto(`${app.origin}/#/sync/${checked}`);
      await approveAtService(page);
      // 30 calls to the service, each recorded in the audit log with a sync to disk: on a
      // machine busy with other tests' disks that took more than the page's 10 s.
      await page.getByText('30 approved at the service').waitFor({ timeout: 30_000 });

      // The audit log names both: the maker here, and the app's user at the service.
      const me = userInfo().username;
      await page.goto(`${app.origin}/#/settings`);
      const audit = page.getByRole('region', { name: 'Audit log', exact: true });
      await audit.getByRole('combobox').selectOption('approve_at_service');
      await audit.getByText('Entries 1–25 of 30').waitFor();
      const rows = audit.getByRole('row').filter({ hasText: 'Approved a payment at the service' });
      expect(await rows.count()).toBe(25);
      for (const row of await rows.all()) {
        expect(await row.textContent()).toContain('Maker checked');
        expect(await row.getByRole('cell').nth(1).textContent()).toBe(me);
        // Which payment: its row, whose, how much; then both sides of the four eyes.
        expect(await row.textContent()).toMatch(
          /Row \d+( \([^)]+\))?, [A-Z]{3}\s[\d,]+\.\d\d: approved here by maria\.maker; a second person approved it at the service\./,
        );
      }
      await audit
        .getByRole('heading', { name: 'Audit log' })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await lookedAt('settings-audit-log-maker-checker');
      // At 200% zoom (half the width) an action wraps into a phrase or two, never a word a line.
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: viewport.width / 2, height: viewport.height / 2 });
      const whatCells = await audit.locator('tbody td:nth-child(3)').evaluateAll((cells) =>
        cells.map((cell) => {
          const range = cell.ownerDocument.createRange();
          range.selectNodeContents(cell);
          const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
          return {
            words: (cell.textContent ?? '').trim().split(/\s+/).length,
            lines: new Set(tops).size,
          };
        }),
      );
      await page.setViewportSize(viewport);
      expect(whatCells).toHaveLength(25);
      for (const cell of whatCells)
        expect(cell.lines).toBeLessThanOrEqual(Math.ceil(cell.words / 2));

      // The older page holds the rest; then every action, and the whole log exported.
      await audit.getByRole('button', { name: 'Older' }).click();
      await audit.getByText('Entries 26–30 of 30').waitFor();
      expect(await rows.count()).toBe(5);
      await audit.getByRole('combobox').selectOption('');
      const total = Number(
        /of (\d+)/.exec((await audit.getByText(/^Entries 1–25 of \d+$/).textContent())!)![1],
      );
      expect(total).toBeGreaterThan(30);
      const download = page.waitForEvent('download');
      await audit.getByRole('button', { name: 'Export audit log as .csv' }).click();
      const saved = join(app.dataDir, 'audit-log.csv');
      await (await download).saveAs(saved);
      const lines = (await readFile(saved, 'utf8')).trim().split('\r\n');
      expect(lines).toHaveLength(total + 1);
      expect(lines.filter((line) => line.includes(',maria.maker,approve,'))).toHaveLength(1);
      expect(lines.filter((line) => line.includes(`,${me},approve_at_service,`))).toHaveLength(30);
      await audit.getByText(`Exported ${total} entries.`).waitFor();

      // As a workbook: the same entries, opened back with exceljs.
      const workbookDownload = page.waitForEvent('download');
      await audit.getByRole('button', { name: 'Export audit log as .xlsx' }).click();
      const xlsx = await workbookDownload;
      expect(xlsx.suggestedFilename()).toBe('payout-desk-audit-log.xlsx');
      const savedXlsx = join(app.dataDir, 'audit-log.xlsx');
      await xlsx.saveAs(savedXlsx);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(savedXlsx);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.actualRowCount).toBe(total + 1);
      const actions: string[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) actions.push(String(row.getCell(4).value));
      });
      expect(actions.filter((action) => action === 'approve_at_service')).toHaveLength(30);
    },
  );

  it(
    'says what to install where there is no keychain, and keeps credentials for this run only when asked',
    { timeout: 60_000 },
    async () => {
      const ca = await readFile(join(app.dataDir, 'sandbox', 'sandbox-cert.pem'));
      const baseUrl = (await card('Local sandbox').locator('dd').first().textContent())!.trim();
      // A session bus that is not there: keytar fails at once, as on a machine with none.
      const bare = await startWebApp({
        env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent-payout-desk-bus' },
      });
      const other = await context.newPage();
      try {
        await other.goto(`${bare.url}#/settings`);
        const notice = other.getByRole('note').filter({ hasText: 'No keychain on this system' });
        await notice.getByText('apt-get install gnome-keyring').waitFor();
        await screenshot(other, 'settings-no-keychain-notice');
        // The data folder's note says the same, not that credentials are on a keychain.
        await other
          .getByText(
            'Credentials are not: with no keychain on this system, they are kept in memory for this run only.',
          )
          .waitFor();

        await other.getByRole('button', { name: 'Add profile' }).click();
        const form = other.getByRole('form', { name: 'Add a profile' });
        await form.getByLabel('Name').fill('For this run');
        await form.getByLabel('Service address').fill(baseUrl);
        await form.getByLabel('Token address').fill(`${baseUrl}/auth`);
        await form
          .getByLabel('CA certificate (optional)')
          .setInputFiles({ name: 'sandbox.pem', mimeType: 'application/x-pem-file', buffer: ca });
        await form.getByLabel('API key').fill('sandbox-api-key');
        await form.getByLabel('Client secret').fill(SECRET);
        // Not kept anywhere until the person says so.
        const add = form.getByRole('button', { name: 'Add profile' });
        expect(await add.isDisabled()).toBe(true);
        // Said beside the button, which is disabled for it.
        const why = form.locator(`#${await add.getAttribute('aria-describedby')}`);
        expect(await why.innerText()).toBe(
          'No keychain here: tick “Keep these credentials in memory for this run only”, or leave the credentials empty for now.',
        );
        await form.getByLabel('Keep these credentials in memory for this run only').check();
        expect(await add.getAttribute('aria-describedby')).toBeNull();
        await screenshot(other, 'settings-no-keychain');
        expect(await seriousViolations(other)).toEqual([]);
        await add.click();

        const kept = other.getByRole('article', { name: 'For this run' });
        await kept.getByText('Kept in memory for this run only').waitFor();
        await kept.getByRole('button', { name: 'Test connection of For this run' }).click();
        await kept.getByText(/token valid until/).waitFor();
        expect(await keychain('For this run').credentials()).toBeUndefined();
      } finally {
        await other.close();
        await bare.stop();
      }
    },
  );

  it('marks a profile whose key is a beneficiary key, and its Groups say why they cannot be read', async () => {
    // A key the Local sandbox issues for one payee, on a profile of its own.
    const admin = await sandboxAdmin(page, app.dataDir);
    const payee = (await admin.post(
      '/payments/beneficiaries',
      {
        entity_type: 'INDIVIDUAL',
        country: 'GB',
        currency: 'GBP',
        entity: { individual_first_name: 'Mary', individual_last_name: 'Jackson' },
        bank_details: {
          account_name: 'Mary Jackson',
          bank_code: '601613',
          account_number: '31926819',
        },
      },
      201,
    )) as { id: string };
    const key = (await admin.post(
      '/_sandbox/beneficiary-keys',
      { beneficiary_id: payee.id },
      201,
    )) as {
      api_key: string;
      client_secret: string;
    };
    const baseUrl = (await card('Local sandbox').locator('dd').first().textContent())!.trim();
    await desk('addProfile', {
      name: PAYEE_KEY,
      kind: 'sandbox',
      base_url: baseUrl,
      auth_url: `${baseUrl}/auth`,
      ca_pem: await readFile(join(app.dataDir, 'sandbox', 'sandbox-cert.pem'), 'utf8'),
      credentials: key,
      keep_in_memory: true,
    });
    await page.reload();
    const keyCard = card(PAYEE_KEY);
    await keyCard.getByRole('button', { name: `Test connection of ${PAYEE_KEY}` }).click();
    await keyCard.getByText('Beneficiary key', { exact: true }).waitFor();
    await keyCard
      .getByText(/A beneficiary key: it may update only its own beneficiary record/)
      .waitFor();
    await keyCard.scrollIntoViewIfNeeded();
    await lookedAt('settings-beneficiary-key-marked');

    // Switched to from the status bar, the Groups screen says why it shows none.
    const profileSwitch = page.getByRole('contentinfo', { name: 'Status' }).getByLabel('Profile');
    await profileSwitch.selectOption(PAYEE_KEY);
    try {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Groups' })
        .click();
      const refusal = page
        .getByRole('alert')
        .getByText(`Profile "${PAYEE_KEY}" uses a beneficiary key`, { exact: false });
      await page
        .getByText('No group can be chosen here until the list above can be read.')
        .waitFor();
      // Said once, above the list, not again for the batches' groups below it.
      await expect(refusal.count()).resolves.toBe(1);
      await lookedAt('groups-refused-to-a-beneficiary-key');
    } finally {
      await profileSwitch.selectOption('Local sandbox');
    }
  });
});
