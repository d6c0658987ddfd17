// What a sheet must give for its rows to become payments that can be approved: an amount, a
// payment date, whom to pay and their account, and the bank's country. Each is either a column
// of its own or told from others (an IBAN gives the bank country and is the account; a first and
// last name are the holder's name), and a column of existing beneficiary ids stands for all the
// beneficiary holds. Without one of them every row is an error at the import
// (../drafting/row-to-draft.ts, row-beneficiary.ts): the import wizard says so before.
import type { ColumnMapping } from './column-mapping';
import type { FieldId } from './fields';

const REQUIRED: Readonly<Partial<Record<FieldId, readonly FieldId[]>>> = {
  amount: [],
  execution_date: [],
  name: ['account_name', 'first_name', 'last_name', 'company_name', 'beneficiary_id'],
  account_number: ['iban', 'beneficiary_id'],
  bank_country: ['iban', 'bank_code', 'bic', 'beneficiary_id'],
};

export function isRequired(field: FieldId): boolean {
  return REQUIRED[field] !== undefined;
}

/** The required fields that no column of the mapping fills, nor any it is told from. */
export function requiredUnmapped(mapping: ColumnMapping): FieldId[] {
  const mapped = new Set(mapping.columns.map((column) => column.field));
  return (Object.entries(REQUIRED) as [FieldId, readonly FieldId[]][]).flatMap(
    ([field, toldFrom]) =>
      mapped.has(field) || toldFrom.some((other) => mapped.has(other)) ? [] : [field],
  );
}
