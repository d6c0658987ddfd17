// The Wallets screen end to end, on the real host and the Local sandbox in Chromium: a batch
// synced approved through the host's API and executed by moving the sandbox clock, then the
// wallets, a wallet's details, its statement over ranges with its chart, a DEBIT line followed
// to its draft (its row scrolled to and focused), the export read back with exceljs, and, with
// the sandbox stopped, the last copies shown with their age.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EXECUTION_TIME } from '../../shared/domain/calendar-day';
import { amountFromNumber, formatAmount, parseAmount } from '../../shared/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER } from '../support/payroll-csv';
import { launchChromium, SCREENSHOTS, newAppContext, screenshot } from './support/chromium';
import { startWebApp, type WebApp } from './support/web-app';
import {
  connectivity,
  deskCall,
  OFFLINE_SINCE_LAST_CONTACT,
  sandboxAdmin as adminOf,
  lookedAt as lookedAtPage,
} from './support/app-calls';

let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

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

/** Today in the browser's calendar: a payment dated today goes out at once. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Rows before the payees', left unsent: a link to a payee's draft must scroll the grid to it. */
const FILLERS = 40;

const PAYEES = [
  { name: 'Ada Wallet', account: '41000001', amount: '120.50' },
  { name: 'Ben Wallet', account: '41000002', amount: '75.25' },
  { name: 'Cy Wallet', account: '41000003', amount: '310.00' },
];

const desk = <T>(method: string, input: unknown) => deskCall<T>(page, method, input);

/** A CSV's lines uploaded through the host and imported as a batch of that name, as the page would. */
async function importLines(name: string, lines: string[]): Promise<{ batch_id: string }> {
  const file = await page.evaluate(async (body) => {
    const response = await fetch('/desk/upload?name=sheet.csv', { method: 'POST', body });
    return ((await response.json()) as { value: { path: string } }).value.path;
  }, lines.join('\r\n'));
  return desk<{ batch_id: string }>('importSheet', { file, batch_name: name });
}

const sandboxAdmin = () => adminOf(page, app.dataDir);

/** The statement table's body rows, as text. */
const bodyRows = () =>
  page
    .getByRole('table', { name: 'Statement items' })
    .locator('tbody tr')
    .allTextContents()
    .then((rows) => rows.map((row) => row.replace(/\s+/g, ' ')));

const lookedAt = (name: string) => lookedAtPage(page, name);

/**
 * The balance chart's date labels that touch the next one, at the page's width as it is and at
 * half of it (what 200% zoom leaves); also how many labels there were.
 */
async function overlappingDateLabels(): Promise<{ labels: number; overlapping: string[] }[]> {
  const labels = page.locator('.balance-chart .lc-axis.placement-bottom .lc-axis-tick-label');
  const measure = async () => {
    const found = await labels.evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', left: box.left, right: box.right };
      }),
    );
    found.sort((a, b) => a.left - b.left);
    const overlapping = found
      .slice(1)
      .filter((label, n) => label.left < found[n]!.right)
      .map((label, n) => `${found[n]!.text} / ${label.text}`);
    return { labels: found.length, overlapping };
  };
  const viewport = page.viewportSize()!;
  const wide = await measure();
  await page.setViewportSize({ width: viewport.width / 2, height: viewport.height / 2 });
  await page.waitForTimeout(300); // the chart measures its new width
  const narrow = await measure();
  await page.locator('.balance-chart .plot').screenshot({
    path: join(SCREENSHOTS, `wallets-chart-half-width-${narrow.labels}-labels.png`),
  });
  await page.setViewportSize(viewport);
  await page.waitForTimeout(300);
  return [wide, narrow];
}

