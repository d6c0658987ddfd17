// A Bacs-like file has no header row: sort code, account, name, amount, reference from its first
// line. The person names the columns by letter, and every row is a payment, the first included.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOf, OutboxFolder } from '../../support/sheet-import';

let folder: OutboxFolder;
beforeAll(async () => {
  folder = await OutboxFolder.create();
});
afterAll(() => folder.remove());

const bacs = () =>
  folder.csv('bacs.csv', [
    '200000,55779911,J SMITH,2345.67,ACME SALARY JAN,2030-01-31',
    '404784,70872490,MARY JONES,1890.00,ACME SALARY JAN,2030-01-31',
  ]);

describe('a sheet without a header row', () => {
  it('is refused without a mapping, saying what a header row would name', async () => {
    // How to name the columns is each face's to say: the command line's hint gives an example
    // of a mapping by letters (cli/exit-statuses-and-hints.test.ts).
    await expect(folder.import(await bacs())).rejects.toMatchObject({
      code: 'no_payment_list',
      message: expect.stringMatching(/a header row naming an amount and the payee/),
    });
  });

  it('is not a payment list when it has nothing in it: the file is said to be empty', async () => {
    const empty = join(folder.dir, 'empty.csv');
    for (const content of ['', '\r\n,,\r\n\r\n']) {
      await writeFile(empty, content);
      await expect(folder.import(empty)).rejects.toMatchObject({
        code: 'empty_file',
        message: 'the file is empty: it has no rows',
      });
    }
  });

  for (const [form, letter] of [
    ['"A"', (l: string) => l],
    ['"(column A)", as the mapping printed names a blank header', (l: string) => `(column ${l})`],
  ] as const) {
    it(`imports every row, the first included, with the columns named as ${form}`, async () => {
      const mapping = {
        [letter('A')]: 'bank_code',
        [letter('B')]: 'account_number',
        [letter('C')]: 'name',
        [letter('D')]: 'amount',
        [letter('E')]: 'description',
        [letter('F')]: 'execution_date',
      };
      const imported = await folder.import(await bacs(), { mapping });
      expect([...imported.rows.keys()]).toEqual([1, 2]);
      const first = draftOf(imported, 1);
      expect(first.payment.amount.amount).toBe(2345.67);
      expect(first.payment.description).toBe('ACME SALARY JAN');
      expect(first.beneficiary?.body.bank_details).toMatchObject({
        bank_code: '200000',
        account_number: '55779911',
        account_name: 'J SMITH',
      });
      expect(first.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
      expect(imported.summary.mapping).toEqual({
        '(column A)': 'bank_code',
        '(column B)': 'account_number',
        '(column C)': 'name',
        '(column D)': 'amount',
        '(column E)': 'description',
        '(column F)': 'execution_date',
      });
    });
  }

  it('still has its header row found when it has one, the letters correcting it', async () => {
    const file = await folder.csv('headed.csv', [
      'Payroll January',
      'Name,IBAN,Amount,Date,Ref',
      'Ada Lovelace,DE89370400440532013000,100,2030-01-31,Jan',
    ]);
    const imported = await folder.import(file, { mapping: { E: 'description' } });
    expect(imported.summary.header_row).toBe(2);
    expect([...imported.rows.keys()]).toEqual([3]);
    expect(draftOf(imported, 3).payment.description).toBe('Jan');
  });

  it('goes back out with every row where it was, the status to its right, no heading above', async () => {
    const mapping = {
      A: 'bank_code',
      B: 'account_number',
      C: 'name',
      D: 'amount',
      F: 'execution_date',
    };
    const { summary } = await folder.import(await bacs(), { mapping });
    const text = await readFile(
      await folder.exportResults(summary.batchId, 'bacs-results.csv'),
      'utf8',
    );
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^200000,55779911,J SMITH,2345\.67,ACME SALARY JAN,2030-01-31,draft,/);
    expect(lines[1]).toMatch(/^404784,70872490,MARY JONES,1890\.00,/);
  });
});
