// The import wizard's first steps on a real file: which sheet (and which it passed over, and the
// file's other sheets, hidden ones too), which header row (guessed under titles, or the one the
// person picks, which the import then honours too), which mapping (a saved one offered by its
// name, a given one winning over it), and which required fields no column fills. Each answer
// is checked against the file as written here and against the import of the same file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, writeXlsx } from '../../support/xlsx-by-hand';
import { expectSameAsTheImport, importAlone, inspect } from '../../support/inspection';
import { OutboxFolder } from '../../support/sheet-import';
import { HEADER, HEADER_ROW, SHEET, writeTitledPayroll } from '../../support/titled-payroll';

let folder: OutboxFolder;
let titled: string;
beforeAll(async () => {
  folder = await OutboxFolder.create();
  titled = `${folder.dir}/titled.xlsx`;
  await writeTitledPayroll(titled);
});
afterAll(() => folder.remove());

const PAYMENTS = ['Name', 'IBAN', 'Amount', 'Payment date', 'Reference'];
const payment = (r: number) =>
  row(r, [`Payee ${r}`, 'DE89370400440532013000', r, '2030-01-15', `Invoice ${r}`]);

describe('the sheet', () => {
  const workbook = () =>
    writeXlsx(folder.dir, 'four-sheets.xlsx', {
      sheets: [
        { name: 'Read me', rows: [row(1, ['Fill in the Payments sheet'])] },
        { name: 'Summary', rows: [row(1, ['Payee', 'Amount']), row(2, ['Hans Müller', 1500.5])] },
        { name: 'Payments', rows: [row(1, PAYMENTS), payment(2), payment(3)] },
        { name: 'Old run', state: 'hidden', rows: [row(1, PAYMENTS), payment(2)] },
      ],
    });

  it('is the one the import takes, with the ones passed over and every sheet of the file', async () => {
    const file = await workbook();
    const inspection = await inspect(file, { previewRows: 200 });
    expect(inspection.sheets).toEqual([
      { name: 'Read me', hidden: false },
      { name: 'Summary', hidden: false },
      { name: 'Payments', hidden: false },
      { name: 'Old run', hidden: true },
    ]);
    expect(inspection.format).toBe('xlsx');
    expect(inspection.sheet).toBe('Payments');
    // The notes sheet too: passed over unsaid, its payments could be looked for in vain.
    expect(inspection.sheets_passed_over).toEqual([
      { sheet: 'Read me', reason: 'no row in its first 30 names payment columns' },
      { sheet: 'Summary', reason: 'its header names fewer payment fields (2) than "Payments" (5)' },
    ]);
    expectSameAsTheImport(inspection, await importAlone(file));
  });

  it('is the one named, a hidden one too', async () => {
    const file = await workbook();
    const inspection = await inspect(file, { sheet: 'Old run' });
    expect(inspection).toMatchObject({ sheet: 'Old run', sheets_passed_over: [] });
    expect(inspection.preview.map((line) => line.row)).toEqual([2]);
  });
});

describe('the header row', () => {
  it('is found under the titles, and the rows down to it are offered to pick another', async () => {
    const inspection = await inspect(titled);
    expect(inspection.header_row).toBe(HEADER_ROW);
    // Rows 1 and 2 are the title and a note; row 3 is blank.
    expect(inspection.top_rows.map((line) => line.row)).toEqual([1, 2, HEADER_ROW]);
    expect(inspection.top_rows.at(-1)?.cells).toEqual(HEADER);
    expect(inspection.columns.map((column) => column.header)).toEqual(HEADER);
    expect(inspection.preview[0]?.row).toBe(HEADER_ROW + 1);
  });

  it('picked by the person changes the columns and the preview, and the import honours it', async () => {
    const picked = HEADER_ROW + 1;
    const inspection = await inspect(titled, { headerRow: picked, previewRows: 200 });
    expect(inspection.header_row).toBe(picked);
    // The row picked is the first payment: its values name the columns now (the date has none).
    expect(inspection.columns.map((column) => column.header)).toEqual([
      'Ann One',
      '040004',
      '01234567',
      '100.1',
      '(column E)',
      'r1',
    ]);
    expect(inspection.preview[0]?.row).toBe(picked + 1);
    expectSameAsTheImport(inspection, await importAlone(titled, { headerRow: picked }));
  });

  it('picked where it was guessed reads the same header, and a blank row is refused', async () => {
    const guessed = await inspect(titled);
    expect(await inspect(titled, { headerRow: guessed.header_row })).toEqual(guessed);
    await expect(inspect(titled, { sheet: SHEET, headerRow: 3 })).rejects.toMatchObject({
      code: 'no_payment_list',
      message: expect.stringContaining(`row 3 of sheet "${SHEET}" is blank`),
    });
  });

  it('picked at the lower row of a header over two rows reads both, as the guess does', async () => {
    const file = await writeXlsx(folder.dir, 'grouped.xlsx', {
      sheets: [
        {
          name: 'Contractors',
          rows: [
            row(1, ['Name', 'Bank details', null, 'Amount', 'Pay on']),
            row(2, [null, 'IBAN', 'BIC']),
            row(3, ['Alice Carter', 'GB29NWBK60161331926819', 'NWBKGB2L', 1200, '2030-02-28']),
          ],
        },
      ],
    });
    const guessed = await inspect(file);
    expect(guessed.header_row).toBe(2);
    expect(await inspect(file, { headerRow: 2 })).toEqual(guessed);
  });
});

