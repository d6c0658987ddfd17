// The Beneficiaries screen end to end, on the real host and the Local sandbox in Chromium: the
// payees of an imported batch listed with their status and searched; one opened in the form of
// its account's kind (a UK sort code and account number; a SEPA IBAN once its country and
// currency say so), judged by the shared rules as it is typed, and saved; a batch validated at
// the service, the payee it finds wrong shown at its field in the list, the results and the form;
// a new payee saved on its own, and a selection imported at the service, its progress bar seen
// and each row's result shown with the service's error and warning at their fields.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPayroll, text } from './support/batch-editor';
import { launchChromium } from './support/chromium';
import { startWebApp, type WebApp } from './support/web-app';
import { lookedAt as lookedAtPage, sandboxAdmin } from './support/app-calls';
import { screenshot } from './support/chromium';
import { focusedOn } from './support/focus';

let app: WebApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startWebApp(), launchChromium()]);
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const HEADER =
  'beneficiary_id,entity_type,individual_first_name,individual_last_name,company_name,country,currency,account_name,account_number,bank_code,bank_identifier_code,amount,amount_currency,amount_type,execution_date,purpose,description';
const CSV = [
  HEADER,
  ',INDIVIDUAL,Ada,Lovelace,,GB,GBP,Ada Lovelace,31926819,601613,,10.00,,SEND,2030-01-31,SALA,A',
  // No sort code: the rules let it be, the service's GB/GBP schema does not.
  ',INDIVIDUAL,Grace,Hopper,,GB,GBP,Grace Hopper,31926819,,,11.00,,SEND,2030-01-31,SALA,B',
  ',INDIVIDUAL,Émile,Zola,,FR,EUR,Émile Zola,FR1420041010050500013M02606,,,12.00,,SEND,2030-01-31,SALA,C',
  ',BUSINESS,,,Bayside Analytics LLC,US,USD,Bayside Analytics LLC,9876543210,011000015,,13.00,,SEND,2030-01-31,SUPP,D',
  'b-held-7,,,,,,,,,,,14.00,,SEND,2030-01-31,SALA,E',
].join('\r\n');

const lookedAt = (name: string) => lookedAtPage(page, name);

