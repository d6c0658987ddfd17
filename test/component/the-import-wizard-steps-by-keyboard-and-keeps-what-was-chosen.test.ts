// The import wizard alone, in Chromium (served by Vite's dev server from wizard-harness/), over a
// REAL desk: the test starts the browser host on the Local sandbox and Vite passes the page's
// `/desk/*` calls on to it, with the Origin, Host and cookie the host requires, so the wizard
// uses its ordinary browser bridge and every inspection is the desk's own. What is tested is the
// wizard's own behaviour: its steps by keyboard, the header row by click and by keyboard, a
// mapping change that keeps the other columns' confidence, required fields listed until mapped,
// the errors-only switch, a sheet with no rows under its header, a refused file in the File step,
// a sheet without a header row read as one, its columns mapped by letter, the note that amounts
// in thousands are scaled, and the cancel of an import.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, seriousViolations } from '../e2e/support/chromium';
import { HEADER_ROW, SHEET, writeBigSheet, writeTitledWorkbook } from '../e2e/support/payee-sheets';
import { startWebApp, type WebApp } from '../e2e/support/web-app';

const ROOT = join(import.meta.dirname, '../..');
let app: WebApp;
let server: ViteDevServer;
let browser: Browser;
let page: Page;
let folder: string;
const file = (name: string) => join(folder, name);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'payout-desk-wizard-harness-'));
  [app, browser] = await Promise.all([
    startWebApp(),
    launchChromium(),
    writeTitledWorkbook(file('january.xlsx')),
    writeBigSheet(file('big.csv'), 30_000),
    // Amounts in thousands: the mapping step must say that each is multiplied by 1,000.
    writeFile(
      file('thousands.csv'),
      'Payee,IBAN,Amount (£000),Pay date\r\nAda Lovelace,GB29NWBK60161331926819,1.5,2030-01-31\r\n',
    ),
    // A header and not one row under it.
    writeFile(file('header-only.csv'), 'Payee,IBAN,Amount,Currency\r\n'),
    // Payments and no header row: the desk finds no header, and the person says there is none.
    writeFile(
      file('no-header.csv'),
      'Alan Turing,601613,31926819,60.00,GBP,2030-01-31,Salary,GB\r\n' +
        'Ada Lovelace,601613,31926820,70.50,GBP,2030-01-31,Salary,GB\r\n',
    ),
    // An Excel 97-2003 workbook's first bytes: a file the importer refuses, with what to do.
    writeFile(file('old.xlsx'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  ]);
  const launch = new URL(app.url);
  const cookie = `payout_desk_${launch.port}=${launch.searchParams.get('k')}`;
  server = await createServer({
    root: join(import.meta.dirname, 'wizard-harness'),
    configFile: false,
    cacheDir: join(tmpdir(), 'payout-desk-wizard-harness-vite'),
    logLevel: 'warn',
    plugins: [
      svelte({ configFile: false, preprocess: vitePreprocess(), compilerOptions: { runes: true } }),
    ],
    server: {
      port: 0,
      host: '127.0.0.1',
      strictPort: false,
      fs: { allow: [ROOT] },
      // The host answers only its own page: to it, these requests are that page's.
      proxy: {
        '/desk': {
          target: app.origin,
          changeOrigin: true,
          configure: (proxy) =>
            proxy.on('proxyReq', (request: ClientRequest) => {
              request.setHeader('origin', app.origin);
              request.setHeader('cookie', cookie);
            }),
        },
      },
    },
  });
  await server.listen();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(10_000);
  await page.goto(server.resolvedUrls!.local[0]!);
  await stepHeading('File').waitFor();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const stepLink = (n: number, label: string) =>
  page.getByRole('navigation', { name: 'Import steps' }).getByRole('button', {
    name: `${n} ${label}`,
  });
const settled = () =>
  page.getByRole('status').filter({ hasText: 'Reading the sheet' }).waitFor({ state: 'detached' });
const focusedText = () =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { textContent: string } | null } }
      ).document.activeElement?.textContent?.trim() ?? '',
  );
const useRow = (row: number) =>
  page.getByRole('button', { name: `Use row ${row} as the header row` });
/** The mapping table's "How sure" word for a column, by its header. */
const sureOf = async (header: string) =>
  (
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: header, exact: true }) })
      .locator('td')
      .last()
      .innerText()
  )
    .split(':')[0]!
    .trim();