describe('the Wallets screen', () => {
  it('lists the wallets; shows a wallet, its funding need and its statement over ranges, charted, paged, narrowed, linked to drafts, reconciled, exported, and offline', async () => {
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Batches' }).waitFor();

    // A batch synced approved, its payments dated today: the sandbox executes them.
    const imported = await importLines('Wallet payroll', [
      PAYROLL_HEADER,
      ...Array.from(
        { length: FILLERS },
        (_, n) => `Filler ${n + 1},601613,${43_000_000 + n},1.00,GBP,${today()},Not sent`,
      ),
      ...PAYEES.map((p) => `${p.name},601613,${p.account},${p.amount},GBP,${today()},Wallet test`),
    ]);
    await desk('setServiceApproval', { batch: imported.batch_id, service_approval: 'approved' });
    await desk('approve', {
      batch: imported.batch_id,
      selection: { filter: { text: 'Wallet test' } },
    });
    const synced = await desk<{ state: string }>('sync', { batch: imported.batch_id });
    expect(synced.state).toBe('done');
    // One that the sandbox fails at execution (for the word in its description): its group
    // counts it failed, which no statement shows.
    const failing = await importLines('Failing payroll', [
      PAYROLL_HEADER,
      `Fay Failing,601613,45000001,3.00,GBP,${today()},SANDBOX_FAIL`,
    ]);
    await desk('setServiceApproval', { batch: failing.batch_id, service_approval: 'approved' });
    await desk('approve', { batch: failing.batch_id, selection: { filter: {} } });
    expect((await desk<{ state: string }>('sync', { batch: failing.batch_id })).state).toBe('done');
    // A second batch waits to sync, approved, more than the wallet holds.
    const waiting = await importLines('Waiting payroll', [
      PAYROLL_HEADER,
      'Zed Waiting,601613,42000001,500000.00,GBP,2030-01-31,Bonus',
    ]);
    await desk('approve', {
      batch: waiting.batch_id,
      selection: { filter: {} },
      include_warnings: true,
    });
    const sandbox = await sandboxAdmin();
    // Payees become active, then their payments are debited from the wallet, once their day's
    // execution time has come (EXECUTION_TIME, 09:00 UTC): before it, the clock goes there.
    const untilExecution = Math.max(0, Date.parse(`${today()}${EXECUTION_TIME}`) - Date.now());
    await sandbox.advance(30);
    await sandbox.advance(90 + Math.ceil(untilExecution / 1000));

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Wallets', exact: true }).click();
    await page.getByRole('heading', { name: 'Wallets', exact: true }).waitFor();
    const payroll = page.getByRole('link', { name: 'UK Payroll' });
    await payroll.waitFor();
    await lookedAt('wallets-list');

    await payroll.click();
    const walletId = decodeURIComponent(page.url().split('#/wallets/')[1] ?? '');
    expect(walletId).not.toBe('');
    await page.getByRole('heading', { name: /UK Payroll/ }).waitFor();
    await page.getByText('IBAN').waitFor();
    // The funding need: the waiting batch's debit, and what the balance lacks.
    const funding = page.getByRole('region', { name: 'Funding need' });
    await funding.getByText('Waiting payroll').waitFor();
    const fundingText = ((await funding.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(fundingText).toContain('Waiting to sync: GBP 500,000.00 from 1 batch');
    // What the balance lacks, worked out from the wallet's balance as the service gives it (the
    // sandbox's seeded statement depends on the day the test runs).
    const { wallet } = await desk<{ wallet: { balance: number } }>('getWallet', {
      wallet_id: walletId,
    });
    const missing = parseAmount('500000') ?? 0n;
    const lacking = formatAmount(missing - amountFromNumber(wallet.balance), 2);
    const [whole = '', cents = ''] = lacking.split('.');
    const shown = `${Number(whole).toLocaleString('en-GB')}.${cents}`;
    expect(fundingText).toContain(`Missing GBP ${shown}: the balance (as of`);
    // On the Sync screen of the batch synced already, what the wallet lacks is the waiting
    // batch's: said as theirs, not as an alarm about this one.
    await page.goto(new URL(`/#/sync/${imported.batch_id}`, app.origin).href);
    await page.getByRole('heading', { name: 'Sync: Wallet payroll' }).waitFor();
    const syncFunding = page.getByRole('region', { name: 'Funding need' });
    await syncFunding.getByText('This batch has nothing waiting to sync').waitFor();
    const shortText = ((await syncFunding.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(shortText).toContain(`is GBP ${shown} short of what the batches above will debit`);
    expect(shortText).not.toContain('Missing');
    await lookedAt('sync-funding-need-of-other-batches');

    // What waits is covered, but a payment in another currency is not estimated: no promise
    // that the balance covers it, only what it covers.
    await desk('unapprove', { batch: waiting.batch_id, selection: { filter: {} } });
    /**
     * These payroll lines imported and approved as a batch of their own (a euro payment to a UK
     * account is warned of: acknowledged), its Sync screen opened: its funding need's words.
     */
    const waitingAlone = async (name: string, lines: string[]) => {
      const batch = await importLines(name, [PAYROLL_HEADER, ...lines]);
      await desk('approve', {
        batch: batch.batch_id,
        selection: { filter: {} },
        include_warnings: true,
      });
      await page.goto(new URL(`/#/sync/${batch.batch_id}`, app.origin).href);
      await page.getByRole('heading', { name: `Sync: ${name}` }).waitFor();
      const funding = page.getByRole('region', { name: 'Funding need' });
      await funding.getByText(name).waitFor();
      return { batch, said: ((await funding.textContent()) ?? '').replace(/\s+/g, ' ') };
    };
    const { batch: mixed, said: mixedText } = await waitingAlone('Mixed payroll', [
      'Amy Mixed,601613,43000001,10.00,GBP,2030-01-31,Fee',
      // An IBAN's account in euros, which the service takes (a UK account's in euros it fails).
      'Bea Mixed,,FR1420041010050500013M02606,20.00,EUR,2030-01-31,Fee',
    ]);
    expect(mixedText).toContain(
      'covers the GBP 10.00 estimated, not the 1 payment in other currencies',
    );
    expect(mixedText).not.toContain('The balance covers it');
    await lookedAt('sync-funding-need-not-estimated');
    // Sent for approval at the service, the same two wait for an approver there: the euro one
    // is counted, not estimated, and the balance is not said to cover it.
    await desk('sync', { batch: mixed.batch_id });
    await page.reload();
    const sent = page.getByRole('region', { name: 'Funding need' });
    await sent.getByText('Awaiting approval at the service').waitFor();
    await expect
      .poll(async () => ((await sent.textContent()) ?? '').replace(/\s+/g, ' '))
      .toContain(
        'Awaiting approval at the service: GBP 10.00, 1 payment sent, and 1 payment in other currencies not estimated, debited once approved there.',
      );
    const sentText = ((await sent.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(sentText).toContain(
      'covers the GBP 10.00 estimated, not the 1 payment in other currencies: check it covers those too before they are approved.',
    );
    expect(sentText).not.toContain('The balance covers them.');
    // What the service holds for them awaits approval, the euro one's too: none of it is said
    // to be held for payments approved there (those paid earlier are debited).
    expect(sentText).not.toContain('Held at the service');
    await lookedAt('sync-funding-need-awaiting-approval-not-estimated');

    // Only a payment in another currency waits: nothing is estimated, and no zero is shown as
    // what it will debit.
    const { batch: euros, said: euroText } = await waitingAlone('Euro only', [
      'Cai Euro,,DE89370400440532013000,30.00,EUR,2030-01-31,Fee',
    ]);
    expect(euroText).toContain(
      'Waiting to sync: 1 payment in other currencies from 1 batch, not estimated in GBP.',
    );
    expect(euroText).toContain('must cover is not known');
    expect(euroText).not.toContain('GBP 0.00');
    await lookedAt('sync-funding-need-none-estimated');
    // So does the confirmation's wallet debit: not estimated, where it said GBP 0.00.
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    const debit = confirm.getByRole('table', { name: 'Wallet debit' }).locator('tbody td').first();
    await expect
      .poll(async () => (await debit.innerText()).replace(/\s+/g, ' '))
      .toBe('Not estimated + 1 in other currencies, priced by the service');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await desk('unapprove', { batch: euros.batch_id, selection: { filter: {} } });
    await desk('approve', {
      batch: waiting.batch_id,
      selection: { filter: {} },
      include_warnings: true,
    });
    await page.goto(new URL(`/#/wallets/${encodeURIComponent(walletId)}`, app.origin).href);
    await page.getByRole('heading', { name: /UK Payroll/ }).waitFor();

    // The default: the service's last 30 days, the period it answered for written out.
    await page.getByText(/^Items 1–\d+$/).waitFor();
    const main = page.getByRole('main');
    await expect(main.getByText(/^From \d+ \w+ \d{4}, \d\d:\d\d to /).count()).resolves.toBe(1);
    // The balance chart is drawn (a line through the page's items), with its table beside; it
    // says it is the page's items, not the whole period's, and its amounts as the table's.
    const chart = page.getByRole('img', {
      name: /^Balance after each of the \d+ items of this page: from GBP [\d,]+\.\d\d on /,
    });
    await chart.waitFor();
    const line = chart.locator('path.line');
    await expect
      .poll(async () => ((await line.getAttribute('d')) ?? '').split(/[LC]/).length)
      .toBeGreaterThan(10);
    await page.getByText('The balance as a table').click();
    await expect(
      page.getByRole('table', { name: 'Balance after each item' }).locator('tbody tr').count(),
    ).resolves.toBe((await bodyRows()).length);
    // The date labels never overlap (a month's end, "31 Oct" beside "1 Nov", once did).
    for (const width of await overlappingDateLabels()) {
      expect(width.labels).toBeGreaterThan(1);
      expect(width.overlapping).toEqual([]);
    }
    await lookedAt('wallets-statement');
    // The items fit the window's width, the links to the rows paid in view: the rate, 1 on every
    // line here, is left out, and the headings wrap over their figures.
    const itemsRegion = page.getByRole('region', { name: 'Statement items' });
    await itemsRegion.scrollIntoViewIfNeeded();
    await screenshot(page, 'wallets-statement-items');
    expect(await itemsRegion.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(
      true,
    );

    // Typed days, six months: paged from the service, 50 at a time.
    const from = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText('Items 1–50', { exact: true }).waitFor();
    for (const width of await overlappingDateLabels()) expect(width.overlapping).toEqual([]);
    const firstPage = await bodyRows();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(/^Items 51–\d+$/).waitFor();
    const secondPage = await bodyRows();
    expect(secondPage[0]).not.toBe(firstPage[0]);
    // Credits only, over the whole six months, not only this page: the period read through,
    // every row shown a credit, and the count the period's own (read here page by page).
    const times = page.locator('p.period time');
    const [start, end] = [
      await times.nth(0).getAttribute('datetime'),
      await times.nth(1).getAttribute('datetime'),
    ];
    const items: { action: string }[] = [];
    for (let skip = 0; ; skip += 500) {
      const answer = await desk<{ statement: { items: { action: string }[] } }>('getStatement', {
        wallet_id: walletId,
        start,
        end,
        skip,
        take: 500,
      });
      items.push(...answer.statement.items);
      if (answer.statement.items.length < 500) break;
    }
    const periodCredits = items.filter((item) => item.action === 'CREDIT').length;
    expect(periodCredits).toBeGreaterThan(0);
    await page.getByLabel('Action').selectOption('CREDIT');
    await page
      .getByText(
        `Matches 1–${Math.min(50, periodCredits)} of ${periodCredits} in the period's ${items.length} lines.`,
      )
      .waitFor();
    const credits = await bodyRows();
    expect(credits).toHaveLength(Math.min(50, periodCredits));
    // The service's code in a word a person reads; the export keeps the code.
    expect(credits.every((row) => row.includes('Credit') && !row.includes('CREDIT'))).toBe(true);
    // Money in shows under In, its Out empty: Out adds up the payouts alone.
    const cellsOfFirst = page.locator('table.statement tbody tr').first().locator('td');
    expect(((await cellsOfFirst.nth(2).textContent()) ?? '').trim()).toBe('');
    expect(await cellsOfFirst.nth(3).textContent()).toMatch(/\d/);
    await lookedAt('wallets-statement-credits');
    // Without the narrowing, back on the page it was on.
    await page.getByLabel('Action').selectOption('all');
    await page.getByText(/^Items 51–\d+$/).waitFor();
    expect(await bodyRows()).toEqual(secondPage);
    // Another period asked while narrowed, then the narrowing taken off: the period's first page
    // is shown and can be paged, not left "Loading…".
    await page.getByLabel('Action').selectOption('CREDIT');
    await page.getByText(/^Matches 1–/).waitFor();
    const earlier = new Date(Date.now() - 181 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(earlier);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect
      .poll(() => times.nth(0).getAttribute('datetime'))
      .toMatch(new RegExp(`^${earlier}`));
    await page.getByLabel('Action').selectOption('all');
    await page.getByText('Items 1–50', { exact: true }).waitFor();
    // The page's count is drawn a frame before the pager learns there is more: polled.
    await expect.poll(() => page.getByRole('button', { name: 'Next page' }).isEnabled()).toBe(true);

    // A period typed from after to is refused, and no line of the one before stays listed
    // under the refusal as if it were this period's.
    const after = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(after);
    await page.getByLabel('To', { exact: true }).fill(earlier);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'swap its dates' }).waitFor();
    expect(await bodyRows()).toEqual([]);
    // Nor is anything said beside it as if the period had been fetched: no count, no age.
    const statementSection = page.getByRole('region', { name: 'Statement' });
    expect(await statementSection.getByText('No items in this period.').count()).toBe(0);
    expect(await statementSection.getByText(/^Fetched /).count()).toBe(0);
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('From', { exact: true }).fill(earlier);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText('Items 1–50', { exact: true }).waitFor();

    // The batch's dates: today's debits, found by their reference.
    await page.getByLabel("A batch's dates").selectOption({ label: 'Wallet payroll' });
    await page.getByLabel('Search').fill('Wallet test');
    await expect.poll(async () => (await bodyRows()).length).toBe(PAYEES.length);
    // The links come from the outbox once the lines are shown.
    await expect
      .poll(async () => (await bodyRows()).filter((row) => row.includes(' of Wallet payroll')))
      .toHaveLength(PAYEES.length);
    const debits = await bodyRows();
    for (const payee of PAYEES) {
      expect(
        debits.some((row) => row.includes(payee.name) && row.includes(`GBP ${payee.amount}`)),
      ).toBe(true);
    }
    // Each DEBIT line names the draft it paid: its row of the sheet and its batch.
    for (const [n, payee] of PAYEES.entries()) {
      const row = debits.find((text) => text.includes(payee.name))!;
      expect(row).toContain(`Row ${FILLERS + n + 2} of Wallet payroll`);
    }
    await lookedAt('wallets-statement-batch');

    // The batch reconciled against the statement: every accepted payment has debited.
    await page.getByRole('combobox', { name: /^Batch/ }).selectOption({ label: 'Wallet payroll' });
    await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
    await page
      .getByText(`Wallet payroll: ${PAYEES.length} accepted, ${PAYEES.length} debited, 0 not yet`)
      .scrollIntoViewIfNeeded();
    await lookedAt('wallets-reconciled');

    // A batch synced for a later day has not debited yet: each payment is listed with whom it
    // pays and how much, leading to its row.
    const later = await importLines('Later payroll', [
      PAYROLL_HEADER,
      'Lou Later,601613,44000001,15.00,GBP,2030-01-31,Later',
    ]);
    await desk('approve', { batch: later.batch_id, selection: { filter: {} } });
    expect((await desk<{ state: string }>('sync', { batch: later.batch_id })).state).toBe('done');
    await page.reload();
    await page.getByRole('heading', { name: /UK Payroll/ }).waitFor();
    await page.getByRole('combobox', { name: /^Batch/ }).selectOption({ label: 'Later payroll' });
    await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
    const notYet = page.getByRole('listitem').filter({ hasText: 'Lou Later' });
    await expect
      .poll(async () => ((await notYet.textContent()) ?? '').replace(/\s+/g, ' ').trim())
      .toBe('Row 2, Lou Later: GBP 15.00');
    await expect(notYet.getByRole('link').getAttribute('href')).resolves.toMatch(
      new RegExp(`^#/batches/${later.batch_id}/drafts/[0-9a-f-]{36}$`),
    );
    // Its group counts the failed payment of "Failing payroll": one of these may be such.
    await page.getByRole('note').filter({ hasText: 'counts 1 failed payment' }).waitFor();
    await notYet.scrollIntoViewIfNeeded();
    await lookedAt('wallets-reconciled-not-yet');

    // Nothing waits to sync, and the wallet still owes what the service holds: a payment synced
    // approved for a later day, more than the balance, is said to be missing where it said "No
    // batch waiting" and nothing more.
    await desk('unapprove', { batch: waiting.batch_id, selection: { filter: {} } });
    const held = await importLines('Held payroll', [
      PAYROLL_HEADER,
      'Hal Held,601613,44000002,500000.00,GBP,2030-01-31,Held',
    ]);
    await desk('setServiceApproval', { batch: held.batch_id, service_approval: 'approved' });
    await desk('approve', { batch: held.batch_id, selection: { filter: {} } });
    expect((await desk<{ state: string }>('sync', { batch: held.batch_id })).state).toBe('done');
    await page.reload();
    await page.getByRole('heading', { name: /UK Payroll/ }).waitFor();
    const heldNeed = page.getByRole('region', { name: 'Funding need' });
    await heldNeed.getByText(/does not cover the payments the service holds/).waitFor();
    const heldText = ((await heldNeed.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(heldText).toContain(
      'No approved payment waiting to sync pays from this wallet: drafts count once approved.',
    );
    expect(heldText).toMatch(
      /Held at the service( besides those)?: GBP 5\d\d,\d{3}\.\d\d for payments pending/,
    );
    expect(heldText).toMatch(/Missing GBP [\d,]+\.\d\d: the balance \(as of/);
    await heldNeed.scrollIntoViewIfNeeded();
    await lookedAt('wallets-funding-need-held-only');

    // Export: the period shown, every page, downloaded and opened back with exceljs.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .xlsx' }).click();
    const xlsx = await download;
    expect(xlsx.suggestedFilename()).toMatch(
      /^UK Payroll statement \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.xlsx$/,
    );
    const saved = join(app.dataDir, 'statement.xlsx');
    await xlsx.saveAs(saved);
    await page
      .getByText(
        /^Exported \d+ rows, the whole period whatever the table's filters, to UK Payroll statement/,
      )
      .waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.getWorksheet('Statement')!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = (name: string) => header.indexOf(name);
    const exported: { description: string; debit: string; action: string }[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      exported.push({
        description: row.getCell(column('Description')).text,
        debit: row.getCell(column('Out')).text,
        action: row.getCell(column('Action')).text,
      });
    });
    const ours = exported.filter((row) => row.description === 'Wallet test');
    expect(ours.map((row) => row.action)).toEqual(PAYEES.map(() => 'DEBIT'));
    expect(ours.map((row) => Number(row.debit)).sort()).toEqual(
      PAYEES.map((p) => Number(p.amount)).sort(),
    );

    // A DEBIT line followed to its draft: the batch editor of the batch that paid it, with the
    // draft's row, far down the list, scrolled into view and focused.
    await page.getByRole('link', { name: `Row ${FILLERS + 3} of Wallet payroll` }).click();
    await page.getByRole('heading', { name: /Wallet payroll/ }).waitFor();
    expect(page.url()).toContain(`#/batches/${imported.batch_id}/drafts/`);
    const grid = page.getByRole('grid', { name: 'Drafts of Wallet payroll' });
    const focusedCell = grid.locator('[role=gridcell]:focus');
    await focusedCell.waitFor();
    const focusedRow = grid.locator('[role=row]:has([role=gridcell]:focus)');
    await expect(focusedRow.getByRole('gridcell').first().textContent()).resolves.toBe(
      String(FILLERS + 3),
    );
    await expect(focusedRow.textContent()).resolves.toContain('Ben Wallet');
    // Scrolled to: the grid is no longer at its top, and the focused cell is inside its box.
    expect(
      await grid.evaluate((element: { scrollTop: number }) => element.scrollTop),
    ).toBeGreaterThan(0);
    const [cellBox, gridBox] = [await focusedCell.boundingBox(), await grid.boundingBox()];
    expect(cellBox!.y).toBeGreaterThanOrEqual(gridBox!.y);
    expect(cellBox!.y + cellBox!.height).toBeLessThanOrEqual(gridBox!.y + gridBox!.height);
    await lookedAt('wallets-debit-followed-to-its-draft');
    // At 200% zoom (a window half the size) the header and toolbars fill the window, and the
    // grid starts below its fold: the page scrolls too, so that the linked row is seen.
    const linked = page.url();
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: viewport.width / 2, height: viewport.height / 2 });
    await page.goto(new URL('/#/batches', app.origin).href);
    await page.getByRole('heading', { name: 'Batches', exact: true }).waitFor();
    await page.goto(linked);
    await focusedCell.waitFor();
    await expect(focusedRow.textContent()).resolves.toContain('Ben Wallet');
    const [seen, screen] = [
      await focusedCell.boundingBox(),
      await page.locator('main').boundingBox(),
    ];
    expect(seen!.y).toBeGreaterThanOrEqual(screen!.y);
    // Within a pixel: scrolling lands on whole pixels, the zoomed boxes on fractions of one.
    expect(seen!.y + seen!.height).toBeLessThanOrEqual(screen!.y + screen!.height + 1);
    await page.setViewportSize(viewport);

    // The service stopped for real (its port refuses connections): the last copies fetched,
    // each with its age, and the status bar offline since the service last answered.
    const stoppedAt = Date.now();
    await sandbox.stop();
    await page.goto(new URL(`/#/wallets/${walletId}`, app.origin).href);
    await page.getByRole('heading', { name: 'Wallets', exact: true }).waitFor();
    await page.getByRole('link', { name: 'UK Payroll' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: /UK Payroll/ }).waitFor({ timeout: 30_000 });
    await page.getByText(/^Items 1–\d+$/).waitFor({ timeout: 30_000 });
    const offline = page
      .getByRole('status')
      .filter({ hasText: 'Offline: showing the copy fetched' });
    // The wallets, the wallet's details and its statement.
    await expect.poll(() => offline.count(), { timeout: 30_000 }).toBe(3);
    for (const text of await offline.allTextContents()) {
      expect(text.replace(/\s+/g, ' ')).toMatch(
        /Offline: showing the copy fetched (now|\d+ (second|minute)s? ago)/,
      );
    }
    // Each copy is one fetched before the stop.
    const fetched = await offline
      .locator('time')
      .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
    expect(fetched.every((at) => at <= stoppedAt)).toBe(true);
    await expect
      .poll(() => connectivity(page), { timeout: 30_000 })
      .toMatch(OFFLINE_SINCE_LAST_CONTACT);
    await expect(
      page.getByRole('table', { name: 'Statement items' }).locator('tbody tr').count(),
    ).resolves.toBeGreaterThan(0);
    await lookedAt('wallets-offline');
  }, 90_000);
});
