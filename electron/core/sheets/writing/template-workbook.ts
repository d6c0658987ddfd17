// The template a finance person fills in for a new batch: one column per sheet field, named as
// the importer maps it without asking, each header explained in a note, the code columns with
// dropdowns, account and bank code columns as text so Excel keeps their leading zeros. The
// template holds a few rows, so exceljs's in-memory Workbook writes it; the exports, which can
// hold 100,000 rows, stream.
import ExcelJS from 'exceljs';
import { COUNTRY_CODES } from '../../../../shared/domain/countries';
import { CURRENCY_CODES } from '../../../../shared/domain/currencies';
import { PURPOSE_CODES } from '../../../../shared/domain/purpose-codes';
import { FIELDS, type FieldId, type SheetField } from '../understanding/fields';
import { csvLine, xlsxCellValue } from './safe-text';
import { columnLetter } from '../reading/sheet-types';
import { writeAtomically, writeCsvFile } from './export-writers';
import { exampleTemplateRows, type TemplateRow, type TemplateValue } from './template-examples';

export type { TemplateRow, TemplateValue };
export { exampleTemplateRows };

export const TEMPLATE_SHEET = 'Payments';
export const LISTS_SHEET = 'Lists';

/** The dropdown lists, one column each on the hidden Lists sheet, in this order. */
const LISTS = [
  { name: 'entity_type', values: ['INDIVIDUAL', 'BUSINESS'] },
  { name: 'country', values: COUNTRY_CODES },
  { name: 'currency', values: CURRENCY_CODES },
  { name: 'purpose', values: PURPOSE_CODES },
  { name: 'amount_type', values: ['SEND', 'LAND'] },
  // Booleans, not the words: a dropdown choice then enters the same cell as typing TRUE.
  { name: 'approved', values: [true, false] },
] as const;
type ListName = (typeof LISTS)[number]['name'];

const LIST_OF: Partial<Record<FieldId, ListName>> = {
  entity_type: 'entity_type',
  bank_country: 'country',
  address_country: 'country',
  account_currency: 'currency',
  amount_currency: 'currency',
  source_currency: 'currency',
  purpose: 'purpose',
  amount_type: 'amount_type',
  approved: 'approved',
};

/** Number formats by kind: text keeps leading zeros, dates show as days, amounts as money. */
const FORMAT_OF: Partial<Record<SheetField['kind'], string>> = {
  account: '@',
  bank_code: '@',
  date: 'yyyy-mm-dd',
  amount: '#,##0.00#',
};

const WIDTH_OF: Record<SheetField['kind'], number> = {
  text: 24,
  code: 12,
  amount: 14,
  date: 14,
  boolean: 10,
  account: 32,
  bank_code: 14,
  tag: 16,
};

/** A column of the template: a field's, or an extra `tag:` column some rows asked for. */
interface TemplateColumn {
  header: string;
  field?: SheetField;
}

/** Writes the template workbook; `rows` default to three valid examples. */
export async function writeTemplateWorkbook(
  path: string,
  rows: readonly TemplateRow[] = exampleTemplateRows(),
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  const lists = writeLists(workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' }));
  const columns = templateColumns(rows);

  columns.forEach(({ header, field }, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(field ? WIDTH_OF[field.kind] : WIDTH_OF.tag, header.length + 4);
    const format = field && FORMAT_OF[field.kind];
    if (format) column.numFmt = format;
    const cell = sheet.getCell(1, index + 1);
    cell.value = xlsxCellValue(header);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    if (field) cell.note = noteFor(field);
    const list = field && LIST_OF[field.id];
    if (list) validate(sheet, index, lists[list]);
  });
  for (const row of rows) {
    sheet.addRow(columns.map((column) => xlsxCellValue(valueFor(row, column))));
  }
  await writeAtomically(path, (temporary) => workbook.xlsx.writeFile(temporary));
}

/** The same columns and rows as a UTF-8 CSV with a BOM, every cell made safe. */
export async function writeTemplateCsv(
  path: string,
  rows: readonly TemplateRow[] = exampleTemplateRows(),
): Promise<void> {
  const columns = templateColumns(rows);
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(columns.map((column) => column.header));
    for (const row of rows) yield csvLine(columns.map((column) => valueFor(row, column)));
  }
  await writeCsvFile(path, lines());
}

/**
 * Every field in FIELDS order, then any `tag:` column a row names that the template lacks.
 * A key that is neither a field nor a tag is refused: it would otherwise vanish from the file.
 */
function templateColumns(rows: readonly TemplateRow[]): TemplateColumn[] {
  const columns: TemplateColumn[] = FIELDS.map((field) => ({ header: field.template, field }));
  const known = new Set(FIELDS.flatMap((field) => [field.id, field.template]));
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (known.has(key)) continue;
      if (!/^tag:./.test(key)) {
        throw new Error(`"${key}" is not a template field id, column name or tag:<key> column`);
      }
      known.add(key);
      columns.push({ header: key });
    }
  }
  return columns;
}

function valueFor(row: TemplateRow, column: TemplateColumn): TemplateValue | undefined {
  const field = column.field;
  const value = field ? (row[field.id] ?? row[field.template]) : row[column.header];
  // A day given as text in a date column becomes a real date, at UTC midnight like the rest.
  if (field?.kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime())) return day;
  }
  return value;
}

function noteFor(field: SheetField): ExcelJS.Comment {
  return {
    texts: [
      { text: field.label, font: { bold: true } },
      ...(field.note ? [{ text: `\n${field.note}` }] : []),
    ],
  };
}

/** Writes one list per column of the Lists sheet and returns each list's absolute range. */
function writeLists(sheet: ExcelJS.Worksheet): Record<ListName, string> {
  const ranges = {} as Record<ListName, string>;
  LISTS.forEach(({ name, values }, index) => {
    const letter = columnLetter(index);
    sheet.getCell(`${letter}1`).value = name;
    values.forEach((value, at) => {
      sheet.getCell(`${letter}${at + 2}`).value = xlsxCellValue(value);
    });
    ranges[name] = `${LISTS_SHEET}!$${letter}$2:$${letter}$${values.length + 1}`;
  });
  return ranges;
}

/**
 * exceljs keeps a worksheet's validations in `dataValidations`, keyed by cell or range, but its
 * type declarations leave the property out; one range per column keeps the XML to one element
 * however many rows it covers.
 */
interface WithDataValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/**
 * Rows that get dropdowns. exceljs's in-memory reader expands a validation range into one
 * entry per cell: over all 200,000 rows an import accepts, reading the template took 2 s and
 * 400 MB (measured once, when this was chosen; no benchmark prints it). Ten thousand rows
 * covers any batch typed by hand; the column formats reach further.
 */
export const VALIDATED_ROWS = 10_000;

/** A dropdown over the rows a person fills; a typed value off the list is refused. */
function validate(sheet: ExcelJS.Worksheet, columnIndex: number, listRange: string): void {
  const letter = columnLetter(columnIndex);
  const range = `${letter}2:${letter}${VALIDATED_ROWS + 1}`;
  (sheet as unknown as WithDataValidations).dataValidations.add(range, {
    type: 'list',
    allowBlank: true,
    // A list longer than 255 characters cannot be written inline, so all point at Lists.
    formulae: [listRange],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: 'Not on the list',
    error: 'Choose a value from the dropdown, or leave the cell empty.',
  });
}
