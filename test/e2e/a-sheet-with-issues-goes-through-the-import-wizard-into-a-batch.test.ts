// The import wizard in Chromium against the real host on the Local sandbox: a workbook with a
// title above its header and rows with issues goes through every step (a bad file refused
// first, the header row and one column's mapping changed, the errors-only switch) into a new
// batch; the next sheet with the same headers gets the saved mapping and is added to that
// batch; the import of a big sheet is cancelled and leaves no batch.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, launchChromium, screenshot, seriousViolations } from './support/chromium';
import { VISIBLE, focusSeen } from './support/focus';
import {
  HEADER_ROW,
  SHEET,
  writeBigSheet,
  writeNextWeek,
  writeTitledWorkbook,
} from './support/payee-sheets';
import { deskCall, sandboxAdmin } from './support/app-calls';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;
let folder: string;
const file = (name: string) => join(folder, name);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'payout-desk-wizard-'));
  [app, browser] = await Promise.all([
    startWebApp(),
    launchChromium(),
    writeTitledWorkbook(file('january.xlsx')),
    writeNextWeek(file('next-week.csv')),
    writeBigSheet(file('big.csv'), 50_000),
    // An Excel 97-2003 workbook's first bytes: a file the importer refuses, with what to do.
    writeFile(file('old.xlsx'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  ]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(app.url);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
const back = () => page.getByRole('button', { name: 'Back', exact: true }).click();

/** The step's look and its accessibility, saved and checked as it is now. */
async function look(name: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: 'Reading the sheet' }).waitFor({
    state: 'detached',
  });
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(50);
  }
}

/** The Batches screen's row of a batch, by its name. */
function batchRow(name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

async function openBatches(): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Batches' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
}

/** The numbers of the Batches screen's columns for a batch: Rows and Errors. */
async function countsOf(name: string): Promise<{ rows: string; errors: string }> {
  const cells = batchRow(name).getByRole('cell');
  return {
    rows: (await cells.nth(1).innerText()).trim(),
    errors: (await cells.nth(3).innerText()).trim(),
  };
}

