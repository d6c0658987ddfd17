// The Batch editor against the real web app on the Local sandbox, on a payroll of six rows (one
// amount unreadable, one row paying the row above it again): each filter narrows the grid's rows
// (aria-rowcount follows; a search that finds nothing says so), a cell's editor is named after
// its sheet row, a click or Enter on a header sorts (aria-sort and the amounts' order
// follow), a selection is unapproved, a selection is deleted through its confirmation and Undo
// brings it back, a deletion cancelled while it runs keeps every row, an edit is undone and
// redone by keyboard, TSV pasted into the grid is saved through the desk (a bad value kept and
// marked), and an issue in the panel jumps to its cell.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER } from '../support/payroll-csv';
import { cancelBeforeItStarts } from './support/app-calls';
import { COLUMN, cellOf, grid, importPayroll, text } from './support/batch-editor';
import { launchChromium, newAppPage, screenshot, seriousViolations } from './support/chromium';
import { VISIBLE, focusSeen } from './support/focus';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;

// Sheet rows 2-7, amounts out of the sheet's order; row 4's cannot be read, row 7 is row 6 again.
const PAYEES = ['Ada Lovelace', 'Bram Stoker', 'Cid Unread', 'Dee Large', 'Eve Twice', 'Eve Twice'];
const AMOUNTS = ['250.50', '9.99', '12x3', '1000.00', '75.25', '75.25'];
const LINES = PAYEES.map(
  (payee, n) =>
    `${payee},601613,${10_000_000 + Math.min(n, 4)},${AMOUNTS[n]},GBP,2030-01-31,Salary ${n}`,
);
const CSV = `${PAYROLL_HEADER}\r\n${LINES.join('\r\n')}\r\n`;
const READABLE = AMOUNTS.filter((amount) => /^\d+\.\d+$/.test(amount));

/** Decimal text in thousandths, exactly: amounts are compared as decimals, never floats. */
const milli = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
};
const ascending = (a: string, b: string) =>
  milli(a) < milli(b) ? -1 : milli(a) > milli(b) ? 1 : 0;

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

const cell = (sheetRow: number, colindex: number) => cellOf(page, sheetRow, colindex);
const rowCount = () => grid(page).getAttribute('aria-rowcount');
const header = (name: string) => grid(page).getByRole('columnheader', { name });
const notice = () => page.locator('.notice[role="status"]');

/** The sheet rows the grid shows, in its order (the list is short: every row is drawn). */
async function shownRows(): Promise<number[]> {
  return grid(page)
    .locator('[role="rowgroup"]:not(.head) [role="row"]')
    .evaluateAll((rows) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('aria-rowindex')),
          sheetRow: Number(row.querySelector('[aria-colindex="1"]')?.textContent?.trim()),
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.sheetRow),
    );
}

/** The amounts the grid shows, in its order. */
async function shownAmounts(): Promise<string[]> {
  return grid(page)
    .locator('[role="rowgroup"]:not(.head) [role="row"]')
    .evaluateAll((rows) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('aria-rowindex')),
          amount: (row.querySelector('[aria-colindex="4"]')?.textContent ?? '')
            .replace(/\s+/g, ' ')
            .trim(),
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.amount),
    );
}

/** An amount as the grid shows it: with its currency code, in the browser's locale. */
const money = (amount: string) =>
  page.evaluate(
    (amount) =>
      new Intl.NumberFormat(
        (globalThis as unknown as { navigator: { language: string } }).navigator.language,
        { style: 'currency', currency: 'GBP', currencyDisplay: 'code', maximumFractionDigits: 3 },
      ).format(amount as `${number}`),
    amount,
  );

/** The Totals list's number of a term (Rows, Errors, Warnings, Approved). */
const counted = (term: string) =>
  page
    .getByRole('list', { name: 'Totals' })
    .or(page.locator('dl[aria-label="Totals"]'))
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

