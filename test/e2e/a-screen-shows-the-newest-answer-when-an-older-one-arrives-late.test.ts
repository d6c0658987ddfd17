// A screen asks the desk again whenever the outbox changes, and each answer comes over its own
// request: on a busy machine an older answer can arrive after a newer one. The Batches screen
// shows the newest, never the older one that came last (the Sync screen's results were seen
// "sending" after the sync had stopped so, on a loaded CI machine).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER, payrollLine } from '../support/payroll-csv';
import { deskCall, lateDeskAnswers } from './support/app-calls';
import { launchChromium, newAppPage } from './support/chromium';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  page = await newAppPage(browser);
  page.setDefaultTimeout(10_000);
  await page.goto(app.url);
  await page.getByRole('heading', { name: 'Batches' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const desk = <T>(method: string, input: unknown) => deskCall<T>(page, method, input);

describe('a screen asked twice', () => {
  it('shows the newest answer when the older one arrives after it', async () => {
    const csv = [PAYROLL_HEADER, payrollLine(0), payrollLine(1)].join('\r\n');
    const file = await page.evaluate(async (body) => {
      const response = await fetch('/desk/upload?name=payroll.csv', { method: 'POST', body });
      return ((await response.json()) as { value: { path: string } }).value.path;
    }, csv);
    const { batch_id } = await desk<{ batch_id: string }>('importSheet', {
      file,
      batch_name: 'March payroll',
    });
    const batches = page.getByRole('table');
    await batches.getByText('March payroll').waitFor();

    // Renamed twice: the screen asks twice, and the desk answers each with the name then.
    const late = await lateDeskAnswers(page, 'listBatches');
    await desk('renameBatch', { batch: batch_id, name: 'March payroll (draft)' });
    await expect.poll(() => late.held()).toBe(1);
    await desk('renameBatch', { batch: batch_id, name: 'March payroll (final)' });
    await expect.poll(() => late.held()).toBe(2);
    await late.stop();

    // The newer answer first, then the older one.
    await late.deliver(1);
    await batches.getByText('March payroll (final)').waitFor();
    const arrived = page.waitForResponse((response) => response.url().endsWith('/listBatches'));
    await late.deliver(0);
    await arrived;
    // Two frames: the page has read the older answer and drawn whatever it made of it.
    await page.evaluate(
      'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
    );
    expect(await batches.getByText('March payroll (draft)').count()).toBe(0);
    expect(await batches.getByText('March payroll (final)').count()).toBe(1);
  });
});
