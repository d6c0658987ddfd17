// Whom a sheet pays, as its header says: suppliers ("Vendor", "Supplier", "Kreditor", "Contact
// Name", "Company", "Payee (company)" over the payee's name; not SEPA's "Creditor", which is
// any payee) or staff ("Employee", "Staff", "Net Pay", "Salary" anywhere in it). Decided once
// per import, from the header, not row by row: a supplier list's payments default to purpose
// SUPP and its payees, named without individual-name columns, are businesses; a payroll keeps
// SALA and individuals. A sheet that says neither decides row by row: a payee whose name ends
// in a legal form is a business paid for supplies (SUPP), anyone else an individual paid a
// salary (SALA).
import { DEFAULT_PURPOSE } from '../../../../shared/domain/purpose-codes';
import type { ColumnMapping } from './column-mapping';
import type { FieldId } from './fields';

export type PayeeKind = 'suppliers' | 'staff';

/** ISO 20022 SUPP, "Supplier payment". */
export const SUPPLIER_PURPOSE = 'SUPP';

const SUPPLIER_WORDS = new Set([
  'vendor',
  'vendors',
  'supplier',
  'suppliers',
  'contact',
  'company',
  'lieferant',
  'kreditor',
  'fournisseur',
  'proveedor',
  'leverancier',
  'crediteur',
]);

const STAFF_WORDS = new Set([
  'employee',
  'employees',
  'staff',
  'salary',
  'salaries',
  'payroll',
  'wage',
  'wages',
  'mitarbeiter',
  'personalnummer',
  'lohn',
  'gehalt',
  'salarie',
  'salaire',
  'empleado',
  'medewerker',
]);
/** Words that say payroll only together: "Net Pay", "Gross Pay", "Take-home pay". */
const STAFF_PAIRS = [/\bnet pay\b/, /\bgross pay\b/, /\btake home pay\b/];

/** The columns that name the payee, in the order they are looked at. */
const PAYEE_FIELDS: readonly FieldId[] = ['name', 'company_name', 'account_name'];

/** A header's words in lower case: "ContactName" and "Contact Name" alike. */
function words(header: string): string[] {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

export function payeeKind(
  mapping: ColumnMapping,
  headers: readonly string[],
): PayeeKind | undefined {
  const staff = headers.some((header) => {
    const said = words(header);
    const spaced = said.join(' ');
    return said.some((word) => STAFF_WORDS.has(word)) || STAFF_PAIRS.some((p) => p.test(spaced));
  });
  if (staff) return 'staff';
  const payee = PAYEE_FIELDS.map((id) => mapping.columns.find((c) => c.field === id)).find(Boolean);
  const header = payee ? (headers[payee.index] ?? '') : '';
  return words(header).some((word) => SUPPLIER_WORDS.has(word)) ? 'suppliers' : undefined;
}

export function defaultPurpose(kind: PayeeKind | undefined): string {
  return kind === 'suppliers' ? SUPPLIER_PURPOSE : DEFAULT_PURPOSE;
}

/**
 * What a sheet with no purpose column pays as, said once at import: the purpose guessed goes to
 * the service with every payment (a supplier paid as a salary is reported so), unseen unless
 * said. Undefined when a column gives the purpose, or the mapping is one saved.
 */
export function purposeNote(
  header: { mapping: ColumnMapping; headers: readonly string[]; source: string },
  settingsPurpose: string | undefined,
): string | undefined {
  const { mapping, headers } = header;
  // A saved mapping's sheet was imported before, this said then: as its contenders are not.
  if (header.source === 'saved') return undefined;
  if (mapping.columns.some((c) => c.field === 'purpose')) return undefined;
  // In words every face can act on: the app's Bulk edit, the command line's edit.
  const change = 'another is set by editing their purpose';
  if (settingsPurpose) {
    return `no column gives the payments' purpose: each goes as ${settingsPurpose}, the default in Settings; ${change}`;
  }
  const kind = payeeKind(mapping, headers);
  if (kind === 'suppliers') {
    return `no column gives the payments' purpose: each goes as ${SUPPLIER_PURPOSE} (supplier payment), as the header names suppliers; ${change}`;
  }
  if (kind === 'staff') {
    return `no column gives the payments' purpose: each goes as ${DEFAULT_PURPOSE} (salary), as the header names staff; ${change}`;
  }
  return `no column gives the payments' purpose: a payee named as a company goes as ${SUPPLIER_PURPOSE} (supplier payment), anyone else as ${DEFAULT_PURPOSE} (salary); ${change}`;
}

/** A supplier list that names its payees without first and last name columns pays businesses. */
export function payeesAreBusinesses(kind: PayeeKind | undefined, mapping: ColumnMapping): boolean {
  return (
    kind === 'suppliers' &&
    !mapping.columns.some((c) => c.field === 'first_name' || c.field === 'last_name')
  );
}