const table = () => page.getByRole('table', { name: 'Payees the outbox knows' });
const names = async () => (await table().getByRole('rowheader').allTextContents()).map(text);
const rowOf = (name: string) => table().getByRole('row').filter({ hasText: name });
const rowText = async (name: string) => text(await rowOf(name).innerText());
const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
/** What the form says at a field: the text its input is described by. */
const saidAt = async (label: string) => {
  const ids = (await field(label).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return text(texts.join(' '));
};

describe('the Beneficiaries screen', () => {
  it('lists the payees the outbox knows with their status, and finds them by search', async () => {
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Batches' }).waitFor();
    await importPayroll(page, CSV, 'March payees');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Beneficiaries' })
      .click();
    await page.getByRole('heading', { name: 'Beneficiaries', level: 1 }).waitFor();
    await page.getByText('1–5 of 5 payees').waitFor();
    await expect(names()).resolves.toEqual([
      'Ada Lovelace',
      'b-held-7 (id only)',
      'Bayside Analytics LLC',
      'Émile Zola',
      'Grace Hopper',
    ]);
    expect(await rowText('Ada Lovelace')).toContain('GB · GBP 601613 · 31926819');
    expect(await rowText('Ada Lovelace')).toContain('Only drafted');
    expect(await rowText('b-held-7')).toContain('Held by the service');
    await lookedAt('beneficiaries-list');

    await page.getByLabel('Search payees').fill('zola');
    await page.getByText('The one payee', { exact: true }).waitFor();
    await expect(names()).resolves.toEqual(['Émile Zola']);
    await page.getByLabel('Search payees').fill('nobody at all');
    await page.getByText('No payee matches.').waitFor();
    await page.getByLabel('Search payees').fill('');
    await page.getByText('1–5 of 5 payees').waitFor();
  });

  it('edits a payee in the form of its account, checked as it is typed, and saves it', async () => {
    await rowOf('Ada Lovelace').getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor();
    // A UK account: sort code and account number, nothing the rules find.
    expect(
      await page
        .getByRole('group', { name: /Bank account/ })
        .getByRole('textbox')
        .count(),
    ).toBe(4);
    await expect(field('Sort code').inputValue()).resolves.toBe('601613');

    await field('Account number').fill('3192');
    await expect(saidAt('Account number')).resolves.toContain('A UK account number is 8 digits.');
    await expect(field('Account number').getAttribute('aria-invalid')).resolves.toBe('true');
    await field('Sort code').fill('');
    await expect(saidAt('Sort code')).resolves.toContain(
      'Sort code is needed for a UK account (GB, GBP)',
    );
    await page.getByText('2 problems to fix').waitFor();
    await lookedAt('beneficiaries-edit-typing');

    // Its country and currency decide the fields: in Germany, in euros, an IBAN and a BIC.
    await field('Bank country').fill('DE');
    await field('Account currency').fill('EUR');
    await page.getByRole('group', { name: 'Bank account: SEPA account (EUR)' }).waitFor();
    await field('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await expect(saidAt('IBAN')).resolves.toMatch(/check digits|checksum|IBAN/i);
    await field('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByText('Checked: no problem found.').waitFor();
    await expect(field('IBAN').getAttribute('aria-invalid')).resolves.toBeNull();

    await page.getByRole('button', { name: 'Save payee' }).click();
    await page.getByText('Saved onto the payee’s draft.').waitFor();
    // Saved as the desk writes it, and the list says so.
    await expect(field('IBAN').inputValue()).resolves.toBe('DE89370400440532013000');
    await expect
      .poll(async () => await rowText('Ada Lovelace'))
      .toContain('DE · EUR DE89370400440532013000');
    await lookedAt('beneficiaries-edit-saved');
    await page.getByRole('button', { name: 'Close the payee' }).click();
  });

  it('validates a batch at the service and shows the payee it finds wrong at its field', async () => {
    await page.getByLabel('Batch', { exact: true }).selectOption({ label: 'March payees' });
    await page.getByRole('button', { name: 'Validate “March payees” at the service' }).click();
    const summary = page.getByText('4 new beneficiaries checked');
    await summary.waitFor();
    expect(text(await summary.textContent())).toContain('3 valid, 1 invalid');
    // In the results, at its row and field, with the service's words.
    const results = page.getByRole('table', { name: 'Beneficiaries the service found wrong' });
    const wrong = results.getByRole('row').filter({ hasText: 'Grace Hopper' });
    expect(text(await wrong.innerText())).toMatch(
      /Row 3\b.*Grace Hopper\s*Bank details\s*Bank code \(the sort code\) is required\./,
    );
    // In the list, its status and the field.
    await expect
      .poll(async () => await rowText('Grace Hopper'))
      .toMatch(/Found wrong by the service.*Bank details: bank code \(the sort code\) is required/);
    await lookedAt('beneficiaries-validated');

    // Opened from the results: the form says it at the bank details, and a sort code fixes it.
    await wrong.getByRole('button', { name: /Row 3/ }).click();
    await page.getByRole('heading', { name: 'Grace Hopper', level: 2 }).waitFor();
    const bank = page.getByRole('group', { name: 'Bank account: UK account (GB, GBP)' });
    expect(text(await bank.textContent())).toContain(
      'The service: bank code (the sort code) is required',
    );
    await lookedAt('beneficiaries-service-finding-at-field');
    await field('Sort code').fill('60-16-13');
    await page.getByText('Checked: no problem found.').waitFor();
    await lookedAt('beneficiaries-fix-service-finding');
    await page.getByRole('button', { name: 'Save payee' }).click();
    await page.getByText('Saved onto the payee’s draft.').waitFor();
    await expect.poll(() => results.count()).toBe(0);

    // A selection: only the payees ticked are checked.
    await page.getByRole('checkbox', { name: 'Select Grace Hopper' }).check();
    await page.getByRole('checkbox', { name: 'Select Bayside Analytics LLC' }).check();
    await page.getByRole('button', { name: 'Validate 2 selected at the service' }).click();
    await page.getByText('2 new beneficiaries checked').waitFor();
    expect(text(await page.getByText('2 new beneficiaries checked').textContent())).toContain(
      '2 valid, 0 invalid',
    );
  });
  it('adds a payee, imports a selection with one refused, and shows each row’s result at its field', async () => {
    await page.getByRole('button', { name: 'clear the selection' }).click();
    await page.getByLabel('Batch', { exact: true }).selectOption({ label: 'Every batch' });
    await page.getByRole('button', { name: 'New payee' }).click();
    await page.getByRole('heading', { name: 'New payee', level: 2 }).waitFor();
    // Blank, it is not a list of errors: what is missing is said once typing starts.
    const form = page.getByRole('region', { name: 'New payee' });
    await expect(form.locator('[aria-invalid="true"]').count()).resolves.toBe(0);
    await expect(form.getByText(/is missing|is needed/).count()).resolves.toBe(0);
    await field('First name').fill('Wilhelmina');
    await field('Last name').fill('Fotheringham');
    await field('Bank country').fill('gb');
    await field('Account currency').fill('gbp');
    await page.getByRole('group', { name: 'Bank account: UK account (GB, GBP)' }).waitFor();
    await field('Account number').fill('31926819');
    // No sort code: the form says so, and lets it be saved to be fixed later.
    await expect(saidAt('Sort code')).resolves.toContain('Sort code is needed');
    await lookedAt('beneficiaries-new-payee');
    await page.getByRole('button', { name: 'Save new payee' }).click();
    await page.getByText('Saved in the outbox.').waitFor();
    // Saved, its button is off: the form's heading, naming the payee, has the focus.
    await expect.poll(async () => (await focusedOn(page)).id).toBe('payee-form-title');
    await page.getByRole('heading', { name: 'Wilhelmina Fotheringham', level: 2 }).waitFor();
    await expect
      .poll(async () => await rowText('Wilhelmina Fotheringham'))
      .toMatch(/GB · GBP\s*31926819\s*Saved here\s*Saved here, not yet at the service/);
    // Saved, nothing changed since: Escape closes the payee as Close does.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Close the payee' }).count()).toBe(0);
    // The keyboard goes back to the payee just saved, at its row, not to the page's top.
    await expect.poll(async () => (await focusedOn(page)).text).toBe('Wilhelmina Fotheringham');
    // Those saved here, in no batch: she alone.
    const batch = page.getByLabel('Batch', { exact: true });
    await batch.selectOption({ label: 'Saved here, in no batch' });
    await page.getByText('The one payee', { exact: true }).waitFor();
    await page
      .getByRole('button', { name: 'Import the payees saved here at the service' })
      .waitFor();
    await batch.selectOption({ label: 'Every batch' });
    await page.getByText('1–6 of 6 payees').waitFor();

    // Imported with a payee of a batch; the service is slowed so that its progress is seen.
    const admin = await sandboxAdmin(page, app.dataDir);
    await admin.faults({ latency_ms: 1200 });
    await page.getByRole('checkbox', { name: 'Select Wilhelmina Fotheringham' }).check();
    await page.getByRole('checkbox', { name: 'Select Émile Zola' }).check();
    // Validate leaves out the one saved here, and says why.
    await page.getByRole('button', { name: 'Validate 1 selected at the service' }).waitFor();
    await expect
      .poll(async () => text(await page.locator('#validate-scope').textContent()))
      .toMatch(/1 of them is not validated, as saved here \(an import checks them\)/);
    await page.getByRole('button', { name: 'Import 2 selected at the service' }).click();
    const bar = page.getByRole('progressbar', { name: 'Importing payees at the service' });
    await bar.waitFor();
    // Indeterminate until the desk has counted what it sends (at the service already: skipped).
    await expect.poll(() => bar.getAttribute('aria-valuemax'), { timeout: 10_000 }).toBe('2');
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(2);
    // The status bar names the job too, whichever screen is shown.
    await page
      .getByRole('contentinfo', { name: 'Status' })
      .getByRole('progressbar', { name: 'Importing payees', exact: true })
      .waitFor();
    await screenshot(page, 'beneficiaries-import-running');
    // Sent, not "imported": one of them the service refused.
    const summary = page.getByText('2 payees sent to the service');
    await summary.waitFor({ timeout: 20_000 });
    await admin.faults({ latency_ms: 0 });
    expect(text(await summary.textContent())).toContain('1 created, 1 refused');
    // Its button is off with nothing left ticked: the panel saying what came of it has the focus.
    await expect.poll(async () => (await focusedOn(page)).id).toBe('payee-import-title');

    // Row by row: the payee, its result, and each error and warning at the field it names.
    const results = page.getByRole('table', { name: 'Results of the import, row by row' });
    const rows = (await results.getByRole('row').allInnerTexts()).map(text);
    expect(rows).toHaveLength(5); // the header, two payees, the refused one's three findings
    const table = rows.join(' | ');
    expect(table).toMatch(
      /[12] Wilhelmina Fotheringham Refused Bank details Error: bank code \(the sort code\) is required \| First name Warning: UK payments carry 18 characters [^|]*"Wilhelmina Fotheri" \| Last name Warning: UK payments carry 18 characters/,
    );
    expect(table).toMatch(/[12] Émile Zola Created · not yet active None/);
    await expect
      .poll(async () => await rowText('Émile Zola'))
      .toContain('Synced · activation pending when saved');
    await lookedAt('beneficiaries-import-results');

    // Opened from its row: the form says the error at the bank details, the warning at the name.
    await results.getByRole('button', { name: 'Wilhelmina Fotheringham' }).click();
    await page.getByRole('heading', { name: 'Wilhelmina Fotheringham', level: 2 }).waitFor();
    const bank = page.getByRole('group', { name: 'Bank account: UK account (GB, GBP)' });
    expect(text(await bank.textContent())).toContain(
      'The service: bank code (the sort code) is required',
    );
    await expect(saidAt('First name')).resolves.toMatch(
      /Warning:\s*The service: UK payments carry 18/,
    );
    await expect(field('First name').getAttribute('aria-invalid')).resolves.toBeNull();
    await lookedAt('beneficiaries-import-finding-at-field');
  });
});
