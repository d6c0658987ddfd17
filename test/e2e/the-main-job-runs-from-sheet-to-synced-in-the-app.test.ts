// The main job, as a finance operator does it, all through the app's window in Chromium against
// the real host on the Local sandbox (no API shortcut): a payroll sheet with an unreadable amount
// and a wrong account number goes through every step of the import wizard into a new batch of
// the GBP group; both issues are fixed in the editor's grid by keyboard; a selection's execution
// date is bulk-edited; every row is approved; the batch is validated and synced after its
// confirmation, every progress bar reaches its maximum, every payment is accepted, and the
// results are exported and read back, one row per payment. Each screen passes axe.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER, payrollLine } from '../support/payroll-csv';
import { launchChromium, screenshot, seriousViolations, newAppContext } from './support/chromium';
import { startWebApp, type WebApp } from './support/web-app';

const ROWS = 12;
/** Sheet rows (payroll row n sits on sheet row n + 2) with an issue each. */
const BAD_AMOUNT_ROW = 5;
const BAD_ACCOUNT_ROW = 10;
const lines = Array.from({ length: ROWS }, (_, n) => payrollLine(n));
lines[BAD_AMOUNT_ROW - 2] = lines[BAD_AMOUNT_ROW - 2]!.replace(/,\d+\.\d+,GBP,/, ',12x3,GBP,');
// A UK account number of 2 digits: the shared rules refuse it (and so would the service).
lines[BAD_ACCOUNT_ROW - 2] = lines[BAD_ACCOUNT_ROW - 2]!.replace(/,601613,\d+,/, ',601613,12,');
const CSV = `${PAYROLL_HEADER}\r\n${lines.join('\r\n')}\r\n`;

/** The grid's columns (aria-colindex) the test types in. */
const AMOUNT = 4;
const DATE = 6;
const ACCOUNT = 7;

let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let folder: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'payout-desk-journey-'));
  [app, browser] = await Promise.all([
    startWebApp(),
    launchChromium(),
    writeFile(join(folder, 'june-payroll.csv'), CSV),
  ]);
  // A fixed locale, so that the amounts and dates read as the test writes them.
  context = await newAppContext(browser);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // What the page's console says went wrong, a resource it could not load included.
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The screen as it is now: saved as journey-<name> and checked with axe. */
async function look(name: string): Promise<void> {
  await screenshot(page, `journey-${name}`);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
}

/** Only the screen's accessibility, where a screenshot would add nothing. */
async function check(name: string): Promise<void> {
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
}

const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const reading = () =>
  page.getByRole('status').filter({ hasText: 'Reading the sheet' }).waitFor({ state: 'detached' });
async function next(step: string): Promise<void> {
  await reading();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await stepHeading(step).waitFor();
  await reading();
}

const grid = () => page.getByRole('grid');
const row = (sheetRow: number) =>
  grid()
    .locator('[role="row"]')
    .filter({ has: page.locator('[aria-colindex="1"]', { hasText: new RegExp(`^${sheetRow}$`) }) });
const cellOf = (sheetRow: number, col: number) =>
  row(sheetRow).locator(`[role="gridcell"][aria-colindex="${col}"]`);
const focusedCell = () =>
  page.evaluate(() => {
    const active = (
      globalThis as unknown as {
        document: {
          activeElement: {
            closest(s: string): { getAttribute(n: string): string | null } | null;
            getAttribute(n: string): string | null;
          } | null;
        };
      }
    ).document.activeElement;
    return {
      row: active?.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? null,
      col: active?.getAttribute('aria-colindex') ?? null,
    };
  });

/** F2 on the focused cell, the new text typed, Enter: the edit as Excel users make it. */
async function typeInCell(value: string): Promise<void> {
  await page.keyboard.press('F2');
  const input = grid().getByRole('textbox');
  await input.waitFor();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(value);
  expect(await input.getAttribute('aria-invalid')).toBeNull();
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'detached' });
}

