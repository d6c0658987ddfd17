// The Sync screen end to end, on the real host and the Local sandbox in Chromium: a batch made
// through the host's API (one payee the rules and the service find wrong, one payment too small
// to cover the service's fee), Validate (only the payee's errors listed), Sync now with its
// confirmation (closed by keyboard, the focus back on Sync now; with nothing to send, saying so
// and nothing of approval), the stages and import jobs as they happen (still there after leaving
// the screen and coming back), per-item results with the service's refusal at its row, Retry
// failed, Approve at service, and Export results downloaded and read back.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER } from '../support/payroll-csv';
import { cellOf, COLUMN } from './support/batch-editor';
import { launchChromium, newAppContext, screenshot } from './support/chromium';
import { VISIBLE, focusSeen } from './support/focus';
import { startWebApp, type WebApp } from './support/web-app';
import {
  approveAtService,
  connectivity,
  deskCall,
  OFFLINE_SINCE_LAST_CONTACT,
  cancelBeforeItStarts,
  sandboxAdmin as adminOf,
  lookedAt as lookedAtPage,
} from './support/app-calls';

let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let sandbox: Awaited<ReturnType<typeof sandboxAdmin>>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  context = await newAppContext(browser);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const ROWS = 30;
/** The payment the sandbox refuses: a SEND of 0.10 GBP does not cover its 0.20 fee. */
const TOO_SMALL = 4;

/** Payroll row n: amounts in pence, so that the expected total is exact integer arithmetic. */
function payee(n: number): { line: string; pence: number } {
  const pence = n === TOO_SMALL ? 10 : 10_000 + n * 137;
  const amount = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
  return {
    line: `Payee ${n} Smith,601613,${20_000_000 + n},${amount},GBP,2030-01-31,Salary ${n}`,
    pence,
  };
}

const rows = Array.from({ length: ROWS }, (_, n) => payee(n));
/**
 * A UK account number of 2 digits: the rules and the service both refuse it. Its date could be
 * 3 April or 4 March, an error of the payment's that is no verdict on the payee.
 */