/** Waits on the desk's answer as a person would: a few seconds, not vitest's one. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const HEADERS = ['Payee', 'IBAN', 'Amount', 'Currency', 'Pay date', 'Reference', 'Staff no'];

/** The desk's batches, asked by the page through the same bridge as the wizard's. */
const batchCount = () =>
  page.evaluate(async () => {
    const response = await fetch('/desk/listBatches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { value: { batches: unknown[] } }).value.batches.length;
  });

async function look(name: string): Promise<void> {
  await settled();
  await screenshot(page, name);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
}

describe('the import wizard, alone over a real desk', () => {
  it('shows a refused file in the File step and takes the next one at once', async () => {
    // Nothing picked: no step past the first, and no Next.
    expect(await button('Next').isDisabled()).toBe(true);
    expect(await stepLink(2, 'Sheet').isDisabled()).toBe(true);

    await page.getByLabel('Sheet file').setInputFiles(file('old.xlsx'));
    const refusal = page.getByRole('alert');
    await refusal.filter({ hasText: 'Excel 97-2003' }).waitFor();
    expect(await button('Next').isDisabled()).toBe(true);
    expect(await stepLink(6, 'Import').isDisabled()).toBe(true);
    expect(await page.getByLabel('Sheet file').isEnabled()).toBe(true);
    await look('wizard-component-refused-file');

    await page.getByLabel('Sheet file').setInputFiles(file('january.xlsx'));
    await page.getByText(`the payments are on sheet ${SHEET}`).waitFor();
    expect(await refusal.count()).toBe(0);
    expect(await button('Next').isEnabled()).toBe(true);
  });

  it('moves between steps by keyboard: Next, Back and the step list, focus on each heading', async () => {
    await button('Next').focus();
    await page.keyboard.press('Enter');
    await stepHeading('Sheet').waitFor();
    // Focus starts the step at its heading.
    await poll(focusedText).toBe('Sheet');
    expect(await stepLink(2, 'Sheet').getAttribute('aria-current')).toBe('step');

    await button('Back').focus();
    await page.keyboard.press('Enter');
    await stepHeading('File').waitFor();
    await poll(focusedText).toBe('File');
    // What was read stays: the file is still there to go on with.
    await page.getByText(`the payments are on sheet ${SHEET}`).waitFor();

    await stepLink(5, 'Preview').focus();
    await page.keyboard.press('Space');
    await stepHeading('Preview').waitFor();
    await poll(focusedText).toBe('Preview');
    expect(await stepLink(5, 'Preview').getAttribute('aria-current')).toBe('step');
    expect(await stepLink(2, 'Sheet').getAttribute('aria-current')).toBeNull();
  });

  it('takes another header row by a click on the row, and the guess back by keyboard', async () => {
    await stepLink(3, 'Header row').click();
    await stepHeading('Header row').waitFor();
    expect(await useRow(HEADER_ROW).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('cell', { name: 'Prepared by the finance team' }).click();
    await poll(() => useRow(2).getAttribute('aria-pressed')).toBe('true');
    await settled();
    expect(await useRow(HEADER_ROW).getAttribute('aria-pressed')).toBe('false');
    // The desk's guess stays marked while another row is chosen.
    const guessed = page.getByRole('row').filter({ hasText: 'Guessed' });
    await expect(guessed.getByRole('button').getAttribute('aria-label')).resolves.toBe(
      `Use row ${HEADER_ROW} as the header row`,
    );
    await look('wizard-component-header-row-changed');

    await useRow(HEADER_ROW).focus();
    await page.keyboard.press('Enter');
    await poll(() => useRow(HEADER_ROW).getAttribute('aria-pressed')).toBe('true');
    await settled();
  });

  it('asks the desk again on a mapping change, and the other columns keep their confidence', async () => {
    await button('Next').click();
    await stepHeading('Column mapping').waitFor();
    await settled();
    const before = await Promise.all(HEADERS.map(sureOf));
    expect(before.at(-1)).toBe('—'); // "Staff no" is not used yet

    const staffNo = page.getByLabel('Field for column G (Staff no)');
    await staffNo.selectOption({ label: 'Your reference id' });
    await poll(() => sureOf('Staff no')).toBe('Given');
    await settled();
    expect(await staffNo.inputValue()).toBe('correlation_id');
    expect(await Promise.all(HEADERS.slice(0, -1).map(sureOf))).toEqual(before.slice(0, -1));
    await look('wizard-component-mapping-given');
  });

  it('lists a required field as not mapped until a column fills it again', async () => {
    const required = page.getByRole('status').filter({ hasText: 'Required, not mapped yet' });
    expect(await required.count()).toBe(0);
    const amount = page.getByLabel('Field for column C (Amount)');
    const field = await amount.inputValue();
    const label = (await amount.locator(`option[value="${field}"]`).innerText()).trim();
    expect(label).toMatch(/\(required\)$/);
    await amount.selectOption({ label: 'Not used' });
    await required.waitFor();
    await settled();
    expect(await required.innerText()).toContain(label.replace(/ \(required\)$/, ''));
    // Not used is the person's choice; "Staff no" keeps the field given to it before.
    await poll(() => sureOf('Amount')).toBe('Given');
    expect(await page.getByLabel('Field for column G (Staff no)').inputValue()).toBe(
      'correlation_id',
    );

    await amount.selectOption(field);
    await required.waitFor({ state: 'detached' });
    await settled();
    expect(await amount.inputValue()).toBe(field);
  });

  it('keeps a mapping the desk refused as chosen, Next held, for the next change to build on', async () => {
    const amount = page.getByLabel('Field for column C (Amount)');
    const reference = page.getByLabel('Field for column F (Reference)');
    const [amountField, referenceField] = [await amount.inputValue(), await reference.inputValue()];
    // A second column for the amount: refused, and shown as chosen beside the refusal.
    await reference.selectOption(amountField);
    const refusal = page.getByRole('alert').filter({ hasText: 'more than one column' });
    await refusal.waitFor();
    await settled();
    expect(await reference.inputValue()).toBe(amountField);
    expect(await button('Next').isDisabled()).toBe(true);
    await look('wizard-component-mapping-refused');
    // The first amount column let go: the desk takes it, and the second keeps the amount
    // (it was dropped with the refusal, and both columns ended up not used).
    await amount.selectOption({ label: 'Not used' });
    await refusal.waitFor({ state: 'detached' });
    await settled();
    expect(await reference.inputValue()).toBe(amountField);
    expect(await amount.inputValue()).toBe('');
    await poll(() => sureOf('Reference')).toBe('Given');
    expect(await button('Next').isEnabled()).toBe(true);
    // As they were, for the steps after.
    await reference.selectOption(referenceField);
    await settled();
    await amount.selectOption(amountField);
    await settled();
    expect([await amount.inputValue(), await reference.inputValue()]).toEqual([
      amountField,
      referenceField,
    ]);
  });

  it('shows only the rows with errors when the switch is on, and every row when it is off', async () => {
    await button('Next').click();
    await stepHeading('Preview').waitFor();
    await settled();
    const preview = page.getByRole('table', { name: 'Preview of the rows the import would draft' });
    const rowNumbers = async () =>
      (await preview.locator('tbody th[scope="row"]').allInnerTexts()).map((t) => t.trim());
    const every = await rowNumbers();
    expect(every.length).toBeGreaterThan(2);
    const invalidRows = await preview
      .locator('tbody tr')
      .filter({ has: page.locator('td[aria-invalid="true"]') })
      .locator('th[scope="row"]')
      .allInnerTexts();
    expect(invalidRows.length).toBeGreaterThan(0);

    const onlyErrors = page.getByRole('switch', { name: 'Rows with errors only' });
    await onlyErrors.focus();
    await page.keyboard.press('Space');
    await poll(rowNumbers).toEqual(invalidRows.map((t) => t.trim()));
    await look('wizard-component-errors-only');
    await page.keyboard.press('Space');
    await poll(rowNumbers).toEqual(every);
  });

  it('says in the notes on the mapping that amounts in thousands are multiplied by 1,000', async () => {
    await stepLink(1, 'File').click();
    await page.getByLabel('Sheet file').setInputFiles(file('thousands.csv'));
    await page.locator('p.read').filter({ hasText: 'thousands.csv' }).waitFor();
    await stepLink(4, 'Column mapping').click();
    await stepHeading('Column mapping').waitFor();
    await settled();
    await page.getByRole('heading', { name: 'Notes on the mapping' }).waitFor();
    expect(await page.getByRole('listitem').allInnerTexts()).toContain(
      '"Amount (£000)" (column C) is in thousands: each amount is multiplied by 1,000, so 1.5 is paid as 1,500',
    );
    await look('wizard-component-amounts-in-thousands');
  });

  it('says in the preview that a sheet has no rows under its header, whatever the switch', async () => {
    await stepLink(1, 'File').click();
    await page.getByLabel('Sheet file').setInputFiles(file('header-only.csv'));
    await page.locator('p.read').filter({ hasText: 'header-only.csv' }).waitFor();
    await stepLink(5, 'Preview').click();
    await stepHeading('Preview').waitFor();
    await settled();
    const preview = page.getByRole('table', { name: 'Preview of the rows the import would draft' });
    const onlyErrors = page.getByRole('switch', { name: 'Rows with errors only' });
    expect(await onlyErrors.isChecked()).toBe(false);
    const empty = preview.getByRole('cell', { name: 'The sheet has no rows under its header.' });
    await empty.waitFor();
    expect(await page.getByText(/The first \d+ rows below the header/).count()).toBe(0);
    await look('wizard-component-no-rows-under-the-header');
    await onlyErrors.check();
    await empty.waitFor();
    await onlyErrors.uncheck();
  });

  it('reads a sheet with no header row when told it has none, its columns mapped by letter', async () => {
    await stepLink(1, 'File').click();
    await page.getByLabel('Sheet file').setInputFiles(file('no-header.csv'));
    await page
      .getByRole('alert')
      .filter({ hasText: 'no sheet looks like a payment list' })
      .waitFor();
    expect(await button('Next').isDisabled()).toBe(true);
    await look('wizard-component-no-header-row-offered');
    await button('Read it without a header row').click();
    await page.locator('p.read').filter({ hasText: 'read without a header row' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await stepLink(3, 'Header row').click();
    await page.getByText('The sheet is read without a header row').waitFor();
    // Both rows are payments: neither is taken for the header.
    expect(await useRow(1).getAttribute('aria-pressed')).toBe('false');
    expect(await useRow(2).getAttribute('aria-pressed')).toBe('false');

    await stepLink(4, 'Column mapping').click();
    await settled();
    const fields = ['name', 'bank_code', 'account_number', 'amount', 'amount_currency'];
    for (const [n, field] of [
      ...fields,
      'execution_date',
      'description',
      'bank_country',
    ].entries()) {
      const letter = String.fromCharCode(65 + n);
      const select = page.getByLabel(`Field for column ${letter}`, { exact: true });
      await select.selectOption(field);
      await settled();
      await poll(() => select.inputValue()).toBe(field);
    }
    const required = page.getByRole('status').filter({ hasText: 'Required, not mapped yet' });
    expect(await required.count()).toBe(0);
    await look('wizard-component-no-header-row-mapped');

    await stepLink(5, 'Preview').click();
    await settled();
    await page.getByText('The first 2 rows: 0 with errors, 0 skipped.').waitFor();
    await stepLink(6, 'Import').click();
    await page.getByLabel('Batch name').fill('No header row');
    await button('Import').click();
    const summary = page.getByRole('status').filter({ hasText: 'Import done' });
    await summary.waitFor({ timeout: 15_000 });
    expect(await summary.innerText()).toContain('2 payments from 2 rows of sheet');
    expect(await summary.innerText()).toContain('(no header row)');
    await look('wizard-component-no-header-row-imported');
    await button('Import another sheet').click();
    await stepHeading('File').waitFor();
  }, 30_000);

  it('cancels an import while it runs, which leaves no batch and the wizard usable', async () => {
    const batches = await batchCount();
    await stepLink(1, 'File').click();
    await page.getByLabel('Sheet file').setInputFiles(file('big.csv'));
    await page.getByText('the payments are on sheet').waitFor({ timeout: 15_000 });
    await stepLink(6, 'Import').click();
    await stepHeading('Import').waitFor();
    await page.getByLabel('Batch name').fill('Too big');
    await button('Import').click();

    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await poll(async () => (await progress.getAttribute('aria-valuetext')) ?? '').toMatch(/^[1-9]/);
    // While it runs, the steps cannot be left and the choices cannot change.
    expect(await button('Back').isDisabled()).toBe(true);
    expect(await page.getByLabel('Batch name').isDisabled()).toBe(true);
    await button('Cancel').click();
    await page.getByText('Import cancelled: no batch was created').waitFor({ timeout: 15_000 });
    expect(await progress.count()).toBe(0);
    expect(await batchCount()).toBe(batches);
    await look('wizard-component-import-cancelled');
    // Nothing chosen is lost: the same sheet can be imported again at once.
    expect(await page.getByLabel('Batch name').inputValue()).toBe('Too big');
    expect(await button('Import').isEnabled()).toBe(true);
    expect(await button('Back').isEnabled()).toBe(true);
  }, 30_000);
});