describe('the main job', () => {
  it('runs from a sheet with issues to a synced batch and its exported results, in the app', async () => {
    await page.goto(app.url);
    await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
    await look('batches-empty');

    // The import wizard, every step.
    await page.getByRole('button', { name: 'Import sheet' }).click();
    await stepHeading('File').waitFor();
    await page.getByLabel('Sheet file').setInputFiles(join(folder, 'june-payroll.csv'));
    await page.getByText('the payments are on sheet').waitFor();
    await look('wizard-file');
    await next('Sheet');
    await check('wizard-sheet');
    await next('Header row');
    expect(
      await page
        .getByRole('button', { name: 'Use row 1 as the header row' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await check('wizard-header-row');
    await next('Column mapping');
    expect(await page.getByText('Required, not mapped yet').count()).toBe(0);
    await check('wizard-mapping');
    await next('Preview');
    const preview = page.getByRole('table', { name: 'Preview of the rows the import would draft' });
    expect(await preview.locator('td[aria-invalid="true"]').count()).toBe(2);
    await look('wizard-preview');
    await next('Import');
    await page.getByLabel('Batch name').fill('June payroll');
    const groups = page.getByLabel('Payment group');
    const gbp = groups.getByRole('option', { name: /\(GBP\)$/ }).first();
    await groups.selectOption((await gbp.getAttribute('value'))!);
    const groupName = text(await gbp.textContent()).split(' · ')[0]!;
    await check('wizard-import');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('status').filter({ hasText: 'Import done' });
    await summary.waitFor();
    expect(text(await summary.textContent())).toMatch(/Payments drafted\s*12/);
    expect(text(await summary.textContent())).toMatch(/Rows with errors\s*2/);
    expect(text(await summary.textContent())).toContain(groupName);
    await look('wizard-summary');

    // The editor: both issues marked at their cells.
    await page.getByRole('button', { name: 'Open the batch in the editor' }).click();
    await page.getByRole('heading', { level: 1, name: 'June payroll' }).waitFor();
    await grid()
      .and(page.locator(`[aria-rowcount="${ROWS + 1}"]`))
      .waitFor();
    await cellOf(BAD_ACCOUNT_ROW, ACCOUNT).waitFor();
    expect(await cellOf(BAD_AMOUNT_ROW, AMOUNT).getAttribute('aria-invalid')).toBe('true');
    expect(await cellOf(BAD_ACCOUNT_ROW, ACCOUNT).getAttribute('aria-invalid')).toBe('true');
    await look('editor-with-issues');

    // F8 to each issue, F2, the right value, Enter.
    await cellOf(2, 1).click();
    await page.keyboard.press('F8');
    expect(await focusedCell()).toEqual({ row: String(BAD_AMOUNT_ROW), col: String(AMOUNT) });
    await typeInCell('250.50');
    await expect
      .poll(async () => text(await cellOf(BAD_AMOUNT_ROW, AMOUNT).textContent()))
      .toBe('GBP 250.50');
    await page.keyboard.press('F8');
    expect(await focusedCell()).toEqual({ row: String(BAD_ACCOUNT_ROW), col: String(ACCOUNT) });
    await typeInCell('31234567');
    await expect
      .poll(async () => cellOf(BAD_ACCOUNT_ROW, ACCOUNT).getAttribute('aria-invalid'))
      .toBeNull();
    expect(await cellOf(BAD_AMOUNT_ROW, AMOUNT).getAttribute('aria-invalid')).toBeNull();
    expect(await grid().locator('[aria-invalid="true"]').count()).toBe(0);
    await look('editor-fixed');

    // The execution date of the first three rows, bulk-edited.
    await cellOf(2, 1).click();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByText('3 selected').waitFor();
    await page.getByRole('button', { name: 'Bulk edit…' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk edit' });
    await bulk.getByLabel('Execution date').fill('2030-02-28');
    await check('editor-bulk-edit');
    await bulk.getByRole('button', { name: 'Apply to 3 rows' }).click();
    await page.getByText('Changed 3 rows').waitFor();
    for (const sheetRow of [2, 3, 4]) {
      await expect
        .poll(async () => text(await cellOf(sheetRow, DATE).textContent()))
        .toBe('28 Feb 2030');
    }
    expect(text(await cellOf(5, DATE).textContent())).toBe('31 Jan 2030');

    // Approve all, acknowledging warnings where the editor asks.
    await cellOf(2, 1).click();
    await page.keyboard.press('Control+a');
    await page.getByText(`${ROWS} selected`).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approved = page.getByText(/Approved 12 rows/);
    const ask = page.getByRole('alertdialog', { name: 'Rows with warnings' });
    await approved.or(ask).first().waitFor();
    if (await ask.isVisible())
      await ask.getByRole('button', { name: /^Approve (it|them) too$/ }).click();
    await approved.waitFor();
    await expect
      .poll(async () => grid().locator('[aria-colindex="2"]', { hasText: 'approved' }).count())
      .toBe(ROWS);

    // Sync: Validate, Sync now, the confirmation.
    await page.getByRole('button', { name: 'Sync this batch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sync: June payroll' }).waitFor();
    await page.getByText(groupName).first().waitFor();
    await check('sync-before');
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    const validated = page.getByText(`${ROWS} new beneficiaries checked`);
    await validated.waitFor({ timeout: 15_000 });
    expect(text(await validated.textContent())).toContain(`${ROWS} valid, 0 invalid`);
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(text(await confirm.textContent())).toContain('Sync “June payroll” to Local sandbox?');
    await look('sync-confirm');
    await confirm.getByRole('button', { name: `Send ${ROWS} payments` }).click();

    // Every progress bar at its maximum, and every payment accepted, at its row.
    await page.getByText('Sync finished.').waitFor({ timeout: 20_000 });
    const main = page.getByRole('main');
    // The import job's own bar, with its processed and failed counts: the whole batch went in
    // one chunk, so its bar holds every payment.
    const jobBar = main.getByRole('progressbar', { name: /^Import job / });
    await expect.poll(() => jobBar.count()).toBeGreaterThan(0);
    await expect.poll(() => jobBar.first().getAttribute('aria-valuemax')).toBe(String(ROWS));
    await expect.poll(() => jobBar.first().getAttribute('aria-valuenow')).toBe(String(ROWS));
    expect(text(await jobBar.first().locator('..').textContent())).toContain(
      `${ROWS} processed · 0 failed`,
    );
    await page.waitForFunction(`[...document.querySelectorAll('[role=progressbar]')].every(
      (bar) => bar.getAttribute('aria-valuemax') !== null &&
        bar.getAttribute('aria-valuenow') === bar.getAttribute('aria-valuemax'))`);
    expect(text(await page.getByText('Sync finished.').locator('..').textContent())).toContain(
      `${ROWS} accepted, 0 failed`,
    );
    await expect
      .poll(() => main.getByRole('row').filter({ hasText: 'accepted' }).count())
      .toBe(ROWS);
    await look('sync-after');

    // Export results: the sheet that came in, one row per payment with its outcome.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export results' }).click();
    const saved = join(folder, 'results.xlsx');
    await (await download).saveAs(saved);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const state = header.indexOf('Payout Desk state');
    expect(state).toBeGreaterThan(0);
    const payments = Array.from({ length: sheet.actualRowCount - 1 }, (_, n) =>
      sheet.getRow(n + 2),
    );
    expect(payments.map((r) => r.getCell(1).text)).toEqual(lines.map((line) => line.split(',')[0]));
    expect(new Set(payments.map((r) => r.getCell(state).text))).toEqual(new Set(['accepted']));

    // The Batches screen tells the same story: every payment accepted, none failed.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Batches' })
      .click();
    const listed = page.getByRole('row').filter({ hasText: 'June payroll' });
    await listed.getByText('Synced', { exact: true }).waitFor();
    // Its wallet by the name the service gives it, not by its id alone.
    await listed.getByText('UK Payroll (GBP)').waitFor();
    await look('batches-synced');
    // The whole job, every screen and request, with nothing wrong on the page's console.
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