const BAD_LINE = 'Wrong Account,601613,12,55.00,GBP,03/04/2030,Bad';
const BAD_ROW = ROWS + 2;
const csv = [PAYROLL_HEADER, ...rows.map((row) => row.line), BAD_LINE].join('\r\n') + '\r\n';
const totalPence = rows.reduce((sum, row) => sum + row.pence, 0);
const pounds = (pence: number) =>
  `${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;

const desk = <T>(method: string, input: unknown) => deskCall<T>(page, method, input);

const sandboxAdmin = () => adminOf(page, app.dataDir);

const lookedAt = (name: string) => lookedAtPage(page, name);

describe('the Sync screen', () => {
  it('validates, syncs after a confirmation, shows the progress and the results, retries and exports', async () => {
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Batches' }).waitFor();

    // A batch without a group, made through the host as the import wizard would.
    const file = await page.evaluate(async (body) => {
      const response = await fetch('/desk/upload?name=p.csv', { method: 'POST', body });
      return ((await response.json()) as { value: { path: string } }).value.path;
    }, csv);
    // Online, an import pays from the first open group: the seeded payroll group.
    const imported = await desk<{
      batch_id: string;
      drafts: number;
      group: { name: string; wallet_currency: string } | null;
    }>('importSheet', { file, batch_name: 'June payroll' });
    expect(imported.drafts).toBe(ROWS + 1);
    const group = imported.group!;
    expect(group.wallet_currency).toBe('GBP');
    const approved = await desk<{ approved: number }>('approve', {
      batch: imported.batch_id,
      selection: { filter: {} },
    });
    expect(approved.approved).toBe(ROWS); // the wrong payee waits to be fixed

    // Sync without a batch lists them; the batch leads to its screen.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sync', exact: true }).click();
    await page.getByRole('heading', { name: 'Sync', exact: true }).waitFor();
    await lookedAt('sync-picker');
    await page.getByRole('link', { name: 'June payroll' }).click();
    await page.getByRole('heading', { name: 'Sync: June payroll' }).waitFor();

    await page.getByText(group.name).waitFor();
    await lookedAt('sync-before');

    // Validate, stopped (the call held, so that the stop reaches the desk first): none checked.
    await cancelBeforeItStarts(page, 'validateBeneficiaries', {
      start: () => page.getByRole('button', { name: 'Validate', exact: true }).click(),
      cancel: () => page.getByRole('button', { name: 'Stop validating' }).click(),
    });
    await page.getByText('Stopped: 0 new beneficiaries checked').waitFor();

    // Validate: every new payee checked at the service, the wrong one at its row and field.
    // By keyboard: the button is disabled while it runs, and has the focus back when done.
    await page.getByRole('button', { name: 'Validate', exact: true }).focus();
    await page.keyboard.press('Enter');
    const validated = page.getByText(`${ROWS + 1} new beneficiaries checked`);
    await validated.waitFor();
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Validate', ...VISIBLE });
    await expect(validated.textContent()).resolves.toContain(`${ROWS} valid, 1 invalid`);
    const wrong = page.getByRole('row', { name: new RegExp(`Row ${BAD_ROW}\\b`) });
    await expect(wrong.textContent()).resolves.toMatch(/Account number\s*\(C\d+\).*8 digits/);
    // It leads to the draft's own row in the editor, not to the top of the batch.
    await expect(wrong.getByRole('link').getAttribute('href')).resolves.toMatch(
      new RegExp(`^#/batches/${imported.batch_id}/drafts/[0-9a-f-]{36}$`),
    );
    // Only the payee's errors: the payment's date is fixed in the editor, not at the service.
    const found = page.getByRole('table', { name: 'Beneficiaries the service found wrong' });
    expect(await found.locator('tbody tr').count()).toBe(1);
    await lookedAt('sync-validated');

    // Sync now asks first, with the summary; Escape sends nothing, and so does Cancel. By
    // keyboard, the focus is back on Sync now each time.
    const syncNow = page.getByRole('button', { name: 'Sync now', exact: true });
    // Approved payments to send: Sync now is the screen's main action.
    expect(await syncNow.getAttribute('class')).toMatch(/\bprimary\b/);
    await syncNow.focus();
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Sync now', ...VISIBLE });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => focusSeen(page)).toMatchObject({ name: 'Cancel' });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Sync now', ...VISIBLE });
    await page.getByText('Nothing sent yet.').waitFor();

    await syncNow.click();
    dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const summary = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(summary).toContain(`Sync “June payroll” to Local sandbox?`);
    expect(summary).toContain(`GBP ${pounds(totalPence)}`); // the total, and the wallet's debit
    expect(summary.split(`GBP ${pounds(totalPence)}`).length - 1).toBe(2);
    expect(summary).toMatch(/Last known balance.*GBP [\d,]+\.\d{2} as of (now|\d+ seconds? ago)/);
    expect(summary).toContain('UK Payroll (GBP)'); // the wallet debited, by its name
    expect(summary).toContain('for approval');
    expect(summary).toContain('1 draft is not approved and stays behind');
    // Every figure in view: none pushed out sideways, behind a scroll the keyboard cannot reach.
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    // Focus starts on Cancel, ringed though the dialog was opened with the mouse, and stays
    // inside the dialog.
    expect(await focusSeen(page)).toMatchObject({ name: 'Cancel', ...VISIBLE });
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus').count()).resolves.toBe(1);
    await lookedAt('sync-confirm');
    // At 200% zoom (a window half the size) the confirmation is taller than the window and
    // scrolls within itself; its answer stays in view at its foot, not below the fold.
    await page.setViewportSize({ width: 720, height: 450 });
    expect(await dialog.evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
    const send = await dialog.getByRole('button', { name: `Send ${ROWS} payments` }).boundingBox();
    expect(send && send.y >= 0 && send.y + send.height <= 450).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The service slowed a little, so that the sync is seen as it goes.
    sandbox = await sandboxAdmin();
    await sandbox.faults({ latency_ms: 60 });
    await dialog.getByRole('button', { name: `Send ${ROWS} payments` }).click();
    await page.getByRole('heading', { name: 'Syncing' }).waitFor();
    // Caught while it validates and creates the payees, one request each.
    await page
      .locator('[aria-current="step"]', { hasText: 'Validating and creating new beneficiaries' })
      .waitFor();
    // Said to a screen reader too, as the stage starts.
    await page
      .getByRole('status')
      .filter({ hasText: 'Validating and creating new beneficiaries…' })
      .waitFor({ state: 'attached' });
    await lookedAt('sync-during');

    // The rest of the app stays usable, and coming back shows the same sync.
    await nav.getByRole('link', { name: 'Batches', exact: true }).click();
    await page.getByRole('heading', { name: 'Batches', exact: true }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Sync: June payroll' }).waitFor();
    await page.getByText('Checking the batch and its group').waitFor();

    // One payment failed: the outcome says so first, marked as a warning, not a success.
    const finished = page.getByText('Sync finished, with 1 failed: see why below.');
    await finished.waitFor({ timeout: 20_000 });
    expect(await finished.locator('..').getAttribute('data-failed')).toBe('true');
    // Nothing approved is left to send: Sync now is no longer the screen's main action.
    await expect.poll(() => syncNow.getAttribute('class')).not.toMatch(/\bprimary\b/);
    await sandbox.faults({});
    const main = page.getByRole('main');
    await expect(main.getByRole('progressbar').count()).resolves.toBeGreaterThan(0);
    // Every bar of the screen (each import job) at its maximum; read in the page, as a string
    // because this file is compiled for Node.
    await page.waitForFunction(`[...document.querySelectorAll('main [role=progressbar]')].every(
      (bar) => bar.getAttribute('aria-valuemax') !== null &&
        bar.getAttribute('aria-valuenow') === bar.getAttribute('aria-valuemax'))`);
    const outcome = ((await finished.locator('..').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(outcome).toContain(`${ROWS - 1} accepted, 1 failed`);
    // The draft left behind is the one whose payee the service found wrong: said so.
    expect(outcome).toContain('1 not approved, 1 of them with errors to fix.');

    // Per-item results: each accepted payment awaits its approver at the service, said so.
    const payee0 = page.getByRole('row').filter({ hasText: 'Payee 0 Smith' });
    await expect
      .poll(() => payee0.locator('td').nth(4).textContent())
      .toBe('Pending, awaiting approval');
    // The refused payment at its row with the service's words.
    const failedRow = page.getByRole('row').filter({ hasText: '✕ failed' });
    // The results table is read once the sync has finished: waited for, then counted.
    await page.getByText(`Rows 1–${ROWS} of ${ROWS}`).waitFor();
    await expect(failedRow.count()).resolves.toBe(1);
    await expect(failedRow.locator('td').first().textContent()).resolves.toBe(
      String(TOO_SMALL + 2),
    );
    // In words: the field as a person names it, not the request's paths.
    await expect(failedRow.locator('td').last().textContent()).resolves.toBe(
      'Amount does not cover the fee of 0.20 GBP',
    );
    await expect(page.getByText(`Rows 1–${ROWS} of ${ROWS}`).count()).resolves.toBe(1);
    await failedRow.scrollIntoViewIfNeeded();
    await lookedAt('sync-after');
    // At 200% zoom (a window half the size) the table fits the screen, the service's error in
    // view: it ran 731px wide in a 640px main area, the error off its right edge.
    const full = page.viewportSize()!;
    await page.setViewportSize({ width: full.width / 2, height: full.height / 2 });
    const fits = async () => {
      const [table, main] = [
        await failedRow.locator('xpath=ancestor::table').boundingBox(),
        await page.locator('main').boundingBox(),
      ];
      return table!.x + table!.width <= main!.x + main!.width + 1;
    };
    await expect.poll(fits).toBe(true);
    await failedRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'sync-after-failed-row-at-200-percent');
    await page.setViewportSize(full);

    // Retry failed puts it back in line for the next sync.
    await page.getByRole('button', { name: 'Retry failed' }).click();
    // Sent unchanged, a refusal for what it holds would come again: said, with what to do.
    await page.getByText('1 failed payment approved again: Sync now sends it unchanged').waitFor();
    // Retry failed is off with none failed left: Sync now, which sends it, has the focus.
    await expect.poll(() => focusSeen(page)).toMatchObject({ tag: 'button', name: 'Sync now' });
    // The results reload when the outbox says so, a moment after the answer.
    await expect.poll(() => page.getByRole('row').filter({ hasText: '✕ failed' }).count()).toBe(0);
    // Narrowed to the failed ones, none is left: said so, not "Nothing sent yet".
    await page.getByLabel('Show').selectOption('failed');
    await page.getByText('No payment failed.').waitFor();
    await lookedAt('sync-retried');
    await page.getByLabel('Show').selectOption('sent');
    await page.getByText(`Rows 1–${ROWS - 1} of ${ROWS - 1}`).waitFor();

    // The payments went for approval: they are approved at the service from here. Stopped first
    // (the call held, so that the stop reaches the desk before it), it approves none and says so.
    await cancelBeforeItStarts(page, 'approveAtService', {
      start: async () => void (await approveAtService(page)),
      cancel: () => page.getByRole('button', { name: 'Stop approving' }).click(),
    });
    await page.getByText('Stopped: 0 approved at the service.').waitFor();
    // Asked first, with what it releases: how many, their sum and the wallet they are paid from.
    await page.getByRole('button', { name: 'Approve at service' }).click();
    await lookedAt('sync-approve-at-service');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    const asked = await approveAtService(page);
    expect(asked).toContain(`Approve ${ROWS - 1} payments at the service?`);
    expect(asked).toMatch(new RegExp(`GBP [\\d,]+\\.\\d{2}, ${ROWS - 1} payments`));
    await page.getByText(`${ROWS - 1} approved at the service`).waitFor();
    // The service says PENDING before and after: the status says which it is now.
    await expect.poll(() => payee0.locator('td').nth(4).textContent()).toBe('Pending, approved');
    // Approved there and dated later, they are not debited yet: the funding need of the payment
    // still to send counts them first, against the balance.
    const funding = page.getByRole('region', { name: 'Funding need' });
    await expect
      .poll(async () => ((await funding.textContent()) ?? '').replace(/\s+/g, ' '))
      .toMatch(
        /Held at the service: GBP [\d,]+\.\d{2} for payments pending there, not yet debited \(as of (now|\d+ seconds? ago)\), paid from the balance first\..*The balance covers it, after what the service holds\./,
      );
    await lookedAt('sync-funding-need-held-at-service');

    // An export cancelled writes nothing, and says so.
    await cancelBeforeItStarts(page, 'exportResults', {
      start: () => page.getByRole('button', { name: 'Export results' }).click(),
      cancel: () => page.getByRole('button', { name: 'Cancel export' }).click(),
    });
    await page.getByText('Export cancelled: no file was written.').waitFor();

    // Export results: the sheet that came in, with each payment's outcome on its row.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export results' }).click();
    const saved = join(app.dataDir, 'sync-results.xlsx');
    const file_ = await download;
    expect(file_.suggestedFilename()).toBe('June payroll results.xlsx');
    await file_.saveAs(saved);
    // Counted as the CLI counts them: the payment rows, the sheet's others beside them.
    await page
      .getByRole('status')
      .filter({
        hasText: `Exported ${ROWS + 1} payment rows, the sheet's other rows where they were, to `,
      })
      .waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const stateColumn = header.indexOf('Payout Desk state');
    const statusColumn = header.indexOf('Service status at sync');
    expect(stateColumn).toBeGreaterThan(0);
    const first = sheet.getRow(2);
    expect(first.getCell(1).text).toBe('Payee 0 Smith');
    expect(first.getCell(stateColumn).text).toBe('accepted');
    expect(first.getCell(statusColumn).text).toBe('PENDING');
    expect(sheet.getRow(TOO_SMALL + 2).getCell(stateColumn).text).toBe('approved');
    expect(sheet.getRow(BAD_ROW).getCell(stateColumn).text).toBe('draft');

    // The Batches screen says the batch is not all sent: the payment retried is still to send,
    // and the row with an error was never approved.
    await page.goto(new URL('/#/batches', app.origin).href);
    const listed = page.getByRole('row').filter({ hasText: 'June payroll' });
    await listed.getByText('Partly synced: 2 not sent').waitFor();
    await lookedAt('batches-partly-synced');

    // Its editor offers no deletion it would refuse once asked: the dialog says why at once,
    // with nothing to confirm.
    await page.goto(new URL(`/#/batches/${imported.batch_id}`, app.origin).href);
    await page.getByRole('button', { name: 'Delete batch…' }).click();
    const refused = page.getByRole('alertdialog', { name: 'Delete batch' });
    await refused
      .getByText('June payroll has payments sent to the service, so it cannot be deleted')
      .waitFor();
    expect(await refused.getByRole('button').allInnerTexts()).toEqual(['Close']);
    await lookedAt('editor-delete-sent-batch');
    await refused.getByRole('button', { name: 'Close' }).click();
    await refused.waitFor({ state: 'detached' });
    // A sent row's cell opens no editor to type into and refuse on Enter: F2 says why at once.
    await cellOf(page, 2, COLUMN.amount).click();
    await page.keyboard.press('F2');
    await page
      .getByText('Row 2 was sent to the service (accepted) and can no longer change')
      .waitFor();
    expect(await page.getByRole('grid').getByRole('textbox').count()).toBe(0);

    // Its payee, on the Beneficiaries screen: the form's fields cannot change, and look it
    // (they were white with dark text beside the words saying they can no longer change).
    await page.goto(new URL('/#/beneficiaries', app.origin).href);
    await page.getByLabel('Search payees').fill('Payee 0 Smith');
    await page.getByRole('button', { name: 'Payee 0 Smith', exact: true }).click();
    await page.getByRole('heading', { name: 'Payee 0 Smith', level: 2 }).waitFor();
    const locked = page.getByRole('textbox', { name: 'Account number', exact: true });
    expect(await locked.isDisabled()).toBe(true);
    // (The tests' TypeScript has no DOM: the page's getComputedStyle, typed here.)
    const fillOf = (node: unknown) =>
      (
        globalThis as unknown as {
          getComputedStyle(of: unknown): { backgroundColor: string };
        }
      ).getComputedStyle(node).backgroundColor;
    const fill = await locked.evaluate(fillOf);
    const around = await page.locator('main').evaluate(fillOf);
    expect(fill).not.toBe(around);
    await lookedAt('beneficiaries-payee-locked-once-sent');
  }, 60_000);

  it('stops a sync between chunks when cancelled, and says plainly when the service cannot be reached', async () => {
    const lines = Array.from(
      { length: 10 },
      (_, n) =>
        `Contractor ${n},601613,${30_000_000 + n},${250 + n}.00,GBP,2030-02-28,Invoice ${n}`,
    );
    const file = await page.evaluate(
      async (body) => {
        const response = await fetch('/desk/upload?name=c.csv', { method: 'POST', body });
        return ((await response.json()) as { value: { path: string } }).value.path;
      },
      [PAYROLL_HEADER, ...lines].join('\r\n'),
    );
    const { batch_id } = await desk<{ batch_id: string }>('importSheet', {
      file,
      batch_name: 'Contractors',
    });
    await page.goto(new URL(`/#/sync/${batch_id}`, app.origin).href);
    await page.getByRole('heading', { name: 'Sync: Contractors' }).waitFor();

    // Nothing approved yet: the confirmation says so, in sentences, and nothing of how payments
    // would go (this batch's go for approval).
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    const nothing = page.getByRole('alertdialog');
    await nothing.getByText('No approved payment is waiting to be sent.').waitFor();
    const said = ((await nothing.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(said).not.toMatch(/go approved|go for approval|The payments go/);
    await nothing
      .getByRole('listitem')
      .filter({ hasText: 'No draft is approved to send: approve the drafts that are ready.' })
      .waitFor();
    // Its action says there is nothing to do, rather than offer to settle what was never sent.
    expect(await nothing.getByRole('button', { name: 'Nothing to send' }).isDisabled()).toBe(true);
    await lookedAt('sync-confirm-nothing-to-send');
    await page.keyboard.press('Escape');
    await nothing.waitFor({ state: 'detached' });

    await desk('approve', { batch: batch_id, selection: { filter: {} } });

    // Each payee is created with a request of its own before any payment goes: slowed, the
    // cancel arrives while they are made, and the sync stops before the first chunk.
    await sandbox.faults({ latency_ms: 150 });
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send 10 payments' }).click();
    await page.getByRole('button', { name: 'Cancel sync' }).click();
    // "Cancelling" shows until the sync reaches its next safe point; on a loaded machine that
    // can come before the page is looked at again, so either word answers the click.
    const cancelled = page.getByText('Sync cancelled between chunks');
    await page
      .getByText('Cancelling: the sync stops between chunks')
      .or(cancelled)
      .first()
      .waitFor();
    await cancelled.waitFor();
    await expect(cancelled.locator('..').textContent()).resolves.toMatch(/10\s+still to send/);
    await page.getByText('Nothing sent yet.').waitFor();
    await page.getByText('(stopped here)').waitFor();

    // A page reloaded while its sync runs (the page asks first): the sync goes on in the host,
    // and the page shows it running, with a Cancel that stops it.
    await sandbox.faults({ latency_ms: 400 });
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send 10 payments' }).click();
    await page.getByRole('button', { name: 'Cancel sync' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const runningBefore = page.getByText('A sync of this batch is running, started before');
    await runningBefore.waitFor();
    await page.getByRole('button', { name: 'Cancel sync' }).click();
    await runningBefore.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('Nothing sent yet.').waitFor();
    expect(
      (await desk<{ last_sync: { state: string } }>('getBatch', { batch: batch_id })).last_sync
        .state,
    ).toBe('cancelled');

    // Offline once confirmed: the sandbox stopped for real, its port refusing connections.
    await sandbox.faults({});
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    const send = page.getByRole('alertdialog').getByRole('button', { name: 'Send 10 payments' });
    await send.waitFor();
    await sandbox.stop();
    await send.click();
    await page
      .getByText('The service could not be reached; nothing was lost, sync again when online.')
      .waitFor({ timeout: 25_000 });
    await page.getByText('Nothing sent yet.').waitFor();
    await expect
      .poll(() => connectivity(page), { timeout: 25_000 })
      .toMatch(OFFLINE_SINCE_LAST_CONTACT);
    await lookedAt('sync-offline');
  }, 45_000);
});
