// The Batch editor's end-to-end tests share these: a payroll imported through the host's own API
// (as the page itself would: upload, then importSheet), and the grid's rows and cells found by
// the sheet row a person sees in the Row column.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Imports the CSV text into a new batch of that name through the host, as the page would. */
export async function importPayroll(page: Page, csv: string, name: string): Promise<unknown> {
  return page.evaluate(
    async ({ csv, name }) => {
      const post = async (path: string, body: string, type: string) =>
        (await (
          await fetch(path, { method: 'POST', headers: { 'content-type': type }, body })
        ).json()) as { ok: boolean; value: { path: string } };
      const upload = await post('/desk/upload?name=payroll.csv', csv, 'application/octet-stream');
      return post(
        '/desk/importSheet',
        JSON.stringify({ file: upload.value.path, batch_name: name }),
        'application/json',
      );
    },
    { csv, name },
  );
}

export const grid = (page: Page) => page.getByRole('grid');

/** The grid's row of a sheet row. */
export const rowOf = (page: Page, sheetRow: number) =>
  grid(page)
    .locator('[role="row"]')
    .filter({ has: page.locator(`[aria-colindex="1"]`, { hasText: new RegExp(`^${sheetRow}$`) }) });

export const cellOf = (page: Page, sheetRow: number, colindex: number) =>
  rowOf(page, sheetRow).locator(`[role="gridcell"][aria-colindex="${colindex}"]`);

/**
 * Scrolls the grid across to its last columns (or back to its first) with the mouse wheel over
 * it, as a person would: only the columns in view are drawn, so a cell of a column out of view
 * is not in the page until it is scrolled in.
 */
export async function scrollAcross(page: Page, to: 'end' | 'start'): Promise<void> {
  await grid(page).hover();
  const across = () =>
    grid(page).evaluate((element) => ({
      left: element.scrollLeft,
      max: element.scrollWidth - element.clientWidth,
    }));
  // The wheel again until the edge: the grid may grow wider (columns sized to the rows that
  // arrived) after a turn of it.
  await expect
    .poll(async () => {
      await page.mouse.wheel(to === 'end' ? 5000 : -5000, 0);
      const { left, max } = await across();
      return to === 'end' ? left >= max - 1 : left === 0;
    })
    .toBe(true);
}

/** The editor's columns, by aria-colindex. */
export const COLUMN = {
  row: 1,
  state: 2,
  payee: 3,
  amount: 4,
  date: 6,
  account: 7,
  accountCurrency: 10,
  issues: 13,
};

export const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
