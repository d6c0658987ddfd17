// Dropping a sheet onto the window, against the real web app: a CSV file dragged over the Batches
// screen marks the window as a place to drop, and dropped there it opens the Import wizard with
// that file uploaded and read by the desk (its name, the sheet and header row found), ready for
// the next step. Before that, on the same first screen, what a keyboard user meets first: a
// link that skips the navigation, and a focused primary button ringed clear of its own fill.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER, payrollLine } from '../support/payroll-csv';
import { launchChromium, newAppPage, screenshot, seriousViolations } from './support/chromium';
import { VISIBLE, focusSeen, ringStandsOut, ringSurroundings } from './support/focus';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;

const CSV = `${PAYROLL_HEADER}\r\n${[0, 1, 2].map(payrollLine).join('\r\n')}\r\n`;
const NAME = 'april-payroll.csv';

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  page = await newAppPage(browser);
  await page.goto(app.url);
  await page.getByRole('heading', { name: 'Batches' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Drags a file holding `csv` over the window's main area and, with `drop`, lets it go there. */
async function drag(type: 'dragover' | 'drop', csv: string, name: string): Promise<boolean> {
  return page.evaluate(
    ({ type, csv, name }) => {
      // In the page: its globals, typed by hand (this file compiles for Node).
      const web = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
        DragEvent: new (type: string, init: object) => unknown;
        document: { querySelector(s: string): { dispatchEvent(event: unknown): boolean } };
      };
      const data = new web.DataTransfer();
      data.items.add(new web.File([csv], name, { type: 'text/csv' }));
      const event = new web.DragEvent(type, {
        bubbles: true,
        cancelable: true,
        dataTransfer: data,
      });
      // dispatchEvent is false when a listener called preventDefault: the window takes the drop.
      return !web.document.querySelector('main').dispatchEvent(event);
    },
    { type, csv, name },
  );
}

describe('the keyboard on the first screen', () => {
  it('reaches a skip link at the first Tab, which takes the focus to the screen', async () => {
    const link = page.getByRole('link', { name: 'Skip to main content' });
    expect((await link.boundingBox())?.width).toBeLessThanOrEqual(1); // out of sight until reached
    await page.keyboard.press('Tab');
    expect(await focusSeen(page)).toMatchObject({ tag: 'a', name: 'Skip to main content' });
    expect(await focusSeen(page)).toMatchObject(VISIBLE);
    expect((await link.boundingBox())?.width).toBeGreaterThan(50);
    await screenshot(page, 'skip-link-focused');

    const route = page.url();
    await page.keyboard.press('Enter');
    expect(await focusSeen(page)).toMatchObject({ tag: 'h1', name: 'Batches' });
    expect(await page.locator('main :focus').count()).toBe(1);
    expect(page.url()).toBe(route); // the router's hash is left alone
    expect((await link.boundingBox())?.width).toBeLessThanOrEqual(1);
  });

  it('rings a focused primary button clear of its fill, in the light theme and the dark', async () => {
    await page.keyboard.press('Tab'); // from the heading to the screen's first control
    expect(await focusSeen(page)).toMatchObject({
      tag: 'button',
      name: 'Import sheet',
      ...VISIBLE,
    });
    const { light, dark } = await ringSurroundings(page);
    expect(ringStandsOut(light), JSON.stringify(light)).toBe(true);
    expect(ringStandsOut(dark), JSON.stringify(dark)).toBe(true);
    await screenshot(page, 'primary-button-focused');
  });
});

describe('a sheet dropped onto the window', () => {
  it('is welcome while dragged over, and opens the import wizard with the file read', async () => {
    expect(await drag('dragover', CSV, NAME)).toBe(true);
    await page.locator('.shell.dragging').waitFor();
    await screenshot(page, 'window-with-a-sheet-dragged-over');

    expect(await drag('drop', CSV, NAME)).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Import a sheet' }).waitFor();
    expect(await page.locator('.shell.dragging').count()).toBe(0);
    // Uploaded and read: the desk found the payroll's one sheet and its header row.
    const read = page.locator('.read');
    await read.waitFor();
    expect((await read.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `^${NAME.replace('.', '\\.')}: a CSV file, 1 sheet; .* under the header in row 1\\.`,
      ),
    );
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isEnabled()).toBe(true);
    await screenshot(page, 'import-wizard-from-a-dropped-sheet');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Sheet', exact: true }).waitFor();
  });
});