describe('the mapping', () => {
  it('saved when the same headers last came in is used and offered by its name', async () => {
    const saving = await OutboxFolder.create();
    try {
      await saving.import(titled);
      const [saved] = saving.outbox.imports.listMappings();
      const inspection = await inspect(titled, {
        saved: saving.outbox.imports.savedMappings(),
        savedList: saving.outbox.imports.listMappings(),
      });
      expect(inspection.mapping_source).toBe('saved');
      expect(inspection.saved_mapping).toEqual({
        key: saved?.key,
        name: saved?.name,
        updated_at: saved?.updatedAt,
      });
      const mapped = inspection.columns.filter((column) => column.field !== null);
      expect(mapped.map((column) => [column.header, column.field])).toEqual(
        Object.entries(saved?.mapping ?? {}).filter(([, field]) => field !== null),
      );
      expect(new Set(mapped.map((column) => column.confidence))).toEqual(new Set(['saved']));

      const other = await folder.csv('other.csv', ['Payee,IBAN,Amount', 'Ann,GB00,1']);
      const elsewhere = await inspect(other, {
        saved: saving.outbox.imports.savedMappings(),
        savedList: saving.outbox.imports.listMappings(),
      });
      expect(elsewhere).toMatchObject({ mapping_source: 'proposed', saved_mapping: null });
    } finally {
      await saving.remove();
    }
  });

  it('given wins over the saved one, which is still offered, and the import agrees', async () => {
    const saving = await OutboxFolder.create();
    try {
      await saving.import(titled);
      const mapping = { Reference: null, 'Employee Name': 'account_name' };
      const inspection = await inspect(titled, {
        mapping,
        saved: saving.outbox.imports.savedMappings(),
        savedList: saving.outbox.imports.listMappings(),
        previewRows: 200,
      });
      expect(inspection.mapping_source).toBe('given');
      expect(inspection.saved_mapping?.name).toBe(saving.outbox.imports.listMappings()[0]?.name);
      const column = (header: string) => inspection.columns.find((c) => c.header === header);
      expect(column('Employee Name')).toMatchObject({ field: 'account_name', confidence: 'given' });
      expect(column('Reference')).toMatchObject({ field: null, confidence: null });
      // The columns the mapping does not name keep what was proposed, and say how it matched.
      expect(column('Net Pay')).toMatchObject({ field: 'amount', confidence: 'exact' });
      expectSameAsTheImport(inspection, await importAlone(titled, { mapping }));
    } finally {
      await saving.remove();
    }
  });

  it('lists the required fields no column fills, which every draft of the import lacks', async () => {
    const file = await folder.csv('no-date-no-account.csv', [
      'Name,Amount,Reference',
      'Ann One,10,r1',
      'Bob Two,20,r2',
    ]);
    const inspection = await inspect(file, { previewRows: 200 });
    expect(inspection.required_unmapped.length).toBeGreaterThan(0);
    const required = inspection.fields.filter((f) => f.required).map((f) => f.label);
    expect(required).toEqual(expect.arrayContaining(inspection.required_unmapped));
    const { summary, rows } = await importAlone(file);
    expectSameAsTheImport(inspection, { summary, rows });
    for (const label of inspection.required_unmapped) {
      const target = inspection.fields.find((f) => f.label === label)?.target;
      for (const drafted of rows) {
        const errors = summary.issues.filter((i) => i.row === drafted && i.severity === 'error');
        expect(
          errors.map((issue) => issue.field),
          `${label}, row ${drafted}`,
        ).toContain(target);
      }
    }
    // Mapped ones are not listed: this sheet names the amount and the payee.
    const amount = inspection.fields.find((f) => f.id === 'amount')?.label;
    expect(inspection.required_unmapped).not.toContain(amount);
  });
});
