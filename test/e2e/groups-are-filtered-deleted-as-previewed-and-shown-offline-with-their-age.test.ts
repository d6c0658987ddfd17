// The Groups screen end to end, on the real host and the Local sandbox in Chromium: the list
// with its figures, a filter, and paging; each kind of deletion (an empty group deleted; a group with
// pending payments this desk sent, listed first, deleted with them, and their drafts updated
// after; a group whose payments were executed, refused); a batch given another group from here;
// and, with the sandbox stopped, the last copy fetched shown with its age.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER, payrollLine } from '../support/payroll-csv';
import { launchChromium } from './support/chromium';
import { VISIBLE, focusSeen } from './support/focus';
import { startWebApp, type WebApp } from './support/web-app';
import {
  connectivity,
  deskCall,
  holdDeskCalls,
  OFFLINE_SINCE_LAST_CONTACT,
  sandboxAdmin as adminOf,
  lookedAt as lookedAtPage,
  type SandboxAdmin,
} from './support/app-calls';

let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let sandbox: SandboxAdmin;

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(app.url);
  await page.getByRole('heading', { name: 'Batches' }).waitFor();
  // The Local sandbox starts on the desk's first call to the service; its admin calls after.
  await desk('listGroups', { query: { take: 1 } });
  sandbox = await sandboxAdmin();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const desk = <T>(method: string, input: unknown) => deskCall<T>(page, method, input);

const sandboxAdmin = () => adminOf(page, app.dataDir);

const lookedAt = (name: string) => lookedAtPage(page, name);

const table = () => page.getByRole('region', { name: 'Payment groups' }).getByRole('table');
const rowOf = (name: string): Locator =>
  table()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
const groupNames = async (): Promise<string[]> =>
  (await table().locator('tbody th .name').allTextContents()).sort();

async function reload(): Promise<void> {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
}

