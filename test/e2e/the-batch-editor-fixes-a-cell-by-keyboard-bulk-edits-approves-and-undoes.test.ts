// The Batch editor against the real web app on the Local sandbox: a payroll with an unreadable
// amount and a possible duplicate is imported through the host's own API (the wizard is built
// beside this), opened from the Batches screen, its error fixed in the grid by keyboard (the
// row's issue goes, the totals follow), three rows' date bulk-edited (once cancelled while it
// runs, then applied), every row approved with the duplicate's warning acknowledged, and the
// bulk edit undone and redone; Undo is off while the desk's journal holds nothing, and its title
// says what it would take back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_HEADER, payrollLine } from '../support/payroll-csv';
import {
  cellOf as cellAt,
  COLUMN,
  grid as gridOf,
  importPayroll as importThrough,
  scrollAcross,
  text,
} from './support/batch-editor';
import { cancelBeforeItStarts } from './support/app-calls';
import { launchChromium, screenshot, seriousViolations } from './support/chromium';
import { VISIBLE, focusSeen } from './support/focus';
import { startWebApp, type WebApp } from './support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;

// Sheet rows 2-7; row 4's amount cannot be read, row 7 pays row 6's payee the same again.
const LINES = [0, 1, 2, 3, 4].map(payrollLine);
LINES[2] = LINES[2]!.replace(/,\d+\.\d+,GBP,/, ',12x3,GBP,');
LINES.push(LINES[4]!);
const CSV = `${PAYROLL_HEADER}\r\n${LINES.join('\r\n')}\r\n`;
const amountOf = (line: string) => line.split(',')[3]!;