describe('the import wizard', () => {
  it('takes a titled workbook with issues through every step into a new batch', async () => {
    // More groups than one page of the service's list (50): each can be chosen. The wizard
    // offered the first 50, and the 51st on could not be imported into.
    const { items } = await deskCall<{ items: { wallet: { id: string; currency: string } }[] }>(
      page,
      'listGroups',
      { query: { take: 50 } },
    );
    const usd = items.find((group) => group.wallet.currency === 'USD')!.wallet.id;
    // Asked once the Local sandbox is up (the list above started it).
    const sandbox = await sandboxAdmin(page, app.dataDir);
    for (let n = 1; n <= 50; n += 1) {
      await sandbox.createGroup(`Spare group ${String(n).padStart(2, '0')}`, usd);
    }
    await page.getByRole('button', { name: 'Import sheet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import a sheet' }).waitFor();
    await stepHeading('File').waitFor();
    await look('import-file-empty');

    // A file the importer refuses says why in the step, and another can be picked at once.
    await page.getByLabel('Sheet file').setInputFiles(file('old.xlsx'));
    await page.getByRole('alert').filter({ hasText: 'Excel 97-2003' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await look('import-file-refused');

    // An empty file is said to be empty, with nothing asked that the wizard cannot take.
    await page.getByLabel('Sheet file').setInputFiles({
      name: 'empty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(0),
    });
    const empty = page.getByRole('alert').filter({ hasText: 'the file is empty: it has no rows' });
    await empty.waitFor();
    expect(await empty.innerText()).not.toMatch(/columns/);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByLabel('Sheet file').setInputFiles(file('january.xlsx'));
    await page.getByText(`the payments are on sheet ${SHEET}`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await look('import-file');

    // The sheet: the workbook's two, the payees' taken.
    await next();
    await stepHeading('Sheet').waitFor();
    expect(await page.getByRole('radio', { name: SHEET }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Read me' }).isChecked()).toBe(false);
    await look('import-sheet');

    // The header row: the guess under the title is marked; the title row chosen instead leaves
    // the required fields unmapped; the guess chosen again by keyboard puts them back.
    await next();
    await stepHeading('Header row').waitFor();
    const useRow = (row: number) =>
      page.getByRole('button', { name: `Use row ${row} as the header row` });
    expect(await useRow(HEADER_ROW).getAttribute('aria-pressed')).toBe('true');
    await look('import-header-row');
    await page.getByRole('cell', { name: 'ACME supplier payouts, January 2030' }).click();
    await waitFor(async () => (await useRow(1).getAttribute('aria-pressed')) === 'true', 'row 1');
    await next();
    await page.getByText('Required, not mapped yet').waitFor();
    await back();
    await useRow(HEADER_ROW).focus();
    await page.keyboard.press('Enter');
    await waitFor(
      async () => (await useRow(HEADER_ROW).getAttribute('aria-pressed')) === 'true',
      'the header row back',
    );

    // The mapping: each column with its samples and field; "Staff no" is not used until it is
    // made the reference id, which the desk then reports as given.
    await next();
    await stepHeading('Column mapping').waitFor();
    expect(await page.getByText('Required, not mapped yet').count()).toBe(0);
    const staffNo = page.getByLabel('Field for column G (Staff no)');
    expect(await staffNo.inputValue()).toBe('');
    expect(await page.getByRole('row', { name: /Staff no/ }).innerText()).toContain('S-1');
    expect(await page.getByLabel('Field for column B (IBAN)').inputValue()).toBe('iban');
    await staffNo.selectOption({ label: 'Your reference id' });
    await waitFor(
      async () => (await page.getByRole('row', { name: /Staff no/ }).innerText()).includes('Given'),
      'the mapping given',
    );
    expect(await staffNo.inputValue()).toBe('correlation_id');
    await look('import-mapping');

    // The preview: each issue at its cell, the totals row skipped; then only the rows with errors.
    await next();
    await stepHeading('Preview').waitFor();
    const preview = page.getByRole('table', { name: 'Preview of the rows the import would draft' });
    const invalid = preview.locator('td[aria-invalid="true"]');
    expect(await invalid.count()).toBe(2);
    expect(await invalid.first().getAttribute('title')).toMatch(/IBAN/);
    await page.getByText('Row 9: totals row').waitFor();
    await look('import-preview');
    await page.getByRole('switch', { name: 'Rows with errors only' }).check();
    const rowNumbers = async () =>
      (await preview.locator('tbody th[scope="row"]').allInnerTexts()).map((text) => text.trim());
    await waitFor(async () => (await rowNumbers()).length === 2, 'two rows with errors');
    expect(await rowNumbers()).toEqual(['6', '7']);
    await look('import-preview-errors-only');
    // The same in the dark theme: the markers and their contrast hold there too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await look('import-preview-errors-only-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The import into a new batch of the EUR group, then its summary. The sheet's payments are
    // in EUR and the first open group pays from a GBP wallet: the EUR group is proposed, and why.
    await next();
    await stepHeading('Import').waitFor();
    await page.getByLabel('Batch name').fill('January suppliers');
    const groups = page.getByLabel('Payment group');
    await groups.getByRole('option', { name: /^Spare group 50/ }).waitFor({ state: 'attached' });
    const eu = await groups.getByRole('option', { name: /^EU suppliers/ }).getAttribute('value');
    await expect.poll(() => groups.inputValue()).toBe(eu);
    await expect
      .poll(() =>
        groups.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText()),
      )
      .toMatch(
        /^Proposed for this sheet: \d of the \d payments previewed are in EUR or to EUR accounts, and the first open group, Payroll this month, pays from a GBP wallet\.$/,
      );
    await look('import-options');
    // By keyboard: the summary takes the place, and the focus, of the Import button.
    await page.getByRole('button', { name: 'Import', exact: true }).focus();
    await page.keyboard.press('Enter');
    const summary = page.getByRole('status').filter({ hasText: 'Import done' });
    await summary.waitFor();
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h3', name: 'Import done', ...VISIBLE });
    const text = await summary.innerText();
    expect(text).toContain('batch January suppliers');
    expect(text).toMatch(/Payments drafted\s+4/);
    // Rows, not entries: the totals row, and the two blank rows below it listed as one.
    expect(text).toMatch(/Rows skipped\s+3/);
    await page.getByText('Rows 10–11: blank row', { exact: true }).waitFor();
    expect(text).toMatch(/Rows with errors\s+2/);
    // Rows counted as the editor's header counts them, the issues apart.
    expect(text).toMatch(/Rows with warnings\s+\d+/);
    expect(text).toMatch(/Issues\s+\d+ errors?, \d+ warnings?/);
    expect(text).toContain('EU suppliers');
    await page.getByText(/Row 9: totals row/).waitFor();
    // The sheet's own total, 100 more than its payments: said, with both figures.
    await page.getByRole('heading', { name: "The sheet's own total" }).waitFor();
    expect(await page.locator('p', { hasText: "the sheet's totals row 9" }).innerText()).toBe(
      "⚠ Check: the sheet's totals row 9 says EUR 295.60, but the 3 payments imported add up to EUR 195.60, not counting 1 whose amount is missing or wrong: check that no row was left out or read otherwise",
    );
    await look('import-summary');

    await openBatches();
    expect(await countsOf('January suppliers')).toEqual({ rows: '4', errors: '2' });
  }, 45_000);

  it('offers the saved mapping for the same headers and adds the next sheet to the batch', async () => {
    const href = await batchRow('January suppliers').getByRole('link').first().getAttribute('href');
    const batchId = decodeURIComponent(href!.split('/').pop()!);
    await page.goto(`${app.origin}/#/import/append/${encodeURIComponent(batchId)}`);
    await stepHeading('File').waitFor();
    await page.getByLabel('Sheet file').setInputFiles(file('next-week.csv'));
    await page.getByText('the payments are on sheet').waitFor();
    await next();
    await next();
    await next();
    await stepHeading('Column mapping').waitFor();
    await page.getByText('This is the mapping saved for these headers').waitFor();
    expect(await page.getByLabel('Field for column G (Staff no)').inputValue()).toBe(
      'correlation_id',
    );
    expect(await page.getByRole('row', { name: /Staff no/ }).innerText()).toContain('Saved');
    await look('import-mapping-saved');

    await next();
    await next();
    await stepHeading('Import').waitFor();
    expect(await page.getByRole('radio', { name: 'An existing batch' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Batch', { exact: true }).inputValue()).toBe(batchId);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('status').filter({ hasText: 'Import done' });
    await summary.waitFor();
    expect(await summary.innerText()).toContain('were added to batch January suppliers');
    // Fay Six GmbH is paid into Ann One GmbH's account: said of the batch, with both rows (the
    // sheet's row 3 is the batch's row 11), though no cell of either is wrong.
    await page.getByRole('heading', { name: 'One account, several names' }).waitFor();
    expect(await page.locator('p', { hasText: 'paid under different names' }).innerText()).toBe(
      '⚠ Check: one account is paid under different names: …3000 as "Ann One GmbH" (row 5) and "Fay Six GmbH" (row 11): check that each payee\'s account is their own',
    );
    await look('import-appended-one-account-two-names');

    await openBatches();
    expect(await countsOf('January suppliers')).toEqual({ rows: '6', errors: '2' });
  }, 45_000);

  it('flags in the preview the rows a batch already holds, each in a few lines', async () => {
    await page.getByRole('button', { name: 'Import sheet' }).click();
    await page.getByLabel('Sheet file').setInputFiles(file('january.xlsx'));
    await page.getByText('the payments are on sheet').waitFor();
    for (let n = 0; n < 4; n += 1) await next();
    await stepHeading('Preview').waitFor();
    // Row 5 of the sheet is row 5 of "January suppliers" already: said before the import.
    const paidBefore = page
      .locator('.row-issue')
      .filter({
        hasText: 'same account, amount, currency and date as row 5 of batch "January suppliers"',
      })
      .first();
    await paidBefore.waitFor();
    // Beside "1 warning", at a width it reads in: a few lines of its 13 px text (about five
    // at most), not a word a line down a column as narrow as "1 warning" (eleven, before).
    const height = await paidBefore.evaluate((issue) => issue.getBoundingClientRect().height);
    expect(height).toBeLessThan(100);
    await look('import-preview-paid-before');
    await openBatches();
  });

  it('reads dates such as 05/04/2030 day first when told, each one an issue until then', async () => {
    // A pay date on the 5th: every date of the column reads either way, so none decides.
    await writeFile(
      file('fifth.csv'),
      [
        'Name,IBAN,Amount,Currency,Pay date',
        'Ana Ruiz,ES9121000418450200051332,1200.00,EUR,05/04/2030',
        'Jan de Vries,NL91ABNA0417164300,980.00,EUR,05/04/2030',
        '',
      ].join('\r\n'),
    );
    await page.getByRole('button', { name: 'Import sheet' }).click();
    await page.getByLabel('Sheet file').setInputFiles(file('fifth.csv'));
    await page.getByText('the payments are on sheet').waitFor();
    for (let n = 0; n < 3; n += 1) await next();
    await stepHeading('Column mapping').waitFor();
    const dates = page.getByLabel('Dates such as 05/04/2030');
    expect(await dates.inputValue()).toBe('');
    await next();
    await stepHeading('Preview').waitFor();
    const preview = page.getByRole('table', { name: 'Preview of the rows the import would draft' });
    const eitherWay = preview.getByText('could be 5 April 2030 or 4 May 2030');
    await eitherWay.first().waitFor();
    expect(await eitherWay.count()).toBe(2);

    await back();
    await dates.selectOption('DMY');
    await look('import-mapping-date-order');
    await next();
    await stepHeading('Preview').waitFor();
    await preview.waitFor();
    expect(await eitherWay.count()).toBe(0);
    expect(await preview.locator('td[aria-invalid="true"]').count()).toBe(0);
    await openBatches();
  });

  it('cancels the import of a big sheet, which leaves no batch', async () => {
    await page.getByRole('button', { name: 'Import sheet' }).click();
    await page.getByLabel('Sheet file').setInputFiles(file('big.csv'));
    await page.getByText('the payments are on sheet').waitFor({ timeout: 15_000 });
    for (let n = 0; n < 5; n += 1) await next();
    await stepHeading('Import').waitFor();
    await page.getByLabel('Batch name').fill('Too big');
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    // Progress: the share of the file read as the import goes, then Cancel before it ends.
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await waitFor(
      async () =>
        /^[1-9]\d?% of the file$/.test((await progress.getAttribute('aria-valuetext')) ?? ''),
      'the share of the file read',
      15_000,
    );
    expect(await progress.getAttribute('aria-valuemax')).toBe('100');
    // Seen as it goes (one picture: the dark and zoomed ones take seconds on a busy machine,
    // in which the import could end before Cancel), and cancelled at once. The accessibility
    // check and the other pictures wait for the cancelled state.
    await page.screenshot({ path: join(SCREENSHOTS, 'import-progress.png') });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Import cancelled: no batch was created').waitFor({ timeout: 15_000 });
    expect(await progress.count()).toBe(0);
    await look('import-cancelled');

    await openBatches();
    await batchRow('January suppliers').waitFor();
    expect(await batchRow('Too big').count()).toBe(0);
  }, 45_000);
});