describe('the Groups screen', () => {
  it('lists the groups with their figures, and filters them', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await page.getByRole('heading', { name: 'Groups', exact: true }).waitFor();
    await rowOf('Payroll last month').waitFor();
    expect(await groupNames()).toEqual([
      'Customer refunds',
      'EU suppliers',
      'Payroll last month',
      'Payroll this month',
      'US contractors Q4',
    ]);
    // The seeded refunds: 2 payments awaiting approval, an amount held in euros.
    const refunds = await rowOf('Customer refunds').getByRole('cell').allTextContents();
    expect(refunds).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\s*2 in all\s*2 awaiting approval\s*$/),
        expect.stringMatching(/^EUR\s[\d,]+\.\d{2}$/),
      ]),
    );
    await page.getByText(/^Fetched /).waitFor();
    await lookedAt('groups-list');
    // In a 1280-wide window every column fits, Delete… too: nothing to scroll sideways to.
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = page.getByRole('region', { name: 'Payment groups' });
    await expect
      .poll(() => table.evaluate((box) => box.scrollWidth - box.clientWidth))
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    // A tag filter, typed and applied with Enter: both payroll groups, and nothing else.
    await page.getByLabel('Tags').fill('dept=hr');
    await page.getByLabel('Tags').press('Enter');
    await expect.poll(groupNames).toEqual(['Payroll last month', 'Payroll this month']);
    // With "Locked only" as well, the closed payroll alone.
    await page.getByLabel('Locked', { exact: true }).selectOption('locked');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(groupNames).toEqual(['Payroll last month']);
    await lookedAt('groups-filtered');

    // A tag written without its value is said at its field, and nothing is asked.
    await page.getByLabel('Tags').fill('dept');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('“dept” is not a tag filter').waitFor();
    await expect(page.getByLabel('Tags').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(async () => (await groupNames()).length).toBe(5);
  }, 30_000);

  it('deletes an empty group, and refuses one whose payments were executed', async () => {
    const wallet = (
      await desk<{ items: { wallet: { id: string; currency: string } }[] }>('listGroups', {
        query: { take: 50 },
      })
    ).items.find((group) => group.wallet.currency === 'GBP')!.wallet.id;
    await sandbox.createGroup('Empty spare group', wallet);
    await reload();

    await rowOf('Empty spare group')
      .getByRole('button', { name: 'Delete group Empty spare group' })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('The group holds no payment: it will be deleted, and nothing else.')
      .waitFor();
    await lookedAt('groups-delete-empty-preview');
    // The list comes back only after the dialog closed, as on a busy machine: the focus goes
    // back to the row's Delete button first, and then the row goes.
    const list = await holdDeskCalls(page, 'listGroups');
    await dialog.getByRole('button', { name: 'Delete group' }).click();
    await dialog.getByRole('heading', { name: 'Group “Empty spare group” deleted' }).waitFor();
    await dialog.getByText('The service deleted the group.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).press('Enter');
    await list.asked;
    await expect
      .poll(async () => (await focusSeen(page)).name)
      .toBe('Delete group Empty spare group');
    await list.release();
    await expect.poll(groupNames).not.toContain('Empty spare group');
    // The row whose button had the focus is gone: the screen's heading takes it.
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h1', name: 'Groups', ...VISIBLE });

    // Refused: the service keeps a group with executed payments, and nothing can be confirmed.
    await rowOf('Payroll last month')
      .getByRole('button', { name: 'Delete group Payroll last month' })
      .click();
    await dialog
      .getByText(
        'The group holds 3 payments already executed, so the service keeps it. Nothing will be deleted.',
      )
      .waitFor();
    await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual(['Close']);
    await lookedAt('groups-delete-refused');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await groupNames()).toContain('Payroll last month');
    // Its opener is still there: the focus goes back to it.
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ name: 'Delete group Payroll last month', ...VISIBLE });
  }, 30_000);

  it('deletes a group with the payments it sent, listed first, and keeps their drafts', async () => {
    const wallet = (
      await desk<{ items: { wallet: { id: string; currency: string } }[] }>('listGroups', {
        query: { take: 50 },
      })
    ).items.find((group) => group.wallet.currency === 'GBP')!.wallet.id;
    const groupId = await sandbox.createGroup('Bonus run', wallet);
    const csv = [PAYROLL_HEADER, payrollLine(0), payrollLine(1), payrollLine(2)].join('\r\n');
    const file = await page.evaluate(async (body) => {
      const response = await fetch('/desk/upload?name=bonus.csv', { method: 'POST', body });
      return ((await response.json()) as { value: { path: string } }).value.path;
    }, csv);
    await desk('importSheet', { file, batch_name: 'Bonus', group_id: groupId });
    await desk('approve', { batch: 'Bonus', selection: { filter: {} }, include_warnings: true });
    expect((await desk<{ state: string }>('sync', { batch: 'Bonus' })).state).toBe('done');
    await reload();

    const batches = page.getByRole('region', { name: 'Batches and their groups' });
    const bonus = batches.getByRole('row').filter({ hasText: 'Bonus' });
    await bonus.getByText('Sent: stays in its group').waitFor();

    await rowOf('Bonus run').getByRole('button', { name: 'Delete group Bonus run' }).click();
    const dialog = page.getByRole('alertdialog');
    const listed = dialog.getByRole('table', { name: '3 payments this desk sent, to be removed' });
    await listed.waitFor();
    await expect(listed.getByRole('row').allTextContents()).resolves.toEqual([
      expect.stringContaining('Payee'),
      expect.stringMatching(/Bonus\s*2\s*Payee 0 Smith\s*GBP\s100\.00\s*accepted/),
      expect.stringMatching(/Bonus\s*3\s*Payee 1 Smith\s*GBP\s101\.01\s*accepted/),
      expect.stringMatching(/Bonus\s*4\s*Payee 2 Smith\s*GBP\s102\.02\s*accepted/),
    ]);
    await dialog
      .getByText(/deleted with its 3 pending payments, totalling GBP\s[\d,]+\.\d{2}/)
      .waitFor();
    await lookedAt('groups-delete-clear-preview');

    await dialog.getByRole('button', { name: 'Delete with 3 payments' }).click();
    await dialog
      .getByText('The service deleted the group and removed 3 pending payments.')
      .waitFor();
    const updated = dialog.getByRole('table', {
      name: '3 drafts updated: now failed, kept in the outbox',
    });
    await expect(updated.getByRole('row').allTextContents()).resolves.toEqual([
      expect.stringContaining('Payee'),
      expect.stringMatching(/Payee 0 Smith.*failed/),
      expect.stringMatching(/Payee 1 Smith.*failed/),
      expect.stringMatching(/Payee 2 Smith.*failed/),
    ]);
    await lookedAt('groups-delete-clear-done');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // In the outbox: the three drafts kept, failed with why.
    const batch = await desk<{ counts: { drafts: number; by_state: Record<string, number> } }>(
      'getBatch',
      { batch: 'Bonus' },
    );
    expect(batch.counts.drafts).toBe(3);
    expect(batch.counts.by_state.failed).toBe(3);
    const window = await desk<{ rows: { error: { message: string } }[] }>('draftWindow', {
      batch: 'Bonus',
    });
    expect(window.rows[0]!.error.message).toContain('deleted with its pending payments');

    // The service holds none of them now: the batch takes another group here, to send again.
    await bonus
      .getByLabel('Group for Bonus')
      .selectOption({ label: 'Payroll this month · GBP wallet' });
    await bonus.getByRole('button', { name: 'Use this group' }).click();
    await batches.getByText('Batch “Bonus” now pays from Payroll this month.').waitFor();
    await expect(bonus.getByRole('cell').nth(1).textContent()).resolves.toContain(
      'Payroll this month',
    );
    await batches.scrollIntoViewIfNeeded();
    await lookedAt('groups-batch-moved');

    // In the batch itself (its Sync screen), the group can be changed too, as nothing is held.
    await bonus.getByRole('link', { name: 'Bonus' }).click();
    await page.getByRole('heading', { name: 'Sync: Bonus' }).waitFor();
    await page.getByLabel('Change group').waitFor();
    await lookedAt('groups-batch-change-in-sync');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await rowOf('Payroll this month').waitFor();
  }, 40_000);

  it('pages through the groups, the page size chosen', async () => {
    const wallet = (
      await desk<{ items: { wallet: { id: string; currency: string } }[] }>('listGroups', {
        query: { take: 50 },
      })
    ).items.find((group) => group.wallet.currency === 'USD')!.wallet.id;
    for (let n = 1; n <= 25; n += 1) {
      await sandbox.createGroup(`Paged group ${String(n).padStart(2, '0')}`, wallet);
    }
    const total = (await desk<{ items: unknown[] }>('listGroups', { query: { take: 500 } })).items
      .length;
    expect(total).toBeGreaterThan(25);
    await page.getByLabel('Per page').selectOption('25');
    const pager = page.getByRole('navigation', { name: 'Pages of groups' });
    await pager.getByText('Groups 1–25').waitFor();
    expect(await table().locator('tbody tr').count()).toBe(25);
    // By the keyboard, as a person pages through: on the last page Next page is off, and the
    // focus goes to Previous page, not to the page's top.
    await pager.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await pager.getByText(`Groups 26–${total}`).waitFor();
    expect(await table().locator('tbody tr').count()).toBe(total - 25);
    await expect(pager.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);
    await pager.locator('button:focus', { hasText: 'Previous page' }).waitFor({ timeout: 5_000 });
    await pager.scrollIntoViewIfNeeded();
    await lookedAt('groups-second-page');
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await pager.getByText('Groups 1–25').waitFor();
  }, 30_000);

  it('shows the last copy fetched, with its age, when the service is stopped', async () => {
    // Stopped for real: the sandbox's port refuses connections, as when the service is down.
    const stoppedAt = Date.now();
    await sandbox.stop();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const stale = page.getByText(/^Offline: the groups as last fetched .* ago/);
    await stale.waitFor({ timeout: 25_000 });
    expect(await groupNames()).toContain('Payroll this month');
    // Its age is that of a copy fetched before the stop.
    const fetchedAt = await stale.locator('time').getAttribute('datetime');
    expect(Date.parse(fetchedAt ?? '')).toBeLessThanOrEqual(stoppedAt);
    await expect
      .poll(() => connectivity(page), { timeout: 25_000 })
      .toMatch(OFFLINE_SINCE_LAST_CONTACT);
    // A deletion needs the service: none is offered on the last copy.
    await expect(
      rowOf('Customer refunds')
        .getByRole('button', { name: 'Delete group Customer refunds' })
        .isDisabled(),
    ).resolves.toBe(true);
    await lookedAt('groups-offline');
  }, 40_000);
});