/** Sums decimal amounts exactly, in thousandths. */
const sum = (amounts: string[]) =>
  amounts.reduce((total, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return total + BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
  }, 0n);

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  await page.goto(app.url);
  await page.getByRole('heading', { name: 'Batches' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const cellOf = (sheetRow: number, colindex: number) => cellAt(page, sheetRow, colindex);
const grid = () => gridOf(page);
const importPayroll = async (csv: string, name: string) =>
  expect(await importThrough(page, csv, name)).toMatchObject({ ok: true });
const { amount: AMOUNT, date: DATE, issues: ISSUES } = COLUMN;

async function money(amount: string): Promise<string> {
  return page.evaluate(
    (amount) =>
      new Intl.NumberFormat(
        (globalThis as unknown as { navigator: { language: string } }).navigator.language,
        {
          style: 'currency',
          currency: 'GBP',
          currencyDisplay: 'code',
          maximumFractionDigits: 3,
        },
      ).format(amount as `${number}`),
    amount,
  );
}

const day = (iso: string) =>
  page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(
        (globalThis as unknown as { navigator: { language: string } }).navigator.language,
        { dateStyle: 'medium', timeZone: 'UTC' },
      ).format(new Date(`${iso}T00:00:00Z`)),
    iso,
  );

const decimal = (milli: bigint) =>
  `${milli / 1000n}.${String(milli % 1000n)
    .padStart(3, '0')
    .slice(0, 2)}`;

describe('the batch editor', () => {
  it('opens a batch from the Batches screen, with its issues marked at their cells', async () => {
    await importPayroll(CSV, 'June payroll');
    await page.getByRole('link', { name: 'June payroll' }).click();
    await page.getByRole('heading', { name: 'June payroll' }).waitFor();
    // The window's title names the screen.
    await expect.poll(() => page.title()).toBe('June payroll · Payout Desk');
    await grid().and(page.locator('[aria-rowcount="7"]')).waitFor();
    await cellOf(4, AMOUNT).waitFor();
    expect(await cellOf(4, AMOUNT).getAttribute('aria-invalid')).toBe('true');
    // The sheet's "12x3" could not be read: shown as the sheet wrote it, marked, never 0, nor
    // "missing" as if blank.
    expect(text(await cellOf(4, AMOUNT).textContent())).toBe('!12x3');
    // An issue of no column is named in the issues panel by what it is about.
    await page.getByRole('button', { name: /Row 7 · Possible duplicate: same account/ }).waitFor();
    // The Issues column is the last, out of view beside the issues panel until scrolled to.
    await scrollAcross(page, 'end');
    expect(text(await cellOf(7, ISSUES).textContent())).toContain('warning');
    // The account's own currency is a column of its own: a payment converted is seen, and edited.
    expect(text(await cellOf(2, COLUMN.accountCurrency).textContent())).toBe('GBP');
    await screenshot(page, 'editor-scrolled-to-the-last-columns');
    await scrollAcross(page, 'start');
    const readable = LINES.filter((_, i) => i !== 2).map(amountOf);
    // The unreadable amount adds nothing, and the total says it leaves that row out.
    expect(text(await page.getByTestId('totals').textContent())).toBe(
      `${text(await money(decimal(sum(readable))))} not counting 1 whose amount is missing or wrong`,
    );
    // Just imported, the desk's journal holds nothing: Undo is off, and says why.
    const undo = page.getByRole('button', { name: 'Undo' });
    expect(await undo.isDisabled()).toBe(true);
    expect(await undo.getAttribute('title')).toBe('Nothing to undo');
    await screenshot(page, 'editor-with-issues');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('fixes the unreadable amount by keyboard: the issue goes and the totals follow', async () => {
    await cellOf(2, 1).click();
    // F8 goes to the first cell with an issue: row 4's amount.
    await page.keyboard.press('F8');
    await page.keyboard.press('F2');
    const input = grid().getByRole('textbox');
    // The editor starts from what the sheet's cell held, to be corrected rather than retyped.
    expect(await input.inputValue()).toBe('12x3');
    await input.fill('');
    await page.keyboard.type('12x');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    // Enter on it: the desk refuses it, and the editor keeps it. A click on the next row's
    // amount then (the editor's blur tries the save again) leaves the edit unsaved, said in the
    // note, and the focus is where the click went: what is typed next goes to the row clicked,
    // never into row 4's editor (which saved "€800" meant for one row into another).
    const nextRowAmount = text(await cellOf(5, AMOUNT).textContent());
    await page.keyboard.press('Enter');
    // Said once, though both the rules as typed and the desk's refusal say it.
    await page.getByText('! Error: "12x" is not an amount').waitFor();
    expect(await page.getByText('! Error: "12x" is not an amount').count()).toBe(1);
    await cellOf(5, AMOUNT).click();
    const focusedCell = grid().locator('[role=gridcell]:focus');
    await expect.poll(async () => text(await focusedCell.textContent())).toBe(nextRowAmount);
    expect(await grid().getByRole('textbox').count()).toBe(0);
    await page
      .getByText(`Row 4's amount is as it was, "12x" not saved: "12x" is not an amount`)
      .waitFor();
    expect(text(await cellOf(5, AMOUNT).textContent())).toBe(nextRowAmount);
    await screenshot(page, 'editor-refused-edit-left-for-the-row-clicked');
    // Back to row 4: its editor starts again from what the sheet's cell held.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('F2');
    expect(await input.inputValue()).toBe('12x3');
    // Decimals that look like thousands are read as decimals, and said to be so as typed.
    await input.fill('');
    await page.keyboard.type('2.500');
    await page
      .getByText('⚠ Warning: "2.500" reads as 2.50: if it means 2,500, type 2500')
      .waitFor();
    await input.fill('');
    await page.keyboard.type('250.50');
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'editor-editing-a-cell');
    await page.keyboard.press('Enter');
    const fixed = text(await money('250.50'));
    await expect.poll(async () => text(await cellOf(4, AMOUNT).textContent())).toBe(fixed);
    expect(await cellOf(4, AMOUNT).getAttribute('aria-invalid')).toBeNull();
    expect(text(await cellOf(5, AMOUNT).textContent())).toBe(nextRowAmount);
    // A billion fits its cell whole, as the grid draws it: never "GBP 1,000,000,…".
    const billionFits = await cellOf(4, AMOUNT).evaluate(
      (cell, shown) => {
        const probe = cell.cloneNode() as typeof cell;
        probe.textContent = shown;
        cell.after(probe);
        const fits = probe.scrollWidth <= probe.clientWidth;
        probe.remove();
        return fits;
      },
      text(await money('1000000000.00')),
    );
    expect(billionFits).toBe(true);
    // So does a sheet's last row number, 1,048,576, in the Row column (row 100,001 was "1000…").
    const lastRowFits = await cellOf(4, 1).evaluate((cell) => {
      const probe = cell.cloneNode() as typeof cell;
      probe.textContent = '1048576';
      cell.after(probe);
      const fits = probe.scrollWidth <= probe.clientWidth;
      probe.remove();
      return fits;
    });
    expect(lastRowFits).toBe(true);
    await scrollAcross(page, 'end');
    expect(text(await cellOf(4, ISSUES).textContent())).toBe('');
    await scrollAcross(page, 'start');
    const all = LINES.map((line, i) => (i === 2 ? '250.50' : amountOf(line)));
    const expected = text(await money(decimal(sum(all))));
    await expect
      .poll(async () => text(await page.getByTestId('totals').textContent()))
      .toBe(expected);
  });

  it('bulk-edits the execution date of a selection, approves all and undoes and redoes', async () => {
    await cellOf(2, 1).click();
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByText('3 selected').waitFor();
    await page.getByRole('button', { name: 'Bulk edit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk edit' });
    await dialog.waitFor();
    // Tabbed through, every stop is ringed in both themes: the date field's calendar button too,
    // which takes the focus inside the field, where :focus-visible does not see it.
    for (let stop = 0; ; stop += 1) {
      const seen = await focusSeen(page);
      expect({ stop, ...seen }).toMatchObject({ stop, ...VISIBLE });
      if (seen.name === 'Apply to 3 rows') break;
      expect(stop).toBeLessThan(12);
      await page.keyboard.press('Tab');
    }
    await dialog.getByLabel('Execution date').fill('2031-03-15');
    // A purpose is chosen from the service's codes, never typed free ("xyz" on every row).
    const purpose = dialog.getByLabel('Purpose');
    await expect(purpose.evaluate((field) => field.tagName)).resolves.toBe('SELECT');
    await expect(purpose.locator('option', { hasText: /^SUPP: / }).count()).resolves.toBe(1);
    // Their long names do not widen the dialog past its edge, cutting its labels off.
    await expect(dialog.evaluate((box) => box.scrollWidth <= box.clientWidth)).resolves.toBe(true);
    await screenshot(page, 'editor-bulk-edit-dialog');
    expect(await seriousViolations(page)).toEqual([]);

    // Cancelled while it runs (held on its way to the desk, so that the cancel comes first and
    // the desk starts it cancelled): the dialog keeps what was typed and says that nothing changed.
    await cancelBeforeItStarts(page, 'bulkEdit', {
      start: () => dialog.getByRole('button', { name: 'Apply to 3 rows' }).click(),
      running: async () => {
        await dialog.getByRole('status').getByText('Changing 3 rows…').waitFor();
        await screenshot(page, 'editor-bulk-edit-running');
      },
      cancel: () => dialog.getByRole('button', { name: 'Cancel the bulk edit' }).click(),
      cancelling: async () => {
        await dialog
          .getByRole('status')
          .getByText('Cancelling: putting the rows back as they were…')
          .waitFor();
        expect(
          await dialog.getByRole('button', { name: 'Cancel the bulk edit' }).isDisabled(),
        ).toBe(true);
      },
    });
    await dialog
      .getByRole('alert')
      .getByText('The bulk edit was cancelled before it changed anything')
      .waitFor();
    expect(await dialog.getByLabel('Execution date').inputValue()).toBe('2031-03-15');
    expect(text(await cellOf(2, DATE).textContent())).toBe(await day('2030-01-31'));

    await dialog.getByRole('button', { name: 'Apply to 3 rows' }).click();
    await page.getByText('Changed 3 rows').waitFor();
    const edited = await day('2031-03-15');
    const before = await day('2030-01-31');
    for (const sheetRow of [2, 3, 4]) {
      await expect.poll(async () => text(await cellOf(sheetRow, DATE).textContent())).toBe(edited);
    }
    expect(text(await cellOf(5, DATE).textContent())).toBe(before);

    // Approve all: the duplicate's warning asks to be acknowledged first.
    await cellOf(2, 1).click();
    await page.keyboard.press('Control+a');
    await page.getByText('6 selected').waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Rows with warnings' });
    await ask.waitFor();
    await screenshot(page, 'editor-approve-rows-with-warnings');
    expect(await seriousViolations(page)).toEqual([]);
    await ask.getByText('1 selected row has warnings').waitFor();
    // The others are approved already, and Cancel would leave them so: said, not found later.
    await ask
      .getByText('5 rows without warnings are approved; Cancel leaves them approved.')
      .waitFor();
    // The warning itself, as the desk said it: no reasons made up in its place.
    expect(await ask.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Row \d+ has warnings to look at first: same account, amount/),
    ]);
    await ask.getByRole('button', { name: 'Approve it too' }).click();
    await page.getByText(/Approved 6 rows/).waitFor();
    // The keyboard's focus goes back to the grid, at the cell it had, not to the page's top.
    await page.locator('[role=grid] [role=gridcell]:focus').waitFor();
    await expect.poll(async () => text(await cellOf(7, 2).textContent())).toBe('approved');
    // Every row approved: Approve has nothing left to do, and says why it is off.
    const approveButton = page.getByRole('button', { name: 'Approve', exact: true });
    await expect.poll(() => approveButton.isDisabled()).toBe(true);
    expect(await approveButton.getAttribute('title')).toBe(
      'No row is a draft: every row is approved or sent',
    );

    // Undo says what it would take back, as the desk's journal has it.
    const undo = page.getByRole('button', { name: 'Undo' });
    expect(await undo.getAttribute('title')).toBe('Undo the bulk edit of 3 drafts');

    // An undo cancelled before it starts (held on its way, as for the bulk edit above) puts
    // nothing back, says so, and leaves the change to undo.
    await cancelBeforeItStarts(page, 'undo', {
      start: () => page.getByRole('button', { name: 'Undo' }).click(),
      cancel: () => page.getByRole('button', { name: 'Cancel undo' }).click(),
      cancelling: () => page.getByText('Stopping the undo after its current step…').waitFor(),
    });
    await page.getByText('The undo was cancelled before it put anything back').waitFor();
    expect(text(await cellOf(2, DATE).textContent())).toBe(edited);

    // Approval is not in the desk's journal: Undo takes back the bulk edit before it, says so
    // in view beside the button before it is pressed, and says after that the rows approved
    // since are drafts again.
    await page.getByText('Undo takes back the bulk edit of 3 drafts').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page
      .getByText(
        'Undid the bulk edit of 3 drafts. 3 rows approved after that change are drafts again: check and approve them again',
      )
      .waitFor();
    // The fix of row 4's amount is the latest change left; undone too, nothing is.
    await expect.poll(() => undo.getAttribute('title')).toBe('Undo the edit of row 4');
    await undo.click();
    // Row 4 is a draft again already: nothing more to say.
    await page.getByText('Undid the edit of row 4', { exact: true }).waitFor();
    await expect.poll(() => undo.isDisabled()).toBe(true);
    // The button that did it is off now: the focus is back in the grid, not dropped to the
    // page for the next Tab to start from its top.
    await page.locator('[role=grid] [role=gridcell]:focus').waitFor({ timeout: 5_000 });
    expect(await undo.getAttribute('title')).toBe('Nothing to undo');
    await screenshot(page, 'editor-nothing-left-to-undo');
    // Left for the Batches screen and opened again, the editor still has both to redo.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Batches', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Batches', exact: true }).waitFor();
    await page.goBack();
    await grid().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Redo' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Redo' }).click();
    // Named by its row, as Undo names it.
    await page.getByText('Redid the edit of amount in row 4').waitFor();
    for (const sheetRow of [2, 3, 4]) {
      await expect.poll(async () => text(await cellOf(sheetRow, DATE).textContent())).toBe(before);
    }
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.getByText('Redid the bulk edit of execution date').waitFor();
    for (const sheetRow of [2, 3, 4]) {
      await expect.poll(async () => text(await cellOf(sheetRow, DATE).textContent())).toBe(edited);
    }
    await screenshot(page, 'editor-after-undo-and-redo');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