/** Where the keyboard's focus is: a grid cell's sheet row and column. */
const focusedCell = () =>
  page.evaluate(() => {
    const active = (
      globalThis as unknown as {
        document: {
          activeElement: {
            getAttribute(name: string): string | null;
            closest(
              selector: string,
            ): { querySelector(s: string): { textContent: string } | null } | null;
          } | null;
        };
      }
    ).document.activeElement;
    return {
      role: active?.getAttribute('role'),
      col: Number(active?.getAttribute('aria-colindex')),
      sheetRow: Number(
        active?.closest('[role="row"]')?.querySelector('[aria-colindex="1"]')?.textContent.trim(),
      ),
    };
  });

async function look(name: string): Promise<void> {
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

const waitRowCount = (count: number) => expect.poll(rowCount).toBe(String(count));
const check = (label: string): Locator => page.getByRole('checkbox', { name: label });

describe('the batch editor', () => {
  it('narrows the rows by state, errors, warnings and search', async () => {
    expect(await importPayroll(page, CSV, 'March payroll')).toMatchObject({ ok: true });
    // Opened from the list by keyboard: the link goes with the list, and the focus goes to the
    // editor's heading rather than to the page's body.
    await page.getByRole('link', { name: 'March payroll' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'March payroll' }).waitFor();
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h1', name: 'March payroll', ...VISIBLE });
    await waitRowCount(7);
    expect(await shownRows()).toEqual([2, 3, 4, 5, 6, 7]);

    // The unreadable amount is the one error.
    await check('With errors').check();
    await waitRowCount(2);
    expect(await shownRows()).toEqual([4]);
    // Said beside the filters, in a live region: the header's counts are the whole batch's.
    await page.getByRole('status').filter({ hasText: '1 of 6 rows shown' }).waitFor();
    await look('editor-rows-with-errors');
    // Its error fixed, the row leaves the list, which is then empty: the focus stays in the
    // grid, not on the page's body, where the keyboard would have nowhere to go; Ctrl+Z there
    // brings the row back.
    await cell(4, COLUMN.amount).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('12.30');
    await page.keyboard.press('Enter');
    await waitRowCount(1);
    const focusedRole = () =>
      page.evaluate(
        () =>
          (
            globalThis as unknown as {
              document: { activeElement: { getAttribute(name: string): string | null } | null };
            }
          ).document.activeElement?.getAttribute('role') ?? null,
      );
    await expect.poll(focusedRole).toBe('grid');
    await page.keyboard.press('Control+z');
    await waitRowCount(2);
    expect(await shownRows()).toEqual([4]);
    await check('With errors').uncheck();
    await waitRowCount(7);

    // F8 after a fix searches the row Enter moved to whole: row 5's payee made blank (an error
    // left of the Amount column), then row 4's amount fixed under "With errors". Searched from
    // the Amount column on, row 5's error was skipped.
    await cell(5, COLUMN.payee).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('');
    await page.keyboard.press('Enter');
    await check('With errors').check();
    await waitRowCount(3);
    expect(await shownRows()).toEqual([4, 5]);
    await cell(4, COLUMN.amount).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('12.30');
    await page.keyboard.press('Enter');
    await waitRowCount(2);
    await page.keyboard.press('F8');
    await expect.poll(focusedCell).toEqual({ role: 'gridcell', col: COLUMN.payee, sheetRow: 5 });
    // Both edits taken back: row 4's error and row 5's payee as they were.
    await page.keyboard.press('Control+z');
    await waitRowCount(3);
    await page.keyboard.press('Control+z');
    await waitRowCount(2);
    expect(await shownRows()).toEqual([4]);
    await check('With errors').uncheck();
    await waitRowCount(7);

    // The second payment of the same to the same payee is the possible duplicate.
    await check('With warnings').check();
    await waitRowCount(2);
    expect(await shownRows()).toEqual([7]);
    // The Issues column, out of view beside the issues panel: End in the row brings it in.
    await cell(7, COLUMN.row).click();
    await page.keyboard.press('End');
    expect(text(await cell(7, COLUMN.issues).textContent())).toContain('warning');
    expect(await focusedCell()).toEqual({ role: 'gridcell', col: COLUMN.issues, sheetRow: 7 });
    await page.keyboard.press('Home');
    await check('With warnings').uncheck();
    await waitRowCount(7);

    // A word of a payee's name, whatever its case.
    await page.getByRole('searchbox', { name: 'Search' }).fill('stoker');
    await waitRowCount(2);
    expect(await shownRows()).toEqual([3]);
    await look('editor-searched');
    // A search that finds nothing says so where the rows would be.
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such payee');
    await waitRowCount(1);
    await page.getByRole('status').filter({ hasText: 'No rows match these filters.' }).waitFor();
    await look('editor-search-matches-nothing');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await waitRowCount(7);
    expect(await page.getByText('No rows match these filters.').count()).toBe(0);

    // No row is approved yet; the draft state finds them all.
    const state = page.getByRole('combobox', { name: 'State' });
    await state.selectOption('approved');
    await waitRowCount(1);
    await state.selectOption('draft');
    await waitRowCount(7);
    await state.selectOption('');
  });

  it("names a cell's editor after the sheet's row, not its place in the narrowed list", async () => {
    await page.getByRole('searchbox', { name: 'Search' }).fill('stoker');
    await waitRowCount(2);
    await cell(3, COLUMN.payee).click();
    await page.keyboard.press('F2');
    expect(await grid(page).getByRole('textbox').getAttribute('aria-label')).toBe('Payee, row 3');
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await waitRowCount(7);
  });

  it('sorts by amount with a click on its header and with Enter on it', async () => {
    expect(await header('Row').getAttribute('aria-sort')).toBe('ascending');
    await header('Amount').click();
    await expect.poll(() => header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Row').getAttribute('aria-sort')).toBe('none');
    const up = await Promise.all([...READABLE].sort(ascending).map(money));
    await expect
      .poll(async () => (await shownAmounts()).filter((amount) => amount !== '!12x3'))
      .toEqual(up.map(text));
    await look('editor-sorted-by-amount');

    // The header keeps the focus: Enter sorts the other way.
    await page.keyboard.press('Enter');
    await expect.poll(() => header('Amount').getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () => (await shownAmounts()).filter((amount) => amount !== '!12x3'))
      .toEqual([...up].reverse().map(text));

    // Back to the sheet's order by keyboard: along the header row to Row, and Enter.
    for (let n = COLUMN.amount; n > COLUMN.row; n -= 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => header('Row').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Amount').getAttribute('aria-sort')).toBe('none');
    await expect.poll(shownRows).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('jumps from an issue in the panel to its cell', async () => {
    const panel = page.getByRole('region', { name: /Issues in view/ });
    const issue = panel.getByRole('button', { name: /Row 4 · Amount/ });
    await issue.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedCell).toEqual({ role: 'gridcell', col: COLUMN.amount, sheetRow: 4 });
    expect(await cell(4, COLUMN.amount).getAttribute('aria-invalid')).toBe('true');
  });

  it('unapproves a selection: its rows leave the approved filter', async () => {
    await cell(2, COLUMN.row).click();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await notice().filter({ hasText: 'Approved 2 rows' }).waitFor();
    await expect.poll(async () => text(await counted('Approved').textContent())).toBe('2');

    const state = page.getByRole('combobox', { name: 'State' });
    await state.selectOption('approved');
    await waitRowCount(3);
    expect(await shownRows()).toEqual([2, 3]);
    await cell(2, COLUMN.row).click();
    await page.keyboard.press('Control+a');
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Unapprove' }).click();
    await notice().filter({ hasText: 'Unapproved 2 rows' }).waitFor();
    await waitRowCount(1);
    await expect.poll(async () => text(await counted('Approved').textContent())).toBe('0');
    // Every row of an empty list is none: nothing to act on, not "Delete 0 rows".
    await page.getByText('No rows selected').waitFor();
    expect(await page.getByRole('button', { name: 'Delete…' }).isDisabled()).toBe(true);
    await state.selectOption('');
    await waitRowCount(7);
    expect(text(await cell(2, COLUMN.state).textContent())).toBe('draft');
    expect(text(await cell(3, COLUMN.state).textContent())).toBe('draft');
  });

  it('deletes a selection after asking, and Undo brings the rows back', async () => {
    await cell(5, COLUMN.row).click();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete rows' });
    await ask.waitFor();
    // Opened with the mouse, it still shows where the keyboard is: on the safe answer, ringed.
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Cancel', ...VISIBLE });
    await look('editor-delete-rows');
    await page.keyboard.press('Tab');
    expect(await focusSeen(page)).toMatchObject({ name: 'Delete 2 rows', ...VISIBLE });
    await page.keyboard.press('Enter');
    await notice().filter({ hasText: 'Deleted 2 rows' }).waitFor();
    // The button that opened the dialog is disabled now (nothing is selected): the focus goes
    // back to the grid, not to the page's body, once the grid has its rows again (a page asked
    // of the desk: more than a poll's default second on a loaded machine).
    await expect.poll(focusedCell, { timeout: 5_000 }).toMatchObject({ role: 'gridcell' });
    await waitRowCount(5);
    expect(await shownRows()).toEqual([2, 3, 4, 7]);
    await expect.poll(async () => text(await counted('Rows').textContent())).toBe('4');
    await page.getByText('No rows selected').waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await notice()
      .filter({ hasText: /^Undid/ })
      .waitFor();
    await waitRowCount(7);
    expect(await shownRows()).toEqual([2, 3, 4, 5, 6, 7]);
    await expect.poll(async () => text(await counted('Rows').textContent())).toBe('6');
  });

  it('cancels a deletion while it runs, and every row is kept', async () => {
    await cell(5, COLUMN.row).click();
    await page.keyboard.press('Space');
    await page.getByText('1 selected').waitFor();
    // The deletion is held on its way to the desk, so that Cancel is pressed while it runs. The
    // cancel then reaches the desk first, as it may in browser mode, and the desk keeps it: the
    // deletion starts cancelled.
    await cancelBeforeItStarts(page, 'deleteDrafts', {
      start: async () => {
        await page.getByRole('button', { name: 'Delete…' }).click();
        await page
          .getByRole('alertdialog', { name: 'Delete rows' })
          .getByRole('button', { name: 'Delete 1 row' })
          .click();
      },
      running: async () => {
        await notice().filter({ hasText: 'Deleting 1 row…' }).waitFor();
        await look('editor-deleting-with-cancel');
      },
      cancel: () => page.getByRole('button', { name: 'Cancel deletion' }).click(),
      // Until the desk answers, the notice says what a cancel does, and Cancel is not pressed
      // twice.
      cancelling: async () => {
        await notice()
          .filter({ hasText: 'Cancelling: putting back the rows it deleted…' })
          .waitFor();
        expect(await page.getByRole('button', { name: 'Cancel deletion' }).isDisabled()).toBe(true);
      },
    });
    await notice()
      .filter({ hasText: 'The deletion was cancelled before it deleted anything' })
      .waitFor();
    await page.getByRole('button', { name: 'Cancel deletion' }).waitFor({ state: 'detached' });
    await waitRowCount(7);
    expect(await shownRows()).toEqual([2, 3, 4, 5, 6, 7]);
    await expect.poll(async () => text(await counted('Rows').textContent())).toBe('6');
    await page.keyboard.press('Escape');
  });

  it('undoes an edit with Ctrl+Z and redoes it with Ctrl+Y and Ctrl+Shift+Z, in the grid', async () => {
    await cell(3, COLUMN.payee).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('Bram Stoker Jr');
    await page.keyboard.press('Enter');
    const payee = () => cell(3, COLUMN.payee).textContent().then(text);
    await expect.poll(payee).toBe('Bram Stoker Jr');
    // Enter moved the focus down a row: the keys go to the grid from there.
    await expect.poll(focusedCell).toMatchObject({ role: 'gridcell', sheetRow: 4 });

    await page.keyboard.press('Control+z');
    await expect.poll(payee).toBe('Bram Stoker');
    await page.keyboard.press('Control+y');
    await expect.poll(payee).toBe('Bram Stoker Jr');
    await notice().filter({ hasText: 'Redid the edit of payee' }).waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(payee).toBe('Bram Stoker');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(payee).toBe('Bram Stoker Jr');
    await notice().filter({ hasText: 'Redid the edit of payee in row 3' }).waitFor();
    // Nothing left to redo: the key is answered, not ignored.
    await page.keyboard.press('Control+y');
    await notice().filter({ hasText: 'Nothing to redo' }).waitFor();

    // Another cell saved: the notice of the redo, about an earlier change, goes.
    await cell(5, COLUMN.payee).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('Dee Large Sr');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(5, COLUMN.payee).textContent().then(text)).toBe('Dee Large Sr');
    await expect.poll(() => notice().textContent().then(text)).toBe('');

    // A date typed as the grid shows it, in the person's locale, is saved as that day.
    await cell(6, COLUMN.date).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('Feb 27, 2030');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(6, COLUMN.date).textContent().then(text)).toBe('Feb 27, 2030');
  });

  it('pastes TSV into the cells from the focused one on, each saved and judged', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() =>
      (
        globalThis as unknown as {
          navigator: { clipboard: { writeText(text: string): Promise<void> } };
        }
      ).navigator.clipboard.writeText('12\t601613\r\n10000002\t601613\r\n'),
    );
    const block = () =>
      Promise.all(
        [2, 3].flatMap((row) =>
          [COLUMN.account, COLUMN.account + 1].map((col) =>
            cell(row, col).textContent().then(text),
          ),
        ),
      );
    const unpasted = await block();
    await cell(2, COLUMN.account).click();
    await page.keyboard.press('Control+v');
    // The grid's status line, under it, says what the paste did, beside the focused cell's
    // error (row 2's account is now too short).
    await page.locator('[id$="-status"]').getByText('Pasted 4 cells').waitFor();
    const pasted = await block();
    expect(pasted).not.toEqual(unpasted);
    // One change: one undo takes the whole block back, and one redo pastes it again.
    await page.keyboard.press('Control+z');
    await page.getByText('Undid the paste into 2 rows').waitFor();
    await expect.poll(block).toEqual(unpasted);
    await page.keyboard.press('Control+y');
    await page.getByText('Redid the paste into 2 rows').waitFor();
    await expect.poll(block).toEqual(pasted);
    expect(text(await cell(2, COLUMN.account + 1).textContent())).toBe('601613');
    expect(text(await cell(3, COLUMN.account + 1).textContent())).toBe('601613');
    expect(text(await cell(3, COLUMN.account).textContent())).toBe('10000002');
    // An account number too short for the sort code's bank is kept as pasted, and marked.
    const bad = cell(2, COLUMN.account);
    await expect.poll(async () => text(await bad.textContent())).toContain('12');
    expect(await bad.getAttribute('aria-invalid')).toBe('true');
    await bad.click();
    const describedBy = await bad.getAttribute('aria-describedby');
    expect(text(await page.locator(`#${describedBy}`).textContent())).toMatch(/! Error: .+/);
    // Saved through the desk: the batch now counts the pasted error.
    await expect.poll(async () => text(await counted('Errors').textContent())).toBe('2');
    await look('editor-after-a-paste');

    // An amount the desk cannot read is not saved over the one there: the grid says why.
    const amount = cell(3, COLUMN.amount);
    const before = text(await amount.textContent());
    await page.evaluate(() =>
      (
        globalThis as unknown as {
          navigator: { clipboard: { writeText(text: string): Promise<void> } };
        }
      ).navigator.clipboard.writeText('12x'),
    );
    await amount.click();
    await page.keyboard.press('Control+v');
    await page
      .locator('[id$="-status"]')
      .getByText(/^Pasted 0 cells; 1 refused: "12x" is not an amount/)
      .waitFor();
    expect(text(await amount.textContent())).toBe(before);

    // An amount copied from one row pastes into another: copied as it is typed, not as shown
    // with its currency, which the amount column refused when pasted back.
    const source = cell(5, COLUMN.amount);
    const shown = text(await source.textContent());
    await source.click();
    // The focused cell alone: rows selected earlier (Escape lets them go) would copy whole.
    await page.keyboard.press('Escape');
    await page.getByText('No rows selected').waitFor();
    await page.keyboard.press('Control+c');
    const clipboard = () =>
      page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      );
    await expect.poll(clipboard).not.toBe('12x');
    expect(await clipboard()).not.toMatch(/[A-Z]{3}/);
    await amount.click();
    await page.keyboard.press('Control+v');
    await page
      .locator('[id$="-status"]')
      .getByText(/^Pasted 1 cell$/)
      .waitFor();
    await expect.poll(async () => text(await amount.textContent())).toBe(shown);
  });

  it('goes down to the row that was below after Enter, when the edit moves a sorted row', async () => {
    await header('Payee').click();
    await expect.poll(() => header('Payee').getAttribute('aria-sort')).toBe('ascending');
    // Ada Lovelace (row 2) sorts first, Bram Stoker Jr (row 3) below her.
    await expect.poll(async () => (await shownRows()).slice(0, 2)).toEqual([2, 3]);
    await cell(2, COLUMN.payee).click();
    await page.keyboard.press('F2');
    await grid(page).getByRole('textbox').fill('Zora Lovelace');
    await page.keyboard.press('Enter');
    // Row 2 moves to the end; the focus goes to Bram's row, not to the row after his.
    await expect
      .poll(async () => {
        const rows = await shownRows();
        return [rows[0], rows.at(-1)];
      })
      .toEqual([3, 2]);
    await expect.poll(focusedCell).toMatchObject({ role: 'gridcell', sheetRow: 3 });
    await header('Row').click();
    await expect.poll(shownRows).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('keeps a paste to redo, and says why, when its row was deleted since the undo', async () => {
    await page.evaluate(() =>
      (
        globalThis as unknown as {
          navigator: { clipboard: { writeText(text: string): Promise<void> } };
        }
      ).navigator.clipboard.writeText('Eve Once'),
    );
    await cell(7, COLUMN.payee).click();
    await page.keyboard.press('Control+v');
    await page.locator('[id$="-status"]').getByText('Pasted 1 cell').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByText('Undid the paste into 1 row').waitFor();
    // Row 7 is deleted elsewhere between the undo and the redo (another window, the command).
    await page.evaluate(async () => {
      const call = async (method: string, input: unknown) => {
        const response = await fetch(`/desk/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
        return ((await response.json()) as { value: unknown }).value;
      };
      const window = (await call('draftWindow', { batch: 'March payroll', take: 10 })) as {
        rows: { id: string; row: number }[];
      };
      const id = window.rows.find((draft) => draft.row === 7)?.id;
      await call('deleteDrafts', { batch: 'March payroll', selection: { ids: [id] } });
    });
    await expect.poll(shownRows).toEqual([2, 3, 4, 5, 6]);
    // The redo is refused whole and says why; it is not said done, and stays to be redone.
    await page.keyboard.press('Control+y');
    await page.getByText(/The paste could not be redone: .+/).waitFor();
    expect(await page.getByText('Redid the paste into 1 row').count()).toBe(0);
    await look('editor-redo-refused');
    await expect
      .poll(() => page.getByRole('button', { name: 'Redo', exact: true }).isEnabled())
      .toBe(true);
  });

  it('deletes the whole batch after asking, and the Batches screen lists it no more', async () => {
    // By keyboard only: Enter on the button, Tab to the answer, Enter.
    await page.getByRole('button', { name: 'Delete batch…' }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Delete batch' });
    await ask.getByText('Delete March payroll with its 5 rows?').waitFor();
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'button', name: 'Cancel', ...VISIBLE });
    await look('editor-delete-batch');
    await page.keyboard.press('Tab');
    expect(await focusSeen(page)).toMatchObject({ name: 'Delete March payroll', ...VISIBLE });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
    // The editor that held the focus is gone: the new screen's heading has it.
    await expect
      .poll(() => focusSeen(page))
      .toMatchObject({ tag: 'h1', name: 'Batches', ...VISIBLE });
    await expect.poll(() => page.getByRole('link', { name: 'March payroll' }).count()).toBe(0);
  });
});
